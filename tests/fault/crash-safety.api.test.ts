import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { cartLines, orderLines, orders, payments, products } from '#server/db/schema';
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
  submitPage,
} from './shop-process';

/**
 * Shoppers check out and pay (card or wallet, sandbox gateways) all at once while
 * the real server process is killed with SIGKILL and restarted on the same data, twice (PGlite files
 * by default, PostgreSQL with TEST_DATABASE_URL). Afterwards the database must show
 * every order's stock taken exactly once, no stock taken without an order, no order paid twice,
 * sold counts equal to what was paid, and every cart line either still there or ordered.
 * Connections refused or cut by the kills are retried, as a shopper presses the button again.
 */

const SHOPPERS = 100;
const STOCK = 60;
const APPROVES = '4111111111111111';
const DECLINES = '4000000000000002';

interface Product {
  id: number;
  stock: number;
  sold: number;
}

let store: FaultDatabase;
let shop: ShopProcess | undefined;
let port: number;
let ordered: Product[];
let kept: Product;
let shoppers: FaultShopper[];

beforeAll(async () => {
  store = await faultDatabase();
  port = await freePort();
  await store.use(async (database) => {
    const rows = await plainProducts(database, 7);
    await database.db
      .update(products)
      .set({ realStock: STOCK })
      .where(
        inArray(
          products.id,
          rows.map((r) => r.id),
        ),
      );
    const initial = await productFigures(
      database,
      rows.map((r) => r.id),
    );
    ordered = initial.slice(0, 6);
    kept = initial[6] as Product;
    // Three lines of two to order from (one unit of the second stays), one line never ordered.
    shoppers = await makeShoppers(database, SHOPPERS, (i) => [
      [ordered[i % 6]?.id ?? 0, 2],
      [ordered[(i + 1) % 6]?.id ?? 0, 2],
      [ordered[(i + 2) % 6]?.id ?? 0, 2],
      [kept.id, 1],
    ]);
  });
  shop = await startShopProcess(port, { ...store.settings, ...BEHIND_LOCAL_PROXY });
}, 120_000);

afterAll(async () => {
  await shop?.kill();
  await store?.drop();
});

async function productFigures(database: Database, ids: number[]): Promise<Product[]> {
  return database.db
    .select({ id: products.id, stock: products.realStock, sold: products.soldCount })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(products.id);
}

