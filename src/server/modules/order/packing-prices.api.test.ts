import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, products, promotionProducts, promotions } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { linePaidOf, moneyShareOf, unitsShareOf } from '#shared/tax';
import { callAs, createShopper } from '../../../../tests/helpers/shoppers';
import { allowBestMatch } from '../../../../tests/helpers/substitutes';
import {
  type LiveShop,
  orderRow,
  orderTheCart,
  paidAndSettled,
  paymentsOf,
  stocked,
} from '../payment/payment.fixture';
import { type AdminShop, startAdminShop } from './order.fixture';

/**
 * What a packer's mark can give back (docs/architecture.md, Packing): a replacement costs what the
 * shop's price list says, whatever price a request sends, and no mark refunds more than the
 * shopper paid for its line. Packers cannot refund; their marks must not move money beyond that.
 */
let shop: LiveShop;
let staff: AdminShop['staff'];
let call: AdminShop['call'];
let keys = 0;
const key = () => `price-mark-${++keys}-${Date.now()}`;

beforeAll(async () => {
  ({ shop, staff, call } = await startAdminShop());
});
afterAll(async () => shop?.close());

/** The i-th stocked product, its price set to `cents`; answers its uuid. */
async function priced(i: number, cents: number): Promise<string> {
  const product = stocked[i];
  if (!product) throw new Error('the demo catalogue lacks stocked products');
  await shop.t.database.db.update(products).set({ priceCents: cents }).where(eq(products.key, product.key));
  return uuidFromKey(product.key);
}

/**
 * A paid, settled card order of 2 each of the given products; its lines, and what a mark on a line
 * gives back of what that line cost, from the discount and tax shares the order stored for it.
 */
async function paidOrder(uuids: string[]) {
  const s = await createShopper(shop.t.database, shop.t.clock.now());
  for (const uuid of uuids) await callAs(shop.t.app, s, 'POST', `/api/cart?amount=2&uuid=${uuid}`);
  const orderNo = await orderTheCart(shop.t, s, 2);
  await paidAndSettled(shop, s, orderNo);
  const detail = await call(staff.manager.token, 'GET', `/api/admin/orders/${orderNo}`);
  const order = await orderRow(shop.t, orderNo);
  const stored = await shop.t.database.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  const lineOf = (id: number) => {
    const row = stored.find((l) => l.id === id);
    if (!row) throw new Error(`no line ${id}`);
    const goodsCents = row.priceCents * row.num;
    return { ...row, goodsCents, paid: linePaidOf({ ...row, goodsCents }) };
  };
  return {
    orderNo,
    lines: detail.body.data.lines as { id: number; price: number }[],
    /** `qty` units of a line, `before` having been given back already. */
    units: (id: number, before: number, qty: number) => {
      const l = lineOf(id);
      return unitsShareOf(l.paid, l.num, before, qty);
    },
    /** A replacement charged `cents` less than the line's goods. */
    forLess: (id: number, cents: number) => {
      const l = lineOf(id);
      return moneyShareOf(l.paid, l.goodsCents, cents);
    },
  };
}

/** A mark; a replacement is one the shopper allowed (best match, same category: allowBestMatch). */
const mark = async (orderNo: string, line: number, body: Record<string, unknown>) => {
  if (body.state === 'replaced' && typeof body.product === 'string')
    await allowBestMatch(shop.t.database.db, line, body.product);
  return call(staff.packer.token, 'POST', `/api/admin/packing/${orderNo}/lines/${line}`, {
    key: key(),
    ...body,
  });
};

async function refundedAtGateway(orderNo: string) {
  const [payment] = await paymentsOf(shop.t, orderNo);
  return {
    paid: payment?.amountCents,
    refunded: shop.anet.transactions.get(payment?.transactionId ?? '')?.refundedCents,
  };
}

