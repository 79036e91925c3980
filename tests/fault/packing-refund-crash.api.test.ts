import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, packingLines, refunds } from '#server/db/schema';
import { crashRunOfFile, until } from './live-packing-world';
import { dataOf, placePaidOrder, send } from './shop-process';

/**
 * The real server process is killed with SIGKILL after a packer marked a line
 * short (the refund recorded with the mark) and while the refund was on its way to the gateway
 * (the Authorize.Net double holds it unanswered, so nothing was given back). After a restart the
 * worker sends it, and the card is refunded exactly once (PGlite files by default, PostgreSQL with
 * TEST_DATABASE_URL).
 */

const run = crashRunOfFile();

const refundRequests = () => run.world.transactionsOf('refundTransaction');

describe('crash safety of packing refunds', () => {
  it('SIGKILL between the packer’s mark and the gateway’s answer: after a restart, one refund', {
    timeout: 300_000,
  }, async () => {
    const { store, anet, shopper, packerToken } = run.world;
    let shop = await run.start();
    const [line] = [...shopper.lines.values()];
    const orderNo = await placePaidOrder(
      shop.url,
      { token: shopper.token, addressUuid: shopper.addressUuid, lineId: line?.id ?? 0 },
      3,
    );
    anet.settleAll();
    const detail = await dataOf<{ lines: { id: number }[] }>(
      shop.url,
      packerToken,
      'GET',
      `/api/admin/orders/${orderNo}`,
    );
    const lineId = detail.lines[0]?.id ?? 0;
    // The gateway holds the refund call: the process dies while it waits.
    anet.failNext('timeout');
    const marking = send(shop.url, packerToken, 'POST', `/api/admin/packing/${orderNo}/lines/${lineId}`, {
      state: 'short',
      short: 1,
      key: 'crash-test-mark-1',
    });
    await until(() => refundRequests().length === 1, 'the refund call');
    await run.kill();
    expect(await marking).toBeUndefined();

    const transaction = [...anet.transactions.values()][0];
    expect(transaction?.refundedCents).toBe(0);
    const expected = await store.use(async (database) => {
      const [order] = await database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
      const [mark] = await database.db
        .select()
        .from(packingLines)
        .where(eq(packingLines.orderLineId, lineId));
      expect(mark?.refundState).toBe('sending');
      const rows = await database.db
        .select()
        .from(refunds)
        .where(eq(refunds.orderId, order?.id ?? 0));
      expect(rows.map((r) => r.status)).toEqual(['pending']);
      // The restart took longer than the lease of the refund the dead process was sending.
      await database.db
        .update(packingLines)
        .set({ refundNextAt: sql`now() - interval '1 minute'` })
        .where(eq(packingLines.orderLineId, lineId));
      return mark?.refundCents ?? 0;
    });
    expect(expected).toBeGreaterThan(0);

    shop = await run.start();
    await until(() => (transaction?.refundedCents ?? 0) > 0, 'the refund after the restart');
    // The same mark sent again (the packer pressed the button again) does nothing more.
    const again = await send(shop.url, packerToken, 'POST', `/api/admin/packing/${orderNo}/lines/${lineId}`, {
      state: 'short',
      short: 1,
      key: 'crash-test-mark-1',
    });
    expect(again?.status).toBe(200);
    await run.stop();

    expect(transaction?.refundedCents).toBe(expected);
    expect(refundRequests()).toHaveLength(2);
    await store.use(async (database) => {
      const [mark] = await database.db
        .select()
        .from(packingLines)
        .where(eq(packingLines.orderLineId, lineId));
      expect(mark?.refundState).toBe('sent');
      const rows = await database.db
        .select()
        .from(refunds)
        .where(eq(refunds.id, mark?.refundId ?? 0));
      expect(rows.map((r) => [r.status, r.amountCents])).toEqual([['succeeded', expected]]);
    });
  });
});
