import { and, asc, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import {
  banners,
  catalogueState,
  categories,
  plateItems,
  plates,
  productImages,
  products,
  promotionProducts,
  promotions,
  searchAliases,
  searchSynonyms,
} from '#server/db/schema';
import { nextTurn } from '#server/next-turn';
import { centsToAmount } from '#shared/money';
import type {
  Banner,
  Category,
  ChildCategory,
  Plate,
  Product,
  ProductCard,
  Promotion,
} from '#shared/schemas/catalogue';
import type { ShopWeightUnit } from '#shared/unit-price';
import { buildSearchIndexInSlices, type SearchDocument, type SearchIndex } from '../search/search.engine';
import { hasHan } from '../search/search.normalise';
import { readShopSettings } from '../settings/shop-settings';
import { unitPriceFieldsOf } from './unit-price.answer';
import { soldByWeightView } from './weighed-sale';

export interface ProductEntry {
  id: number;
  categoryId: number;
  createdAt: number;
  soldCount: number;
  card: ProductCard;
  detail: Product;
}

export interface CategoryEntry {
  category: Category;
  /** Ids of this category and its children: a parent's listing includes its children's products. */
  ids: Set<number>;
  /** Products of the category (children included), in catalogue order. */
  products: ProductEntry[];
}

export interface PromotionEntry {
  promotion: Promotion;
  products: ProductEntry[];
  /** Promotion price of each product, in cents. */
  priceCents: Map<number, number>;
}

/**
 * Everything the catalogue answers with, read from the database in one go. Catalogue reads never
 * touch the database: they are served from this, and it is rebuilt when the catalogue version
 * changes or a promotion starts or ends.
 */
export interface CatalogueSnapshot {
  version: number;
  /**
   * When a promotion or a published banner next starts or ends (ms since epoch), so the snapshot
   * can be rebuilt then.
   */
  nextChangeAt: number | null;
  banners: Banner[];
  categories: Category[];
  categoryById: Map<number, CategoryEntry>;
  /** Products on sale, in catalogue order. */
  products: ProductEntry[];
  productById: ReadonlyMap<number, ProductEntry>;
  productByUuid: ReadonlyMap<string, ProductEntry>;
  plates: Plate[];
  promotionById: Map<number, PromotionEntry>;
  /** Other names products and categories are searched by; the search index holds them too. */
  aliases: Aliases;
  /** The shop's weight unit when loaded: unit prices are per lb/oz or per 100 g/kg by it. */
  weightUnit: ShopWeightUnit;
  search: SearchIndex;
}

/** The catalogue's version number; every process polls it (a row, so all processes see it). */
export async function readCatalogueVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: catalogueState.version })
    .from(catalogueState)
    .where(eq(catalogueState.id, 1));
  return row?.version ?? 0;
}

type Rows = Awaited<ReturnType<typeof readRows>>;
type CategoryRow = Rows['categoryRows'][number];
export type ProductRow = Rows['productRows'][number];
export type ImageRow = Rows['imageRows'][number];
export type PromoProductRow = Rows['promoProductRows'][number];
/** What a product's views need of its category. */
export type CategoryFacts = Pick<CategoryRow, 'enName' | 'znName' | 'parentId'>;
export type CategoryOf = (id: number) => CategoryFacts | undefined;

/**
 * The products the shop shows (published, not archived): the same test for a whole load and for
 * one product's change.
 */
export function shownProducts(): SQL {
  return and(eq(products.onSale, true), isNull(products.archivedAt)) as SQL;
}

/** Awaits every read of `reads` at once; answers their results under the same names. */
async function allOf<T extends Record<string, PromiseLike<unknown>>>(
  reads: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.all(Object.values(reads));
  const keys = Object.keys(reads);
  return Object.fromEntries(keys.map((key, i) => [key, results[i]])) as { [K in keyof T]: Awaited<T[K]> };
}

/**
 * Products a load reads in one statement. Each answer is turned into rows on the server's thread
 * in one go: 10,000 products at once held it for 70–150 ms, 2,000 for 15–55 ms (a busy machine).
 */
const PRODUCT_PAGE = 1000;

/** The products on sale, by id, PRODUCT_PAGE at a time. */
async function readShownProducts(db: Db) {
  const page = (afterId: number | undefined) =>
    db
      .select()
      .from(products)
      .where(afterId === undefined ? shownProducts() : and(shownProducts(), gt(products.id, afterId)))
      .orderBy(asc(products.id))
      .limit(PRODUCT_PAGE);
  const rows: Awaited<ReturnType<typeof page>> = [];
  for (let afterId: number | undefined; ; ) {
    const more = await page(afterId);
    rows.push(...more);
    afterId = more.at(-1)?.id;
    if (afterId === undefined || more.length < PRODUCT_PAGE) return rows;
  }
}