/** What the shoppers were told: these answers must hold whatever happened after them. */
const told = { orders: new Set<string>(), paid: new Set<string>() };
const traffic = {
  answered: 0,
  connectionErrors: 0,
  serverErrors: [] as string[],
  unexpected: [] as string[],
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Shoppers send only while the gate is open. It closes as the server is killed and opens once the
 * test has seen the new server answer, so no shopper runs ahead while the test waits for the
 * restart: how far the traffic has got at each kill is counted in answers, never in time.
 */
const gate = { opened: Promise.resolve(), open: () => {} };
function closeGate(): void {
  gate.opened = new Promise<void>((resolve) => {
    gate.open = resolve;
  });
}

/** A shopper's call, repeated until the server answers (a kill cuts it off or refuses it). */
async function call(
  s: FaultShopper,
  method: 'GET' | 'POST',
  path: string,
  form?: Record<string, string | number>,
) {
  for (;;) {
    await gate.opened;
    const answer = await send(`http://127.0.0.1:${port}`, s.token, method, path, form, clientOf(s));
    if (answer) {
      traffic.answered++;
      if (answer.status >= 500)
        traffic.serverErrors.push(`${method} ${path}: ${JSON.stringify(answer.body)}`);
      return answer;
    }
    traffic.connectionErrors++;
    await sleep(150);
  }
}

function expectStatus(answer: Answer, allowed: number[], what: string): void {
  if (!allowed.includes(answer.status))
    traffic.unexpected.push(`${what}: ${answer.status} ${answer.body?.message}`);
}

/** Pays with each card in turn until one is approved; a 409 (paid, expired, attempt in flight) ends it. */
async function pay(s: FaultShopper, orderNo: string, cards: string[]): Promise<void> {
  for (const card of cards) {
    const form = { order: orderNo, card, date: '12/30', code: '123', ...BILLING };
    const answer = await call(s, 'POST', '/api/authorize/pay', form);
    expectStatus(answer, [200, 409], 'pay');
    const data = answer.body?.data as { status?: number } | undefined;
    if (answer.status !== 200) return;
    if (data?.status === 2) {
      told.paid.add(orderNo);
      return;
    }
  }
}

/**
 * Pays through the sandbox wallet: starts an attempt, then presses "Pay" on its page, which hands
 * the signed notification to the shop. A link works once: pressed again after a cut connection it
 * answers 410 (used), and an unknown one 404; the shopper then starts a new attempt, as they would
 * from the pay screen (which answers 409 when the first press did pay the order).
 */
async function payByWallet(s: FaultShopper, orderNo: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const started = await call(s, 'POST', '/api/yuansfer/pay', {
      reference: orderNo,
      vendor: 'alipay',
      terminal: 'ONLINE',
    });
    expectStatus(started, [200, 409], 'wallet start');
    const url = (started.body?.data as { url?: string } | undefined)?.url;
    if (started.status !== 200 || !url) return;
    let pressed: number | undefined;
    while (pressed === undefined) {
      await gate.opened;
      pressed = await submitPage(url, { outcome: 'paid' });
      if (pressed === undefined) {
        traffic.connectionErrors++;
        await sleep(150);
      }
    }
    traffic.answered++;
    if (pressed >= 500) traffic.serverErrors.push(`wallet page: ${pressed}`);
    if (pressed === 404 || pressed === 410) continue;
    if (pressed !== 303) traffic.unexpected.push(`wallet page: ${pressed}`);
    const order = await call(s, 'GET', `/api/order/${orderNo}`);
    expectStatus(order, [200], 'order');
    if ((order.body?.data as { status?: number } | undefined)?.status === ORDER_STATUS.processing)
      told.paid.add(orderNo);
    return;
  }
}

/**
 * Three orders from the cart, each paid at once: most by card (some declined first), some through
 * the wallet, some left unpaid. An order call repeated after a cut connection may find its line
 * gone (404) or too small (400), or the stock gone (409): answers, not losses.
 */
async function checkOut(s: FaultShopper, i: number): Promise<void> {
  const line = (k: number) => s.lines.get(ordered[(i + k) % 6]?.id ?? 0)?.id ?? 0;
  const plans: Record<string, number>[] = [
    { 'items[0][id]': line(0), 'items[0][num]': 1, 'items[1][id]': line(1), 'items[1][num]': 1 },
    { 'items[0][id]': line(2), 'items[0][num]': 2 },
    { 'items[0][id]': line(0), 'items[0][num]': 1 },
  ];
  for (const [k, items] of plans.entries()) {
    const placed = await call(s, 'POST', '/api/order', { uuid: s.addressUuid, coupon: '', ...items });
    expectStatus(placed, [200, 400, 404, 409], 'order');
    if (placed.status !== 200) continue;
    const orderNo = placed.body?.data as string;
    told.orders.add(orderNo);
    const way = (i + k) % 5;
    if (way === 4) continue;
    if (way === 3) await payByWallet(s, orderNo);
    else await pay(s, orderNo, way === 0 ? [DECLINES, APPROVES] : [APPROVES]);
  }
}

/** Waits until `enough` answers have come back (or every shopper is done) and kills the server. */
async function killAfter(enough: number, done: () => boolean): Promise<boolean> {
  while (traffic.answered < enough && !done()) await sleep(20);
  const midTraffic = !done();
  closeGate();
  await shop?.kill();
  shop = undefined;
  return midTraffic;
}

interface FinalState {
  products: Product[];
  orders: {
    id: number;
    orderNo: string;
    userId: number;
    status: number;
    paidAt: Date | null;
    paymentStartedAt: Date | null;
  }[];
  items: { orderId: number; productId: number; num: number }[];
  payments: { orderId: number; kind: string; status: string; createdAt: Date }[];
  cart: { userId: number; productId: number; amount: number }[];
}
let final: FinalState | undefined;
const kills: { midTraffic: boolean; at: Date }[] = [];
const overdue = new Set<number>();

