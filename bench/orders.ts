/**
 * Order placement (docs/architecture.md §9): 20 shoppers, signed up over HTTP, each with an address and two
 * cart lines of well-stocked products, place orders in a loop against the real server for a fixed
 * time; then 200 orders at once race for the last 50 units of a third product; then the
 * long-history phase (lib/history-phase.ts): checkouts of shoppers with 1,000 orders each against
 * new shoppers', on two more products. On PGlite files, and on PostgreSQL: a cluster of its own
 * on the server's core when PostgreSQL's binaries are here (lib/postgres.ts), else a fresh
 * database on 127.0.0.1:5432, dropped afterwards. ORDERS_DATABASES=pglite or postgres runs one of
 * the two.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inArray } from 'drizzle-orm';
import { systemClock } from '#server/clock';
import type { Config } from '#server/config';
import { openDatabase } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';
import { products } from '#server/db/schema';
import { bumpCatalogueVersion } from '#server/modules/catalogue/catalogue.changes';
import { SmtpCatcher } from '../tests/fakes/smtp-catcher';
import { ADDRESS } from '../tests/helpers/forms';
import { pinSelf } from './lib/children';
import {
  describePhase,
  HISTORY_ORDERS,
  HISTORY_TARGET,
  makePhaseShoppers,
  type PhaseGroups,
  type PhaseResult,
  rateOf,
  runHistoryPhase,
} from './lib/history-phase';
import { PLENTY, signUp } from './lib/load-world';
import { firstOnSale } from './lib/long-history';
import { postgresForOneCore } from './lib/postgres';
import { type LastRecorded, lastRecorded } from './lib/recorded';
import type { PartResult, Target } from './lib/report';
import { startShop } from './lib/shop';
import { dataOf, messageOf, ShopClient } from './lib/shop-client';
import { fmtInt, fmtMs, percentile } from './lib/stats';
import { SERVER_CPU, WRK_CPU } from './lib/wrk';
import { prng } from './search/catalogue';

const SHOPPERS = 20;
const WARMUP_MS = 3_000;
const MEASURE_MS = 15_000;
/** The race: this many units left, and this many one-unit orders at once (10 per shopper). */
const LAST_UNITS = 50;
const RACE_ORDERS = 200;
/** The p95 budget of orders at a sustained rate, as the load bench's (docs/architecture.md §9). */
const P95_BUDGET_MS = 300;
/**
 * The paced phase: orders arrive at this share of the loop's rate, for this long. A closed loop
 * keeps all 20 shoppers' orders in flight, so its latency is 20 over the rate whatever the shop
 * does (Little's law); latency is measured where the shop keeps up, as the load bench does at 70%
 * of the highest rate that held.
 */
const PACED_SHARE = 0.7;
const PACED_MS = 15_000;

interface Shopper {
  token: string;
  address: string;
  /** Cart line ids of the two plentiful products, then of the scarce one. */
  lines: number[];
}

/** A signed-up shopper with an address and a cart: plenty of the two products, 10 of the scarce one. */
async function newShopper(
  client: ShopClient,
  catcher: SmtpCatcher,
  n: number,
  uuids: string[],
): Promise<Shopper> {
  const token = await signUp(client, catcher, n);
  const address = dataOf<{ uuid: string }>(
    await client.call('POST', '/api/address', ADDRESS, token),
    'address',
  );
  const lines: number[] = [];
  for (const [i, uuid] of uuids.entries()) {
    const amount = i < 2 ? 99_999 : RACE_ORDERS / SHOPPERS;
    const change = dataOf<{ item: { id: number } }>(
      await client.call('POST', '/api/cart', { uuid, amount }, token),
      'add to cart',
    );
    lines.push(change.item.id);
  }
  return { token, address: address.uuid, lines };
}

function orderForm(shopper: Shopper, lineIds: number[]): Record<string, string | number> {
  const form: Record<string, string | number> = { uuid: shopper.address, coupon: '' };
  lineIds.forEach((id, i) => {
    form[`items[${i}][id]`] = id;
    form[`items[${i}][num]`] = 1;
  });
  return form;
}

