import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, stockMovements } from '#server/db/schema';
import { ADDRESS, callAs, createShopper } from '../../../../tests/helpers/shoppers';
import { callAdmin, createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { productWithStock, stockOf } from './stock.fixture';

/**
 * Console stock changes racing 50 shoppers' orders for the same product: the
 * changes are conditional single-statement updates as orders' takes are, so neither loses the
 * other. PGlite runs one query at a time; PostgreSQL (TEST_DATABASE_URL) truly interleaves them.
 * Invariant: final stock = start + Σ movements' deltas − units sold, and never below 0.
 */
let t: TestApp;
let owner: TestStaff;
beforeAll(async () => {
  t = await startTestApp();
  owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
});
afterAll(async () => t?.close());

const SHOPPERS = 50;

/** 50 shoppers, each with an address and one unit of the product in the cart. */
async function shoppersFor(uuid: string) {
  return Promise.all(
    Array.from({ length: SHOPPERS }, async () => {
      const s = await createShopper(t.database, t.clock.now());
      const address = (await callAs(t.app, s, 'POST', '/api/address', ADDRESS)).body.data.uuid as string;
      await callAs(t.app, s, 'POST', `/api/cart?amount=1&uuid=${uuid}`);
      const [line] = (await callAs(t.app, s, 'GET', '/api/cart')).body.data;
      return { s, address, line: line.id as number };
    }),
  );
}

type Buyer = Awaited<ReturnType<typeof shoppersFor>>[number];
const order = ({ s, address, line }: Buyer) =>
  callAs(t.app, s, 'POST', '/api/order', { uuid: address, 'items[0][id]': line, 'items[0][num]': 1 });

const stockChange = (productId: number, reason: string, quantity: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/stock',
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { changes: [{ productId, reason, quantity, note: 'race' }] },
  });

/** Runs every order and console change at once, the changes spread among the orders. */
async function race(buyers: Buyer[], changes: (() => ReturnType<typeof stockChange>)[]) {
  const every = Math.ceil(buyers.length / (changes.length + 1));
  const calls: Promise<{ kind: 'order' | 'change'; status: number }>[] = [];
  buyers.forEach((buyer, i) => {
    const change = changes[i / every - 1];
    if (i % every === 0 && change) {
      calls.push(change().then((r) => ({ kind: 'change', status: r.statusCode })));
    }
    calls.push(order(buyer).then((r) => ({ kind: 'order', status: r.status })));
  });
  return Promise.all(calls);
}

async function soldOf(productId: number): Promise<number> {
  const lines = await t.database.db
    .select({ num: orderLines.num })
    .from(orderLines)
    .where(eq(orderLines.productId, productId));
  return lines.reduce((n, l) => n + l.num, 0);
}

const movementsOf = (productId: number) =>
  t.database.db.select().from(stockMovements).where(eq(stockMovements.productId, productId));

describe('console stock changes racing 50 orders', () => {
  it('receiving while 50 orders buy: stock = start + received − sold exactly, none oversold', {
    timeout: 180_000,
  }, async () => {
    const product = await productWithStock(t.database, 0, 100);
    const buyers = await shoppersFor(product.uuid);
    await productWithStock(t.database, 0, 20);
    const results = await race(buyers, [
      () => stockChange(product.id, 'received', 10),
      () => stockChange(product.id, 'received', 7),
      () => stockChange(product.id, 'received', 8),
    ]);
    expect(results.filter((r) => r.kind === 'change').map((r) => r.status)).toEqual([200, 200, 200]);
    const orders = results.filter((r) => r.kind === 'order').map((r) => r.status);
    expect(orders.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const sold = await soldOf(product.id);
    expect(sold).toBe(orders.filter((s) => s === 200).length);
    expect(sold).toBeLessThanOrEqual(20 + 25);
    expect(await stockOf(t.database, product.id)).toBe(20 + 25 - sold);
    const movements = await movementsOf(product.id);
    expect(movements.map((m) => m.delta).sort()).toEqual([10, 7, 8].sort());
    expect(movements.every((m) => m.reason === 'received' && m.staffId === owner.id)).toBe(true);
  });

  it('a count while 50 orders buy: the count’s delta accounts for every order before it', {
    timeout: 180_000,
  }, async () => {
    const product = await productWithStock(t.database, 1, 100);
    const buyers = await shoppersFor(product.uuid);
    const results = await race(buyers, [() => stockChange(product.id, 'count', 30)]);
    expect(results.filter((r) => r.kind === 'change').map((r) => r.status)).toEqual([200]);
    const orders = results.filter((r) => r.kind === 'order').map((r) => r.status);
    expect(orders.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const sold = await soldOf(product.id);
    expect(sold).toBe(orders.filter((s) => s === 200).length);
    const [count] = await movementsOf(product.id);
    if (!count) throw new Error('no movement');
    expect(count).toMatchObject({ reason: 'count', stockAfter: 30 });
    const final = await stockOf(t.database, product.id);
    // Orders before the count took from 100 (the count's delta says how many: 30 − what it saw);
    // those after it took from the 30.
    const soldBefore = 100 - (30 - count.delta);
    expect(soldBefore).toBeGreaterThanOrEqual(0);
    expect(final).toBe(30 - (sold - soldBefore));
    expect(final).toBe(100 + count.delta - sold);
    expect(final).toBeGreaterThanOrEqual(0);
  });

  it('writing off damaged units while 50 orders buy never takes stock below 0', {
    timeout: 180_000,
  }, async () => {
    const product = await productWithStock(t.database, 2, 100);
    const buyers = await shoppersFor(product.uuid);
    await productWithStock(t.database, 2, 40);
    const results = await race(buyers, [
      () => stockChange(product.id, 'damaged', 5),
      () => stockChange(product.id, 'damaged', 5),
    ]);
    const changes = results.filter((r) => r.kind === 'change').map((r) => r.status);
    expect(changes.every((s) => s === 200 || s === 409)).toBe(true);
    const sold = await soldOf(product.id);
    const movements = await movementsOf(product.id);
    expect(movements).toHaveLength(changes.filter((s) => s === 200).length);
    const final = await stockOf(t.database, product.id);
    expect(final).toBe(40 + movements.reduce((n, m) => n + m.delta, 0) - sold);
    expect(final).toBeGreaterThanOrEqual(0);
    const staff = await callAdmin(t.app, owner.token, 'GET', `/api/admin/products/${product.id}/stock`);
    expect(staff.body.data.real_stock).toBe(final);
  });
});
