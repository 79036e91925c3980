import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '#server/db/schema';
import { AuthorizeNetDouble } from '../fakes/authorizenet-double';
import { YuansferDouble } from '../fakes/yuansfer-double';
import { BILLING } from '../helpers/shoppers';
import { createStaff } from '../helpers/staff';
import {
  type FaultDatabase,
  type FaultShopper,
  faultDatabase,
  makeShoppers,
  plainProducts,
} from './fault-database';
import {
  dataOf,
  freePort,
  liveGatewaySettings,
  type ShopProcess,
  send,
  startShopProcess,
} from './shop-process';

/**
 * The real server process is killed with SIGKILL after a weighed order was packed (the capture's
 * intent recorded with the packing) and while the capture was on its way to the gateway (the
 * Authorize.Net double holds it unanswered, so nothing was captured). After a restart the hold
 * worker asks the gateway what became of the hold, captures it, and the card is charged the
 * weighed amount exactly once (PGlite files by default, PostgreSQL with TEST_DATABASE_URL).
 */

let store: FaultDatabase;
let shop: ShopProcess | undefined;
let shopper: FaultShopper;
let packerToken: string;
let port: number;
const anet = new AuthorizeNetDouble();
const yuansfer = new YuansferDouble();
let settings: Record<string, string>;

beforeAll(async () => {
  store = await faultDatabase();
  port = await freePort();
  await Promise.all([anet.start(), yuansfer.start()]);
  await store.use(async (database) => {
    const [product] = await plainProducts(database, 1);
    [shopper] = (await makeShoppers(database, 1, () => [[product?.id ?? 0, 3]])) as [FaultShopper];
    packerToken = (await createStaff(database, new Date(), { role: 'packer' })).token;
  });
  settings = { ...store.settings, ...liveGatewaySettings(anet, yuansfer) };
}, 120_000);

afterAll(async () => {
  await shop?.kill();
  await Promise.all([anet.stop(), yuansfer.stop()]);
  await store?.drop();
});

const requestsOf = (type: string) =>
  anet
    .requestsOf('createTransactionRequest')
    .filter(
      (r) =>
        (r.body.transactionRequest as { transactionType?: string } | undefined)?.transactionType === type,
    );

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('crash safety of capturing a weighed order', () => {
  it('SIGKILL between packing and the capture’s answer: after a restart, one capture for the weighed amount', {
    timeout: 300_000,
  }, async () => {
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
