import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { drawingNow, waitForPicture } from '#server/media-drawing';
import { MEDIA_ASPECT, MEDIA_WIDTHS, type MediaKind } from '#shared/media';
import type { Art, BannerArt } from '../catalogue/types';
import { artName } from './art-name';
import { AVATAR_ARTS, avatarNames } from './avatars';
import { ALL_FAMILIES, DEFAULT_COLOR, FAMILY_DRAWERS, familyArt } from './families';
import { collectMediaJobs } from './media-jobs';
import { renderMedia } from './render-media';
import { SAMPLE_SCENES, sampleCatalogue } from './samples';
import { svgFor } from './svg-for';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'media-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Well-formed enough for librsvg, and free of the usual template slips. */
function expectCleanSvg(svg: string, w: number, h: number) {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg).toContain(`viewBox="0 0 ${w} ${h}"`);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(svg).not.toMatch(/NaN|undefined|Infinity|\[object/);
  expect(svg).not.toMatch(/<text/);
}

describe('family drawings', () => {
  it('cover every ArtFamily exactly once, each with a default colour', async () => {
    const types = await readFile(new URL('../catalogue/types.ts', import.meta.url), 'utf8');
    const union = /export type ArtFamily =([^;]+);/.exec(types)?.[1] ?? '';
    const declared = [...union.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]);
    expect(declared.length).toBeGreaterThan(90);
    expect([...ALL_FAMILIES].sort()).toEqual(declared.sort());
    expect(new Set(ALL_FAMILIES).size).toBe(ALL_FAMILIES.length);
    expect(Object.keys(FAMILY_DRAWERS).sort()).toEqual([...ALL_FAMILIES].sort());
    for (const family of ALL_FAMILIES) expect(DEFAULT_COLOR[family]).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('draw clean SVG for every family, variant, and kind', () => {
    for (const family of ALL_FAMILIES) {
      for (const variant of [0, 1, 2, 3])
        expectCleanSvg(svgFor('product', familyArt(family, variant)), 400, 400);
      expectCleanSvg(svgFor('icon', familyArt(family)), 400, 400);
      expectCleanSvg(svgFor('avatar', familyArt(family)), 400, 400);
    }
    for (const scene of SAMPLE_SCENES) {
      expectCleanSvg(svgFor('banner', scene), 1000, 400);
      expectCleanSvg(svgFor('ad', scene), 1000, 400);
      expectCleanSvg(svgFor('tile', scene), 800, 400);
    }
  });

  it('tolerate odd input: light, dark and malformed colours, out-of-range variants', () => {
    const odd: Art[] = [
      { family: 'tofu', color: '#ffffff' },
      { family: 'trash-bags', color: '#000000', variant: 7 },
      { family: 'apple', color: 'red', background: 'nope', variant: -1 },
    ];
    for (const art of odd) expectCleanSvg(svgFor('product', art), 400, 400);
  });

  it('turn into WebP images of the right size with sharp', { timeout: 60_000 }, async () => {
    for (const family of ALL_FAMILIES) {
      const svg = Buffer.from(svgFor('product', familyArt(family, 1)));
      const webp = await sharp(svg).resize(200).webp({ quality: 78 }).toBuffer();
      const meta = await sharp(webp).metadata();
      expect([family, meta.format, meta.width, meta.height]).toEqual([family, 'webp', 200, 200]);
    }
  });
});

describe('names', () => {
  const art: Art = { family: 'tomato', color: '#e53935', variant: 1 };

  it('are stable for equal art', () => {
    expect(artName('product', art)).toBe(artName('product', { ...art }));
    expect(artName('product', art)).toMatch(/^product-tomato-[0-9a-f]{10}$/);
    expect(artName('banner', SAMPLE_SCENES[0] as BannerArt)).toMatch(/^banner-scene-[0-9a-f]{10}$/);
  });

  it('differ when the art or the kind differs', () => {
    const names = new Set([
      artName('product', art),
      artName('product', { ...art, color: '#e53936' }),
      artName('product', { ...art, variant: 2 }),
      artName('product', { ...art, background: '#ffffff' }),
      artName('icon', art),
    ]);
    expect(names.size).toBe(5);
  });

  it('list twelve distinct avatars', () => {
    expect(AVATAR_ARTS).toHaveLength(12);
    expect(new Set(avatarNames()).size).toBe(12);
    for (const name of avatarNames()) expect(name).toMatch(/^avatar-[a-z-]+-[0-9a-f]{10}$/);
  });
});

describe('collectMediaJobs', () => {
  it('lists icons, product images, scenes and avatars once each', () => {
    const catalogue = sampleCatalogue(30);
    const jobs = collectMediaJobs({ ...catalogue, products: [...catalogue.products, ...catalogue.products] });
    const names = jobs.map((j) => artName(j.kind, j.art));
    expect(new Set(names).size).toBe(names.length);
    const kinds = new Set(jobs.map((j) => j.kind));
    expect([...kinds].sort()).toEqual(['ad', 'avatar', 'banner', 'icon', 'product', 'tile']);
    const childIcons = catalogue.categories.flatMap((c) =>
      c.children.map((child) => artName('icon', child.icon)),
    );
    for (const name of childIcons) expect(names).toContain(name);
    expect(jobs.filter((j) => j.kind === 'avatar')).toHaveLength(12);
  });

  it('accepts a partial catalogue', () => {
    expect(collectMediaJobs({}, false)).toEqual([]);
  });
});

describe('renderMedia', () => {
  const jobs: { kind: MediaKind; art: Art | BannerArt }[] = [
    { kind: 'product', art: familyArt('soy-milk', 2) },
    { kind: 'product', art: familyArt('soy-milk', 2) },
    { kind: 'icon', art: familyArt('enoki') },
    { kind: 'avatar', art: AVATAR_ARTS[0] as Art },
    { kind: 'banner', art: SAMPLE_SCENES[0] as BannerArt },
    { kind: 'ad', art: SAMPLE_SCENES[1] as BannerArt },
    { kind: 'tile', art: SAMPLE_SCENES[2] as BannerArt },
  ];
  const kinds: MediaKind[] = ['product', 'icon', 'avatar', 'banner', 'ad', 'tile'];
  const files = kinds.reduce((n, kind) => n + MEDIA_WIDTHS[kind].length, 0);

  it('writes every width of every job once, at the right size', { timeout: 60_000 }, async () => {
    const dir = await tempDir();
    const result = await renderMedia(jobs, dir);
    expect(result).toEqual({ rendered: files, skipped: 0 });
    expect((await readdir(dir)).sort()).toHaveLength(files);
    for (const job of jobs) {
      for (const width of MEDIA_WIDTHS[job.kind]) {
        const file = join(dir, `${artName(job.kind, job.art)}-${width}.webp`);
        const meta = await sharp(file).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round(width * MEDIA_ASPECT[job.kind]));
        expect(meta.hasAlpha).toBe(job.kind === 'icon' || job.kind === 'avatar');
      }
    }
  });

  it('skips files that already exist and only fills in missing widths', { timeout: 60_000 }, async () => {
    const dir = await tempDir();
    await renderMedia(jobs, dir);
    const product = join(dir, `${artName('product', jobs[0]?.art as Art)}-400.webp`);
    const before = (await stat(product)).mtimeMs;
    expect(await renderMedia(jobs, dir)).toEqual({ rendered: 0, skipped: files });
    expect((await stat(product)).mtimeMs).toBe(before);
    await rm(product);
    expect(await renderMedia(jobs, dir)).toEqual({ rendered: 1, skipped: files - 1 });
    expect((await sharp(product).metadata()).width).toBe(400);
  });

  it('shares the pictures out among worker threads, each drawn once', { timeout: 120_000 }, async () => {
    const dir = await tempDir();
    const icons = ALL_FAMILIES.slice(0, 12).map((family) => ({
      kind: 'icon' as const,
      art: familyArt(family),
    }));
    const threaded = await renderMedia(icons, dir, 2);
    expect(threaded).toEqual({ rendered: icons.length * MEDIA_WIDTHS.icon.length, skipped: 0 });
    const names = icons.flatMap((job) =>
      MEDIA_WIDTHS.icon.map((w) => `${artName('icon', job.art)}-${w}.webp`),
    );
    expect((await readdir(dir)).sort()).toEqual(names.sort());
    // The same bytes as drawn on this thread.
    const here = await tempDir();
    await renderMedia(icons.slice(0, 1), here, 1);
    const first = names.find((name) => name.startsWith(artName('icon', icons[0]?.art as Art))) as string;
    expect(await readFile(join(dir, first))).toEqual(await readFile(join(here, first)));
  });
});

