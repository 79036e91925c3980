import { cpus, loadavg } from 'node:os';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, payments, products } from '#server/db/schema';
import { bumpCatalogueVersion } from '#server/modules/catalogue/catalogue.changes';
import { notifyOnCommit } from '#server/modules/catalogue/catalogue.notify';
import { ORDER_STATUS } from '#shared/schemas/order';
import { BILLING } from '../helpers/shoppers';
import {
  type FaultDatabase,
  type FaultShopper,
  faultDatabase,
  makeShoppers,
  plainProducts,
} from './fault-database';
import {
  type Answer,
  BEHIND_LOCAL_PROXY,
  clientOf,
  freePort,
  type ShopProcess,
  send,
  startShopProcess,
} from './shop-process';

/**
 * Two server processes on one PostgreSQL, shoppers spread over both. No unit is
 * sold twice, no order paid twice, an overdue order's stock comes back once however many reads race
 * to expire it, and a catalogue change reaches both processes' caches within a second (By
 * NOTIFY; a change nobody announced, by each process's poll).
 */

const SHOPPERS = 100;
const SCARCE = 20;
const EXPIRING = 30;

let store: FaultDatabase;
let servers: ShopProcess[] = [];
let shoppers: FaultShopper[];
/** Product ids: sold out in a race, ordered then expired, changed behind the caches' back. */
let scarce: number;
let expiring: number;
let changing: { id: number; uuid: string };

