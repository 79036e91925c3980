import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders, users } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { createGateways, sandboxWalletSecret } from '#server/gateways/create-gateways';
import { runOrderAction } from '#server/modules/order/order.actions';
import { expireOverdueOrders } from '#server/modules/order/order.expiry';
import { refundOrder } from '#server/modules/payment/payment.refund';
import { loadShopSecret } from '#server/secret';
import { ORDER_STATUS } from '#shared/schemas/order';
import { SmtpCatcher } from '../../../tests/fakes/smtp-catcher';
import { ADDRESS, createShopper, type Shopper } from '../../../tests/helpers/shoppers';
import { startTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { cardForm, stocked } from '../modules/payment/payment.fixture';
import { mailsOfOrder } from './outbox';

/**
 * Order mails through a real SMTP conversation (the catcher): each change's mail in the shopper's
 * language, and mails that wait while the mail server refuses, then arrive once. The worker runs
 * when the test says (`drain`), on the test's clock; nothing waits for real time.
 */

let catcher = new SmtpCatcher();
let smtpPort = 0;
let t: TestApp;
const MAX_ATTEMPTS = 4;

beforeAll(async () => {
  const url = await catcher.start();
  smtpPort = Number(new URL(url).port);
  t = await startTestApp(
    { SMTP_URL: url, PUBLIC_URL: 'https://shop.example' },
    { outbox: { pollMs: 3_600_000, maxAttempts: MAX_ATTEMPTS } },
  );
});
afterAll(async () => {
  await t?.close();
  await catcher.stop();
});

const drain = () => t.app.mailOutbox.drain();

async function call(s: Shopper, method: 'GET' | 'POST', url: string, language: string, form?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: s.token, 'accept-language': language },
    ...(form ? { payload: form as Record<string, string> } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** A new shopper orders two of a stocked product, the client speaking `language`. */
async function place(language: 'en' | 'zh', s?: Shopper) {
  const shopper = s ?? (await createShopper(t.database, t.clock.now()));
  const product = stocked[0];
  if (!product) throw new Error('no stocked product');
  const address = (await call(shopper, 'POST', '/api/address', language, ADDRESS)).body.data;
  await call(shopper, 'POST', `/api/cart?amount=2&uuid=${uuidFromKey(product.key)}`, language);
  const lines = (await call(shopper, 'GET', '/api/cart', language)).body.data as {
    id: number;
    uuid: string;
  }[];
  const line = lines.find((l) => l.uuid === uuidFromKey(product.key));
  const placed = await call(shopper, 'POST', '/api/order', language, {
    uuid: address.uuid,
    coupon: '',
    'items[0][id]': line?.id ?? 0,
    'items[0][num]': 2,
  });
  expect(placed.status).toBe(200);
  const orderNo = placed.body.data as string;
  const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!order) throw new Error('no order');
  return { s: shopper, orderNo, order, product };
}

async function pay(s: Shopper, orderNo: string) {
  const paid = await call(s, 'POST', '/api/authorize/pay', 'en', cardForm(orderNo));
  expect(paid.body.data.status).toBe(ORDER_STATUS.processing);
}

async function languageOf(s: Shopper) {
  const [row] = await t.database.db.select({ l: users.language }).from(users).where(eq(users.id, s.id));
  return row?.l;
}

function refund(orderNo: string) {
  const log = pino({ level: 'silent' });
  const gateways = createGateways(t.config, {
    clock: t.clock,
    log,
    sandboxSecret: sandboxWalletSecret(loadShopSecret(t.config)),
  });
  return refundOrder({ db: t.database.db, clock: t.clock, gateways, log }, orderNo);
}

describe('order mails in the shopper language', () => {
  for (const language of ['en', 'zh'] as const) {
    const words = {
      en: {
        placed: 'is waiting for payment',
        pay: 'Pay now',
        paid: 'receipt for order',
        shipped: 'is on its way',
        refunded: 'refunded for order',
        card: 'your card **** 1111',
        paidWith: 'Paid with: Visa card ending in 1111',
        net: 'Net paid: $0.00',
        cancelled: 'was cancelled',
        expired: 'has expired',
        shelf: 'Nothing was charged',
        instructions: 'Delivery instructions: ',
      },
      zh: {
        placed: '待付款',
        pay: '立即付款',
        paid: '付款收据',
        shipped: '已发货',
        refunded: '已退款',
        card: '您的银行卡 **** 1111',
        paidWith: '支付方式：Visa 卡（尾号 1111）',
        net: '实付净额: $0.00',
        cancelled: '已取消',
        expired: '已过期',
        shelf: '我们没有向您收取任何费用',
        instructions: '配送说明：',
      },
    }[language];

    it(`${language}: placed, paid, shipped and refunded each arrive once, as the shopper reads them`, async () => {
      const { s, orderNo, product } = await place(language);
      await drain();
      const placed = await catcher.latestTo(s.email);
      expect(placed.subject).toContain(orderNo);
      expect(placed.subject).toContain(words.placed);
      expect(placed.text).toContain(`${words.pay}: https://shop.example/pay/${orderNo}`);
      expect(placed.html).toContain(`href="https://shop.example/pay/${orderNo}"`);
      expect(placed.text).toContain(language === 'en' ? product.en_name : product.zn_name);

      // As the address's instructions are copied onto an order when it is placed (order.service.ts).
      await t.database.db
        .update(orders)
        .set({ shipInstructions: 'Gate code 4321, leave at the door' })
        .where(eq(orders.orderNo, orderNo));
      await pay(s, orderNo);
      await drain();
      const paid = await catcher.latestTo(s.email, 1);
      expect(paid.subject).toContain(words.paid);
      expect(paid.text).toContain(ADDRESS.address);
      expect(paid.text).toContain(words.paidWith);
      expect(paid.text).toContain(`${words.instructions}Gate code 4321, leave at the door`);

      await runOrderAction(
        t.database.db,
        { orderNo, action: 'ship', staffId: null, carrier: 'UPS', tracking: '1Z999AA10123456784' },
        t.clock,
      );
      await drain();
      const shipped = await catcher.latestTo(s.email, 2);
      expect(shipped.subject).toContain(words.shipped);
      expect(shipped.text).toContain('UPS');
      expect(shipped.text).toContain('1Z999AA10123456784');

      await refund(orderNo);
      await drain();
      const refunded = await catcher.latestTo(s.email, 3);
      expect(refunded.subject).toContain(words.refunded);
      expect(refunded.text).toContain(words.card);
      // All of it came back: the mail's totals end with what the shopper paid in the end.
      expect(refunded.text).toContain(words.net);

      await drain();
      expect(catcher.countTo(s.email)).toBe(4);
    });

    it(`${language}: a cancelled and an expired order each say nothing was charged`, async () => {
      const first = await place(language);
      await runOrderAction(
        t.database.db,
        { orderNo: first.orderNo, action: 'cancel', staffId: null },
        t.clock,
      );
      const second = await place(language);
      t.clock.advance(11 * 60_000);
      await expireOverdueOrders({ db: t.database.db, clock: t.clock, catalogue: t.app.catalogue });
      await drain();
      for (const [o, word] of [
        [first, words.cancelled],
        [second, words.expired],
      ] as const) {
        const mails = catcher.mails.filter((m) => m.to === o.s.email && m.subject.includes(word));
        expect(mails).toHaveLength(1);
        expect(mails[0]?.text).toContain(words.shelf);
      }
    });
  }

  it('keeps the language the shopper last used when placing an order, writing only a change', async () => {
    const s = await createShopper(t.database, t.clock.now());
    await place('zh', s);
    expect(await languageOf(s)).toBe('zh');
    await place('en', s);
    expect(await languageOf(s)).toBe('en');
  });

  it('keeps the language the shopper signs in with', async () => {
    const s = await createShopper(t.database, t.clock.now());
    await t.database.db
      .update(users)
      .set({ passwordHash: await t.passwords.hash('correct horse 1') })
      .where(eq(users.id, s.id));
    const signIn = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'accept-language': language },
        payload: { email: s.email, password: 'correct horse 1' },
      });
    expect((await signIn('zh-CN,zh;q=0.9')).statusCode).toBe(200);
    expect(await languageOf(s)).toBe('zh');
    expect((await signIn('en-US')).statusCode).toBe(200);
    expect(await languageOf(s)).toBe('en');
  });
});

