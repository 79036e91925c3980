import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orderLines, products } from '#server/db/schema';
import { type AdminShop, startAdminShop } from '../order/order.fixture';
import { cardForm, orderRow, payByCard, placeOrderOf, stocked } from '../payment/payment.fixture';

/** The price per lb the weighing tests sell their product at: $3.98/lb, a 1 lb step. */
export const UNIT_PRICE = 398;

/** Two demo packs, the first sold by weight in these tests so its figures are known ones. */
export const weighedKey = stocked[5]?.key ?? '';
export const packKey = stocked[6]?.key ?? '';

/**
 * The console's test shop (close it after) with one product sold at $3.98/lb in 1 lb steps, set
 * as the console's product form saves it, beside a pack.
 */
export async function startWeighingShop(): Promise<AdminShop> {
  const admin = await startAdminShop();
  if (!weighedKey || !packKey) throw new Error('the demo catalogue is too small');
  await admin.shop.t.database.db
    .update(products)
    .set({
      soldBy: 'weight',
      weightUnit: 'lb',
      unitPriceCents: UNIT_PRICE,
      stepMilli: 1000,
      priceCents: UNIT_PRICE,
    })
    .where(eq(products.key, weighedKey));
  return admin;
}

/** A new shopper orders 1 lb of the weighed product and one pack, and pays by card (held). */
export async function weighedAndPackPaid({ shop }: AdminShop) {
  const { s, orderNo } = await placeOrderOf(shop.t, [weighedKey, packKey]);
  expect((await payByCard(shop.t, s.token, cardForm(orderNo))).body.data.status).toBe(2);
  const placed = await orderRow(shop.t, orderNo);
  const lines = await shop.t.database.db.select().from(orderLines).where(eq(orderLines.orderId, placed.id));
  const weighed = lines.find((l) => l.weightUnit !== null);
  const pack = lines.find((l) => l.weightUnit === null);
  if (!weighed || !pack) throw new Error('expected a weighed line and a pack');
  return { s, orderNo, placed, weighed, pack };
}
