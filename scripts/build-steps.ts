import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RenderOptions } from '../seed/media/render-media';

/** The steps of scripts/build.ts: the web app (Vite), the catalogue's drawn images, the dumps. */
export const MEDIA_DIR = resolve(process.env.MEDIA_DIR ?? 'build/media');

export async function buildWeb(): Promise<void> {
  const started = performance.now();
  const { build } = await import('vite');
  await build({ configFile: resolve('vite.config.ts'), logLevel: 'warn' });
  const files = await precompress(resolve('dist/web'));
  console.log(
    `web app built in ${Math.round(performance.now() - started)} ms (${files} files pre-compressed)`,
  );
}

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|map)$/;

/**
 * Writes `.br` and `.gz` beside every text file of the build, once, at maximum compression; the
 * server sends them to browsers that accept them (@fastify/static `preCompressed`).
 */
async function precompress(dir: string): Promise<number> {
  const { readdir, readFile, writeFile } = await import('node:fs/promises');
  const { brotliCompressSync, gzipSync, constants } = await import('node:zlib');
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  let count = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const path = resolve(entry.parentPath, entry.name);
    const bytes = await readFile(path);
    if (bytes.length < 1024) continue;
    await writeFile(
      `${path}.br`,
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    await writeFile(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    count++;
  }
  return count;
}

/**
 * Renders every catalogue image that is not on disk yet. Checking is cheap; the renderer (sharp and
 * the drawings) is loaded only when something is missing. `options` (a first `npm start`,
 * scripts/build.ts): one picture at a time, while the shop is served.
 */
export async function renderMissingMedia(options: RenderOptions = {}): Promise<void> {
  const started = performance.now();
  const catalogue = await import('../seed/catalogue/index');
  const { collectMediaJobs } = await import('../seed/media/media-jobs');
  const { artName } = await import('../seed/media/art-name');
  const { MEDIA_WIDTHS, mediaPath } = await import('#shared/media');
  const jobs = collectMediaJobs(catalogue);
  const missing = jobs.filter((job) =>
    MEDIA_WIDTHS[job.kind].some(
      (w) => !existsSync(resolve(MEDIA_DIR, mediaPath(artName(job.kind, job.art), w).slice(7))),
    ),
  );
  if (missing.length === 0) return;
  const { renderMedia, renderThreads } = await import('../seed/media/render-media');
  const { rendered } = await renderMedia(missing, MEDIA_DIR, renderThreads(), options);
  const ms = Math.round(performance.now() - started);
  const threads = options.oneLane ? 1 : renderThreads();
  console.log(`rendered ${rendered} image files on up to ${threads} threads in ${ms} ms`);
}

/** The dump new PGlite databases start from (see EMPTY_CLUSTER_DUMP); made once. */
export async function prepareEmptyClusterDump(): Promise<void> {
  const { EMPTY_CLUSTER_DUMP, saveEmptyClusterDump } = await import('#server/db/client');
  if (existsSync(EMPTY_CLUSTER_DUMP)) return;
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create();
  await saveEmptyClusterDump(client);
  await client.close();
}

/**
 * The migrated database with the demo catalogue, as a PGlite dump a first start loads instead of
 * migrating and seeding (src/server/db/demo-dump.ts). Made when the sources it depends on changed.
 * On a fresh tree the cluster it seeds is a new one, whose empty state `openDatabase` keeps as the
 * empty-cluster dump on the way (src/server/db/client.ts): one cluster created, not two.
 */
export async function prepareDemoDump(): Promise<void> {
  const { demoDumpPath, saveDemoDump } = await import('#server/db/demo-dump');
  if (existsSync(demoDumpPath())) return;
  const started = performance.now();
  const { openDatabase } = await import('#server/db/client');
  const { prepareDatabase } = await import('#server/db/prepare');
  const { systemClock } = await import('#server/clock');
  const database = await openDatabase({ kind: 'memory' });
  try {
    await prepareDatabase(database, { seed: 'demo' }, systemClock);
    if (!database.dumpDataDir) throw new Error('the demo dump needs PGlite');
    await saveDemoDump({ dumpDataDir: database.dumpDataDir });
  } finally {
    await database.close();
  }
  console.log(`demo database prepared in ${Math.round(performance.now() - started)} ms`);
}
