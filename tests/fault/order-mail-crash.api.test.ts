import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '#server/db/schema';
import { ORDER_STATUS } from '#shared/schemas/order';
import { SmtpCatcher } from '../fakes/smtp-catcher';
import { BILLING } from '../helpers/shoppers';
import {
  type FaultDatabase,
  type FaultShopper,
  faultDatabase,
  makeShoppers,
  plainProducts,
} from './fault-database';
import { freePort, type ShopProcess, send, startShopProcess } from './shop-process';

/**
 * The real server process is killed with SIGKILL after an order was placed and
 * paid but while its mails were still on their way (the mail server holds the first one). After a
 * restart the order is there, paid, and each of its mails reaches the shopper once (PGlite files
 * by default, PostgreSQL with TEST_DATABASE_URL).
 */

let store: FaultDatabase;
let shop: ShopProcess | undefined;
let shopper: FaultShopper;
let port: number;
const catcher = new SmtpCatcher();
let settings: Record<string, string>;

beforeAll(async () => {
  store = await faultDatabase();
  port = await freePort();
  await store.use(async (database) => {
    const [product] = await plainProducts(database, 1);
    [shopper] = (await makeShoppers(database, 1, () => [[product?.id ?? 0, 2]])) as [FaultShopper];
  });
  settings = { ...store.settings, SMTP_URL: await catcher.start() };
}, 120_000);

afterAll(async () => {
  await shop?.kill();
  await catcher.stop();
  await store?.drop();
});

async function call(method: 'GET' | 'POST', path: string, form?: Record<string, string | number>) {
  const answer = await send(`http://127.0.0.1:${port}`, shopper.token, method, path, form);
  if (!answer) throw new Error(`${method} ${path}: no answer`);
  return answer;
}

describe('crash safety of order mails', () => {
  it('SIGKILL while an order’s mails are on their way: after a restart each arrives once', {
    timeout: 240_000,
  }, async () => {
    catcher.holding = true;
    shop = await startShopProcess(port, settings);
    const [line] = [...shopper.lines.values()];
    const placed = await call('POST', '/api/order', {
      uuid: shopper.addressUuid,
      coupon: '',
      'items[0][id]': line?.id ?? 0,
      'items[0][num]': 2,
    });
    expect(placed.status).toBe(200);
    const orderNo = placed.body?.data as string;
    const paid = await call('POST', '/api/authorize/pay', {
      order: orderNo,
      card: '4111111111111111',
      date: '12/30',
      code: '123',
      ...BILLING,
    });
    expect((paid.body?.data as { status?: number } | undefined)?.status).toBe(ORDER_STATUS.processing);
    // The worker is in the middle of the SMTP conversation when the process dies.
    await catcher.heldOne();
    await shop.kill();
    shop = undefined;

    await store.use(async (database) => {
      const [order] = await database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
      expect(order?.status).toBe(ORDER_STATUS.processing);
      const mails = await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.orderId, order?.id ?? 0));
      expect(mails.map((m) => m.kind).sort()).toEqual(['paid', 'placed']);
      expect(mails.map((m) => m.state)).toContain('sending');
      // The restart took longer than the lease of the mail the dead process was sending.
      await database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now() - interval '1 minute'` })
        .where(
          inArray(
            mailOutbox.id,
            mails.map((m) => m.id),
          ),
        );
    });
    expect(catcher.countTo(shopper.email)).toBe(0);

    catcher.holding = false;
    shop = await startShopProcess(port, settings);
    await catcher.latestTo(shopper.email, 1);
    await shop.stop();
    shop = undefined;

    const subjects = catcher.mails.filter((m) => m.to === shopper.email).map((m) => m.subject);
    expect(subjects.sort()).toEqual([
      `Fresh Market receipt for order ${orderNo}`,
      `Fresh Market: order ${orderNo} is waiting for payment`,
    ]);
    const states = await store.use((database) =>
      database.db
        .select({ state: mailOutbox.state })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, shopper.email)),
    );
    expect(states).toEqual([{ state: 'sent' }, { state: 'sent' }]);
  });
});