/**
 * Every catalogue table, in catalogue order; only products on sale. The statements are not one
 * transaction: a change landing meanwhile bumps the version read before them, and loads again.
 */
function readRows(db: Db) {
  return allOf({
    categoryRows: db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id)),
    productRows: readShownProducts(db),
    imageRows: db
      .select()
      .from(productImages)
      .orderBy(asc(productImages.productId), asc(productImages.sort), asc(productImages.id)),
    bannerRows: db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id)),
    plateRows: db.select().from(plates).orderBy(asc(plates.sort), asc(plates.id)),
    plateItemRows: db
      .select()
      .from(plateItems)
      .orderBy(asc(plateItems.plateId), asc(plateItems.sort), asc(plateItems.id)),
    promotionRows: db.select().from(promotions).orderBy(asc(promotions.id)),
    promoProductRows: db
      .select()
      .from(promotionProducts)
      .orderBy(asc(promotionProducts.promotionId), asc(promotionProducts.sort)),
    aliasRows: db.select().from(searchAliases).orderBy(asc(searchAliases.id)),
    synonymRows: db
      .select({ terms: searchSynonyms.terms })
      .from(searchSynonyms)
      .orderBy(asc(searchSynonyms.id)),
  });
}

/** `list` grouped by `keyOf`, each group in the list's order. */
function groupBy<T, V>(
  list: readonly T[],
  keyOf: (item: T) => number,
  entryOf: (item: T) => V,
): Map<number, V[]> {
  const groups = new Map<number, V[]>();
  for (const item of list) {
    const key = keyOf(item);
    const group = groups.get(key) ?? [];
    group.push(entryOf(item));
    groups.set(key, group);
  }
  return groups;
}

interface RunningPromotions {
  /** Ids of the promotions running now. */
  active: Set<number>;
  /** The lowest running promotion price of each product, in cents. */
  runningPrice: Map<number, number>;
  /** When a promotion next starts or ends (ms since epoch). */
  nextChangeAt: number | null;
}

/** Promotions: which run now, the lowest running price per product, and the next boundary. */
/** The lowest running promotion price of each product of `lines`, in cents. */
export function lowestRunningPrices(
  lines: readonly PromoProductRow[],
  isRunning: (promotionId: number) => boolean,
) {
  const runningPrice = new Map<number, number>();
  for (const pp of lines) {
    if (!isRunning(pp.promotionId)) continue;
    const current = runningPrice.get(pp.productId);
    if (current === undefined || pp.promotionPriceCents < current)
      runningPrice.set(pp.productId, pp.promotionPriceCents);
  }
  return runningPrice;
}

function runningPromotions(rows: Rows, nowMs: number): RunningPromotions {
  let nextChangeAt: number | null = null;
  const consider = (t: number) => {
    if (t > nowMs && (nextChangeAt === null || t < nextChangeAt)) nextChangeAt = t;
  };
  const active = new Set<number>();
  for (const p of rows.promotionRows) {
    consider(p.startsAt.getTime());
    consider(p.endsAt.getTime());
    if (p.startsAt.getTime() <= nowMs && nowMs < p.endsAt.getTime()) active.add(p.id);
  }
  const runningPrice = lowestRunningPrices(rows.promoProductRows, (id) => active.has(id));
  return { active, runningPrice, nextChangeAt };
}

type ImagesOf = Map<number, { link: string }[]>;

const imagesByProduct = (imageRows: readonly ImageRow[]): ImagesOf =>
  groupBy(
    imageRows,
    (img) => img.productId,
    (img) => ({ link: img.link }),
  );

/** Products on sale whose category exists, with their card and detail views. */
export function productEntries(
  rows: { productRows: readonly ProductRow[]; imageRows: readonly ImageRow[] },
  categoryOf: CategoryOf,
  runningPrice: Map<number, number>,
  weightUnit: ShopWeightUnit,
): ProductEntry[] {
  const imagesOf = imagesByProduct(rows.imageRows);
  const list: ProductEntry[] = [];
  for (const p of rows.productRows) {
    const entry = productEntry(p, categoryOf, runningPrice, imagesOf, weightUnit);
    if (entry) list.push(entry);
  }
  return list;
}

