import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '#server/db/schema';
import { BILLING } from '../helpers/shoppers';
import { type LivePackingWorld, livePackingWorld, until } from './live-packing-world';
import { dataOf, type ShopProcess, send, startShopProcess } from './shop-process';

/**
 * The real server process is killed with SIGKILL after a weighed order was packed (the capture's
 * intent recorded with the packing) and while the capture was on its way to the gateway (the
 * Authorize.Net double holds it unanswered, so nothing was captured). After a restart the hold
 * worker asks the gateway what became of the hold, captures it, and the card is charged the
 * weighed amount exactly once (PGlite files by default, PostgreSQL with TEST_DATABASE_URL).
 */

let world: LivePackingWorld;
let shop: ShopProcess | undefined;

beforeAll(async () => {
  world = await livePackingWorld();
}, 120_000);

afterAll(async () => {
  await shop?.kill();
  await world?.close();
});

const requestsOf = (type: string) => world.transactionsOf(type);

describe('crash safety of capturing a weighed order', () => {
  it('SIGKILL between packing and the capture’s answer: after a restart, one capture for the weighed amount', {
    timeout: 300_000,
  }, async () => {
    const { store, anet, shopper, packerToken, port, settings } = world;
    shop = await startShopProcess(port, settings);
    const [line] = [...shopper.lines.values()];
    const { token } = shopper;
    const form = { uuid: shopper.addressUuid, coupon: '', 'items[0][id]': line?.id ?? 0, 'items[0][num]': 3 };
    const orderNo = await dataOf<string>(shop.url, token, 'POST', '/api/order', form);
    await shop.stop();
    // What placement and packing do for an order with lines sold by weight: marked weighed, and
    // (here before payment, while the process is down) its total as the scale will find it.
    const weighed = await store.use(async (database) => {
      const [order] = await database.db
        .update(orders)
        .set({ weighed: true, totalCents: sql`${orders.totalCents} - 43` })
        .where(eq(orders.orderNo, orderNo))
        .returning();
      return order?.totalCents ?? 0;
    });
    shop = await startShopProcess(port, settings);
    const card = { order: orderNo, card: '4111111111111111', date: '12/30', code: '123', ...BILLING };
    const paid = await dataOf<{ status: number }>(shop.url, token, 'POST', '/api/authorize/pay', card);
    expect(paid.status).toBe(2);
    const [hold] = [...anet.transactions.values()];
    expect(hold?.status).toBe('authorizedPendingCapture');
    expect(hold?.authAmount).toBe((Math.floor((weighed * 110 + 50) / 100) / 100).toFixed(2));

    // The gateway holds the capture call: the process dies while it waits.
    anet.failNext('timeout');
    const packing = send(shop.url, packerToken, 'POST', `/api/admin/orders/${orderNo}/pack`);
    await until(() => requestsOf('priorAuthCaptureTransaction').length === 1, 'the capture call');
    await shop.kill();
    shop = undefined;
    expect(await packing).toBeUndefined();
    expect(hold?.status).toBe('authorizedPendingCapture');

    await store.use(async (database) => {
      const [order] = await database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
      expect(order?.packedAt).not.toBeNull();
      const [payment] = await database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, order?.id ?? 0));
      expect(payment).toMatchObject({ holdState: 'capture', captureCents: weighed, holdAttempts: 1 });
      // The restart took longer than the lease of the capture the dead process was sending.
      await database.db
        .update(payments)
        .set({ holdNextAt: sql`now() - interval '1 minute'` })
        .where(eq(payments.id, payment?.id ?? 0));
    });

    shop = await startShopProcess(port, settings);
    await until(() => hold?.status === 'capturedPendingSettlement', 'the capture after the restart');
    // Packing again (the packer pressed the button again) captures nothing more.
    const again = await send(shop.url, packerToken, 'POST', `/api/admin/orders/${orderNo}/pack`);
    expect(again?.status).toBe(409);
    await shop.stop();
    shop = undefined;

    expect(hold?.amount).toBe((weighed / 100).toFixed(2));
    // The retry asked the gateway what became of the hold before capturing it.
    expect(anet.requestsOf('getTransactionDetailsRequest').length).toBeGreaterThanOrEqual(1);
    expect(requestsOf('priorAuthCaptureTransaction')).toHaveLength(2);
    await store.use(async (database) => {
      const [order] = await database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
      const [payment] = await database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, order?.id ?? 0));
      expect(payment).toMatchObject({ holdState: 'captured', amountCents: weighed });
    });
  });
});
