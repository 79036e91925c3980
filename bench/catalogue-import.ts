/**
 * Catalogue reads during a product import: the shop on PGlite files, the whole process on core 0
 * as the reads bench runs it, read from core 1 in an open loop (requests sent on a fixed schedule
 * whatever the answers do, each timed from when it was due) over the reads bench's calls; latency
 * with no import, then while an owner imports 5,000 new products, then while the same 5,000 are
 * imported again with new names, prices and stock, and in the seconds after each (the catalogue
 * takes the change in then). The slowest reads are printed with when they were due, to place a
 * stall in the import. The goal: reads' p99 under 100 ms throughout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import { systemClock } from '#server/clock';
import { openDatabase } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';
import { products } from '#server/db/schema';
import { createStaff } from '../tests/helpers/staff';
import { ENDPOINTS } from './catalogue-reads';
import { freeHelperThreads, pinSelf } from './lib/children';
import { type PartResult, target } from './lib/report';
import { startShop } from './lib/shop';
import { messageOf, ShopClient } from './lib/shop-client';
import { fmtInt, fmtMs, fmtS, percentile } from './lib/stats';
import { SERVER_CPU, WRK_CPU } from './lib/wrk';

const ROWS = 5000;
const READS_PER_SECOND = 200;
const BASELINE_MS = 10_000;
/** Reads run this long before the import is sent, and after it has answered. */
const LEAD_MS = 1000;
const AFTER_MS = 3000;
const GOAL_P99_MS = 100;
/** Keep-alive sockets the reads may use at once. */
const SOCKETS = 256;
const TITLE = 'Catalogue reads during a 5,000-row product import (PGlite)';

interface Read {
  /** When it was due (performance.now()). */
  due: number;
  ms: number;
  ok: boolean;
  path: string;
}

/**
 * Sends the reads bench's calls in turn, `perSecond` of them, each when due even if earlier ones
 * have not answered (so a stall shows in every read it delays); `stop` answers them all.
 */
function openLoop(client: ShopClient, perSecond: number): { stop(): Promise<Read[]> } {
  const reads: Read[] = [];
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  let sent = 0;
  const send = (due: number, path: string) => {
    const done = client.call('GET', path).then(
      (a) => void reads.push({ due, ms: performance.now() - due, ok: a.status === 200, path }),
      () => void reads.push({ due, ms: performance.now() - due, ok: false, path }),
    );
    pending.add(done);
    void done.then(() => pending.delete(done));
  };
  const timer = setInterval(() => {
    const now = performance.now();
    for (let due = started + (sent * 1000) / perSecond; due <= now; due = started + (sent * 1000) / perSecond)
      send(due, ENDPOINTS[sent++ % ENDPOINTS.length]?.path ?? '/');
  }, 1);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all([...pending]);
      return reads.sort((a, b) => a.due - b.due);
    },
  };
}

/**
 * `ROWS` published products among the demo's leafy greens, with a demo picture, named by `round`
 * so the second file changes every name, price and stock.
 */
function productsCsv(round: number, picture: string): string {
  const lines = ['key,category,en_name,zn_name,en_number,zn_number,price,real_stock,product_image,published'];
  for (let i = 0; i < ROWS; i++)
    lines.push(
      `bench-${i},leafy-greens,Green ${i} r${round},青菜${i}-${round},1 bunch,1把,${1 + round}.25,${(i + round) % 9},${picture},yes`,
    );
  return `${lines.join('\n')}\n`;
}

interface ImportRun {
  ms: number;
  during: Read[];
  after: Read[];
  answer: { created: number; updated: number };
}

async function importFile(url: string, token: string, csv: string) {
  const res = await fetch(`${url}/api/admin/products/import`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'text/csv',
      'x-requested-with': 'XMLHttpRequest',
    },
    body: csv,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`import: ${res.status} ${messageOf(text)}`);
  const data = (JSON.parse(text) as { data: { applied: boolean; created: number; updated: number } }).data;
  if (!data.applied) throw new Error(`import not applied: ${text.slice(0, 300)}`);
  return data;
}

