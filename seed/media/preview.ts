/**
 * Contact sheet of the drawings for review, composed into one PNG.
 *
 *   node --import tsx seed/media/preview.ts /tmp/sheet.png                 every family at variants 0 and 2,
 *                                                                          icons, avatars and scenes
 *   node --import tsx seed/media/preview.ts out.png tomato --variants 0,1,2,3 --cell 300
 *   node --import tsx seed/media/preview.ts out.png @20-40                 families 20..39 only
 *   node --import tsx seed/media/preview.ts out.png extras                 icons, avatars and scenes only
 *   node --import tsx seed/media/preview.ts out.png catalogue 0-100        the catalogue's own images
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';
import type { MediaKind } from '#shared/media';
import type { Art, ArtFamily, BannerArt } from '../catalogue/types';
import { AVATAR_ARTS } from './avatars';
import { ALL_FAMILIES, familyArt } from './families';
import { collectMediaJobs } from './media-jobs';
import { SAMPLE_SCENES } from './samples';
import { svgFor } from './svg-for';

export interface SheetCell {
  kind: MediaKind;
  art: Art | BannerArt;
  /** Columns and rows the cell spans. */
  span: [number, number];
}

const spanOf = (kind: MediaKind): [number, number] =>
  kind === 'banner' || kind === 'ad' ? [5, 2] : kind === 'tile' ? [4, 2] : [1, 1];

/** Composes the cells row by row into one PNG at `out`. */
export async function renderSheet(out: string, cells: SheetCell[], cols = 10, cell = 160): Promise<void> {
  const gap = 6;
  const tiles: OverlayOptions[] = [];
  let col = 0;
  let top = gap;
  let rowRows = 1;
  for (const c of cells) {
    const [sx, sy] = c.span;
    if (col + sx > cols) {
      col = 0;
      top += rowRows * (cell + gap);
      rowRows = 1;
    }
    const w = sx * cell + (sx - 1) * gap;
    const h = sy * cell + (sy - 1) * gap;
    const input = await sharp(Buffer.from(svgFor(c.kind, c.art)), { density: 300 })
      .resize(w, h, { fit: 'contain', background: '#d9d9d9' })
      .png()
      .toBuffer();
    tiles.push({ input, left: gap + col * (cell + gap), top });
    col += sx;
    rowRows = Math.max(rowRows, sy);
  }
  const width = gap + cols * (cell + gap);
  const height = top + rowRows * (cell + gap);
  await sharp({ create: { width, height, channels: 3, background: '#d9d9d9' } })
    .composite(tiles)
    .png()
    .toFile(out);
}

/** Every family at the given variants, then (unless filtered) icons, avatars and scenes. */
export function familyCells(filter?: string, variants = [0, 2]): SheetCell[] {
  const range = /^@(\d+)-(\d+)$/.exec(filter ?? '');
  const families = range
    ? ALL_FAMILIES.slice(Number(range[1]), Number(range[2]))
    : ALL_FAMILIES.filter((f) => !filter || filter === 'all' || f.includes(filter));
  const cells: SheetCell[] = [];
  for (const family of families) {
    for (const variant of variants)
      cells.push({ kind: 'product', art: familyArt(family, variant), span: [1, 1] });
  }
  if (!filter || filter === 'all' || filter === 'extras') {
    const icons: ArtFamily[] = [
      'leafy-greens',
      'apple',
      'steak',
      'milk-carton',
      'rice-bag',
      'sauce-bottle',
      'chips-bag',
      'dumplings',
    ];
    for (const family of icons) cells.push({ kind: 'icon', art: familyArt(family), span: [1, 1] });
    for (const art of AVATAR_ARTS) cells.push({ kind: 'avatar', art, span: [1, 1] });
    SAMPLE_SCENES.forEach((scene, i) => {
      cells.push({ kind: i % 2 ? 'ad' : 'banner', art: scene, span: [5, 2] });
    });
    for (const scene of SAMPLE_SCENES.slice(0, 2)) cells.push({ kind: 'tile', art: scene, span: [4, 2] });
  }
  return cells;
}

/** The catalogue's own images (jobs from..to), squares first, scenes after. */
export async function catalogueCells(from = 0, to = 100): Promise<SheetCell[]> {
  const catalogue = await import('../catalogue/index');
  const jobs = collectMediaJobs(catalogue, false).slice(from, to);
  const cells = jobs.map((job) => ({ ...job, span: spanOf(job.kind) }));
  return [...cells.filter((c) => c.span[0] === 1), ...cells.filter((c) => c.span[0] > 1)];
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  args.splice(i, 2);
  return value;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const [out = '/tmp/sheet.png', ...rest] = process.argv.slice(2);
  const variants = (option(rest, '--variants') ?? '0,2').split(',').map(Number);
  const cell = Number(option(rest, '--cell') ?? 160);
  const cols = Number(option(rest, '--cols') ?? 10);
  let cells: SheetCell[];
  if (rest[0] === 'catalogue') {
    const [from, to] = (rest[1] ?? '0-100').split('-').map(Number);
    cells = await catalogueCells(from, to);
  } else {
    cells = familyCells(rest[0], variants);
  }
  const started = performance.now();
  await renderSheet(out, cells, cols, cell);
  console.log(`${cells.length} drawings → ${out} in ${Math.round(performance.now() - started)} ms`);
}
