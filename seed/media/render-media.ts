/**
 * Renders drawn catalogue images to WebP: `${outDir}/${artName}-${width}.webp` for every width of
 * the kind. Files already on disk are skipped, so re-runs are instant; each SVG is rasterised
 * once at the largest missing width and scaled down for the others.
 *
 *   node --import tsx seed/media/render-media.ts [outDir]     (default build/media)
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { MEDIA_ASPECT, MEDIA_WIDTHS, type MediaKind } from '#shared/media';
import type { Art, BannerArt } from '../catalogue/types';
import { artName } from './art-name';
import { type CatalogueLike, collectMediaJobs } from './media-jobs';
import { svgFor } from './svg-for';

export interface RenderJob {
  kind: MediaKind;
  art: Art | BannerArt;
}

export interface RenderResult {
  /** Files written. */
  rendered: number;
  /** Files that were already there. */
  skipped: number;
}

const CONCURRENCY = 2;
const WEBP = { quality: 78, effort: 4 } as const;
/** The width of each kind's SVG viewBox. */
const VIEW_WIDTH: Record<MediaKind, number> = {
  product: 400,
  icon: 400,
  avatar: 400,
  banner: 1000,
  ad: 1000,
  tile: 800,
};

async function renderOne(job: RenderJob, name: string, widths: number[], outDir: string): Promise<void> {
  const top = Math.max(...widths);
  const aspect = MEDIA_ASPECT[job.kind];
  const svg = Buffer.from(svgFor(job.kind, job.art));
  const density = (72 * top) / VIEW_WIDTH[job.kind];
  const round = job.kind === 'icon' || job.kind === 'avatar';
  const base = sharp(svg, { density }).resize(top, Math.round(top * aspect), { fit: 'fill' });
  const { data, info } = await (round ? base.ensureAlpha() : base.flatten({ background: '#ffffff' }))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  for (const width of widths) {
    const file = join(outDir, `${name}-${width}.webp`);
    const tmp = `${file}.${process.pid}.tmp`;
    let image = sharp(data, { raw });
    if (width !== info.width) image = image.resize(width, Math.round(width * aspect), { fit: 'fill' });
    await image.webp(WEBP).toFile(tmp);
    await rename(tmp, file).catch(async (err) => {
      await rm(tmp, { force: true });
      throw err;
    });
  }
}

/** Renders every job's missing widths with at most two jobs in flight. */
export async function renderMedia(jobs: RenderJob[], outDir: string): Promise<RenderResult> {
  await mkdir(outDir, { recursive: true });
  const seen = new Set<string>();
  const todo: { job: RenderJob; name: string; widths: number[] }[] = [];
  let skipped = 0;
  for (const job of jobs) {
    const name = artName(job.kind, job.art);
    if (seen.has(name)) continue;
    seen.add(name);
    const widths = MEDIA_WIDTHS[job.kind].filter((w) => !existsSync(join(outDir, `${name}-${w}.webp`)));
    skipped += MEDIA_WIDTHS[job.kind].length - widths.length;
    if (widths.length) todo.push({ job, name, widths });
  }
  let rendered = 0;
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const item = todo[next++];
      if (!item) break;
      await renderOne(item.job, item.name, item.widths, outDir);
      rendered += item.widths.length;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, todo.length) }, worker));
  return { rendered, skipped };
}

async function loadCatalogue(): Promise<CatalogueLike> {
  try {
    return (await import('../catalogue/index')) as CatalogueLike;
  } catch (err) {
    const { code, message } = err as { code?: string; message?: string };
    if (code !== 'ERR_MODULE_NOT_FOUND' || !message?.includes('catalogue/index')) throw err;
    console.warn('seed/catalogue/index not found: rendering the sample catalogue instead');
    const { sampleCatalogue } = await import('./samples');
    return sampleCatalogue(250);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const outDir = resolve(process.argv[2] ?? 'build/media');
  const started = performance.now();
  const jobs = collectMediaJobs(await loadCatalogue());
  const { rendered, skipped } = await renderMedia(jobs, outDir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${jobs.length} images: ${rendered} files rendered, ${skipped} already there, in ${seconds} s → ${outDir}`,
  );
}