/** Reads for LEAD_MS, the import, reads for AFTER_MS more: the reads due while it ran, and after. */
async function readsAroundImport(client: ShopClient, token: string, csv: string): Promise<ImportRun> {
  const loop = openLoop(client, READS_PER_SECOND);
  await sleep(LEAD_MS);
  const sent = performance.now();
  const answer = await importFile(client.base, token, csv);
  const answered = performance.now();
  await sleep(AFTER_MS);
  const reads = await loop.stop();
  const slowest = [...reads].sort((a, b) => b.ms - a.ms).slice(0, 6);
  console.log(
    `  import ${fmtS(answered - sent)}; slowest reads due at ${slowest.map((r) => `+${Math.round(r.due - sent)} ms (${Math.round(r.ms)} ms, ${r.path})`).join(', ')} from the import's start`,
  );
  return {
    ms: answered - sent,
    during: reads.filter((r) => r.due >= sent && r.due <= answered),
    after: reads.filter((r) => r.due > answered),
    answer,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A table row: reads, p50, p95, p99, max, failed, the import's own time. */
function rowOf(phase: string, reads: Read[], importMs?: number): string[] {
  const ms = reads.map((r) => r.ms).sort((a, b) => a - b);
  const failed = reads.filter((r) => !r.ok).length;
  return [
    phase,
    fmtInt(reads.length),
    ...[50, 95, 99].map((p) => fmtMs(percentile(ms, p))),
    fmtMs(ms.at(-1) ?? 0),
    fmtInt(failed),
    importMs === undefined ? '' : fmtS(importMs),
  ];
}

const p99Of = (reads: Read[]) =>
  percentile(
    reads.map((r) => r.ms).sort((a, b) => a - b),
    99,
  );

/**
 * A PGlite data folder with the demo catalogue and a signed-in owner; answers the owner's token
 * and a demo product's picture.
 */
async function prepare(dataDir: string): Promise<{ token: string; picture: string }> {
  const database = await openDatabase({ kind: 'files', dir: join(dataDir, 'db') });
  try {
    await prepareDatabase(database, { seed: 'demo' }, systemClock);
    const [shown] = await database.db
      .select({ picture: products.productImage })
      .from(products)
      .where(and(eq(products.onSale, true), ne(products.productImage, '')))
      .limit(1);
    if (!shown) throw new Error('no demo product with a picture');
    const { token } = await createStaff(database, new Date(), { role: 'owner' });
    return { token, picture: shown.picture };
  } finally {
    await database.close();
  }
}

export async function runCatalogueImport(): Promise<PartResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  try {
    const { token, picture } = await prepare(dataDir);
    const shop = await startShop({
      cpu: SERVER_CPU,
      env: { DATA_DIR: dataDir, DATABASE_URL: undefined, SEED: 'demo' },
    });
    // IMPORT_BENCH_HELPERS=0,1: the shop's other threads (PGlite's worker) may use both cores, as
    // the load bench lets them; by default every thread stays on core 0.
    const helpers = process.env.IMPORT_BENCH_HELPERS;
    if (helpers) freeHelperThreads(shop.child.proc.pid ?? 0, helpers);
    const unpin = pinSelf(String(WRK_CPU));
    const client = new ShopClient(shop.url, SOCKETS);
    try {
      // Warm the answers and the JIT first, as a shop that has been serving would be.
      // Every socket the reads may need opened first, as a proxy's pool of connections would be:
      // connections opened during a stall are taken in one at a time (IMPORT_BENCH_NEW_SOCKETS=1
      // leaves them to be opened as needed, to see it).
      if (!process.env.IMPORT_BENCH_NEW_SOCKETS)
        await Promise.all(Array.from({ length: SOCKETS }, () => client.call('GET', ENDPOINTS[0].path)));
      const warm = openLoop(client, READS_PER_SECOND);
      await sleep(2000);
      await warm.stop();
      const baselineLoop = openLoop(client, READS_PER_SECOND);
      await sleep(BASELINE_MS);
      const baseline = await baselineLoop.stop();
      const create = await readsAroundImport(client, token, productsCsv(0, picture));
      const update = await readsAroundImport(client, token, productsCsv(1, picture));
      if (create.answer.created !== ROWS || update.answer.updated !== ROWS)
        throw new Error(`imports: created ${create.answer.created}, updated ${update.answer.updated}`);
      const rows = [
        rowOf(`no import (${BASELINE_MS / 1000} s)`, baseline),
        rowOf(`during an import creating ${fmtInt(ROWS)}`, create.during, create.ms),
        rowOf(`  the ${AFTER_MS / 1000} s after it answered`, create.after),
        rowOf(`during an import updating ${fmtInt(ROWS)}`, update.during, update.ms),
        rowOf(`  the ${AFTER_MS / 1000} s after it answered`, update.after),
      ];
      console.log(rows.map((r) => r.join('  ')).join('\n'));
      const worst = Math.max(...[create.during, create.after, update.during, update.after].map(p99Of));
      return {
        id: 'import',
        title: TITLE,
        columns: ['reads', 'count', 'p50', 'p95', 'p99', 'max', 'failed', 'import took'],
        rows,
        targets: [
          target(
            `reads' p99 during and after an import ≤ ${GOAL_P99_MS} ms`,
            worst <= GOAL_P99_MS,
            fmtMs(worst),
          ),
        ],
        notes: [
          `node dist/server/server.js on PGlite files (DATA_DIR/db), SEED=demo, ${process.env.IMPORT_BENCH_HELPERS ? `its main thread on core 0, its other threads on ${process.env.IMPORT_BENCH_HELPERS}` : 'every thread on core 0'}; reads from core 1 over ${process.env.IMPORT_BENCH_NEW_SOCKETS ? `up to ${SOCKETS} keep-alive sockets opened as needed` : `${SOCKETS} keep-alive sockets opened first`}, ${READS_PER_SECOND}/s in an open loop over ${ENDPOINTS.map((e) => e.path).join(', ')} in turn, each timed from when it was due; the imports are one POST /api/admin/products/import each by a signed-in owner (${fmtInt(ROWS)} published products with a demo picture: key, category, names, numbers, price, stock; the second changes every name, price and stock).`,
        ],
      };
    } finally {
      client.close();
      unpin();
      await shop.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
