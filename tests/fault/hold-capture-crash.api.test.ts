import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments } from '#server/db/schema';
import type { OrderDetail } from '#shared/schemas/order';
import { withBuffer } from '#shared/schemas/payment.rules';
import { crashRunOfFile, until } from './live-packing-world';
import { dataOf, placePaidOrder, send } from './shop-process';

/**
 * The real server process is killed with SIGKILL after a weighed order was packed (the capture's
 * intent recorded with the packing) and while the capture was on its way to the gateway (the
 * Authorize.Net double holds it unanswered, so nothing was captured). After a restart the hold
 * worker asks the gateway what became of the hold, captures it, and the card is charged the
 * weighed amount exactly once (PGlite files by default, PostgreSQL with TEST_DATABASE_URL).
 */

const run = crashRunOfFile('weight');

const requestsOf = (type: string) => run.world.transactionsOf(type);
const cents = (amount: number) => Math.round(amount * 100);

describe('crash safety of capturing a weighed order', () => {
  it('SIGKILL between packing and the capture’s answer: after a restart, one capture for the weighed amount', {
    timeout: 300_000,
  }, async () => {
    const { store, anet, shopper, packerToken } = run.world;
    let shop = await run.start();
    const [line] = [...shopper.lines.values()];
    const { token } = shopper;
    // 3 steps of a product sold by weight: the card is held for the estimate plus the 10 % buffer.
    const orderNo = await placePaidOrder(
      shop.url,
      { token, addressUuid: shopper.addressUuid, lineId: line?.id ?? 0 },
      3,
    );
    const placed = await dataOf<OrderDetail>(shop.url, token, 'GET', `/api/order/${orderNo}`);
    const [hold] = [...anet.transactions.values()];
    expect(hold?.status).toBe('authorizedPendingCapture');
    expect(hold?.authAmount).toBe((withBuffer(cents(placed.total_price), 10) / 100).toFixed(2));

    // The packer weighs the line a little under its estimate: the amount the card is to be charged.
    const [ordered] = placed.item;
    const weighing = await send(
      shop.url,
      packerToken,
      'POST',
      `/api/admin/packing/${orderNo}/lines/${ordered?.id}`,
      {
        state: 'picked',
        grams: (ordered?.weight?.estimate_grams ?? 0) - 43,
        key: 'crash-test-weigh-1',
      },
    );
    expect(weighing?.status).toBe(200);
    const weighed = cents(
      (await dataOf<OrderDetail>(shop.url, token, 'GET', `/api/order/${orderNo}`)).total_price,
    );
    expect(weighed).toBeLessThan(cents(placed.total_price));

    // The gateway holds the capture call: the process dies while it waits.
    anet.failNext('timeout');
    const packing = send(shop.url, packerToken, 'POST', `/api/admin/orders/${orderNo}/pack`);
    await until(() => requestsOf('priorAuthCaptureTransaction').length === 1, 'the capture call');
    await run.kill();
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

    shop = await run.start();
    await until(() => hold?.status === 'capturedPendingSettlement', 'the capture after the restart');
    // Packing again (the packer pressed the button again) captures nothing more.
    const again = await send(shop.url, packerToken, 'POST', `/api/admin/orders/${orderNo}/pack`);
    expect(again?.status).toBe(409);
    await run.stop();

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
