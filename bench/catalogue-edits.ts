/**
 * Catalogue edits at 10,000 products (docs/decisions/014):
 * 1. main-thread time to apply one product's change to the snapshot (catalogue.patch.ts), median
 *    and p95 over many random changes, against loading the whole catalogue as before;
 * 2. catalogue reads per second (wrk on core 1, the shop on core 0, PostgreSQL) with 5 product
 *    edits a second made by another process (reaching the shop by NOTIFY) against none, in the
 *    same run, rounds alternating.
 */
import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { systemClock } from '#server/clock';
import { type Db, openDatabase } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';
import { categories, products } from '#server/db/schema';
import { type CatalogueTouched, withCatalogueChange } from '#server/modules/catalogue/catalogue.changes';
import { patchSnapshot, readProductChange } from '#server/modules/catalogue/catalogue.patch';
import { type CatalogueSnapshot, loadCatalogueSnapshot } from '#server/modules/catalogue/catalogue.snapshot';
import { createPostgresDatabase } from './lib/postgres';
import { type PartResult, type Target, target } from './lib/report';
import { startShop } from './lib/shop';
import { fmtInt, fmtMs, median, percentile } from './lib/stats';
import { ensureWrk, problemsOf, SERVER_CPU, warmAndRun } from './lib/wrk';
import { addSyntheticProducts } from './search-data';

const EXTRA_PRODUCTS = 10_000;
const CHANGES = 300;
const FULL_LOADS = 5;
const GOAL_MS = 20;
const EDITS_PER_SECOND = 5;
const ROUNDS = 2;
const SECONDS = 8;
const TITLE = 'Catalogue edits at 10,000 products';
const ENDPOINTS = [
  { name: 'listing, 20 products', path: '/api/index_product?page=1&page_size=20' },
  { name: 'categories', path: '/api/product_category' },
] as const;

/** One random product change of the kinds the console makes, through withCatalogueChange. */
async function editOne(
  db: Db,
  ids: readonly number[],
  categoryIds: readonly number[],
): Promise<CatalogueTouched> {
  const id = ids[randomInt(ids.length)] ?? 0;
  const kind = randomInt(4);
  return withCatalogueChange(db, { changed: async () => undefined }, async (tx, touched) => {
    if (kind === 0)
      await tx
        .update(products)
        .set({ enName: `Edited ${randomInt(1e6)}` })
        .where(eq(products.id, id));
    if (kind === 1)
      await tx
        .update(products)
        .set({ priceCents: 99 + randomInt(5000) })
        .where(eq(products.id, id));
    if (kind === 2)
      await tx
        .update(products)
        .set({ onSale: sql`not ${products.onSale}` })
        .where(eq(products.id, id));
    if (kind === 3)
      await tx
        .update(products)
        .set({ categoryId: categoryIds[randomInt(categoryIds.length)] ?? 0 })
        .where(eq(products.id, id));
    return touched.product(id);
  });
}

async function idsOf(db: Db) {
  const ids = (await db.select({ id: products.id }).from(products)).map((r) => r.id);
  const categoryIds = (await db.select({ id: categories.id }).from(categories)).map((r) => r.id);
  return { ids, categoryIds };
}

/** CPU time of this process (the patch is synchronous: the main thread, and GC helpers). */
const cpuMs = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1000;

/** Part 1, in process on PGlite: applying one change vs loading everything. */
async function applyTimes() {
  const database = await openDatabase({ kind: 'memory' });
  try {
    await prepareDatabase(database, { seed: 'demo' }, systemClock);
    await addSyntheticProducts(database.db, EXTRA_PRODUCTS);
    const db = database.db;
    const full: number[] = [];
    const fullCpu: number[] = [];
    let snapshot: CatalogueSnapshot = await loadCatalogueSnapshot(db, new Date());
    for (let i = 0; i < FULL_LOADS; i++) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      snapshot = await loadCatalogueSnapshot(db, new Date());
      full.push(performance.now() - started);
      fullCpu.push(cpuMs(process.cpuUsage(cpu)));
    }
    const { ids, categoryIds } = await idsOf(db);
    const patch: number[] = [];
    const patchCpu: number[] = [];
    const read: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const touched = await editOne(db, ids, categoryIds);
      let started = performance.now();
      const rows = await readProductChange(db, snapshot, [...touched.productIds]);
      read.push(performance.now() - started);
      started = performance.now();
      const cpu = process.cpuUsage();
      snapshot = patchSnapshot(snapshot, rows, touched.version ?? 0);
      patch.push(performance.now() - started);
      patchCpu.push(cpuMs(process.cpuUsage(cpu)));
    }
    return { patch, patchCpu, read, full, fullCpu, products: snapshot.products.length };
  } finally {
    await database.close();
  }
}

