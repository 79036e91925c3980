import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog, orderEvents, orderLines, orders, orderTaxes } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { CartItem } from '#shared/schemas/cart.zod';
import { OrderDetail } from '#shared/schemas/order.zod';
import { taxOrder } from '#shared/tax';
import { priceOfGrams } from '#shared/weight';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { callAs, createShopper } from '../../../../tests/helpers/shoppers';
import type { AdminShop } from '../order/order.fixture';
import { type LiveShop, orderRow } from '../payment/payment.fixture';
import { packKey, startWeighingShop, UNIT_PRICE, weighedAndPackPaid, weighedKey } from './weighing.fixture';

/**
 * Goods sold by weight (docs/product.md, Sold by weight): a shopper orders 1 lb of a weighed
 * product and a pack, sees estimates, pays; the packer weighs 0.92 lb and the order's figures
 * become the weighed ones, taxed exactly, once, whoever weighs and however often.
 */
let shop: LiveShop;
let staff: AdminShop['staff'];
let call: AdminShop['call'];
let keys = 0;
const key = () => `weigh-key-${++keys}`;

beforeAll(async () => {
  ({ shop, staff, call } = await startWeighingShop());
});
afterAll(async () => shop?.close());

const weighedOrder = () => weighedAndPackPaid({ shop, staff, call });

const weigh = (orderNo: string, lineId: number, body: Record<string, unknown>, language = 'en') =>
  call(
    staff.packer.token,
    'POST',
    `/api/admin/packing/${orderNo}/lines/${lineId}`,
    { state: 'picked', key: key(), ...body },
    language,
  );

async function eventsOf(orderNo: string, kind: string) {
  const o = await orderRow(shop.t, orderNo);
  return shop.t.database.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, o.id), eq(orderEvents.kind, kind)));
}

