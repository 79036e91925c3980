import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** The two things `npm start` needs built: the web app (Vite) and the catalogue's drawn images. */
export const WEB_INDEX = resolve('dist/web/index.html');
export const MEDIA_DIR = resolve(process.env.MEDIA_DIR ?? 'build/media');

export async function buildWeb(): Promise<void> {
  const started = performance.now();
  const { build } = await import('vite');
  await build({ configFile: resolve('vite.config.ts'), logLevel: 'warn' });
  console.log(`web app built in ${Math.round(performance.now() - started)} ms`);
}

/** Renders every catalogue image that is not on disk yet; already rendered ones are skipped. */
export async function renderMissingMedia(): Promise<void> {
  const started = performance.now();
  const catalogue = await import('../seed/catalogue/index');
  const { collectMediaJobs } = await import('../seed/media/media-jobs');
  const { renderMedia } = await import('../seed/media/render-media');
  const { rendered, skipped } = await renderMedia(collectMediaJobs(catalogue), MEDIA_DIR);
  if (rendered > 0) {
    console.log(
      `rendered ${rendered} images (${skipped} already there) in ${Math.round(performance.now() - started)} ms`,
    );
  }
}

export function webIsBuilt(): boolean {
  return existsSync(WEB_INDEX);
}

/** The dump new PGlite databases start from (see EMPTY_CLUSTER_DUMP); made once. */
export async function prepareEmptyClusterDump(): Promise<void> {
  const { EMPTY_CLUSTER_DUMP, saveEmptyClusterDump } = await import('../src/server/db/client');
  if (existsSync(EMPTY_CLUSTER_DUMP)) return;
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create();
  await saveEmptyClusterDump(client);
  await client.close();
}