describe('a packer’s replacement', () => {
  it('costs what the price list says: a $29.99 product "priced" $0.01 refunds nothing', async () => {
    const o = await paidOrder([await priced(20, 599)]);
    const dear = await priced(21, 2999);
    const [line] = o.lines;
    if (!line) throw new Error('no line');
    const answer = await mark(o.orderNo, line.id, { state: 'replaced', product: dear, price: '0.01' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.mark).toMatchObject({
      replacement: { uuid: dear, price: 29.99, charged: 5.99 },
      refund: 0,
      refund_state: 'none',
    });
    expect((await refundedAtGateway(o.orderNo)).refunded).toBe(0);
    // A cheaper one, again "priced" $0.01: only the price list's difference comes back.
    const cheaper = await priced(22, 450);
    const again = await mark(o.orderNo, line.id, { state: 'replaced', product: cheaper, price: '0.01' });
    expect(again.body.data.mark).toMatchObject({
      replacement: { uuid: cheaper, price: 4.5, charged: 4.5 },
      refund: o.forLess(line.id, (599 - 450) * 2) / 100,
      refund_state: 'sent',
    });
    expect((await refundedAtGateway(o.orderNo)).refunded).toBe(o.forLess(line.id, (599 - 450) * 2));
  });

  it('costs a running promotion’s price, as checkout would charge it, in the picker and the mark', async () => {
    const o = await paidOrder([await priced(23, 599)]);
    const onOffer = await priced(24, 2999);
    const now = shop.t.clock.now().getTime();
    const [promo] = await shop.t.database.db
      .insert(promotions)
      .values({
        key: 'packing-offer',
        enName: 'Offer',
        znName: '优惠',
        adImg: '',
        startsAt: new Date(now - 3_600_000),
        endsAt: new Date(now + 3_600_000),
      })
      .returning({ id: promotions.id });
    const [product] = await shop.t.database.db.select().from(products).where(eq(products.uuid, onOffer));
    await shop.t.database.db
      .insert(promotionProducts)
      .values({ promotionId: promo?.id ?? 0, productId: product?.id ?? 0, promotionPriceCents: 399 });
    const found = await call(
      staff.packer.token,
      'GET',
      `/api/admin/packing/products?q=${encodeURIComponent(product?.enName ?? '')}`,
    );
    expect(found.body.data.find((p: { uuid: string }) => p.uuid === onOffer)).toMatchObject({ price: 3.99 });
    const [line] = o.lines;
    const answer = await mark(o.orderNo, line?.id ?? 0, { state: 'replaced', product: onOffer });
    expect(answer.body.data.mark).toMatchObject({
      replacement: { price: 3.99, charged: 3.99 },
      refund: o.forLess(line?.id ?? 0, (599 - 399) * 2) / 100,
    });
    expect((await refundedAtGateway(o.orderNo)).refunded).toBe(o.forLess(line?.id ?? 0, (599 - 399) * 2));
  });
});

describe('what a packer’s marks give back', () => {
  it('one short line and one "$0.01" replacement: the short line’s value back, the replaced line’s kept', async () => {
    const o = await paidOrder([await priced(25, 599), await priced(26, 599)]);
    const dear = await priced(27, 2999);
    const [first, second] = o.lines;
    if (!first || !second) throw new Error('two lines expected');
    expect((await mark(o.orderNo, first.id, { state: 'short', short: '2' })).status).toBe(200);
    const replaced = await mark(o.orderNo, second.id, { state: 'replaced', product: dear, price: '0.01' });
    expect(replaced.body.data.mark).toMatchObject({ refund: 0 });
    const money = await refundedAtGateway(o.orderNo);
    expect(money.refunded).toBe(o.units(first.id, 0, 2));
    // What the shopper paid for the replaced line stays paid: they get a dearer product for it.
    expect((money.paid ?? 0) - (money.refunded ?? 0)).toBeGreaterThanOrEqual(o.units(second.id, 0, 2));
  });

  it('a short line a manager already refunded part of gives back only what is left of its value', async () => {
    const o = await paidOrder([await priced(28, 599), await priced(29, 599)]);
    const [line] = o.lines;
    if (!line) throw new Error('no line');
    const partly = await call(staff.manager.token, 'POST', `/api/admin/orders/${o.orderNo}/refund`, {
      lines: [{ id: line.id, qty: 1 }],
      reason: 'one was bruised',
    });
    expect(partly.status).toBe(200);
    const answer = await mark(o.orderNo, line.id, { state: 'short', short: '2' });
    expect(answer.body.data.mark).toMatchObject({ refund: o.units(line.id, 1, 1) / 100 });
    // That line's value in all; the other line's stays paid.
    expect((await refundedAtGateway(o.orderNo)).refunded).toBe(o.units(line.id, 0, 2));
  });
});