interface LoopResult {
  times: number[];
  failures: Map<string, number>;
}

/** Every shopper orders one unit of each plentiful product, again and again, until `ms` have passed. */
async function orderLoop(client: ShopClient, shoppers: Shopper[], ms: number): Promise<LoopResult> {
  const deadline = performance.now() + ms;
  const times: number[] = [];
  const failures = new Map<string, number>();
  const loop = async (shopper: Shopper) => {
    const form = orderForm(shopper, shopper.lines.slice(0, 2));
    while (performance.now() < deadline) {
      const started = performance.now();
      const answer = await client.call('POST', '/api/order', form, shopper.token);
      if (answer.status === 200) times.push(performance.now() - started);
      else {
        const key = `${answer.status} ${messageOf(answer.text)}`;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    }
  };
  await Promise.all(shoppers.map(loop));
  return { times: times.sort((a, b) => a - b), failures };
}

/**
 * Orders arriving at `rate` per second (Poisson, seeded) for `ms`, each placed by a shopper with no
 * order in flight (the next free one, in arrival order); latency counted from its arrival, so time
 * spent waiting for a shopper, when the shop falls behind, counts too.
 */
async function pacedOrders(
  client: ShopClient,
  shoppers: Shopper[],
  rate: number,
  ms: number,
): Promise<LoopResult> {
  const rnd = prng(7);
  const times: number[] = [];
  const failures = new Map<string, number>();
  const free = [...shoppers];
  const waiting: ((shopper: Shopper) => void)[] = [];
  const acquire = () =>
    new Promise<Shopper>((resolve) => {
      const shopper = free.pop();
      if (shopper) resolve(shopper);
      else waiting.push(resolve);
    });
  const release = (shopper: Shopper) => {
    const next = waiting.shift();
    if (next) next(shopper);
    else free.push(shopper);
  };
  const placed: Promise<void>[] = [];
  const start = performance.now();
  for (let due = start; due < start + ms; due += (-Math.log(1 - rnd()) * 1000) / rate) {
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const arrived = due;
    placed.push(
      acquire().then(async (shopper) => {
        try {
          const form = orderForm(shopper, shopper.lines.slice(0, 2));
          const answer = await client.call('POST', '/api/order', form, shopper.token);
          if (answer.status === 200) times.push(performance.now() - arrived);
          else {
            const key = `${answer.status} ${messageOf(answer.text)}`;
            failures.set(key, (failures.get(key) ?? 0) + 1);
          }
        } finally {
          release(shopper);
        }
      }),
    );
  }
  await Promise.all(placed);
  return { times: times.sort((a, b) => a - b), failures };
}

/** 200 one-unit orders of the scarce product at once; how many succeed and how the rest answer. */
async function raceForLastUnits(client: ShopClient, shoppers: Shopper[]) {
  const perShopper = RACE_ORDERS / SHOPPERS;
  const answers = await Promise.all(
    shoppers.flatMap((s) =>
      Array.from({ length: perShopper }, () =>
        client.call('POST', '/api/order', orderForm(s, s.lines.slice(2)), s.token),
      ),
    ),
  );
  return {
    placed: answers.filter((a) => a.status === 200).length,
    others: [...new Set(answers.filter((a) => a.status !== 200).map((a) => a.status))],
  };
}

/**
 * Migrations and the demo seed, then the first five products on sale get their stock: the loop's
 * two plenty, the race's one LAST_UNITS, the history phase's two plenty; and the history phase's
 * shoppers are made (with their past orders). The seed itself is not changed. Answers the five
 * products and the phase's shoppers.
 */
async function prepare(
  database: Config['database'],
): Promise<{ picked: { id: number; uuid: string }[]; groups: PhaseGroups }> {
  const opened = await openDatabase(database);
  try {
    await prepareDatabase(opened, { seed: 'demo' }, systemClock);
    const picked = await firstOnSale(opened.db, 5);
    if (picked.length < 5) throw new Error('the demo catalogue has fewer than 5 products on sale');
    const ids = picked.map((p) => p.id);
    await opened.db.transaction(async (tx) => {
      await tx
        .update(products)
        .set({ realStock: PLENTY })
        .where(inArray(products.id, [...ids.slice(0, 2), ...ids.slice(3)]));
      await tx
        .update(products)
        .set({ realStock: LAST_UNITS })
        .where(inArray(products.id, ids.slice(2, 3)));
      await bumpCatalogueVersion(tx);
    });
    return { picked, groups: await makePhaseShoppers(opened, SHOPPERS, ids) };
  } finally {
    await opened.close();
  }
}

interface DatabaseRun {
  label: string;
  loop: LoopResult;
  /** Orders at PACED_SHARE of the loop's rate. */
  paced: LoopResult & { rate: number };
  race: Awaited<ReturnType<typeof raceForLastUnits>> & { stockLeft: number };
  history: PhaseResult;
  /** Units of the first plentiful product gone from stock minus orders placed: 0 when all add up. */
  stockMismatch: number;
}

/** The shop on this database, every thread of it on core 0 (startShop checks), with its mail caught; `use` gets its URL. */
async function withShop<T>(
  dataDir: string,
  databaseUrl: string | undefined,
  use: (url: string, catcher: SmtpCatcher) => Promise<T>,
): Promise<T> {
  const catcher = new SmtpCatcher();
  const smtp = await catcher.start();
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SMTP_URL: smtp, PAYMENTS: 'sandbox' };
    const shop = await startShop({ cpu: SERVER_CPU, env: { ...env, SEED: 'demo' } });
    try {
      return await use(shop.url, catcher);
    } catch (err) {
      // A failed call says little by itself (fetch failed): add why, and what the server said.
      const cause = err instanceof Error && err.cause ? ` (${String(err.cause)})` : '';
      throw new Error(`${String(err)}${cause}; the server's last output:\n${shop.child.output()}`);
    } finally {
      await shop.stop();
    }
  } finally {
    await catcher.stop();
  }
}

