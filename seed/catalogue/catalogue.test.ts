import { describe, expect, it } from 'vitest';
import { checkBarcode } from '#shared/barcode';
import { saleProblem, stepGramsOf, stepPriceOf, type WeighedSale } from '#shared/weight';
import { banners, categories, plates, products, promotions, weighedGoods } from './index';
import type { Art, BannerArt, SeedProduct } from './types';

const HAN = /\p{Script=Han}/u;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const HEX = /^#[0-9a-f]{6}$/i;
const GRAMS_PER = { g: 1, kg: 1000, lb: 453.592, oz: 28.3495 } as const;
const ZN_UNIT: Record<string, string> = {
  g: '克',
  kg: '公斤',
  lb: '磅',
  oz: '盎司',
  ml: '毫升',
  L: '升',
  ct: '个',
  head: '颗',
  bunch: '把',
  roll: '卷',
  rolls: '卷',
  packs: '包',
  boxes: '盒',
};

const topLevel = new Set(categories.map((c) => c.key));
const childKeys = categories.flatMap((c) => c.children.map((child) => child.key));
const allCategoryKeys = [...topLevel, ...childKeys];
const parentOf = new Map<string, string>();
for (const c of categories) {
  parentOf.set(c.key, c.key);
  for (const child of c.children) parentOf.set(child.key, c.key);
}
const productByKey = new Map(products.map((p) => [p.key, p]));
const promotionKeys = new Set(promotions.map((p) => p.key));
const isWeighed = (p: SeedProduct) => p.key in weighedGoods;

function saleOf(key: string): WeighedSale {
  const goods = weighedGoods[key];
  if (!goods) throw new Error(`${key} is not sold by weight`);
  const { unitPriceCents, stepMilli = null, pieceGrams = null } = goods;
  return { unit: 'lb', unitPriceCents, stepMilli, pieceGrams };
}

function numbersIn(label: string): number[] {
  return (label.match(/\d+(?:\.\d+)?/g) ?? []).map(Number);
}

function expectArt(art: Art): void {
  expect(art.color).toMatch(HEX);
  if (art.background !== undefined) expect(art.background).toMatch(HEX);
  if (art.variant !== undefined) expect([0, 1, 2, 3]).toContain(art.variant);
}

function expectBannerArt(art: BannerArt): void {
  expect(art.families.length).toBeGreaterThanOrEqual(2);
  expect(art.families.length).toBeLessThanOrEqual(5);
  expect(art.from).toMatch(HEX);
  expect(art.to).toMatch(HEX);
}

