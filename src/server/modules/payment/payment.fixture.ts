import { eq } from 'drizzle-orm';
import { mailOutbox, orderLines, orders, payments, products, staff } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { createGateways, sandboxWalletSecret } from '#server/gateways/create-gateways';
import { type AlertMail, alertMail } from '#server/mail/alert-mail';
import type { MailMessage } from '#server/mail/mailer';
import { mailLanguage } from '#server/mail/outbox';
import { loadShopSecret } from '#server/secret';
import * as demo from '../../../../seed/catalogue/index';
import { AuthorizeNetDouble } from '../../../../tests/fakes/authorizenet-double';
import { TimeoutOnHold } from '../../../../tests/fakes/timeout-on-hold';
import { YuansferDouble } from '../../../../tests/fakes/yuansfer-double';
import { ADDRESS, BILLING, callAs, createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import { createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';

/**
 * The payment API tests' world: the real app in live mode, its real Yuansfer and Authorize.Net
 * adapters talking to the local doubles, and listening on 127.0.0.1 so the Yuansfer double can post
 * its notifications back (docs/architecture.md §6, §8). A call a double holds (its `timeout` fault) ends at once
 * as a gateway timeout (see TimeoutOnHold).
 */
export interface LiveShop {
  t: TestApp;
  yuansfer: YuansferDouble;
  anet: AuthorizeNetDouble;
  close(): Promise<void>;
}

export async function startLiveShop(): Promise<LiveShop> {
  const yuansfer = new YuansferDouble();
  const anet = new AuthorizeNetDouble();
  await Promise.all([yuansfer.start(), anet.start()]);
  yuansfer.ipnAttempts = 2;
  yuansfer.ipnRetryMs = 20;
  const env = {
    PAYMENTS: 'live',
    YUANSFER_BASE_URL: yuansfer.baseUrl,
    YUANSFER_MERCHANT_NO: yuansfer.merchantNo,
    YUANSFER_STORE_NO: yuansfer.storeNo,
    YUANSFER_TOKEN: yuansfer.token,
    AUTHORIZENET_BASE_URL: anet.baseUrl,
    AUTHORIZENET_LOGIN_ID: anet.loginId,
    AUTHORIZENET_TRANSACTION_KEY: anet.transactionKey,
  };
  const timeouts = new TimeoutOnHold().watch(yuansfer).watch(anet);
  const t = await startTestApp(env, {
    // A timer that never fires in a test: a held call ends only through TimeoutOnHold.
    gateways: ({ config, clock, log }) =>
      createGateways(config, {
        clock,
        log,
        fetch: timeouts.fetch,
        timeoutMs: 10 * 60_000,
        sandboxSecret: sandboxWalletSecret(loadShopSecret(config)),
      }),
  });
  const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // The port is known only now; the payment flows read PUBLIC_URL at each call, as for the IPN URL.
  t.config.publicUrl = origin;
  return {
    t,
    yuansfer,
    anet,
    close: async () => {
      await t.close();
      await Promise.all([yuansfer.stop(), anet.stop()]);
    },
  };
}

/** Products with plenty of stock, no promotion, and a price that makes a chargeable total. */
const onPromotion = new Set(demo.promotions.flatMap((x) => x.products.map((y) => y.product)));
export const stocked = demo.products.filter(
  (p) => demo.isPack(p) && p.stock >= 50 && !onPromotion.has(p.key),
);

export interface PlacedOrder {
  s: Shopper;
  orderNo: string;
  totalCents: number;
  productKey: string;
  num: number;
}

/** A new shopper with an address places an order for `num` of one product (the i-th stocked one). */
export async function placeOrder(
  t: TestApp,
  i = 0,
  num = 2,
  shopper?: Shopper,
  coupon = '',
): Promise<PlacedOrder> {
  const product = stocked[i % stocked.length];
  if (!product) throw new Error('the demo catalogue has no stocked product');
  return placeOrderFor(t, product, num, shopper, coupon);
}

async function placeOrderFor(
  t: TestApp,
  product: { key: string },
  num: number,
  shopper?: Shopper,
  coupon = '',
): Promise<PlacedOrder> {
  const s = shopper ?? (await createShopper(t.database, t.clock.now()));
  const address = (await callAs(t.app, s, 'POST', '/api/address', ADDRESS)).body.data;
  await callAs(t.app, s, 'POST', `/api/cart?amount=${num}&uuid=${uuidFromKey(product.key)}`);
  const lines = (await callAs(t.app, s, 'GET', '/api/cart')).body.data as { id: number; uuid: string }[];
  const line = lines.find((l) => l.uuid === uuidFromKey(product.key));
  const form = { uuid: address.uuid, coupon, 'items[0][id]': line?.id ?? 0, 'items[0][num]': num };
  const placed = await callAs(t.app, s, 'POST', '/api/order', form);
  if (placed.status !== 200) throw new Error(`order not placed: ${JSON.stringify(placed.body)}`);
  const orderNo = placed.body.data as string;
  return { s, orderNo, totalCents: (await orderRow(t, orderNo)).totalCents, productKey: product.key, num };
}

/** The stocked demo products sold by weight, by the 1 lb step or the piece (seed/catalogue/weighed.ts). */
export const stockedByWeight = demo.products.filter(
  (p) => !demo.isPack(p) && p.stock >= 50 && !onPromotion.has(p.key),
);

/**
 * A new shopper with an address orders `num` steps or pieces of the i-th stocked product sold by
 * weight: the order is weighed, its total an estimate until packed (docs/product.md, Sold by weight).
 */
export async function placeWeighedOrder(t: TestApp, i = 0, num = 3): Promise<PlacedOrder> {
  const product = stockedByWeight[i % stockedByWeight.length];
  if (!product) throw new Error('the demo catalogue sells nothing stocked by weight');
  return placeOrderFor(t, product, num);
}

/**
 * A new shopper's order of `num` each (steps or pieces of a product sold by weight) of the demo
 * products `keys`: the shopper and the order number.
 */
export async function placeOrderOf(
  t: TestApp,
  keys: string[],
  num = 1,
  to: Record<string, string> = ADDRESS,
): Promise<{ s: Shopper; orderNo: string }> {
  const s = await createShopper(t.database, t.clock.now());
  for (const key of keys) await callAs(t.app, s, 'POST', `/api/cart?amount=${num}&uuid=${uuidFromKey(key)}`);
  return { s, orderNo: await orderTheCart(t, s, num, to) };
}

/** The shopper orders `num` of each line of their cart, to a new address (`to`): the order number. */
export async function orderTheCart(
  t: TestApp,
  s: Shopper,
  num: number,
  to: Record<string, string> = ADDRESS,
): Promise<string> {
  const address = (await callAs(t.app, s, 'POST', '/api/address', to)).body.data;
  const cart = (await callAs(t.app, s, 'GET', '/api/cart')).body.data as { id: number }[];
  const form: Record<string, string | number> = { uuid: address.uuid, coupon: '' };
  cart.forEach((line, n) => {
    form[`items[${n}][id]`] = line.id;
    form[`items[${n}][num]`] = num;
  });
  const placed = await callAs(t.app, s, 'POST', '/api/order', form);
  if (placed.status !== 200) throw new Error(`order not placed: ${JSON.stringify(placed.body)}`);
  return placed.body.data as string;
}

/**
 * The shopper pays the order by a card that approves, and the charge settles: Authorize.Net
 * refunds part of a charge only once its nightly batch has run.
 */
export async function paidAndSettled(shop: LiveShop, s: Shopper, orderNo: string): Promise<void> {
  const paid = await payByCard(shop.t, s.token, cardForm(orderNo));
  if (paid.body.data?.status !== 2) throw new Error(`order not paid: ${JSON.stringify(paid.body)}`);
  shop.anet.settleAll();
}

/** The pay form of docs/product.md §7 for an order, with a card that approves unless overridden. */
export function cardForm(orderNo: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    order: orderNo,
    card: '4111 1111 1111 1111',
    date: '12/30',
    code: '123',
    ...BILLING,
    ...overrides,
  };
}

export async function orderRow(t: TestApp, orderNo: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!row) throw new Error(`no order ${orderNo}`);
  return row;
}

