import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MixRun, runMix, summarize, type World } from '../../bench/lib/load-mix';
import {
  auditCheckouts,
  prepareWorld,
  type RssSample,
  rssFirstAndLast,
  stockUp,
  watchRss,
} from '../../bench/lib/load-world';
import { type Shop, startShop } from '../../bench/lib/shop';
import { SmtpCatcher } from '../fakes/smtp-catcher';
import { type FaultDatabase, faultDatabase } from '../fault/fault-database';

/**
 * Load, short mode: the bench's mix — 80% browsing, 15% cart, 5% checkout and
 * payment — for 20 s at a modest rate against the real server process, on PGlite files (or on
 * PostgreSQL with TEST_DATABASE_URL). It checks what does not depend on the machine's speed; the
 * latency figures are `npm run bench load`'s.
 */
const RATE = Number(process.env.LOAD_TEST_RATE) || 20;
const SECONDS = 20;
/** The first and the last this long of the run, for its memory. */
const RSS_WINDOW_MS = 5_000;
const WARMUP_SECONDS = 5;
const SHOPPERS = 10;

let database: FaultDatabase;
let catcher: SmtpCatcher;
let shop: Shop | undefined;
let world: World;
let run: MixRun;
let rss: RssSample[];

beforeAll(async () => {
  database = await faultDatabase();
  await database.use(stockUp);
  catcher = new SmtpCatcher();
  const smtp = await catcher.start();
  shop = await startShop({
    env: { DATABASE_URL: undefined, ...database.settings, SMTP_URL: smtp, PAYMENTS: 'sandbox', SEED: 'none' },
  });
  world = await prepareWorld(shop.url, catcher, { shoppers: SHOPPERS, sockets: 16 });
  // On a fresh clone the shop is built first (pictures, the seeded dump, the web app): minutes.
}, 600_000);

afterAll(async () => {
  world?.client.close();
  await shop?.stop();
  await catcher?.stop();
  await database?.drop();
});

describe(`${SECONDS} s of the load mix at ${RATE} actions/s`, () => {
  it('answers every call without an error', async () => {
    await runMix(world, { rate: RATE, seconds: WARMUP_SECONDS, seed: 7 });
    const watch = watchRss(shop?.child.proc.pid ?? 0);
    run = await runMix(world, { rate: RATE, seconds: SECONDS });
    rss = watch.stop();
    const s = summarize(run);
    // Figures for the reader, not checked: the machine's speed is the bench's business.
    console.log(
      `load mix: ${run.actions} actions (${run.requests} requests) in ${SECONDS} s, p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms`,
    );
    if (run.failures.size > 0) console.log(`server output:\n${shop?.child.output()}`);

    expect(Object.fromEntries(run.failures)).toEqual({});
    expect(run.serverErrors).toBe(0);
    expect(run.missed).toBe(0);
    // Every group of the mix took part.
    expect(run.latencies.browse.length).toBeGreaterThan(run.latencies.cart.length);
    expect(run.latencies.cart.length).toBeGreaterThan(0);
    expect(run.latencies.checkout.length).toBeGreaterThan(0);
  }, 150_000);

  it(`keeps its memory: the last ${RSS_WINDOW_MS / 1000} s RSS under 1.5× the first`, () => {
    expect(rss.length).toBeGreaterThan(SECONDS / 2);
    const { first, last } = rssFirstAndLast(rss, RSS_WINDOW_MS);
    expect(last).toBeLessThan(1.5 * first);
  });

  it('paid every order it placed exactly once and took its stock once', async () => {
    await shop?.stop();
    const audit = await database.use((d) => auditCheckouts(d, world));
    expect(audit.placed).toBeGreaterThan(0);
    expect(audit).toEqual({
      placed: audit.placed,
      stored: audit.placed,
      unpaid: [],
      paymentsOff: [],
      unpaidAfterFailure: 0,
      expiredAfterFailure: 0,
      unexpected: [],
      lost: [],
      stockTaken: audit.placed,
    });
  }, 30_000);
});