/** Tags must be p, ul, li, strong or em, without attributes, properly nested; no stray markup. */
function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  for (const match of html.matchAll(/<(\/?)([^>]*)>/g)) {
    const [, closing, name = ''] = match;
    if (!/^(p|ul|li|strong|em)$/.test(name)) {
      problems.push(`tag <${closing}${name}>`);
      continue;
    }
    if (!closing) stack.push(name);
    else if (stack.pop() !== name) problems.push(`unbalanced </${name}>`);
  }
  if (stack.length > 0) problems.push(`unclosed ${stack.join(',')}`);
  const text = html.replace(/<[^>]*>/g, '');
  if (/[<>]/.test(text)) problems.push('stray angle bracket');
  if (/&(?![a-z]+;|#\d+;)/.test(text)) problems.push('unescaped ampersand');
  if (!html.startsWith('<p>') && !html.startsWith('<ul>')) problems.push('does not start with a block');
  return problems;
}

describe('categories', () => {
  it('has at least nine top-level categories with 2–6 children each', () => {
    expect(categories.length).toBeGreaterThanOrEqual(9);
    for (const c of categories) {
      expect(c.children.length, c.key).toBeGreaterThanOrEqual(2);
      expect(c.children.length, c.key).toBeLessThanOrEqual(6);
    }
  });

  it('uses unique slug keys, bilingual names and a valid icon everywhere', () => {
    expect(new Set(allCategoryKeys).size).toBe(allCategoryKeys.length);
    for (const c of [...categories, ...categories.flatMap((p) => p.children)]) {
      expect(c.key).toMatch(SLUG);
      expect(c.en_name.trim(), c.key).not.toBe('');
      expect(c.en_name, c.key).not.toMatch(HAN);
      expect(c.zn_name, c.key).toMatch(HAN);
      expectArt(c.icon);
    }
  });

  it('has at least three products in every child category', () => {
    for (const key of childKeys) {
      expect(products.filter((p) => p.category === key).length, key).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('products', () => {
  it('has at least 250 products with unique slug keys that are not category keys', () => {
    expect(products.length).toBeGreaterThanOrEqual(250);
    expect(productByKey.size).toBe(products.length);
    for (const p of products) {
      expect(p.key).toMatch(SLUG);
      expect(parentOf.has(p.key), p.key).toBe(false);
    }
  });

  it('puts every product in an existing category', () => {
    for (const p of products) expect(parentOf.has(p.category), `${p.key} → ${p.category}`).toBe(true);
  });

  it('fills both languages for names, brands, units and descriptions', () => {
    const texts = (p: SeedProduct) => [p.en_name, p.zn_name, p.brand_en_name, p.brand_zn_name, p.en_number];
    for (const p of products) {
      for (const text of [...texts(p), p.zn_number, p.en_describe, p.zn_describe]) {
        expect(text.trim(), p.key).not.toBe('');
      }
      expect(p.zn_name, p.key).toMatch(HAN);
      expect(p.brand_zn_name, p.key).toMatch(HAN);
      expect(p.en_name, p.key).not.toMatch(HAN);
      expect(p.brand_en_name, p.key).not.toMatch(HAN);
      expect(p.zn_describe, p.key).toMatch(HAN);
      expect(p.en_describe, p.key).not.toMatch(HAN);
    }
  });

  it('has names that exercise search: plurals, accents and traditional-foldable characters', () => {
    const en = products.map((p) => p.en_name);
    const zn = products.map((p) => p.zn_name).join(' ');
    expect(en.filter((name) => /s$/.test(name)).length).toBeGreaterThanOrEqual(20);
    expect(en.filter((name) => /[À-ÿ]/.test(name)).length).toBeGreaterThanOrEqual(3);
    for (const word of ['苹果', '鸡蛋', '面条', '饺', '虾']) expect(zn).toContain(word);
  });

  it('has consistent weights and unit labels in both languages', () => {
    for (const p of products) {
      expect(Number.isInteger(p.weight_g) && Number.isInteger(p.net_weight_g), p.key).toBe(true);
      expect(p.net_weight_g, p.key).toBeGreaterThan(0);
      expect(p.weight_g, p.key).toBeGreaterThanOrEqual(p.net_weight_g);

      const gross = /^(\d+(?:\.\d+)?) (g|kg|lb|oz)$/.exec(p.en_weight);
      expect(gross, `${p.key} en_weight ${p.en_weight}`).not.toBeNull();
      if (gross) {
        const grams = Number(gross[1]) * GRAMS_PER[gross[2] as keyof typeof GRAMS_PER];
        expect(Math.abs(grams - p.weight_g) / p.weight_g, p.key).toBeLessThan(0.01);
        expect(p.zn_weight, p.key).toBe(`${gross[1]}${ZN_UNIT[gross[2] as string]}`);
      }

      expect(numbersIn(p.zn_number), p.key).toEqual(numbersIn(p.en_number));
      const unit = /([A-Za-z]+)$/.exec(p.en_number)?.[1] ?? '';
      expect(ZN_UNIT[unit], `${p.key} unit ${unit}`).toBeDefined();
      expect(p.zn_number.endsWith(ZN_UNIT[unit] ?? '?'), p.key).toBe(true);

      const nums = numbersIn(p.en_number);
      const amount = nums.reduce((a, b) => a * b, 1);
      if (unit in GRAMS_PER) {
        const grams = amount * GRAMS_PER[unit as keyof typeof GRAMS_PER];
        expect(Math.abs(grams - p.net_weight_g) / grams, p.key).toBeLessThan(0.01);
      } else if (unit === 'ml' || unit === 'L') {
        const density = p.net_weight_g / (amount * (unit === 'L' ? 1000 : 1));
        expect(density, p.key).toBeGreaterThan(0.5);
        expect(density, p.key).toBeLessThan(1.5);
      }
    }
  });

  it('has a box gauge, shelf life, price and counts in realistic ranges', () => {
    for (const p of products) {
      expect(p.number, p.key).toMatch(/^\d+ × \d+$/);
      expect(Number.isInteger(p.term_days) && p.term_days > 0, p.key).toBe(true);
      expect(Number.isInteger(p.price_cents), p.key).toBe(true);
      // A step of bananas at $0.69/lb is the one price a pack could not have.
      expect(p.price_cents, p.key).toBeGreaterThanOrEqual(isWeighed(p) ? 50 : 99);
      expect(p.price_cents, p.key).toBeLessThanOrEqual(9999);
      expect(Number.isInteger(p.stock) && p.stock >= 0, p.key).toBe(true);
      expect(Number.isInteger(p.sold_count) && p.sold_count >= 0 && p.sold_count <= 5000, p.key).toBe(true);
      expect(Number.isInteger(p.added_days_ago), p.key).toBe(true);
      expect(p.added_days_ago, p.key).toBeGreaterThanOrEqual(0);
      expect(p.added_days_ago, p.key).toBeLessThanOrEqual(60);
    }
    const usual = products.filter((p) => p.price_cents <= 4999).length;
    expect(usual / products.length).toBeGreaterThan(0.9);
    expect(new Set(products.map((p) => p.sold_count)).size / products.length).toBeGreaterThan(0.8);
  });

  it('has a stock mix: mostly 20–300, about ten sold out and about fifteen running low', () => {
    const soldOut = products.filter((p) => p.stock === 0).length;
    const low = products.filter((p) => p.stock >= 1 && p.stock <= 5).length;
    const usual = products.filter((p) => p.stock >= 20 && p.stock <= 300).length;
    expect(soldOut).toBeGreaterThanOrEqual(5);
    expect(soldOut).toBeLessThanOrEqual(15);
    expect(low).toBeGreaterThanOrEqual(10);
    expect(low).toBeLessThanOrEqual(20);
    expect(usual / products.length).toBeGreaterThan(0.75);
  });

  it('has at least 30 new products (0–6 days) spread over at least five aisles', () => {
    const fresh = products.filter((p) => p.added_days_ago <= 6);
    expect(fresh.length).toBeGreaterThanOrEqual(30);
    expect(new Set(fresh.map((p) => parentOf.get(p.category))).size).toBeGreaterThanOrEqual(5);
  });

  it('has 1–4 valid images per product', () => {
    for (const p of products) {
      expect(p.images.length, p.key).toBeGreaterThanOrEqual(1);
      expect(p.images.length, p.key).toBeLessThanOrEqual(4);
      for (const art of p.images) expectArt(art);
    }
  });

  it('writes descriptions in the allowed HTML, each one its own', () => {
    for (const p of products) {
      expect(htmlProblems(p.en_describe), `${p.key} en`).toEqual([]);
      expect(htmlProblems(p.zn_describe), `${p.key} zn`).toEqual([]);
    }
    expect(new Set(products.map((p) => p.en_describe)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.zn_describe)).size).toBe(products.length);
  });

  it('does not repeat a template sentence across many descriptions', () => {
    const seen = new Map<string, number>();
    for (const p of products) {
      const sentences = p.en_describe
        .replace(/<[^>]*>/g, ' ')
        .split(/(?<=[.!?])\s+/)
        .map((s) => s.trim())
        .filter((s) => s.length > 20);
      for (const s of sentences) seen.set(s, (seen.get(s) ?? 0) + 1);
    }
    const repeated = [...seen].filter(([, n]) => n > 3);
    expect(repeated).toEqual([]);
  });
});

describe('marketing', () => {
  function resolves(url: string): boolean {
    const [kind, key = ''] = url.split(':');
    if (kind === 'category') return parentOf.has(key);
    if (kind === 'promotion') return promotionKeys.has(key);
    if (kind === 'product') return productByKey.has(key);
    return false;
  }

  it('has five banners covering product, path and promotion links that resolve', () => {
    expect(banners).toHaveLength(5);
    for (const type of [1, 2, 3]) expect(banners.some((b) => b.type === type)).toBe(true);
    for (const b of banners) {
      if (b.type === 1) expect(productByKey.has(b.url), b.url).toBe(true);
      if (b.type === 2) expect(b.url.startsWith('category:') && resolves(b.url), b.url).toBe(true);
      if (b.type === 3) expect(promotionKeys.has(b.url), b.url).toBe(true);
      expectBannerArt(b.art);
    }
  });

  it('has one tile plate with four resolving links and three best-seller plates of top-level aisles', () => {
    expect(plates).toHaveLength(4);
    expect(new Set(plates.map((p) => p.key)).size).toBe(4);
    const tiles = plates.filter((p) => p.style === 2);
    expect(tiles).toHaveLength(1);
    expect(tiles[0]?.items).toHaveLength(4);
    for (const item of tiles[0]?.items ?? []) {
      expect(resolves(item.url), item.url).toBe(true);
      expectBannerArt(item.art);
    }
    const lists = plates.filter((p) => p.style !== 2);
    expect(lists).toHaveLength(3);
    for (const plate of lists) expect(topLevel.has(plate.category ?? ''), plate.key).toBe(true);
    for (const plate of plates) {
      expect(plate.en_name.trim()).not.toBe('');
      expect(plate.zn_name).toMatch(HAN);
    }
  });

  it('has two running promotions and one that has ended', () => {
    expect(promotions).toHaveLength(3);
    const running = promotions.filter((p) => p.starts_in_days <= 0 && p.ends_in_days > 0);
    expect(running).toHaveLength(2);
    for (const p of running) {
      expect(p.ends_in_days).toBeGreaterThanOrEqual(7);
      expect(p.ends_in_days).toBeLessThanOrEqual(30);
    }
    const ended = promotions.filter((p) => p.ends_in_days < 0);
    expect(ended).toHaveLength(1);
    expect(ended[0]?.starts_in_days).toBeLessThan(ended[0]?.ends_in_days ?? 0);
  });

  it('discounts 10–14 real products by 10–40% in every promotion', () => {
    for (const promotion of promotions) {
      expect(promotion.zn_name).toMatch(HAN);
      expectBannerArt(promotion.ad);
      expect(promotion.products.length, promotion.key).toBeGreaterThanOrEqual(10);
      expect(promotion.products.length, promotion.key).toBeLessThanOrEqual(14);
      expect(new Set(promotion.products.map((line) => line.product)).size).toBe(promotion.products.length);
      for (const line of promotion.products) {
        const product = productByKey.get(line.product);
        expect(product, line.product).toBeDefined();
        if (!product) continue;
        expect(Number.isInteger(line.promotion_price_cents), line.product).toBe(true);
        expect(line.promotion_price_cents, line.product).toBeLessThan(product.price_cents);
        const off = 1 - line.promotion_price_cents / product.price_cents;
        expect(off, line.product).toBeGreaterThanOrEqual(0.1);
        expect(off, line.product).toBeLessThanOrEqual(0.4);
      }
    }
  });

  it('never puts one product in two promotions, and promotes only goods in stock', () => {
    const lines = promotions.flatMap((p) => p.products.map((line) => line.product));
    expect(new Set(lines).size).toBe(lines.length);
    for (const key of lines) expect(productByKey.get(key)?.stock ?? 0, key).toBeGreaterThan(0);
  });

  it('gives packs unique in-store barcodes and loose or weighed goods unique scale item codes', () => {
    const barcodes = products.flatMap((p) => (p.barcode ? [p.barcode] : []));
    const scaleCodes = products.flatMap((p) => (p.scale_item_code ? [p.scale_item_code] : []));
    expect(barcodes.length + scaleCodes.length).toBe(products.length);
    expect(new Set(barcodes).size).toBe(barcodes.length);
    expect(new Set(scaleCodes).size).toBe(scaleCodes.length);
    for (const code of barcodes) {
      expect(checkBarcode(code), code).toMatchObject({ ok: true, format: 'EAN-13' });
      expect(code, code).toMatch(/^02[5-9]/);
    }
    for (const code of scaleCodes) expect(Number(code), code).toBeLessThan(50_000);
    for (const p of products) {
      expect(p.barcode === null, p.key).toBe(p.brand_en_name === 'Fresh Farms' || isWeighed(p));
    }
  });

  it('counts eggs by the piece and drinks by the millilitre', () => {
    const byKey = (pattern: RegExp) => products.filter((p) => pattern.test(p.en_name));
    for (const p of byKey(/Eggs$/)) expect(p.net_count, p.key).toBeGreaterThan(1);
    for (const p of byKey(/Whole Milk$|Soy Sauce$|Vinegar$|Wine$|Drink$|Water$/))
      expect(p.net_volume_ml, p.key).toBeGreaterThan(0);
    for (const p of products) {
      expect(p.net_count === 0 || p.net_volume_ml === 0, p.key).toBe(true);
      const ml = /(?:^|× )(\d+(?:\.\d+)?) (ml|L)$/.exec(p.en_number);
      if (ml) {
        const each = Number(ml[1]) * (ml[2] === 'L' ? 1000 : 1);
        const count = /^(\d+) ×/.exec(p.en_number);
        expect(p.net_volume_ml, p.key).toBe(Math.round(each * Number(count?.[1] ?? 1)));
      }
    }
  });
});

describe('goods sold by weight', () => {
  const produce = products.filter((p) => ['vegetables', 'fruit'].includes(parentOf.get(p.category) ?? ''));

  it('names real products, each with a valid step or piece at a sensible price per lb', () => {
    for (const key of Object.keys(weighedGoods)) {
      expect(productByKey.has(key), key).toBe(true);
      const sale = saleOf(key);
      expect(saleProblem(sale), key).toBeUndefined();
      expect(sale.unitPriceCents, key).toBeGreaterThanOrEqual(49);
      expect(sale.unitPriceCents, key).toBeLessThanOrEqual(2999);
    }
  });

  it('describes one step or piece: its price and net weight are what the seeder sells', () => {
    for (const p of products.filter(isWeighed)) {
      const sale = saleOf(p.key);
      expect(p.price_cents, p.key).toBe(stepPriceOf(sale));
      expect(p.net_weight_g, p.key).toBe(stepGramsOf(sale));
      // A piece is one of something, labelled as one or by its weight; a step by its weight.
      if (sale.pieceGrams !== null) expect(p.net_count, p.key).toBe(0);
      else expect(p.en_number, p.key).toMatch(/^\d+(\.\d+)? lb$/);
    }
  });

  it('sells a third to a half of the produce loose, per lb and by the piece, in every produce aisle', () => {
    const weighed = produce.filter(isWeighed);
    expect(weighed.length / produce.length).toBeGreaterThanOrEqual(1 / 3);
    expect(weighed.length / produce.length).toBeLessThanOrEqual(1 / 2);
    expect(weighed.some((p) => saleOf(p.key).stepMilli !== null)).toBe(true);
    expect(weighed.some((p) => saleOf(p.key).pieceGrams !== null)).toBe(true);
    for (const aisle of ['vegetables', 'fruit']) {
      const inAisle = produce.filter((p) => parentOf.get(p.category) === aisle);
      expect(inAisle.some(isWeighed), aisle).toBe(true);
      expect(
        inAisle.some((p) => !isWeighed(p) && p.stock >= 20),
        aisle,
      ).toBe(true);
    }
  });

  it('keeps bagged, boxed and bunched produce as packs', () => {
    const packed = produce.filter(
      (p) =>
        /(^|-)bag(-|$)|berr|grapes/.test(p.key) ||
        / (oz|g|bunch)$/.test(p.en_number) ||
        (/ lb$/.test(p.en_number) && p.net_weight_g > 1000),
    );
    expect(packed.length).toBeGreaterThanOrEqual(10);
    for (const p of packed) expect(isWeighed(p), p.key).toBe(false);
  });
});