/** A whole load's product entries, SLICE at a time with a turn for others between (`productEntries`). */
async function productEntriesInSlices(
  rows: Rows,
  categoryOf: CategoryOf,
  runningPrice: Map<number, number>,
  weightUnit: ShopWeightUnit,
): Promise<ProductEntry[]> {
  const imagesOf = imagesByProduct(rows.imageRows);
  const list: ProductEntry[] = [];
  for (const [i, p] of rows.productRows.entries()) {
    if (i > 0 && i % SLICE === 0) await nextTurn();
    const entry = productEntry(p, categoryOf, runningPrice, imagesOf, weightUnit);
    if (entry) list.push(entry);
  }
  return list;
}

/** A product's card and detail views; undefined when its category does not exist. */
function productEntry(
  p: ProductRow,
  categoryOf: CategoryOf,
  runningPrice: Map<number, number>,
  imagesOf: ImagesOf,
  weightUnit: ShopWeightUnit,
): ProductEntry | undefined {
  const category = categoryOf(p.categoryId);
  if (!category) return undefined;
  const promo = runningPrice.get(p.id);
  const card: ProductCard = {
    uuid: p.uuid,
    price: centsToAmount(p.priceCents),
    promotion_price: promo === undefined ? null : centsToAmount(promo),
    product_image: p.productImage,
    en_name: p.enName,
    zn_name: p.znName,
    en_number: p.enNumber,
    zn_number: p.znNumber,
    real_stock: p.realStock,
    sold_count: p.soldCount,
    category_id: p.categoryId,
    ...unitPriceFieldsOf(p, promo ?? p.priceCents, weightUnit),
    sold_by_weight: soldByWeightView(p),
  };
  const detail: Product = {
    ...card,
    en_weight: p.enWeight,
    zn_weight: p.znWeight,
    en_describe: p.enDescribe,
    zn_describe: p.znDescribe,
    brand_en_name: p.brandEnName,
    brand_zn_name: p.brandZnName,
    category_en_name: category.enName,
    category_zn_name: category.znName,
    parent_category_id: category.parentId,
    images: imagesOf.get(p.id) ?? [{ link: p.productImage }],
    weight: p.weightG,
    net_weight: p.netWeightG,
    number: p.boxGauge,
    term: p.termDays,
  };
  return {
    id: p.id,
    categoryId: p.categoryId,
    createdAt: p.createdAt.getTime(),
    soldCount: p.soldCount,
    card,
    detail,
  };
}

/** Categories as a tree: each with its children and its products (its children's included). */
function categoryEntries(
  categoryRows: readonly CategoryRow[],
  productList: readonly ProductEntry[],
): Map<number, CategoryEntry> {
  const childrenOf = groupBy(
    categoryRows.filter((c) => c.parentId !== null),
    (c) => c.parentId ?? 0,
    (c) => c,
  );
  const productsByCategory = groupBy(
    productList,
    (p) => p.categoryId,
    (p) => p,
  );
  const childView = (c: CategoryRow): ChildCategory => ({
    id: c.id,
    icon: c.icon,
    en_name: c.enName,
    zn_name: c.znName,
  });
  const categoryById = new Map<number, CategoryEntry>();
  for (const c of categoryRows) {
    const children = childrenOf.get(c.id) ?? [];
    const ids = new Set([c.id, ...children.map((ch) => ch.id)]);
    const own = [c, ...children]
      .flatMap((x) => productsByCategory.get(x.id) ?? [])
      .sort((a, b) => a.id - b.id);
    categoryById.set(c.id, {
      ids,
      products: own,
      category: {
        ...childView(c),
        parent_id: c.parentId,
        product_count: own.length,
        childCategory: children.map((ch) => ({
          ...childView(ch),
          product_count: productsByCategory.get(ch.id)?.length ?? 0,
        })),
      },
    });
  }
  return categoryById;
}

interface Names {
  en_name: string;
  zn_name: string;
}
const NO_NAMES: Names = { en_name: '', zn_name: '' };

/** The names of what a path in the shop shows (a category, product or promotion), for headlines. */
type NamesOfPath = (path: string) => Names;

export function namesOfPath(
  categoryOf: CategoryOf,
  productByUuid: ReadonlyMap<string, ProductEntry>,
  promotionById: ReadonlyMap<number, PromotionEntry>,
): NamesOfPath {
  return (path) => {
    const [, kind, key = '', sub] = path.split('/');
    const names = (item?: { en_name: string; zn_name: string }) =>
      item ? { en_name: item.en_name, zn_name: item.zn_name } : NO_NAMES;
    if (kind === 'product') return names(productByUuid.get(key)?.card);
    if (kind === 'promotion') return names(promotionById.get(Number(key))?.promotion);
    if (kind !== 'category') return NO_NAMES;
    const category = categoryOf(Number(sub ?? key));
    return category ? { en_name: category.enName, zn_name: category.znName } : NO_NAMES;
  };
}