export async function paymentsOf(t: TestApp, orderNo: string) {
  const order = await orderRow(t, orderNo);
  return t.database.db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(payments.id);
}

export async function soldCountOf(t: TestApp, key: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: products.soldCount })
    .from(products)
    .where(eq(products.key, key));
  return row?.n ?? -1;
}

/** The shopper's view of the pay call's answer: status 2, or status 1 with the text shown. */
export function shown(body: { data?: { status?: number; message?: { message?: { text: string }[] } } }) {
  return { status: body.data?.status, text: body.data?.message?.message?.[0]?.text };
}

/** POST /api/authorize/pay as the shopper, in the given language: the status and the parsed body. */
export function payByCard(t: TestApp, token: string, form: Record<string, string>, language = 'en') {
  return t.app
    .inject({
      method: 'POST',
      url: '/api/authorize/pay',
      headers: { authorization: token, 'accept-language': language },
      payload: form,
    })
    .then((res) => ({ status: res.statusCode, body: res.json() }));
}

/**
 * `count` more pending orders of the same shopper, copied from one placed through the API: written
 * straight to the database, so a test can hold many unpaid orders whatever cap order placement keeps.
 */
export async function copiesOfOrder(t: TestApp, orderNo: string, count: number): Promise<string[]> {
  const { id, ...order } = await orderRow(t, orderNo);
  const items = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, id));
  const copies: string[] = [];
  for (let i = 0; i < count; i++) {
    const copyNo = `${orderNo}${String(i).padStart(2, '0')}`;
    const [copy] = await t.database.db
      .insert(orders)
      .values({ ...order, orderNo: copyNo })
      .returning({ id: orders.id });
    if (!copy) throw new Error('order copy not written');
    await t.database.db
      .insert(orderLines)
      .values(items.map(({ id: _line, ...item }) => ({ ...item, orderId: copy.id })));
    copies.push(copyNo);
  }
  return copies;
}

/** A manager who chose the `failed` alert (docs/product.md, Alerts), reading mail in `language`. */
export async function failedAlertReader(t: TestApp, language: 'en' | 'zh'): Promise<TestStaff> {
  const member = await createStaff(t.database, t.clock.now(), { role: 'manager', language });
  await t.database.db
    .update(staff)
    .set({ alerts: ['failed'] })
    .where(eq(staff.id, member.id));
  return member;
}

/** The alert mails queued for `member`, as the outbox worker will write them. */
export async function alertsQueuedFor(t: TestApp, member: TestStaff): Promise<MailMessage[]> {
  const rows = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.staffId, member.id))
    .orderBy(mailOutbox.id);
  const settings = { shopName: 'Shop', shopNameZh: '商店', publicUrl: t.config.publicUrl };
  return rows.map((r) => alertMail(r.to, mailLanguage(r.language), r.payload as AlertMail, settings));
}