describe('when the mail server refuses', () => {
  it('the order is still placed and paid; its mails arrive once the server takes mail again, once each', async () => {
    catcher.refusing = true;
    const { s, orderNo, order } = await place('en');
    await pay(s, orderNo);
    await drain();
    const [placedTry] = await mailsOfOrder(t.database.db, order.id);
    expect(placedTry).toMatchObject({ kind: 'placed', state: 'queued', attempts: 1 });
    expect(placedTry?.lastError).toContain('550');
    // The next try waits a minute, then two.
    await drain();
    expect((await mailsOfOrder(t.database.db, order.id))[0]?.attempts).toBe(1);
    t.clock.advance(60_000);
    await drain();
    expect((await mailsOfOrder(t.database.db, order.id)).map((m) => m.attempts)).toEqual([2, 2]);

    catcher.refusing = false;
    t.clock.advance(60_000);
    await drain();
    expect(catcher.countTo(s.email)).toBe(0);
    t.clock.advance(60_000);
    await drain();
    const sentAt = t.clock.now();
    t.clock.advance(24 * 3_600_000);
    await drain();
    const mails = catcher.mails.filter((m) => m.to === s.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Fresh Market: order ${orderNo} is waiting for payment`,
      `Fresh Market receipt for order ${orderNo}`,
    ]);
    const states = await mailsOfOrder(t.database.db, order.id);
    expect(states.map((m) => [m.kind, m.state, m.attempts, m.lastError])).toEqual([
      ['placed', 'sent', 3, null],
      ['paid', 'sent', 3, null],
    ]);
    expect(states[0]?.sentAt).toEqual(sentAt);
  });

  it(`gives a mail up after ${MAX_ATTEMPTS} tries and logs it; it is not sent later`, async () => {
    catcher.refusing = true;
    const { s, order } = await place('en');
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await drain();
      t.clock.advance(3_600_000);
    }
    catcher.refusing = false;
    await drain();
    expect(catcher.countTo(s.email)).toBe(0);
    expect(await mailsOfOrder(t.database.db, order.id)).toMatchObject([
      { kind: 'placed', state: 'failed', attempts: MAX_ATTEMPTS },
    ]);
    expect(t.logs.some((l) => l.includes('order mail given up') && l.includes(`"orderId":${order.id}`))).toBe(
      true,
    );
  });

  it('a mail left "sending" by a process that died is sent again once its lease is over, once', async () => {
    const { s, order } = await place('en');
    // What a worker that died mid-send leaves: claimed, one try counted, held for the lease.
    await t.database.db
      .update(mailOutbox)
      .set({ state: 'sending', attempts: 1, nextAttemptAt: new Date(t.clock.now().getTime() + 5 * 60_000) })
      .where(eq(mailOutbox.orderId, order.id));
    await drain();
    expect(catcher.countTo(s.email)).toBe(0);
    t.clock.advance(5 * 60_000);
    await drain();
    await drain();
    expect(catcher.countTo(s.email)).toBe(1);
    expect(await mailsOfOrder(t.database.db, order.id)).toMatchObject([{ state: 'sent', attempts: 2 }]);
  });

  it('a mail waits while nothing listens at SMTP_URL, and arrives once when the server is back', async () => {
    await catcher.stop();
    const { s, order } = await place('en');
    await drain();
    const [failed] = await mailsOfOrder(t.database.db, order.id);
    expect(failed).toMatchObject({ state: 'queued', attempts: 1 });
    expect(failed?.lastError).toMatch(/ECONNREFUSED|connect/i);
    catcher = new SmtpCatcher();
    await catcher.start(smtpPort);
    t.clock.advance(60_000);
    await drain();
    t.clock.advance(3_600_000);
    await drain();
    expect(catcher.countTo(s.email)).toBe(1);
  });
});