const BANNER_PATH = { 1: '/product/', 3: '/promotion/' } as const;

export const pathOf = (url: string) => (url.startsWith('/') ? url : `/${url}`);
export const bannerPath = (type: 1 | 2 | 3, url: string) =>
  type === 2 ? pathOf(url) : BANNER_PATH[type] + url;

/** Whether a banner shows at `nowMs`: published, and inside its schedule (either end may be open). */
export function bannerShows(
  b: { published: boolean; startsAt: Date | null; endsAt: Date | null },
  nowMs: number,
): boolean {
  return (
    b.published &&
    (b.startsAt === null || b.startsAt.getTime() <= nowMs) &&
    (b.endsAt === null || nowMs < b.endsAt.getTime())
  );
}

/** The earlier of `next` and `t`, counting `t` only when it is still ahead of `nowMs`. */
function earlierAhead(next: number | null, t: number | undefined, nowMs: number): number | null {
  if (t === undefined || t <= nowMs) return next;
  return next === null || t < next ? t : next;
}

/** When a published banner's schedule next starts or ends one (ms since epoch), or null. */
function nextBannerChange(rows: Rows, nowMs: number): number | null {
  let next: number | null = null;
  for (const b of rows.bannerRows) {
    if (!b.published) continue;
    next = earlierAhead(next, b.startsAt?.getTime(), nowMs);
    next = earlierAhead(next, b.endsAt?.getTime(), nowMs);
  }
  return next;
}

/** The banners shoppers see now (published, inside their schedule), in order. */
function bannerList(rows: Rows, namesOf: NamesOfPath, nowMs: number): Banner[] {
  return rows.bannerRows
    .filter((b) => bannerShows(b, nowMs))
    .map((b) => {
      const type = b.type as 1 | 2 | 3;
      const path = bannerPath(type, b.url);
      return {
        id: b.id,
        type,
        url: b.url,
        image: b.image,
        ...namesOf(path),
        en_headline: b.enHeadline,
        zn_headline: b.znHeadline,
        en_cta: b.enCta,
        zn_cta: b.znCta,
      };
    });
}

function plateList(rows: Rows, namesOf: NamesOfPath): Plate[] {
  const itemsOf = groupBy(
    rows.plateItemRows,
    (item) => item.plateId,
    (item) => ({ img: item.img, url: item.url, ...namesOf(pathOf(item.url)) }),
  );
  return rows.plateRows
    .filter((p) => p.published)
    .map((p) => ({
      id: p.id,
      style: p.style,
      en_name: p.enName,
      zn_name: p.znName,
      category_id: p.categoryId,
      item: itemsOf.get(p.id) ?? [],
    }));
}

/** Promotions with their products and their prices. */
function promotionEntries(
  rows: Rows,
  active: Set<number>,
  productById: Map<number, ProductEntry>,
): Map<number, PromotionEntry> {
  const promotionById = new Map<number, PromotionEntry>();
  for (const p of rows.promotionRows) {
    promotionById.set(p.id, {
      promotion: {
        id: p.id,
        ad_img: p.adImg,
        en_name: p.enName,
        zn_name: p.znName,
        starts_at: p.startsAt.toISOString(),
        ends_at: p.endsAt.toISOString(),
        active: active.has(p.id),
      },
      products: [],
      priceCents: new Map(),
    });
  }
  for (const pp of rows.promoProductRows) {
    const entry = promotionById.get(pp.promotionId);
    const product = productById.get(pp.productId);
    if (!entry || !product) continue;
    entry.products.push(product);
    entry.priceCents.set(product.id, pp.promotionPriceCents);
  }
  return promotionById;
}

/** The aliases of products and of categories (search_aliases), by id. */
export interface Aliases {
  product: ReadonlyMap<number, readonly string[]>;
  category: ReadonlyMap<number, readonly string[]>;
}

/** Aliases rows grouped by product and by category. */
export function aliasesOf(
  aliasRows: readonly { productId: number | null; categoryId: number | null; alias: string }[],
): { product: Map<number, string[]>; category: Map<number, string[]> } {
  const product = new Map<number, string[]>();
  const category = new Map<number, string[]>();
  for (const a of aliasRows) {
    const [map, id] = a.productId !== null ? [product, a.productId] : [category, a.categoryId ?? 0];
    map.set(id, [...(map.get(id) ?? []), a.alias]);
  }
  return { product, category };
}

