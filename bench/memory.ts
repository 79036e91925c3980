/**
 * Memory of the process `npm start` leaves (node scripts/start.js, PREBUILT=1), every thread of it
 * on core 0 as on the smallest machine a shop rents (one core, 1 GB): its RSS once the shop has
 * opened and sat idle, on a PGlite first start, a PGlite restart and PostgreSQL, with the demo
 * catalogue (264 products) and with 10,000; then its peak RSS under the load mix
 * (bench/lib/load-mix.ts) on a restarted PGlite shop.
 *
 * MEMORY_IDLE_SECONDS (default 30): how long the shop sits idle before its RSS is read.
 * MEMORY_LOAD_SECONDS (default 300) and MEMORY_LOAD_RATE (actions/s, default 150): the load run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { systemClock } from '#server/clock';
import type { Config } from '#server/config';
import { openDatabase } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';
import { SmtpCatcher } from '../tests/fakes/smtp-catcher';
import { pinSelf } from './lib/children';
import { positiveFromEnv } from './lib/env';
import { runMix, summarize } from './lib/load-mix';
import { prepareWorld, statusKb, stockUp } from './lib/load-world';
import { createPostgresDatabase } from './lib/postgres';
import { type PartResult, type Target, target } from './lib/report';
import { type Shop, startShop } from './lib/shop';
import { fmtInt, fmtMs } from './lib/stats';
import { SERVER_CPU, WRK_CPU } from './lib/wrk';
import { addSyntheticProducts } from './search-data';

const IDLE_BUDGET_MB = 300;
const FIRST_START_OVER_RESTART = 1.1;
const PEAK_BUDGET_MB = 700;
const DEMO_PRODUCTS = 264;
const LARGE_CATALOGUE = 10_000;
const SHOPPERS = 20;
const SAMPLE_MS = 250;

/** VmRSS and VmHWM (its peak so far) of a process, in MB. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  return { rss: statusKb(pid, 'VmRSS') / 1024, hwm: statusKb(pid, 'VmHWM') / 1024 };
}

/** `npm start` as a shop runs it, every thread on core 0. */
function startAsNpmStart(env: Record<string, string | undefined>, catcher?: string): Promise<Shop> {
  return startShop({
    cpu: SERVER_CPU,
    script: 'scripts/start.js',
    env: { PREBUILT: '1', SEED: 'demo', PAYMENTS: 'sandbox', SMTP_URL: catcher, ...env },
  });
}

interface Idle {
  label: string;
  products: number;
  rss: number;
  hwm: number;
  threads: number;
}

/** Starts the shop, leaves it idle for the idle time, reads its RSS, stops it. */
async function idleOf(
  label: string,
  products: number,
  env: Record<string, string | undefined>,
): Promise<Idle> {
  const shop = await startAsNpmStart(env);
  try {
    await sleep(positiveFromEnv('MEMORY_IDLE_SECONDS', 30) * 1000);
    const { rss, hwm } = memoryOf(shop.child.proc.pid ?? 0);
    console.log(
      `  ${label}, ${fmtInt(products)} products: ${rss.toFixed(0)} MB idle (peak ${hwm.toFixed(0)} MB)`,
    );
    return { label, products, rss, hwm, threads: shop.threads ?? 0 };
  } finally {
    await shop.stop();
  }
}

/** Prepares a database (demo, then synthetic products up to `products`) with no shop running. */
async function prepare(config: Config['database'], products: number): Promise<void> {
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database, { seed: 'demo' }, systemClock);
    if (products > DEMO_PRODUCTS) await addSyntheticProducts(database.db, products - DEMO_PRODUCTS);
    await stockUp(database);
  } finally {
    await database.close();
  }
}

interface Peak {
  rate: number;
  seconds: number;
  actions: number;
  p95: number;
  errors: number;
  before: number;
  peak: number;
  hwm: number;
  last: number;
}

/** The load mix at a fixed rate from core 1, the shop's RSS sampled every SAMPLE_MS. */
async function peakUnderLoad(dataDir: string): Promise<Peak> {
  const catcher = new SmtpCatcher();
  const smtp = await catcher.start();
  try {
    const shop = await startAsNpmStart({ DATA_DIR: dataDir }, smtp);
    try {
      const pid = shop.child.proc.pid ?? 0;
      const world = await prepareWorld(shop.url, catcher, { shoppers: SHOPPERS });
      const unpin = pinSelf(String(WRK_CPU));
      try {
        const before = memoryOf(pid).rss;
        let peak = before;
        const timer = setInterval(() => {
          peak = Math.max(peak, memoryOf(pid).rss);
        }, SAMPLE_MS);
        const rate = positiveFromEnv('MEMORY_LOAD_RATE', 150);
        const seconds = positiveFromEnv('MEMORY_LOAD_SECONDS', 300);
        console.log(`  load mix: ${seconds} s at ${rate}/s`);
        const run = await runMix(world, { rate, seconds, seed: 1 });
        clearInterval(timer);
        const { rss: last, hwm } = memoryOf(pid);
        const s = summarize(run);
        return { rate, seconds, actions: run.actions, p95: s.p95, errors: s.errors, before, peak, hwm, last };
      } finally {
        unpin();
        world.client.close();
      }
    } finally {
      await shop.stop();
    }
  } finally {
    await catcher.stop();
  }
}