/** /proc/<pid>/stat's fields from the third (state) on: the name before it may hold spaces. */
const statFields = (stat: string) => stat.slice(stat.lastIndexOf(')') + 2).split(' ');
/** The nice value's index in `statFields` (field 19 of proc(5)). */
const NICE = 16;
const PARENT = 1;

/** The pid of a process this one started (directly or through `nice`) whose command line names `file`. */
async function childRunning(file: string): Promise<number | undefined> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(await readFile(`/proc/${entry}/stat`, 'utf8'));
      if (Number(fields[PARENT]) !== process.pid) continue;
      if ((await readFile(`/proc/${entry}/cmdline`, 'utf8')).includes(file)) return Number(entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return undefined;
}

describe('drawing while the shop opens (decisions/033)', () => {
  it('draws a picture the server waits for before the rest', {
    timeout: 120_000,
  }, async () => {
    const dir = join(await tempDir(), 'media');
    const products = ALL_FAMILIES.slice(0, 12).map((family) => ({
      kind: 'product' as const,
      art: familyArt(family),
    }));
    const file = (job: (typeof products)[number], width: number) =>
      `${artName('product', job.art)}-${width}.webp`;
    const last = products[products.length - 1] as (typeof products)[number];
    const drawing = renderMedia(products, dir, 2, { oneLane: true, serving: true });
    while (!drawingNow(dir)) await new Promise((resolve) => setTimeout(resolve, 20));
    await waitForPicture(dir, file(last, 800));
    const drawn = await readdir(dir);
    expect(drawn).toContain(file(last, 800));
    // It jumped the queue: a product's largest width is otherwise drawn after every smaller one.
    expect(products.slice(0, -1).some((job) => !drawn.includes(file(job, 800)))).toBe(true);
    await drawing;
    expect(drawingNow(dir)).toBe(false);
    expect(await readdir(dir)).toHaveLength(products.length * MEDIA_WIDTHS.product.length);
  });

  it.runIf(process.platform === 'linux')(
    'draws at the lowest priority on every thread, so the build and the shop go first',
    { timeout: 120_000 },
    async () => {
      const dir = join(await tempDir(), 'media');
      const products = ALL_FAMILIES.slice(0, 6).map((family) => ({
        kind: 'product' as const,
        art: familyArt(family),
      }));
      const drawing = renderMedia(products, dir, 2, { oneLane: true, serving: true });
      let drawer: number | undefined;
      // Once a picture is written, sharp's and libvips' threads exist too.
      while (drawer === undefined || (await readdir(dir).catch(() => [])).length === 0) {
        drawer ??= await childRunning('render-worker.ts');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const threads = await readdir(`/proc/${drawer}/task`);
      const nices = await Promise.all(
        threads.map(
          async (tid) => statFields(await readFile(`/proc/${drawer}/task/${tid}/stat`, 'utf8'))[NICE],
        ),
      );
      await drawing;
      expect(threads.length).toBeGreaterThan(4);
      expect(new Set(nices)).toEqual(new Set(['19']));
    },
  );

  it('asks no one for a picture when no drawer is at work', async () => {
    const dir = await tempDir();
    await waitForPicture(dir, 'product-none-0000000000-800.webp');
    expect(await readdir(join(dir, '..'))).not.toContain(`${basename(dir)}.wanted`);
  });
});

describe('product pictures', () => {
  it('give every dumpling product a picture of its own', async () => {
    const { products } = await import('../catalogue/products');
    const frozen = products.filter((p) => /dumpling|wonton|mandu|siu mai|potsticker/i.test(p.en_name));
    expect(frozen.length).toBeGreaterThanOrEqual(8);
    const first = frozen.map((p) => p.images[0]?.family);
    expect(new Set(first).size, first.join(', ')).toBe(frozen.length);
  });

  // Each was once drawn as something else (a soy-sauce bottle, dumplings, whole bulbs, green beans…).
  const DRAWN_AS: Record<string, string[]> = {
    'kewpie-mayonnaise': ['mayo-bottle', 'mayo-bottle'],
    'synear-black-sesame-tangyuan': ['tangyuan', 'tangyuan'],
    'peeled-garlic': ['peeled-garlic', 'peeled-garlic'],
    'fresh-edamame-pods': ['edamame', 'edamame'],
    'gai-lan-chinese-broccoli': ['gai-lan'],
    'frozen-peeled-deveined-shrimp': ['frozen-shrimp-bag', 'shrimp'],
    'sumo-citrus': ['sumo-citrus'],
    'thai-monthong-durian': ['durian', 'durian'],
    raspberries: ['raspberry', 'raspberry'],
    'hami-melon': ['hami-melon'],
  };
  it('show what the product is', async () => {
    const { products } = await import('../catalogue/products');
    for (const [key, families] of Object.entries(DRAWN_AS)) {
      const product = products.find((p) => p.key === key);
      expect(
        product?.images.map((image) => image.family),
        key,
      ).toEqual(families);
    }
  });
});
