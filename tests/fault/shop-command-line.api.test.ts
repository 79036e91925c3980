import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '#server/db/schema';
import { ORDER_STATUS } from '#shared/schemas/order';
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
  placePaidOrder,
  runShopCommandLine,
  type ShopProcess,
  startShopProcess,
} from './shop-process';

/**
 * The shop's command line (`npm run shop`) works while the server runs and when
 * it does not, and never opens PGlite files a server has open: it sends its command to the server
 * then. On PostgreSQL (TEST_DATABASE_URL) it opens its own connections either way.
 */

let store: FaultDatabase;
let shop: ShopProcess | undefined;
let shopper: FaultShopper;
let lineId: number;
let orderNo: string;

beforeAll(async () => {
  store = await faultDatabase();
  await store.use(async (database) => {
    const [product] = await plainProducts(database, 1);
    if (!product) throw new Error('no product');
    await database.db.update(products).set({ realStock: 100 }).where(eq(products.id, product.id));
    [shopper] = (await makeShoppers(database, 1, () => [[product.id, 5]])) as [FaultShopper];
    lineId = shopper.lines.get(product.id)?.id ?? 0;
  });
  shop = await startShopProcess(await freePort(), store.settings);
}, 300_000);

afterAll(async () => {
  await shop?.kill();
  await store?.drop();
});

const shopCommand = (...args: string[]) => runShopCommandLine(store.settings, args);

describe("the shop's command line", () => {
  it('lists and ships an order while the server runs, and the server sees the change', {
    timeout: 300_000,
  }, async () => {
    const url = shop?.url ?? '';
    orderNo = await placePaidOrder(url, { token: shopper.token, addressUuid: shopper.addressUuid, lineId });

    const listed = await shopCommand('orders', 'processing');
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^${orderNo}  processing .* ${shopper.email}$`, 'm'));

    const shipped = await shopCommand('ship', orderNo);
    expect(shipped).toEqual({ code: 0, stdout: `order ${orderNo}: processing -> shipped\n`, stderr: '' });
    const seen = await dataOf<{ status: number }>(url, shopper.token, 'GET', `/api/order/${orderNo}`);
    expect(seen.status).toBe(ORDER_STATUS.shipped);

    // Refusals come back as the owner would read them, with a failing exit status.
    const again = await shopCommand('ship', orderNo);
    expect(again).toMatchObject({ code: 1, stdout: '' });
    expect(again.stderr).toBe(
      'A shipped order cannot be shipped: only a paid order that has not shipped can.\n',
    );
  });

  it('opens the database itself when no server runs', { timeout: 300_000 }, async () => {
    await shop?.stop();
    shop = undefined;
    const completed = await shopCommand('complete', orderNo);
    expect(completed).toEqual({ code: 0, stdout: `order ${orderNo}: shipped -> completed\n`, stderr: '' });
    const [row] = await store.use(({ db }) =>
      db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, orderNo)),
    );
    expect(row?.status).toBe(ORDER_STATUS.completed);
  });
});
