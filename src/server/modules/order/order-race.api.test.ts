import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, products } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import * as demo from '../../../../seed/catalogue/index';
import { ADDRESS, callAs, createShopper } from '../../../../tests/helpers/shoppers';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  // Each shopper places 10 orders at once: the unpaid-orders limit must not be what stops them.
  t = await startTestApp({ PENDING_ORDERS_MAX: '10' });
});
afterAll(async () => t?.close());

describe('the last units', () => {
  it('200 concurrent orders from 20 shoppers against 50 units sell exactly 50', {
    timeout: 120_000,
  }, async () => {
    const product = demo.products.find((p) => demo.isPack(p) && p.stock > 0);
    if (!product) throw new Error('no product');
    await t.database.db.update(products).set({ realStock: 50 }).where(eq(products.key, product.key));
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const s = await createShopper(t.database);
        const address = (await callAs(t.app, s, 'POST', '/api/address', ADDRESS)).body.data.uuid;
        await callAs(t.app, s, 'POST', `/api/cart?amount=10&uuid=${uuidFromKey(product.key)}`);
        const [line] = (await callAs(t.app, s, 'GET', '/api/cart')).body.data;
        return { s, address, line: line.id as number };
      }),
    );
    const attempts = shoppers.flatMap(({ s, address, line }) =>
      Array.from({ length: 10 }, () =>
        callAs(t.app, s, 'POST', '/api/order', {
          uuid: address,
          coupon: '',
          'items[0][id]': line,
          'items[0][num]': 1,
        }),
      ),
    );
    const results = await Promise.all(attempts);
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);

    const [row] = await t.database.db
      .select({ stock: products.realStock })
      .from(products)
      .where(eq(products.key, product.key));
    expect(row?.stock).toBe(0);
    const sold = await t.database.db
      .select({ num: orderLines.num })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(eq(products.key, product.key));
    expect(sold.reduce((n, r) => n + r.num, 0)).toBe(50);
  });
});
