import { NotFound } from '#server/errors';
import { NEW_PRODUCT_DAYS } from '#shared/constants';
import { centsToAmount } from '#shared/money';
import type {
  Banner,
  Category,
  NewCategory,
  Plate,
  Product,
  ProductCard,
  ProductListQuery,
  Promotion,
  SearchSuggestions,
} from '#shared/schemas/catalogue';
import type { Page } from '#shared/schemas/common';
import { foldText, hasHan, normaliseQuery } from '../search/search.normalise';
import { editDistance, latinWords } from '../search/search.variants';
import type { CatalogueSnapshot, CategoryEntry, ProductEntry, PromotionEntry } from './catalogue.snapshot';

const DAY_MS = 86_400_000;
/** How many newest products stand in for "new" when nothing was added in the last NEW_PRODUCT_DAYS. */
const NEWEST_FALLBACK = 10;

function paginate<T>(items: readonly T[], page: number, pageSize: number): Page<T> {
  const start = (page - 1) * pageSize;
  return { list: items.slice(start, start + pageSize), total: items.length, page, page_size: pageSize };
}

function categoryEntry(snapshot: CatalogueSnapshot, id: number) {
  const entry = snapshot.categoryById.get(id);
  if (!entry) throw new NotFound('errors:notFound.category');
  return entry;
}

export function listBanners(snapshot: CatalogueSnapshot): Banner[] {
  return snapshot.banners;
}

/** All top-level categories with their children, or one category (parent or child) by id. */
export function listCategories(snapshot: CatalogueSnapshot, categoryId?: number): Category[] | Category {
  if (categoryId === undefined) return snapshot.categories;
  return categoryEntry(snapshot, categoryId).category;
}

export function listPlates(snapshot: CatalogueSnapshot): Plate[] {
  return snapshot.plates;
}

function isNew(product: ProductEntry, now: Date): boolean {
  return product.createdAt >= now.getTime() - NEW_PRODUCT_DAYS * DAY_MS;
}

const newestFirst = (a: ProductEntry, b: ProductEntry) => b.createdAt - a.createdAt || b.id - a.id;

/** Products added in the last NEW_PRODUCT_DAYS, newest first; the newest few when none are that new. */
function newProductsOf(products: readonly ProductEntry[], now: Date): ProductEntry[] {
  const fresh = products.filter((p) => isNew(p, now)).sort(newestFirst);
  return fresh.length > 0 ? fresh : [...products].sort(newestFirst).slice(0, NEWEST_FALLBACK);
}

/** The top-level categories `listNewCategories` shows, in its order (their views, as the snapshot holds them). */
export function newCategoriesOf(snapshot: CatalogueSnapshot, now: Date): Category[] {
  const ranked = snapshot.categories
    .map((c) => {
      const products = snapshot.categoryById.get(c.id)?.products ?? [];
      const newest = products.reduce((max, p) => Math.max(max, p.createdAt), 0);
      return { c, newest, hasNew: products.some((p) => isNew(p, now)) };
    })
    .filter((x) => x.newest > 0);
  const anyNew = ranked.some((x) => x.hasNew);
  return ranked
    .filter((x) => !anyNew || x.hasNew)
    .sort((a, b) => b.newest - a.newest)
    .map(({ c }) => c);
}

/** Top-level categories that have new products, the one with the newest product first. */
export function listNewCategories(snapshot: CatalogueSnapshot, now: Date): NewCategory[] {
  return newCategoryViews(newCategoriesOf(snapshot, now));
}

/** What `new_category` shows of each category. */
export function newCategoryViews(categories: readonly Category[]): NewCategory[] {
  return categories.map((c) => ({ id: c.id, icon: c.icon, en_name: c.en_name, zn_name: c.zn_name }));
}

/** The page of products `listNewProducts` shows. */
export function selectNewProducts(
  snapshot: CatalogueSnapshot,
  query: { category_id?: number; page: number; page_size: number },
  now: Date,
): Page<ProductEntry> {
  const base =
    query.category_id === undefined ? snapshot.products : categoryEntry(snapshot, query.category_id).products;
  return paginate(newProductsOf(base, now), query.page, query.page_size);
}

export function listNewProducts(
  snapshot: CatalogueSnapshot,
  query: { category_id?: number; page: number; page_size: number },
  now: Date,
): Page<ProductCard> {
  return cardsOfPage(selectNewProducts(snapshot, query, now));
}

/** A page of products as their cards. */
export function cardsOfPage(page: Page<ProductEntry>): Page<ProductCard> {
  return { ...page, list: page.list.map((p) => p.card) };
}

const mostSoldFirst = (a: ProductEntry, b: ProductEntry) => b.soldCount - a.soldCount || a.id - b.id;

/** A page of products as `listProducts` chooses them, and the promotion whose prices they show, if any. */
export interface ProductSelection {
  page: Page<ProductEntry>;
  /** The running promotion the page shows its prices of. */
  promotion?: PromotionEntry;
}