/** Stock of these products as the database has it (read after the shop has stopped). */
async function stockOf(database: Config['database'], ids: number[]): Promise<Map<number, number>> {
  const opened = await openDatabase(database);
  try {
    const rows = await opened.db
      .select({ id: products.id, stock: products.realStock })
      .from(products)
      .where(inArray(products.id, ids));
    return new Map(rows.map((r) => [r.id, r.stock]));
  } finally {
    await opened.close();
  }
}

/** One database: prepare it, make the shoppers, the order loop and the race, then check the stock. */
async function runOn(label: string, dataDir: string, databaseUrl?: string): Promise<DatabaseRun> {
  const database: Config['database'] = databaseUrl
    ? { kind: 'postgres', url: databaseUrl }
    : { kind: 'files', dir: join(dataDir, 'db') };
  const { picked, groups } = await prepare(database);
  const uuids = picked.map((p) => p.uuid);
  const { warm, loop, paced, race, history } = await withShop(dataDir, databaseUrl, async (url, catcher) => {
    // A socket for each order of the race, so all of them are in flight at once.
    const client = new ShopClient(url, RACE_ORDERS);
    // A few at a time, as bench/lib/load-world.ts does: each sign-up and sign-in hashes a password
    // on the server's one core, and twenty at once left the last waiting past the client's timeout.
    const shoppers: Shopper[] = [];
    for (let n = 0; n < SHOPPERS; n += 4) {
      const batch = Array.from({ length: Math.min(4, SHOPPERS - n) }, (_, i) =>
        newShopper(client, catcher, n + i + 1, uuids),
      );
      shoppers.push(...(await Promise.all(batch)));
    }
    // The shoppers (this process) run on the other core than the server, as wrk does.
    const unpin = pinSelf(String(WRK_CPU));
    try {
      const warm = await orderLoop(client, shoppers, WARMUP_MS);
      const loop = await orderLoop(client, shoppers, MEASURE_MS);
      const rate = (loop.times.length / MEASURE_MS) * 1000 * PACED_SHARE;
      const paced = { ...(await pacedOrders(client, shoppers, rate, PACED_MS)), rate };
      const race = await raceForLastUnits(client, shoppers);
      return { warm, loop, paced, race, history: await runHistoryPhase(client, groups, uuids.slice(3)) };
    } finally {
      unpin();
      client.close();
    }
  });
  const stock = await stockOf(
    database,
    picked.map((p) => p.id),
  );
  const [plenty, , scarce] = picked.map((p) => stock.get(p.id) ?? Number.NaN);
  return {
    label,
    loop,
    paced,
    race: { ...race, stockLeft: scarce ?? Number.NaN },
    history,
    stockMismatch: PLENTY - (plenty ?? 0) - warm.times.length - loop.times.length - paced.times.length,
  };
}

