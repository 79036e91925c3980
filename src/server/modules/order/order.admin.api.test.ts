import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { ORDER_STATUS } from '#shared/schemas/order';
import * as demo from '../../../../seed/catalogue/index';
import { ADDRESS, callAs, createShopper } from '../../../../tests/helpers/shoppers';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { recentOrders, runOrderAction } from './order.actions';
import type { OrderAction } from './order.machine';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const product = demo.products.find((p) => demo.isPack(p) && p.stock >= 20);

async function placeOrder(amount: number): Promise<string> {
  const s = await createShopper(t.database);
  const address = (await callAs(t.app, s, 'POST', '/api/address', ADDRESS)).body.data.uuid;
  await callAs(t.app, s, 'POST', `/api/cart?amount=${amount}&uuid=${uuidFromKey(product?.key ?? '')}`);
  const [line] = (await callAs(t.app, s, 'GET', '/api/cart')).body.data;
  return (
    await callAs(t.app, s, 'POST', '/api/order', {
      uuid: address,
      'items[0][id]': line.id,
      'items[0][num]': amount,
    })
  ).body.data;
}

const stock = async () =>
  (
    await t.database.db
      .select({ s: products.realStock })
      .from(products)
      .where(eq(products.key, product?.key ?? ''))
  )[0]?.s;

const act = (orderNo: string, action: OrderAction) =>
  runOrderAction(t.database.db, { orderNo, action, staffId: null }, t.clock);

describe("the shop's order commands", () => {
  it('lists orders by status, cancels a pending one with its stock returned, and refuses wrong moves', async () => {
    const before = await stock();
    const orderNo = await placeOrder(3);
    expect((await recentOrders(t.database.db, ORDER_STATUS.pending)).map((o) => o.orderNo)).toContain(
      orderNo,
    );
    expect(await stock()).toBe((before ?? 0) - 3);
    await expect(act(orderNo, 'ship')).rejects.toMatchObject({
      status: 409,
    });
    await act(orderNo, 'cancel');
    expect(await stock()).toBe(before);
    await expect(act(orderNo, 'cancel')).rejects.toMatchObject({ status: 409 });
    expect(await stock()).toBe(before);
    await expect(act('999', 'cancel')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('ships a processing order and completes a shipped one', async () => {
    const orderNo = await placeOrder(1);
    await t.database.db
      .update(orders)
      .set({ status: ORDER_STATUS.processing })
      .where(eq(orders.orderNo, orderNo));
    await act(orderNo, 'ship');
    await act(orderNo, 'complete');
    const [row] = await t.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.orderNo, orderNo));
    expect(row?.status).toBe(ORDER_STATUS.completed);
  });
});