describe('an order of 1 lb and a pack', () => {
  it('shows the price per lb in the cart and estimates until packed', async () => {
    const shopper = await createShopper(shop.t.database, shop.t.clock.now());
    for (const k of [weighedKey, packKey]) {
      await callAs(shop.t.app, shopper, 'POST', `/api/cart?amount=1&uuid=${uuidFromKey(k)}`);
    }
    const cart = expectAnswer(z.array(CartItem), await callAs(shop.t.app, shopper, 'GET', '/api/cart'));
    const { s, orderNo, weighed, pack } = await weighedOrder();
    const line = cart.find((l) => l.uuid === uuidFromKey(weighedKey));
    expect(line?.sold_by_weight).toEqual({
      unit: 'lb',
      unit_price: 3.98,
      step: 1,
      piece_grams: null,
      step_grams: 454,
    });
    expect(cart.find((l) => l.uuid === uuidFromKey(packKey))?.sold_by_weight).toBeNull();

    expect(weighed).toMatchObject({
      estimateGrams: 454,
      estimateCents: 398,
      unitPriceCents: 398,
      weighedGrams: null,
    });
    const row = await orderRow(shop.t, orderNo);
    expect(row.weighed).toBe(true);
    expect(row.subtotalCents).toBe(398 + pack.priceCents);
    expect(row.estimateTotalCents).toBe(row.totalCents);
    expect(row.weighedAt).toBeNull();

    const detail = expectAnswer(OrderDetail, await callAs(shop.t.app, s, 'GET', `/api/order/${orderNo}`));
    expect(detail.estimate).toBe(true);
    expect(detail.item.find((l) => l.id === weighed.id)?.weight).toMatchObject({
      unit: 'lb',
      unit_price: 3.98,
      estimate_grams: 454,
      estimate: true,
      weighed_grams: null,
    });
    expect(detail.item.find((l) => l.id === pack.id)?.weight).toBeNull();
  });

  it('takes the weighed 0.92 lb: the line, its tax and the totals become the weighed figures', async () => {
    const { s, orderNo, weighed, pack } = await weighedOrder();
    const placed = await orderRow(shop.t, orderNo);
    const answer = await weigh(orderNo, weighed.id, { grams: 417 });
    expect(answer.status).toBe(200);
    expect(answer.body.data.done).toBe(true);

    const cents = priceOfGrams(UNIT_PRICE, 'lb', 417);
    expect(cents).toBe(366);
    const expected = taxOrder(
      [
        { goodsCents: cents, ratePpm: weighed.taxRatePpm },
        { goodsCents: pack.priceCents, ratePpm: pack.taxRatePpm },
      ].sort(() => 0),
      0,
      { cents: placed.deliveryFeeCents, ratePpm: null },
    );
    const row = await orderRow(shop.t, orderNo);
    expect(row.subtotalCents).toBe(cents + pack.priceCents);
    expect(row.taxCents).toBe(expected.taxCents);
    expect(row.totalCents).toBe(cents + pack.priceCents + expected.taxCents + placed.deliveryFeeCents);
    expect(row.estimateTotalCents).toBe(placed.totalCents);
    expect(row.weighedAt).not.toBeNull();
    const taxes = await shop.t.database.db.select().from(orderTaxes).where(eq(orderTaxes.orderId, row.id));
    expect(taxes.reduce((sum, r) => sum + r.taxCents, 0)).toBe(row.taxCents);

    const detail = expectAnswer(OrderDetail, await callAs(shop.t.app, s, 'GET', `/api/order/${orderNo}`));
    expect(detail.estimate).toBe(false);
    expect(detail.total_price).toBe(row.totalCents / 100);
    expect(detail.estimate_total).toBe(placed.totalCents / 100);
    expect(detail.item.find((l) => l.id === weighed.id)?.weight).toMatchObject({
      weighed_grams: 417,
      weighed_amount: 3.66,
      estimate: false,
    });
    const events = await eventsOf(orderNo, 'weighed');
    expect(events.map((e) => e.details)).toEqual([{ line: weighed.id, grams: 417, cents: 366 }]);
    const audits = await shop.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.line.mark'), eq(auditLog.targetId, orderNo)));
    expect(audits.map((a) => (a.after as { grams?: number }).grams)).toEqual([417]);
  });

  it('refuses bad weights in English and Chinese and changes nothing', async () => {
    const { orderNo, weighed, pack } = await weighedOrder();
    const before = await orderRow(shop.t, orderNo);
    const tooMuch = await weigh(orderNo, weighed.id, { grams: 1363 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe('The weight must be more than 0 and at most 3 lb.');
    const tooMuchZh = await weigh(orderNo, weighed.id, { grams: 1363 }, 'zh');
    expect(tooMuchZh.body.message).toBe('重量必须大于 0，且不超过 3磅。');
    for (const grams of [0, -5, '1.5', 'abc', 25_001]) {
      const bad = await weigh(orderNo, weighed.id, { grams });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(
        'The weight must be a whole number of grams, more than 0 and at most 25 kg.',
      );
    }
    const missing = await weigh(orderNo, weighed.id, {}, 'zh');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('请填写这一行商品的称重重量。');
    const onPack = await weigh(orderNo, pack.id, { grams: 400 });
    expect(onPack.status).toBe(400);
    expect(onPack.body.message).toBe('This line is not sold by weight: it takes no weight.');
    expect(await orderRow(shop.t, orderNo)).toEqual(before);
    expect(await eventsOf(orderNo, 'weighed')).toHaveLength(0);
  });

  it('is weighed once when two packers weigh at once or a request is repeated', async () => {
    const { orderNo, weighed } = await weighedOrder();
    const [a, b] = await Promise.all([
      weigh(orderNo, weighed.id, { grams: 417 }),
      weigh(orderNo, weighed.id, { grams: 500 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const kept = a.status === 200 ? 417 : 500;
    const row = await orderRow(shop.t, orderNo);
    const [line] = await shop.t.database.db.select().from(orderLines).where(eq(orderLines.id, weighed.id));
    expect(line?.weighedGrams).toBe(kept);
    expect(row.subtotalCents - (line?.weighedCents ?? 0)).toBe(
      row.subtotalCents - priceOfGrams(398, 'lb', kept),
    );

    const sameKey = { grams: kept, key: 'weigh-repeat' };
    const [again] = await Promise.all([
      weigh(orderNo, weighed.id, sameKey),
      weigh(orderNo, weighed.id, sameKey),
    ]);
    expect(again.status).toBe(200);
    expect(again.body.data.done).toBe(false);
    const refused = await weigh(orderNo, weighed.id, { grams: 600 }, 'zh');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`这一行商品已称重，重量为 ${kept === 417 ? '0.92' : '1.1'}磅。`);
    expect(await eventsOf(orderNo, 'weighed')).toHaveLength(1);
    expect(await orderRow(shop.t, orderNo)).toEqual(row);
    const [o] = await shop.t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(o?.totalCents).toBe(row.totalCents);
  });
});