const ratePerSecond = (run: DatabaseRun) => (run.loop.times.length / MEASURE_MS) * 1000;

function rowOf(run: DatabaseRun, recorded: LastRecorded): string[] {
  const { times, failures } = run.loop;
  const failed = [...failures.values()].reduce((a, b) => a + b, 0);
  return [
    run.label,
    String(SHOPPERS),
    fmtInt(times.length),
    ratePerSecond(run).toFixed(1),
    fmtMs(percentile(times, 50)),
    fmtMs(percentile(times, 95)),
    fmtMs(times[times.length - 1] ?? 0),
    `${fmtMs(percentile(run.paced.times, 95))} at ${run.paced.rate.toFixed(1)}/s`,
    String(failed),
    `${run.race.placed} of ${RACE_ORDERS}`,
    recorded.figuresFor(run.label),
  ];
}

function historyTarget(run: DatabaseRun): Target {
  const { history } = run;
  const ratio = rateOf(history.long) / rateOf(history.fresh);
  const failed = [...history.failures].map(([why, n]) => `${n}× ${why}`).join('; ');
  return {
    name: `${run.label}: checkouts/s of shoppers with ${fmtInt(HISTORY_ORDERS)} orders each ≥ ${HISTORY_TARGET}× new shoppers', none failed`,
    status: ratio >= HISTORY_TARGET && history.failures.size === 0 ? 'met' : 'not met',
    figure: `${ratio.toFixed(2)}×: ${describePhase(history, fmtMs)}${failed ? `; failed: ${failed}` : ''}`,
  };
}

function targetsOf(run: DatabaseRun): Target[] {
  const { race, loop, paced } = run;
  const raceOk = race.placed === LAST_UNITS && race.stockLeft === 0 && race.others.every((s) => s === 409);
  const p95 = percentile(paced.times, 95);
  const failed = [...loop.failures, ...paced.failures];
  return [
    {
      name: `${run.label}: orders at ${PACED_SHARE * 100}% of the loop's rate, p95 < ${P95_BUDGET_MS} ms`,
      status: p95 < P95_BUDGET_MS ? 'met' : 'not met',
      figure: `${fmtMs(p95)} at ${paced.rate.toFixed(1)} orders/s (the loop, 20 in flight: p95 ${fmtMs(percentile(loop.times, 95))} at ${ratePerSecond(run).toFixed(1)}/s)`,
    },
    {
      name: `${run.label}: ${RACE_ORDERS} orders at once for ${LAST_UNITS} units: exactly ${LAST_UNITS} placed, stock 0, only 409s`,
      status: raceOk ? 'met' : 'not met',
      figure: `${race.placed} placed, stock ${race.stockLeft}, other answers ${race.others.join('/') || 'none'}`,
    },
    {
      name: `${run.label}: every order of the loop placed, stock taken = units ordered`,
      status: failed.length === 0 && run.stockMismatch === 0 ? 'met' : 'not met',
      figure:
        failed.length === 0
          ? `${fmtInt(loop.times.length + paced.times.length)} placed; stock differs by ${run.stockMismatch}`
          : failed.map(([why, n]) => `${n}× ${why}`).join('; '),
    },
    historyTarget(run),
  ];
}