const serverOf = (i: number) => servers[i % servers.length] as ShopProcess;
/** Answers from these processes are never cut off: a failed connection is a failure here. */
async function call(
  server: ShopProcess,
  s: FaultShopper | undefined,
  method: 'GET' | 'POST',
  path: string,
  form?: Record<string, string | number>,
): Promise<Answer> {
  const answer = await send(server.url, s?.token, method, path, form, s ? clientOf(s) : undefined);
  if (!answer) throw new Error(`${method} ${path}: no answer from ${server.url}: ${server.stderr()}`);
  return answer;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    store = await faultDatabase();
    await store.use(async (database) => {
      const { db } = database;
      const rows = await plainProducts(database, 3);
      const [a, b, c] = rows;
      if (!a || !b || !c) throw new Error('three products expected');
      [scarce, expiring, changing] = [a.id, b.id, c];
      await db
        .update(products)
        .set({ realStock: 1000 })
        .where(inArray(products.id, [scarce, expiring]));
      shoppers = await makeShoppers(database, SHOPPERS, () => [
        [scarce, 1],
        [expiring, 1],
      ]);
      await db.update(products).set({ realStock: SCARCE }).where(eq(products.id, scarce));
      await db.update(products).set({ realStock: EXPIRING }).where(eq(products.id, expiring));
    });
    const ports = [await freePort()];
    while (ports.length < 2) {
      const port = await freePort();
      if (!ports.includes(port)) ports.push(port);
    }
    servers = await Promise.all(
      ports.map((port) => startShopProcess(port, { ...store.settings, ...BEHIND_LOCAL_PROXY })),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await store?.drop();
  });

  const orderForm = (s: FaultShopper, productId: number) => ({
    uuid: s.addressUuid,
    coupon: '',
    'items[0][id]': s.lines.get(productId)?.id ?? 0,
    'items[0][num]': 1,
  });

  let sold: { s: FaultShopper; orderNo: string }[] = [];

  it(`sells exactly ${SCARCE} units to ${SHOPPERS} shoppers racing for them through both processes`, async () => {
    const answers = await Promise.all(
      shoppers.map(async (s, i) => ({
        s,
        answer: await call(serverOf(i), s, 'POST', '/api/order', orderForm(s, scarce)),
      })),
    );
    const statuses = answers.map((a) => a.answer.status);
    expect(statuses.filter((st) => st === 200)).toHaveLength(SCARCE);
    expect(statuses.filter((st) => st !== 200 && st !== 409)).toEqual([]);
    sold = answers
      .filter((a) => a.answer.status === 200)
      .map((a) => ({ s: a.s, orderNo: String(a.answer.body?.data) }));

    await store.use(async ({ db }) => {
      const [row] = await db
        .select({ stock: products.realStock })
        .from(products)
        .where(eq(products.id, scarce));
      expect(row?.stock).toBe(0);
      const [taken] = await db
        .select({ n: sql<number>`coalesce(sum(${orderLines.num}), 0)::int` })
        .from(orderLines)
        .where(eq(orderLines.productId, scarce));
      expect(taken?.n).toBe(SCARCE);
    });
  });

  it('pays each of those orders once when both processes are asked to at the same moment', async () => {
    const [before] = await store.use(({ db }) =>
      db.select({ sold: products.soldCount }).from(products).where(eq(products.id, scarce)),
    );
    const form = (orderNo: string) => ({
      order: orderNo,
      card: '4111111111111111',
      date: '12/30',
      code: '123',
      ...BILLING,
    });
    const outcomes = await Promise.all(
      sold.map(async ({ s, orderNo }) => {
        const both = await Promise.all(
          servers.map((server) => call(server, s, 'POST', '/api/authorize/pay', form(orderNo))),
        );
        const paid = both.filter(
          (a) => a.status === 200 && (a.body?.data as { status?: number })?.status === 2,
        );
        const refused = both.filter((a) => a.status === 409);
        return { orderNo, paid: paid.length, refused: refused.length };
      }),
    );
    expect(outcomes.filter((o) => o.paid !== 1 || o.refused !== 1)).toEqual([]);

    await store.use(async ({ db }) => {
      const ids = (
        await db
          .select({ id: orders.id, status: orders.status })
          .from(orders)
          .where(
            inArray(
              orders.orderNo,
              sold.map((x) => x.orderNo),
            ),
          )
      ).map((o) => {
        expect(o.status).toBe(ORDER_STATUS.processing);
        return o.id;
      });
      const succeeded = await db
        .select({ orderId: payments.orderId, n: sql<number>`count(*)::int` })
        .from(payments)
        .where(and(inArray(payments.orderId, ids), eq(payments.status, 'succeeded')))
        .groupBy(payments.orderId);
      expect(succeeded.map((r) => r.n)).toEqual(ids.map(() => 1));
      const [after] = await db
        .select({ sold: products.soldCount })
        .from(products)
        .where(eq(products.id, scarce));
      expect(after?.sold).toBe((before?.sold ?? 0) + SCARCE);
    });
  });

  it('gives an overdue order’s stock back once while reads in both processes race to expire it', async () => {
    const buyers = shoppers.slice(0, EXPIRING);
    const placed = await Promise.all(
      buyers.map((s, i) => call(serverOf(i), s, 'POST', '/api/order', orderForm(s, expiring))),
    );
    expect(placed.map((a) => a.status)).toEqual(buyers.map(() => 200));
    const orderNos = placed.map((a) => String(a.body?.data));
    await store.use(async ({ db }) => {
      const [row] = await db
        .select({ stock: products.realStock })
        .from(products)
        .where(eq(products.id, expiring));
      expect(row?.stock).toBe(0);
      // Ten minutes pass for these orders (the servers take their time from the system clock).
      await db
        .update(orders)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(inArray(orders.orderNo, orderNos));
    });

    const reads = await Promise.all(
      buyers.flatMap((s, i) =>
        [0, 1, 2, 3].map((k) =>
          call(serverOf(i + k), s, 'GET', k % 2 ? `/api/order/${orderNos[i]}` : '/api/order'),
        ),
      ),
    );
    expect(reads.filter((a) => a.status !== 200)).toEqual([]);

    await store.use(async ({ db }) => {
      const rows = await db
        .select({ status: orders.status })
        .from(orders)
        .where(inArray(orders.orderNo, orderNos));
      expect(rows.map((r) => r.status)).toEqual(orderNos.map(() => ORDER_STATUS.cancelled));
      const [row] = await db
        .select({ stock: products.realStock })
        .from(products)
        .where(eq(products.id, expiring));
      expect(row?.stock).toBe(EXPIRING);
    });
  });

  /**
   * The issue asks for both caches to show a change within a second. On a machine whose load is
   * well above its cores every timer runs late, so the deadline is widened there (and said so).
   */
  const deadlineMs = (loadavg()[0] ?? 0) > cpus().length * 2 ? 3000 : 1000;

  /** A whole reload after a poll, on a machine running other suites beside this one. */
  const POLL_DEADLINE_MS = 10_000;

  async function seenByBoth(
    check: (product: Record<string, unknown>) => boolean,
    changedAt: number,
    deadline: number,
  ) {
    const seen = new Map<string, number>();
    while (seen.size < servers.length && Date.now() - changedAt <= deadline) {
      await Promise.all(
        servers.map(async (server) => {
          if (seen.has(server.url)) return;
          const answer = await call(server, undefined, 'GET', `/api/index_product/${changing.uuid}`);
          if (check(answer.body?.data as Record<string, unknown>))
            seen.set(server.url, Date.now() - changedAt);
        }),
      );
      await new Promise((r) => setTimeout(r, 20));
    }
    return seen;
  }

  it(`shows a stock change made elsewhere in both processes within ${deadlineMs} ms`, async () => {
    for (const server of servers) await call(server, undefined, 'GET', `/api/index_product/${changing.uuid}`);
    // As an order or a payment does: the figure and its change stamp, which each process polls.
    const changedAt = Date.now();
    await store.use(({ db }) =>
      db
        .update(products)
        .set({ realStock: 4321, stockChangedAt: sql`clock_timestamp()` })
        .where(eq(products.id, changing.id)),
    );
    const seen = await seenByBoth((p) => p.real_stock === 4321, changedAt, deadlineMs);
    expect(seen.size, `seen after ${JSON.stringify([...seen])} ms`).toBe(servers.length);
  });

  it(`shows a catalogue change made as the console makes it in both processes within ${deadlineMs} ms`, async () => {
    // withCatalogueChange's way: the change, the version bumped and every process told, in one transaction.
    const changedAt = Date.now();
    await store.use(({ db }) =>
      db.transaction(async (tx) => {
        await tx.update(products).set({ enName: 'Renamed Elsewhere' }).where(eq(products.id, changing.id));
        const version = await bumpCatalogueVersion(tx);
        await notifyOnCommit(tx, { kind: 'change', version, products: [changing.id] });
      }),
    );
    const seen = await seenByBoth((p) => p.en_name === 'Renamed Elsewhere', changedAt, deadlineMs);
    expect(seen.size, `seen after ${JSON.stringify([...seen])} ms`).toBe(servers.length);
  });

  it('shows a catalogue change nobody announced (version bumped by hand) in both processes by their poll', async () => {
    // No message: each process finds the new version on its next poll and reloads the whole
    // catalogue, which takes longer than a patch; it must come without a restart.
    const changedAt = Date.now();
    await store.use(({ db }) =>
      db.transaction(async (tx) => {
        await tx.update(products).set({ enName: 'Renamed By Hand' }).where(eq(products.id, changing.id));
        await bumpCatalogueVersion(tx);
      }),
    );
    const seen = await seenByBoth((p) => p.en_name === 'Renamed By Hand', changedAt, POLL_DEADLINE_MS);
    expect(seen.size, `seen after ${JSON.stringify([...seen])} ms`).toBe(servers.length);
  });
});