const mb = (n: number) => `${n.toFixed(0)} MB`;

export async function runMemory(): Promise<PartResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-memory-'));
  const idle: Idle[] = [];
  const targets: Target[] = [];
  let peak: Peak | undefined;
  try {
    const demo = join(dir, 'demo');
    idle.push(await idleOf('PGlite first start', DEMO_PRODUCTS, { DATA_DIR: demo }));
    idle.push(await idleOf('PGlite restart', DEMO_PRODUCTS, { DATA_DIR: demo }));
    const large = join(dir, 'large');
    await prepare({ kind: 'files', dir: join(large, 'db') }, LARGE_CATALOGUE);
    idle.push(await idleOf('PGlite restart', LARGE_CATALOGUE, { DATA_DIR: large }));
    for (const products of [DEMO_PRODUCTS, LARGE_CATALOGUE]) {
      const postgres = await createPostgresDatabase('bench_memory');
      if (!postgres) {
        targets.push(target('PostgreSQL runs', false, 'no PostgreSQL answered at 127.0.0.1:5432'));
        break;
      }
      try {
        if (products > DEMO_PRODUCTS) await prepare({ kind: 'postgres', url: postgres.url }, products);
        const env = { DATA_DIR: join(dir, `postgres-${products}`), DATABASE_URL: postgres.url };
        idle.push(await idleOf(`PostgreSQL ${postgres.version}`, products, env));
      } finally {
        await postgres.drop();
      }
    }
    const loaded = join(dir, 'load');
    await prepare({ kind: 'files', dir: join(loaded, 'db') }, DEMO_PRODUCTS);
    peak = await peakUnderLoad(loaded);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const i of idle.filter((i) => i.label.startsWith('PGlite'))) {
    targets.push(
      target(
        `${i.label}, ${fmtInt(i.products)} products: idle RSS ≤ ${IDLE_BUDGET_MB} MB`,
        i.rss <= IDLE_BUDGET_MB,
        mb(i.rss),
      ),
    );
  }
  const first = idle.find((i) => i.label === 'PGlite first start');
  const restart = idle.find((i) => i.label === 'PGlite restart' && i.products === DEMO_PRODUCTS);
  if (first && restart) {
    const ratio = first.rss / restart.rss;
    targets.push(
      target(
        `PGlite first start's idle RSS ≤ ${FIRST_START_OVER_RESTART}× a restart's (demo)`,
        ratio <= FIRST_START_OVER_RESTART,
        `${mb(first.rss)} / ${mb(restart.rss)} = ${ratio.toFixed(2)}×`,
      ),
    );
  }
  if (peak) {
    targets.push(
      target(
        `PGlite restart under the load mix (${peak.rate}/s, ${peak.seconds} s): peak RSS < ${PEAK_BUDGET_MB} MB`,
        Math.max(peak.peak, peak.hwm) < PEAK_BUDGET_MB,
        `${mb(peak.peak)} sampled, ${mb(peak.hwm)} VmHWM (idle before ${mb(peak.before)}, after ${mb(peak.last)}); ${fmtInt(peak.actions)} actions, p95 ${fmtMs(peak.p95)}, ${peak.errors} errors`,
      ),
    );
  }
  return {
    id: 'memory',
    title: 'Memory of npm start on one core: idle and under the load mix',
    columns: ['database', 'products', 'idle RSS', 'peak while starting (VmHWM)', 'threads'],
    rows: idle.map((i) => [i.label, fmtInt(i.products), mb(i.rss), mb(i.hwm), String(i.threads)]),
    targets,
    notes: [
      `node scripts/start.js with PREBUILT=1 and SEED=demo, every thread of the process on core 0 (checked as it opened; so PGlite runs on the main thread, src/server/machine.ts). Idle RSS: VmRSS from /proc/<pid>/status after the shop answered its first request and then received none for ${positiveFromEnv('MEMORY_IDLE_SECONDS', 30)} s (no forced collection: what the machine sees). The first start is of an empty DATA_DIR (the build's demo dump); the restart is the same DATA_DIR again. 10,000 products: the demo and generated ones (bench/search-data.ts), prepared before the shop starts. The load run: a restarted PGlite shop, ${SHOPPERS} shoppers signed up, the load mix (80% browsing, 15% cart, 5% checkout and payment) in an open loop from core 1; RSS sampled every ${SAMPLE_MS} ms, and VmHWM at its end.`,
    ],
  };
}