/**
 * A product's search document, with its category's and its parent's names. A category's aliases
 * count as its names (Chinese ones with the Chinese name, so their pinyin is found too); the
 * product's own aliases rank as its name does.
 */
export function searchDocumentOf(p: ProductEntry, categoryOf: CategoryOf, aliases: Aliases): SearchDocument {
  const category = categoryOf(p.categoryId);
  const parentId = category?.parentId ?? null;
  const parent = parentId !== null ? categoryOf(parentId) : undefined;
  const namesOf = (c: CategoryFacts | undefined, id: number | null) => {
    const extra = id === null ? [] : (aliases.category.get(id) ?? []);
    return { en: [c?.enName, ...extra.filter((a) => !hasHan(a))], zh: [c?.znName, ...extra.filter(hasHan)] };
  };
  const own = namesOf(category, category ? p.categoryId : null);
  const up = namesOf(parent, parentId);
  const present = (names: (string | undefined)[]) => names.filter((name): name is string => Boolean(name));
  return {
    id: p.id,
    en_name: p.card.en_name,
    zn_name: p.card.zn_name,
    brand_en_name: p.detail.brand_en_name,
    brand_zn_name: p.detail.brand_zn_name,
    category_en_name: present([...own.en, ...up.en]).join(' '),
    category_zn_name: present([...own.zh, ...up.zh]).join(' '),
    category_names: present([...own.en, ...up.en, ...own.zh, ...up.zh]),
    aliases: aliases.product.get(p.id) ?? [],
    sold_count: p.soldCount,
  };
}

/** Search documents of a whole load, SLICE at a time with a turn for others between. */
async function searchDocumentsInSlices(
  list: readonly ProductEntry[],
  categoryOf: CategoryOf,
  aliases: Aliases,
): Promise<SearchDocument[]> {
  const docs: SearchDocument[] = [];
  for (const [i, p] of list.entries()) {
    if (i > 0 && i % SLICE === 0) await nextTurn();
    docs.push(searchDocumentOf(p, categoryOf, aliases));
  }
  return docs;
}

/**
 * Products a load turns into entries (and search documents) between two turns of the server's
 * thread: at thousands of products, building the snapshot in one go held every request for
 * hundreds of milliseconds (bench/catalogue-import.ts). Requests meanwhile get the last snapshot.
 * 500 entries took 5–20 ms at 10,000 products on a busy machine (more when a garbage collection
 * fell in them); 500 search documents 1–6 ms.
 */
const SLICE = 250;

/** Reads the whole catalogue and builds the snapshot the catalogue routes answer from. */
export async function loadCatalogueSnapshot(db: Db, now: Date): Promise<CatalogueSnapshot> {
  // Read the version first: a change landing during the reads bumps it again and triggers a reload.
  const version = await readCatalogueVersion(db);
  const rows = await readRows(db);
  const { weightUnit } = await readShopSettings(db);
  const nowMs = now.getTime();
  const promotionsNow = runningPromotions(rows, nowMs);
  const categoryRowById = new Map(rows.categoryRows.map((c) => [c.id, c]));
  const categoryOf: CategoryOf = (id) => categoryRowById.get(id);
  await nextTurn();
  const productList = await productEntriesInSlices(rows, categoryOf, promotionsNow.runningPrice, weightUnit);
  await nextTurn();
  const productById = new Map(productList.map((p) => [p.id, p]));
  const productByUuid = new Map(productList.map((p) => [p.card.uuid, p]));
  await nextTurn();
  const categoryById = categoryEntries(rows.categoryRows, productList);
  const topLevel = rows.categoryRows
    .filter((c) => c.parentId === null)
    .map((c) => categoryById.get(c.id)?.category)
    .filter((c): c is Category => c !== undefined);
  await nextTurn();
  const promotionById = promotionEntries(rows, promotionsNow.active, productById);
  const namesOf = namesOfPath(categoryOf, productByUuid, promotionById);
  const aliases = aliasesOf(rows.aliasRows);
  await nextTurn();
  const search = await buildSearchIndexInSlices(
    await searchDocumentsInSlices(productList, categoryOf, aliases),
    { synonyms: rows.synonymRows.map((r) => r.terms) },
  );
  return {
    version,
    nextChangeAt: earlierAhead(promotionsNow.nextChangeAt, nextBannerChange(rows, nowMs) ?? undefined, nowMs),
    banners: bannerList(rows, namesOf, nowMs),
    categories: topLevel,
    categoryById,
    products: productList,
    productById,
    productByUuid,
    plates: plateList(rows, namesOf),
    promotionById,
    aliases,
    search,
    weightUnit,
  };
}
