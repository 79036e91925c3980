/**
 * Renders drawn catalogue images to WebP: `${outDir}/${artName}-${width}.webp` for every width of
 * the kind. Files already on disk are skipped, so re-runs are instant; each SVG is rasterised
 * once at the largest missing width and scaled down for the others.
 *
 *   node --import tsx seed/media/render-media.ts [outDir]     (default build/media)
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import sharp from 'sharp';
import { drawingMarker, wantedFolder } from '#server/media-drawing';
import { startTsWorker } from '#server/ts-worker';
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

/** Pictures in flight per thread: one drawn in JavaScript while the other is in sharp's pool. */
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

/** One picture to draw: its job, its file name and the widths not on disk yet. */
export interface RenderItem {
  job: RenderJob;
  name: string;
  widths: number[];
}

async function renderOne({ job, name, widths }: RenderItem, outDir: string): Promise<void> {
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

/** How a drawing goes on while the shop opens (scripts/build.ts, docs/decisions/033). */
export interface RenderOptions {
  /**
   * One lane, one picture at a time, at the lowest priority (`renderAside`): it takes what the
   * parts still building and then the shop that opens meanwhile leave.
   */
  oneLane?: boolean;
  /** Announce the drawing (`<outDir>.drawing`) and draw first what `<outDir>.wanted/` asks for. */
  serving?: boolean;
}

/**
 * Renders every job's missing widths. With `threads` above one the pictures are shared out among
 * that many worker threads (render-worker.ts), a picture at a time as each asks for more; by
 * default one per core (decisions/031). The SVG is drawn in JavaScript and sharp's steps are
 * handed back to a thread between them: on workers the drawing neither waits behind the build's
 * other steps on the main thread (PGlite's seeding, Vite) nor holds them up. The widths a first
 * screen shows come first (firstScreenFirst).
 */
export async function renderMedia(
  jobs: RenderJob[],
  outDir: string,
  threads = renderThreads(),
  options: RenderOptions = {},
): Promise<RenderResult> {
  await mkdir(outDir, { recursive: true });
  const seen = new Set<string>();
  const pictures: RenderItem[] = [];
  let skipped = 0;
  for (const job of jobs) {
    const name = artName(job.kind, job.art);
    if (seen.has(name)) continue;
    seen.add(name);
    const widths = MEDIA_WIDTHS[job.kind].filter((w) => !existsSync(join(outDir, `${name}-${w}.webp`)));
    skipped += MEDIA_WIDTHS[job.kind].length - widths.length;
    if (widths.length) pictures.push({ job, name, widths });
  }
  const rendered = pictures.reduce((sum, item) => sum + item.widths.length, 0);
  const todo = firstScreenFirst(pictures);
  const wanted = options.serving ? wantedFolder(outDir) : undefined;
  const next = () => {
    if (wanted) drawWantedFirst(todo, wanted);
    return todo.shift();
  };
  const marker = drawingMarker(outDir);
  if (options.serving && todo.length) writeFileSync(marker, String(process.pid));
  try {
    // A thread first loads its own TypeScript loader: worth it from about eight pictures each.
    const count = Math.min(threads, Math.ceil(todo.length / 8));
    if (options.oneLane) await renderAside(next, outDir);
    else if (count > 1) await Promise.all(Array.from({ length: count }, () => renderOnWorker(next, outDir)));
    else await renderHere(next, outDir);
  } finally {
    if (options.serving) {
      rmSync(marker, { force: true });
      rmSync(wanted as string, { recursive: true, force: true });
    }
  }
  return { rendered, skipped };
}

/** Which kinds a first screen shows first: the home's banners, ads, tiles and icons, then products. */
const KIND_ORDER: MediaKind[] = ['banner', 'ad', 'tile', 'icon', 'avatar', 'product'];
/** Widths only a product's own page (and wide screens at 2×) ask for: drawn after all the others. */
const LATER_WIDTH: Partial<Record<MediaKind, number>> = { product: 800 };

/**
 * The pictures in the order a shopper who opens the shop at once needs them: every width but a
 * product's largest, kind by kind, then the products' largest (three quarters of the pixels, so of
 * the encoding) in a second pass that rasterises again at that width.
 */
export function firstScreenFirst(pictures: RenderItem[]): RenderItem[] {
  const first: RenderItem[] = [];
  const later: RenderItem[] = [];
  for (const item of pictures) {
    const big = LATER_WIDTH[item.job.kind];
    const now = item.widths.filter((w) => w !== big);
    if (now.length) first.push({ ...item, widths: now });
    if (big !== undefined && item.widths.includes(big)) later.push({ ...item, widths: [big] });
  }
  const rank = (item: RenderItem) => KIND_ORDER.indexOf(item.job.kind);
  return [...first.sort((a, b) => rank(a) - rank(b)), ...later];
}

/** Moves the pictures the server was asked for (media-drawing.ts) to the front of `todo`. */
function drawWantedFirst(todo: RenderItem[], folder: string): void {
  let asked: string[];
  try {
    asked = readdirSync(folder);
  } catch {
    return;
  }
  for (const file of asked) {
    rmSync(join(folder, file), { force: true });
    const match = /^(.*)-(\d+)\.webp$/.exec(file);
    const at = todo.findIndex((item) => item.name === match?.[1] && item.widths.includes(Number(match?.[2])));
    if (at > 0) todo.unshift(...todo.splice(at, 1));
  }
}

/**
 * One per core, at most four: sharp works in libuv's thread pool, which has four threads per
 * process (UV_THREADPOOL_SIZE), so more threads would only queue there.
 */
export function renderThreads(): number {
  return Math.min(availableParallelism(), 4);
}

/** Renders items from `next` on this thread, `CONCURRENCY` at a time, until it has none left. */
export async function renderHere(
  next: () => RenderItem | undefined | Promise<RenderItem | undefined>,
  outDir: string,
  lanes = CONCURRENCY,
): Promise<void> {
  const lane = async () => {
    for (let item = await next(); item; item = await next()) await renderOne(item, outDir);
  };
  await Promise.all(Array.from({ length: lanes }, lane));
}

/**
 * One lane in a child process at the lowest priority (`nice -n 19`): it draws on what the build and
 * then the shop leave of the machine, so a first start's dump and web build, and once the shop is
 * open its requests, never wait behind a picture (docs/decisions/035). Nice is a property of each
 * thread, taken from the thread that makes it, so it is set before node starts: sharp's work runs
 * on libuv's pool and libvips' threads, which a worker thread's own priority would not reach.
 * Without `nice` (Windows), a worker thread.
 */
function renderAside(next: () => RenderItem | undefined, outDir: string): Promise<void> {
  if (process.platform === 'win32') return renderOnWorker(next, outDir, 1);
  const worker = fileURLToPath(new URL('./render-worker.ts', import.meta.url));
  const child = spawn('nice', ['-n', '19', process.execPath, '--import', 'tsx', worker, outDir, '1'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', () => child.send({ item: next() ?? null }));
  return new Promise((resolveAll, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolveAll() : reject(new Error(`the drawing process exited with ${code ?? signal}`)),
    );
  });
}

/** A worker thread that renders items from `next`, asking for one whenever it has a free lane. */
function renderOnWorker(
  next: () => RenderItem | undefined,
  outDir: string,
  lanes = CONCURRENCY,
): Promise<void> {
  return new Promise((resolveAll, reject) => {
    const worker = startTsWorker(new URL('./render-worker.ts', import.meta.url), {
      workerData: { outDir, lanes },
    });
    worker.on('message', () => worker.postMessage(next() ?? null));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolveAll() : reject(new Error(`a picture worker exited with ${code}`)),
    );
  });
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

// A worker thread imports this file too, under the same argv: only the main thread runs it.
if (isMainThread && process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const outDir = resolve(process.argv[2] ?? 'build/media');
  const started = performance.now();
  const jobs = collectMediaJobs(await loadCatalogue());
  const { rendered, skipped } = await renderMedia(jobs, outDir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${jobs.length} images: ${rendered} files rendered, ${skipped} already there, in ${seconds} s → ${outDir}`,
  );
}