/** The products `listProducts` shows for `query`, before they are made cards. */
export function selectProducts(snapshot: CatalogueSnapshot, query: ProductListQuery): ProductSelection {
  let products: readonly ProductEntry[] = snapshot.products;
  let promotion: PromotionEntry | undefined;

  if (query.promotion_plan !== undefined) {
    const promo = snapshot.promotionById.get(query.promotion_plan);
    if (!promo) throw new NotFound('errors:notFound.promotion');
    products = promo.products;
    if (promo.promotion.active) promotion = promo;
  }
  if (query.category_id !== undefined) {
    const entry = categoryEntry(snapshot, query.category_id);
    // A category's listing is the shop's products of its ids, in the same (id) order.
    products =
      products === snapshot.products ? entry.products : products.filter((p) => entry.ids.has(p.categoryId));
  }
  if (query.en_search !== undefined) {
    const allowed = products === snapshot.products ? undefined : new Set(products.map((p) => p.id));
    products = snapshot.search
      .search(query.en_search)
      .filter((id) => allowed === undefined || allowed.has(id))
      .map((id) => snapshot.productById.get(id))
      .filter((p): p is ProductEntry => p !== undefined);
  }
  if (query.most_sold) products = [...products].sort(mostSoldFirst);
  return { page: paginate(products, query.page, query.page_size), promotion };
}

/**
 * `index_product`: a category's products (children included), a promotion's products at their
 * promotion prices, search results best first, or everything; optionally by most sold; paged.
 */
export function listProducts(snapshot: CatalogueSnapshot, query: ProductListQuery): Page<ProductCard> {
  return cardsOf(selectProducts(snapshot, query));
}

/** A selection's page as cards, at the promotion's prices when it has one. */
export function cardsOf({ page, promotion }: ProductSelection): Page<ProductCard> {
  const toCard = promotion
    ? (p: ProductEntry): ProductCard => ({
        ...p.card,
        promotion_price: centsToAmount(promotion.priceCents.get(p.id) ?? 0),
      })
    : (p: ProductEntry): ProductCard => p.card;
  return { ...page, list: page.list.map(toCard) };
}

export function productDetail(snapshot: CatalogueSnapshot, uuid: string): Product {
  const product = snapshot.productByUuid.get(uuid);
  if (!product) throw new NotFound('errors:notFound.product');
  return product.detail;
}

export function promotionDetail(snapshot: CatalogueSnapshot, id: number): Promotion {
  const promo = snapshot.promotionById.get(id);
  if (!promo) throw new NotFound('errors:notFound.promotion');
  return promo.promotion;
}

/** The promotions running now, the soonest to end first: the Promotions tab (docs/api.md, `GET /api/index_promotion`). */
export function runningPromotions(snapshot: CatalogueSnapshot): Promotion[] {
  return [...snapshot.promotionById.values()]
    .map((entry) => entry.promotion)
    .filter((promotion) => promotion.active)
    .sort((a, b) => a.ends_at.localeCompare(b.ends_at) || a.id - b.id);
}

/** Best sellers a search that found nothing offers. */
export const SUGGESTED_PRODUCTS = 4;

/**
 * The category nearest a query that found nothing: the one whose Chinese name shares the most
 * characters with it, or whose English name has a word a few letters from one of its words.
 */
function nearestCategory(snapshot: CatalogueSnapshot, normalised: string): CategoryEntry | undefined {
  let best: CategoryEntry | undefined;
  let bestScore = 0;
  const han = hasHan(normalised) ? new Set(normalised) : undefined;
  const words = latinWords(normalised).filter((w) => w.length >= 3);
  for (const entry of snapshot.categoryById.values()) {
    if (entry.products.length === 0) continue;
    let score = 0;
    if (han) for (const c of new Set(foldText(entry.category.zn_name))) if (han.has(c)) score++;
    for (const word of words) {
      for (const name of latinWords(foldText(entry.category.en_name))) {
        const max = Math.max(2, Math.floor(word.length / 3));
        const d = editDistance(word, name.slice(0, word.length + max), max);
        if (d <= max) score = Math.max(score, max + 1 - d);
      }
    }
    if (score > bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  return best;
}

/**
 * What the search page offers when a search found nothing (docs/product.md §2): a query close to
 * it that finds something, and the best sellers of the category nearest it (that suggestion's
 * first product's, or the one named most like the query), or of the whole shop.
 */
export function searchSuggestions(snapshot: CatalogueSnapshot, q: string): SearchSuggestions {
  const normalised = normaliseQuery(q);
  const didYouMean = normalised === '' ? undefined : snapshot.search.suggestion(normalised);
  const first = didYouMean === undefined ? undefined : snapshot.search.search(didYouMean)[0];
  const categoryId = first === undefined ? undefined : snapshot.productById.get(first)?.categoryId;
  const entry =
    categoryId !== undefined ? snapshot.categoryById.get(categoryId) : nearestCategory(snapshot, normalised);
  const pool = entry?.products ?? snapshot.products;
  return {
    did_you_mean: didYouMean ?? null,
    category: entry
      ? { id: entry.category.id, en_name: entry.category.en_name, zn_name: entry.category.zn_name }
      : null,
    products: [...pool]
      .sort(mostSoldFirst)
      .slice(0, SUGGESTED_PRODUCTS)
      .map((p) => p.card),
  };
}