/** Part 2: the shop on PostgreSQL read by wrk, with and without another process's edits. */
async function readsUnderEdits(): Promise<{ rows: string[][]; ratios: number[]; notes: string[] }> {
  const wrk = await ensureWrk();
  if (!wrk.ok) return { rows: [], ratios: [], notes: [`reads under edits skipped: ${wrk.why}`] };
  const pgdb = await createPostgresDatabase('bench_edits');
  if (!pgdb)
    return { rows: [], ratios: [], notes: ['reads under edits skipped: no PostgreSQL on 127.0.0.1:5432'] };
  const database = await openDatabase({ kind: 'postgres', url: pgdb.url });
  try {
    await prepareDatabase(database, { seed: 'demo' }, systemClock);
    await addSyntheticProducts(database.db, EXTRA_PRODUCTS);
    const { ids, categoryIds } = await idsOf(database.db);
    const shop = await startShop({
      cpu: SERVER_CPU,
      env: { DATABASE_URL: pgdb.url, SEED: 'demo', LOG_LEVEL: 'warn' },
    });
    const rows: string[][] = [];
    const ratios: number[] = [];
    const problems: string[] = [];
    let edits = 0;
    try {
      for (const endpoint of ENDPOINTS) {
        const quiet: number[] = [];
        const busy: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const calm = await warmAndRun(`${shop.url}${endpoint.path}`, SECONDS);
          quiet.push(calm.rps);
          const timer = setInterval(() => {
            editOne(database.db, ids, categoryIds).then(
              () => edits++,
              (err) => problems.push(String(err)),
            );
          }, 1000 / EDITS_PER_SECOND);
          try {
            const run = await warmAndRun(`${shop.url}${endpoint.path}`, SECONDS);
            busy.push(run.rps);
            problems.push(...problemsOf(run), ...problemsOf(calm));
          } finally {
            clearInterval(timer);
          }
        }
        const ratio = median(busy) / median(quiet);
        ratios.push(ratio);
        rows.push([endpoint.name, fmtInt(median(quiet)), fmtInt(median(busy)), `${ratio.toFixed(2)}×`]);
      }
    } finally {
      await shop.stop();
    }
    return {
      rows,
      ratios,
      notes: [
        `Reads: wrk -c50 on core 1, the shop on core 0 on PostgreSQL ${pgdb.version}, ${ROUNDS} rounds of ${SECONDS} s each way, alternating; ${edits} edits made by the bench process (its own connection), reaching the shop by NOTIFY.`,
        ...problems.slice(0, 5),
      ],
    };
  } finally {
    await database.close();
    await pgdb.drop();
  }
}

export async function runCatalogueEdits(): Promise<PartResult> {
  const times = await applyTimes();
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const patch = sorted(times.patch);
  const patchCpu = sorted(times.patchCpu);
  const read = sorted(times.read);
  const fullMedian = median(times.full);
  const p95 = percentile(patch, 95);
  const cpuP95 = percentile(patchCpu, 95);
  const reads = await readsUnderEdits();
  const targets: Target[] = [
    target(
      `one product's change ≤ ${GOAL_MS} ms of main-thread time (p95, CPU time)`,
      cpuP95 <= GOAL_MS,
      `${fmtMs(cpuP95, 2)} CPU, ${fmtMs(p95, 2)} wall`,
    ),
    ...reads.ratios.map((r, i) =>
      target(
        `${ENDPOINTS[i]?.name}: reads under ${EDITS_PER_SECOND} edits/s ≥ 0.8× none`,
        r >= 0.8,
        `${r.toFixed(2)}×`,
      ),
    ),
  ];
  const rows = [
    ['apply one change (patch)', 'wall', 'CPU', ''],
    ['  median', fmtMs(median(patch), 2), fmtMs(median(patchCpu), 2), ''],
    ['  p95', fmtMs(p95, 2), fmtMs(cpuP95, 2), ''],
    ['  max (a search index rebuild)', fmtMs(patch.at(-1) ?? 0, 2), fmtMs(patchCpu.at(-1) ?? 0, 2), ''],
    ['read its rows (awaited), median', fmtMs(median(read), 2), '', ''],
    [
      'load everything (before), median',
      fmtMs(fullMedian, 1),
      fmtMs(median(times.fullCpu), 1),
      `${(median(times.fullCpu) / median(patchCpu)).toFixed(0)}× the patch (CPU)`,
    ],
    ['reads (req/s)', 'no edits', `${EDITS_PER_SECOND} edits/s`, 'ratio'],
    ...reads.rows,
  ];
  console.log(rows.map((r) => r.join('  ')).join('\n'));
  return {
    id: 'edits',
    title: TITLE,
    columns: ['figure', 'value', '', ''],
    rows,
    targets,
    notes: [
      `${times.products} products on sale (the demo and ${fmtInt(EXTRA_PRODUCTS)} synthetic), ${CHANGES} random changes (rename, price, publish/unpublish, category move) on PGlite in process; the patch is the synchronous part (patchSnapshot), every 128th patched product rebuilds the search index whole (the max).`,
      ...reads.notes,
    ],
  };
}