describe('crash safety: SIGKILL mid-checkout, twice', () => {
  it(`${SHOPPERS} shoppers order and pay through two kills and restarts; none sees a 5xx`, {
    timeout: 240_000,
  }, async () => {
    let finished = 0;
    const done = () => finished === SHOPPERS;
    const runs = shoppers.map((s, i) =>
      checkOut(s, i).finally(() => {
        finished++;
      }),
    );
    // About six answers per shopper: the first kill comes a fifth of the way in, the second later.
    const expected = SHOPPERS * 6;

    kills.push({ midTraffic: await killAfter(expected * 0.2, done), at: new Date() });
    // While it is down: some pending orders pass their ten minutes, as if the restart took that long.
    await store.use(async (database) => {
      const moved = await database.db
        .update(orders)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(and(eq(orders.status, ORDER_STATUS.pending), sql`${orders.id} % 2 = 0`))
        .returning({ id: orders.id });
      for (const o of moved) overdue.add(o.id);
    });
    shop = await startShopProcess(port, { ...store.settings, ...BEHIND_LOCAL_PROXY });
    const second = traffic.answered + expected * 0.25;
    gate.open();

    kills.push({ midTraffic: await killAfter(second, done), at: new Date() });
    shop = await startShopProcess(port, { ...store.settings, ...BEHIND_LOCAL_PROXY });
    gate.open();
    await Promise.all(runs);
    // Each shopper looks at their orders: overdue ones expire on reading.
    await Promise.all(
      shoppers.map(async (s) => expectStatus(await call(s, 'GET', '/api/order'), [200], 'orders')),
    );
    await shop.stop();
    shop = undefined;

    expect(kills.map((k) => k.midTraffic)).toEqual([true, true]);
    expect(traffic.connectionErrors).toBeGreaterThan(0);
    expect(traffic.serverErrors).toEqual([]);
    expect(traffic.unexpected).toEqual([]);
    final = await store.use(readFinalState);
  });

  it('keeps every order and payment the shoppers were told about', () => {
    const state = need(final);
    const byNo = new Map(state.orders.map((o) => [o.orderNo, o]));
    expect([...told.orders].filter((no) => !byNo.has(no))).toEqual([]);
    expect([...told.paid].filter((no) => byNo.get(no)?.status !== ORDER_STATUS.processing)).toEqual([]);
    expect(told.paid.size).toBeGreaterThan(0);
  });

  it('takes each order’s stock exactly once and gives back that of cancelled orders', () => {
    const state = need(final);
    const statusOf = new Map(state.orders.map((o) => [o.id, o.status]));
    const held = new Map<number, number>();
    for (const item of state.items) {
      if (statusOf.get(item.orderId) === ORDER_STATUS.cancelled) continue;
      held.set(item.productId, (held.get(item.productId) ?? 0) + item.num);
    }
    const balance = state.products.map((p) => ({ id: p.id, stock: p.stock + (held.get(p.id) ?? 0) }));
    expect(balance).toEqual([...ordered, kept].map((p) => ({ id: p.id, stock: p.stock })));
    expect(state.orders.some((o) => o.status === ORDER_STATUS.cancelled)).toBe(true);
    for (const o of state.orders) expect([1, 2, 5]).toContain(o.status);
  });

  it('expires the overdue orders, but for those whose payment attempt a kill cut off', () => {
    const state = need(final);
    const lastKill = kills.at(-1)?.at.getTime() ?? 0;
    // Expiry waits for an attempt under way (at most PAYMENT_SLOT_MS), so a charge the gateway
    // approved never meets a cancelled order; an attempt cut off by a kill holds its order that long.
    const cutOff = (o: FinalState['orders'][number]) =>
      o.paymentStartedAt !== null && o.paymentStartedAt.getTime() <= lastKill;
    const stillPending = state.orders.filter((o) => overdue.has(o.id) && o.status === ORDER_STATUS.pending);
    expect(stillPending.filter((o) => !cutOff(o))).toEqual([]);
    expect(overdue.size).toBeGreaterThan(0);
    expect(
      state.orders.filter((o) => overdue.has(o.id) && o.status === ORDER_STATUS.cancelled).length,
    ).toBeGreaterThan(0);
  });

  it('pays no order twice; the paid ones, and only they, count as sold', () => {
    const state = need(final);
    const succeeded = new Map<number, number>();
    for (const p of state.payments)
      if (p.status === 'succeeded') succeeded.set(p.orderId, (succeeded.get(p.orderId) ?? 0) + 1);
    const mismatched = state.orders.filter(
      (o) =>
        (succeeded.get(o.id) ?? 0) !== (o.status === ORDER_STATUS.processing ? 1 : 0) ||
        (o.paidAt !== null) !== (o.status === ORDER_STATUS.processing),
    );
    expect(mismatched).toEqual([]);
    const paidBy = new Set(state.payments.filter((p) => p.status === 'succeeded').map((p) => p.kind));
    expect([...paidBy].sort()).toEqual(['card', 'wallet']);
    const paid = new Set(state.orders.filter((o) => o.status === ORDER_STATUS.processing).map((o) => o.id));
    const sold = new Map<number, number>();
    for (const item of state.items)
      if (paid.has(item.orderId)) sold.set(item.productId, (sold.get(item.productId) ?? 0) + item.num);
    expect(state.products.map((p) => ({ id: p.id, sold: p.sold }))).toEqual(
      [...ordered, kept].map((p) => ({ id: p.id, sold: p.sold + (sold.get(p.id) ?? 0) })),
    );
    // An attempt left `started` can only be one a kill cut off.
    const lastKill = kills.at(-1)?.at.getTime() ?? 0;
    expect(state.payments.filter((p) => p.status === 'started' && p.createdAt.getTime() > lastKill)).toEqual(
      [],
    );
  });

  it('loses no cart line: what is not in the cart any more was ordered', () => {
    const state = need(final);
    const userOf = new Map(state.orders.map((o) => [o.id, o.userId]));
    const left = new Map(state.cart.map((c) => [`${c.userId}/${c.productId}`, c.amount]));
    const orderedBy = new Map<string, number>();
    for (const item of state.items) {
      const key = `${userOf.get(item.orderId)}/${item.productId}`;
      orderedBy.set(key, (orderedBy.get(key) ?? 0) + item.num);
    }
    const wrong = shoppers.flatMap((s) =>
      [...s.lines].flatMap(([productId, line]) => {
        const key = `${s.id}/${productId}`;
        const accounted = (left.get(key) ?? 0) + (orderedBy.get(key) ?? 0);
        return accounted === line.amount ? [] : [{ key, before: line.amount, accounted }];
      }),
    );
    expect(wrong).toEqual([]);
  });
});

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('the traffic did not finish');
  return value;
}

async function readFinalState(database: Database): Promise<FinalState> {
  const ids = [...ordered, kept].map((p) => p.id);
  const userIds = shoppers.map((s) => s.id);
  const theirOrders = await database.db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      userId: orders.userId,
      status: orders.status,
      paidAt: orders.paidAt,
      paymentStartedAt: orders.paymentStartedAt,
    })
    .from(orders)
    .where(inArray(orders.userId, userIds));
  const orderIds = theirOrders.map((o) => o.id);
  return {
    products: await productFigures(database, ids),
    orders: theirOrders,
    items: await database.db
      .select({ orderId: orderLines.orderId, productId: orderLines.productId, num: orderLines.num })
      .from(orderLines)
      .where(inArray(orderLines.orderId, orderIds.length ? orderIds : [0])),
    payments: await database.db
      .select({
        orderId: payments.orderId,
        kind: payments.kind,
        status: payments.status,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(inArray(payments.orderId, orderIds.length ? orderIds : [0])),
    cart: await database.db
      .select({ userId: cartLines.userId, productId: cartLines.productId, amount: cartLines.amount })
      .from(cartLines)
      .where(inArray(cartLines.userId, userIds)),
  };
}
