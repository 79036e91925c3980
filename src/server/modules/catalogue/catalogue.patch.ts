import { and, asc, inArray, or } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { productImages, products, promotionProducts, searchAliases } from '#server/db/schema';
import type { Banner, Category, Plate } from '#shared/schemas/catalogue';
import {
  aliasesOf,
  bannerPath,
  type CatalogueSnapshot,
  type CategoryEntry,
  type CategoryOf,
  type ImageRow,
  lowestRunningPrices,
  namesOfPath,
  type ProductEntry,
  type ProductRow,
  type PromoProductRow,
  type PromotionEntry,
  pathOf,
  productEntries,
  searchDocumentOf,
  shownProducts,
} from './catalogue.snapshot';
import { PatchedMap } from './patched-map';

/**
 * Applying a change to some products without rebuilding the catalogue (docs/decisions/014): their
 * rows are read again, and a new snapshot is made from the current one with only what shows them
 * replaced. The current snapshot is left as it was (requests being answered from it see it whole);
 * everything the change does not touch is shared between the two.
 */

/** What the database says now about some products: what `patchSnapshot` needs. */
export interface ProductChangeRows {
  ids: number[];
  /** The products the shop shows, of `ids` (the others are gone from the shop). */
  productRows: ProductRow[];
  imageRows: ImageRow[];
  /** Every line of every promotion one of `ids` belongs to, in promotion order. */
  promotionLines: PromoProductRow[];
  /** The aliases of `ids`. */
  aliasRows: { productId: number | null; categoryId: number | null; alias: string }[];
}

/** The promotions `snapshot` shows one of `ids` in (a product taken out of the shop has lost its lines). */
function promotionsShowing(snapshot: CatalogueSnapshot, ids: readonly number[]): number[] {
  const wanted = new Set(ids);
  return [...snapshot.promotionById.values()]
    .filter((entry) => entry.products.some((p) => wanted.has(p.id)))
    .map((entry) => entry.promotion.id);
}

/** Reads what `patchSnapshot` needs to apply to `snapshot` a change of the products `ids`. */
export async function readProductChange(
  db: Db,
  snapshot: CatalogueSnapshot,
  ids: number[],
): Promise<ProductChangeRows> {
  const promotionsOfIds = db
    .select({ id: promotionProducts.promotionId })
    .from(promotionProducts)
    .where(inArray(promotionProducts.productId, ids));
  const shownIn = promotionsShowing(snapshot, ids);
  const ofPromotions = inArray(promotionProducts.promotionId, promotionsOfIds);
  const [productRows, imageRows, promotionLines, aliasRows] = await Promise.all([
    db
      .select()
      .from(products)
      .where(and(inArray(products.id, ids), shownProducts()))
      .orderBy(asc(products.id)),
    db
      .select()
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.productId), asc(productImages.sort), asc(productImages.id)),
    db
      .select()
      .from(promotionProducts)
      .where(
        shownIn.length === 0
          ? ofPromotions
          : or(ofPromotions, inArray(promotionProducts.promotionId, shownIn)),
      )
      .orderBy(asc(promotionProducts.promotionId), asc(promotionProducts.sort)),
    db
      .select({
        productId: searchAliases.productId,
        categoryId: searchAliases.categoryId,
        alias: searchAliases.alias,
      })
      .from(searchAliases)
      .where(inArray(searchAliases.productId, ids))
      .orderBy(asc(searchAliases.id)),
  ]);
  return { ids, productRows, imageRows, promotionLines, aliasRows };
}

