import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, products } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { callAsJson } from '../../../../tests/helpers/shoppers';
import { type AdminShop, startAdminShop } from '../order/order.fixture';
import { type LiveShop, orderRow, paidAndSettled, placeOrderOf } from '../payment/payment.fixture';

/**
 * The stock a substitute takes when a line sold by weight, or replaced by one, is substituted
 * (docs/product.md, Sold by weight and Substitutions): a weighed product's stock counts steps or
 * pieces, as its cart and order lines do, so a substitute takes (and, marked again, gives back)
 * as many of its own steps, pieces or packs as ordering the line's quantity of it takes.
 */
let shop: LiveShop;
let staff: AdminShop['staff'];
let call: AdminShop['call'];
let keys = 0;
const key = () => `weighed-substitute-${++keys}`;

// The demo's pork: shoulder and spare ribs sold by weight in 1 lb steps, ground pork in packs.
const SHOULDER = 'boneless-pork-shoulder';
const RIBS = 'pork-spare-ribs-cut';
const GROUND = 'ground-pork';

beforeAll(async () => {
  ({ shop, staff, call } = await startAdminShop());
  // Dearer than a pound of shoulder, as the ribs are: a replacement that refunds nothing may be
  // marked again (one that refunds keeps its mark), which the second mark below needs.
  await shop.t.database.db.update(products).set({ priceCents: 650 }).where(eq(products.key, GROUND));
});
afterAll(async () => shop?.close());

async function stockOf(productKey: string): Promise<number> {
  const [p] = await shop.t.database.db
    .select({ stock: products.realStock })
    .from(products)
    .where(eq(products.key, productKey));
  if (!p) throw new Error(`no product ${productKey}`);
  return p.stock;
}

/** What placing an order of `num` of the product takes from its stock: the measure a substitute is held to. */
async function takenByOrdering(productKey: string, num: number): Promise<number> {
  const before = await stockOf(productKey);
  await placeOrderOf(shop.t, [productKey], num);
  return before - (await stockOf(productKey));
}

/** A shopper's paid order of `num` of the product, its line's out-of-stock choice set to `choice`. */
async function paidOrderOf(productKey: string, num: number, choice: Record<string, unknown>) {
  const { s, orderNo } = await placeOrderOf(shop.t, [productKey], num);
  await paidAndSettled(shop, s, orderNo);
  const order = await orderRow(shop.t, orderNo);
  const [line] = await shop.t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  if (!line) throw new Error('no order line');
  const chosen = await callAsJson(shop.t.app, s, 'PATCH', `/api/order/${orderNo}/lines/${line.id}`, choice);
  expect(chosen.status).toBe(200);
  return { s, orderNo, line };
}

const replaceWith = (orderNo: string, lineId: number, productKey: string) =>
  call(staff.packer.token, 'POST', `/api/admin/packing/${orderNo}/lines/${lineId}`, {
    state: 'replaced',
    product: uuidFromKey(productKey),
    key: key(),
  });

describe('a line sold by weight replaced', () => {
  it('by another weighed product takes its steps as ordering does; by a pack, packs; the steps go back', async () => {
    const ribsPerTwo = await takenByOrdering(RIBS, 2);
    const groundPerTwo = await takenByOrdering(GROUND, 2);
    // 2 lb of ribs is two 1 lb steps, as the cart counts them; two packs of ground pork.
    expect([ribsPerTwo, groundPerTwo]).toEqual([2, 2]);
    const { orderNo, line } = await paidOrderOf(SHOULDER, 2, { when_missing: 'replace' });
    expect(line).toMatchObject({ num: 2, weightUnit: 'lb', estimateGrams: 908 });
    const [shoulder, ribs, ground] = [await stockOf(SHOULDER), await stockOf(RIBS), await stockOf(GROUND)];

    expect((await replaceWith(orderNo, line.id, RIBS)).status).toBe(200);
    expect([await stockOf(SHOULDER), await stockOf(RIBS)]).toEqual([shoulder, ribs - ribsPerTwo]);

    expect((await replaceWith(orderNo, line.id, GROUND)).status).toBe(200);
    expect([await stockOf(SHOULDER), await stockOf(RIBS), await stockOf(GROUND)]).toEqual([
      shoulder,
      ribs,
      ground - groundPerTwo,
    ]);
  });

  it('refuses a weighed substitute with fewer steps on the shelf than the line, taking nothing', async () => {
    const { orderNo, line } = await paidOrderOf(SHOULDER, 2, { when_missing: 'replace' });
    await shop.t.database.db.update(products).set({ realStock: 1 }).where(eq(products.key, RIBS));
    const refused = await replaceWith(orderNo, line.id, RIBS);
    expect(refused.status).toBe(409);
    expect(await stockOf(RIBS)).toBe(1);
    await shop.t.database.db.update(products).set({ realStock: 100 }).where(eq(products.key, RIBS));
  });
});

describe('a pack replaced by a product sold by weight', () => {
  it('takes none of its steps while proposed, and as many as ordering takes once approved', async () => {
    const ribsPerThree = await takenByOrdering(RIBS, 3);
    const { s, orderNo, line } = await paidOrderOf(GROUND, 3, { when_missing: 'replace', ask_first: true });
    const ribs = await stockOf(RIBS);
    const proposed = await replaceWith(orderNo, line.id, RIBS);
    expect(proposed.status).toBe(200);
    expect(proposed.body.data.mark.state).toBe('proposed');
    expect(await stockOf(RIBS)).toBe(ribs);

    const approved = await callAsJson(
      shop.t.app,
      s,
      'POST',
      `/api/order/${orderNo}/lines/${line.id}/answer`,
      {
        answer: 'approve',
      },
    );
    expect(approved.status).toBe(200);
    expect(await stockOf(RIBS)).toBe(ribs - ribsPerThree);
  });
});