export async function runOrders(): Promise<PartResult> {
  const rows: string[][] = [];
  const targets: Target[] = [];
  const notes: string[] = [];
  // Read before this run's section replaces it.
  const recorded = lastRecorded('orders', 'orders/s');
  const rates: { pglite?: number; postgres?: number } = {};
  let postgresWhere = 'not run';
  const only = process.env.ORDERS_DATABASES;
  const dir = mkdtempSync(join(tmpdir(), 'bench-orders-'));
  try {
    if (only !== 'postgres') {
      const pglite = await runOn('PGlite files (DATA_DIR/db)', join(dir, 'pglite'));
      rows.push(rowOf(pglite, recorded));
      targets.push(...targetsOf(pglite));
      rates.pglite = ratePerSecond(pglite);
    }
    const postgres = only === 'pglite' ? undefined : await postgresForOneCore('bench_orders', SERVER_CPU);
    if (postgres) {
      postgresWhere = postgres.where;
      try {
        const label = `PostgreSQL ${postgres.version}`;
        const run = await runOn(label, join(dir, 'postgres'), postgres.url);
        rows.push(rowOf(run, recorded));
        targets.push(...targetsOf(run));
        rates.postgres = ratePerSecond(run);
      } finally {
        await postgres.drop();
      }
    } else if (only !== 'pglite') {
      targets.push({
        name: 'PostgreSQL run',
        status: 'skipped',
        figure:
          'no PostgreSQL binaries found, and none answered at 127.0.0.1:5432 (user postgres, trust auth)',
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  targets.push(recorded.shareTarget('orders/s', rates));
  notes.push(
    `${SHOPPERS} shoppers signed up over HTTP (codes through a local SMTP catcher), each with an address and two cart lines; each orders one unit of both lines in a loop (POST /api/order, form data), ${WARMUP_MS / 1000} s warm-up then ${MEASURE_MS / 1000} s measured; latency is per successful order. Then orders arrive at ${PACED_SHARE * 100}% of the loop's rate (Poisson) for ${PACED_MS / 1000} s, each placed by a shopper with none in flight, latency from its arrival (paced p95): the loop keeps ${SHOPPERS} orders in flight, so its own p95 is about ${SHOPPERS} over its rate. Server: node dist/server/server.js with every thread (event loop, V8's and libuv's; PGlite runs on the main thread on one core) pinned to core ${SERVER_CPU} (\`taskset -c ${SERVER_CPU}\`, checked as it opens); shoppers (this process) on core ${WRK_CPU}. PostgreSQL: ${postgresWhere}. The first three products on sale get stock ${fmtInt(PLENTY)}, ${fmtInt(PLENTY)} and ${LAST_UNITS} before the server starts.`,
    `Last recorded (column): ${recorded.when}, from bench/RESULTS.md's previous section, read before this run replaced it.`,
    `Long-history phase: before the server starts, ${SHOPPERS} new shoppers and ${SHOPPERS} with ${fmtInt(HISTORY_ORDERS)} past orders each (written in bulk: two lines, timeline, mails, a card payment for the paid ones; bench/lib/long-history.ts) are made in the database; each gets an address and cart lines of the fourth and fifth products over HTTP, then checks out in a loop (place an order for one unit of each, pay it with the sandbox's approved card). 2 s warm-up per group, then four 4 s turns (new, long, long, new); checkouts/s per group over its turns, and their ratio.`,
  );
  return {
    id: 'orders',
    title: 'Order placement, 20 concurrent shoppers',
    columns: [
      'database',
      'shoppers',
      'orders',
      'orders/s',
      'median',
      'p95',
      'max',
      'paced p95',
      'failed',
      'race: placed',
      'last recorded',
    ],
    rows,
    targets,
    notes,
  };
}