/** Where `id` is, or would go, in `list` (in id order): the first place whose id is not below it. */
function placeOf(list: readonly ProductEntry[], id: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((list[mid] as ProductEntry).id < id) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * `list` without the products of `out`, with `added` put in by id (both in id order). Found by
 * bisection and spliced into a copy: a copy of the 10,000-entry list is one block move, where
 * merging walked every entry.
 */
function replaceById(
  list: readonly ProductEntry[],
  out: ReadonlySet<number>,
  added: readonly ProductEntry[],
): ProductEntry[] {
  const merged = list.slice();
  for (const id of out) {
    const at = placeOf(merged, id);
    if (merged[at]?.id === id) merged.splice(at, 1);
  }
  for (const p of added) merged.splice(placeOf(merged, p.id), 0, p);
  return merged;
}

/** The categories whose listings or counts a change of products in `categoryIds` alters, parents included. */
function categoriesAltered(snapshot: CatalogueSnapshot, categoryIds: Iterable<number>): Set<number> {
  const altered = new Set<number>();
  for (const id of categoryIds) {
    altered.add(id);
    const parent = snapshot.categoryById.get(id)?.category.parent_id;
    if (parent != null) altered.add(parent);
  }
  return altered;
}

/**
 * The category tree with the listings and counts of `altered` made again from `changed` and
 * `added`. A category whose counts did not change keeps its view (the same object), so answers
 * built from it stay good (catalogue.routes.ts).
 */
function patchCategories(
  snapshot: CatalogueSnapshot,
  altered: ReadonlySet<number>,
  changed: ReadonlySet<number>,
  added: readonly ProductEntry[],
): Map<number, CategoryEntry> {
  const categoryById = new Map(snapshot.categoryById);
  const listings = new Map<number, ProductEntry[]>();
  for (const id of altered) {
    const entry = snapshot.categoryById.get(id);
    if (!entry) continue;
    const mine = added.filter((p) => entry.ids.has(p.categoryId));
    listings.set(id, replaceById(entry.products, changed, mine));
  }
  for (const [id, own] of listings) {
    const entry = snapshot.categoryById.get(id) as CategoryEntry;
    const children = entry.category.childCategory.map((child) => {
      const listing = listings.get(child.id);
      if (!listing) return child;
      const count = listing.filter((p) => p.categoryId === child.id).length;
      return count === child.product_count ? child : { ...child, product_count: count };
    });
    const same =
      own.length === entry.category.product_count &&
      children.every((child, i) => child === entry.category.childCategory[i]);
    const category: Category = same
      ? entry.category
      : { ...entry.category, product_count: own.length, childCategory: children };
    categoryById.set(id, { ids: entry.ids, products: own, category });
  }
  return categoryById;
}

/** `list` with each item made by `next`; `list` itself when every item came back the same. */
function mapKeeping<T>(list: readonly T[], next: (item: T) => T): readonly T[] {
  let changed = false;
  const mapped = list.map((item) => {
    const made = next(item);
    if (made !== item) changed = true;
    return made;
  });
  return changed ? mapped : list;
}

/** `item` with the names of `names`; `item` itself when it has them already. */
function named<T extends { en_name: string; zn_name: string }>(
  item: T,
  names: { en_name: string; zn_name: string },
): T {
  return item.en_name === names.en_name && item.zn_name === names.zn_name ? item : { ...item, ...names };
}

/** Promotions with `changed` products among theirs, their product lists made again from `lines`. */
function patchPromotions(
  snapshot: CatalogueSnapshot,
  changed: ReadonlySet<number>,
  lines: readonly PromoProductRow[],
  productById: ReadonlyMap<number, ProductEntry>,
): Map<number, PromotionEntry> {
  const promotionById = new Map(snapshot.promotionById);
  const linesOf = new Map<number, PromoProductRow[]>();
  for (const line of lines) linesOf.set(line.promotionId, [...(linesOf.get(line.promotionId) ?? []), line]);
  for (const [id, entry] of snapshot.promotionById) {
    if (!linesOf.has(id) && !entry.products.some((p) => changed.has(p.id))) continue;
    const next: PromotionEntry = { promotion: entry.promotion, products: [], priceCents: new Map() };
    for (const line of linesOf.get(id) ?? []) {
      const product = productById.get(line.productId);
      if (!product) continue;
      next.products.push(product);
      next.priceCents.set(product.id, line.promotionPriceCents);
    }
    promotionById.set(id, next);
  }
  return promotionById;
}

/**
 * A new snapshot at `version`: `snapshot` with the products of `rows` as the database has them now
 * (added, changed, moved between categories, or gone from the shop). Equal to what
 * `loadCatalogueSnapshot` would build, as long as nothing but these products changed since
 * `snapshot`'s version (the caller checks that `version` is the very next one).
 */
export function patchSnapshot(
  snapshot: CatalogueSnapshot,
  rows: ProductChangeRows,
  version: number,
): CatalogueSnapshot {
  const changed = new Set(rows.ids);
  const categoryOf: CategoryOf = (id) => {
    const c = snapshot.categoryById.get(id)?.category;
    return c && { enName: c.en_name, znName: c.zn_name, parentId: c.parent_id };
  };
  const isRunning = (id: number) => snapshot.promotionById.get(id)?.promotion.active === true;
  const added = productEntries(
    rows,
    categoryOf,
    lowestRunningPrices(rows.promotionLines, isRunning),
    snapshot.weightUnit,
  );
  const before = rows.ids
    .map((id) => snapshot.productById.get(id))
    .filter((p): p is ProductEntry => p !== undefined);

  // Layered on the maps of `snapshot` rather than copies of them (10,000 entries each).
  const productById = PatchedMap.of(snapshot.productById).with(
    before.map((p) => p.id),
    added.map((p) => [p.id, p] as const),
  );
  const productByUuid = PatchedMap.of(snapshot.productByUuid).with(
    before.map((p) => p.card.uuid),
    added.map((p) => [p.card.uuid, p] as const),
  );

  const altered = categoriesAltered(
    snapshot,
    [...before, ...added].map((p) => p.categoryId),
  );
  const categoryById = patchCategories(snapshot, altered, changed, added);
  const promotionById = patchPromotions(snapshot, changed, rows.promotionLines, productById);

  // Banners and plates carry the names of the products they point at; unchanged, they stay the same objects.
  const namesOf = namesOfPath(categoryOf, productByUuid, promotionById);
  const banners = mapKeeping(snapshot.banners, (b) => named(b, namesOf(bannerPath(b.type, b.url))));
  const plates = mapKeeping(snapshot.plates, (p) => {
    const item = mapKeeping(p.item, (it) => named(it, namesOf(pathOf(it.url))));
    return item === p.item ? p : { ...p, item: [...item] };
  });

  // The changed products' aliases as the database has them now; the categories' stay.
  const productAliases = new Map(snapshot.aliases.product);
  for (const id of rows.ids) productAliases.delete(id);
  for (const [id, list] of aliasesOf(rows.aliasRows).product) productAliases.set(id, list);
  const aliases = { product: productAliases, category: snapshot.aliases.category };

  const addedIds = new Set(added.map((p) => p.id));
  return {
    version,
    nextChangeAt: snapshot.nextChangeAt,
    weightUnit: snapshot.weightUnit,
    banners: banners as Banner[],
    categories: mapKeeping(snapshot.categories, (c) => categoryById.get(c.id)?.category ?? c) as Category[],
    categoryById,
    products: replaceById(snapshot.products, changed, added),
    productById,
    productByUuid,
    plates: plates as Plate[],
    promotionById,
    aliases,
    search: snapshot.search.patched(
      added.map((p) => searchDocumentOf(p, categoryOf, aliases)),
      rows.ids.filter((id) => !addedIds.has(id)),
    ),
  };
}
