import { asc, eq } from 'drizzle-orm';
import { centsToAmount } from '../../../shared/money';
import type {
  Banner,
  Category,
  ChildCategory,
  Plate,
  Product,
  ProductCard,
  Promotion,
} from '../../../shared/schemas/catalogue';
import type { Db } from '../../db/client';
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
} from '../../db/schema';
import { buildSearchIndex, type SearchIndex } from '../search/search.index';

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
  /** When a promotion next starts or ends (ms since epoch), so the snapshot can be rebuilt then. */
  nextChangeAt: number | null;
  banners: Banner[];
  categories: Category[];
  categoryById: Map<number, CategoryEntry>;
  /** Products on sale, in catalogue order. */
  products: ProductEntry[];
  productById: Map<number, ProductEntry>;
  productByUuid: Map<string, ProductEntry>;
  plates: Plate[];
  promotionById: Map<number, PromotionEntry>;
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

export async function loadCatalogueSnapshot(db: Db, now: Date): Promise<CatalogueSnapshot> {
  // Read the version first: a change landing during the reads bumps it again and triggers a reload.
  const version = await readCatalogueVersion(db);
  const [
    categoryRows,
    productRows,
    imageRows,
    bannerRows,
    plateRows,
    plateItemRows,
    promotionRows,
    promoProductRows,
  ] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id)),
    db.select().from(products).where(eq(products.onSale, true)).orderBy(asc(products.id)),
    db
      .select()
      .from(productImages)
      .orderBy(asc(productImages.productId), asc(productImages.sort), asc(productImages.id)),
    db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id)),
    db.select().from(plates).orderBy(asc(plates.sort), asc(plates.id)),
    db.select().from(plateItems).orderBy(asc(plateItems.plateId), asc(plateItems.sort), asc(plateItems.id)),
    db.select().from(promotions).orderBy(asc(promotions.id)),
    db
      .select()
      .from(promotionProducts)
      .orderBy(asc(promotionProducts.promotionId), asc(promotionProducts.sort)),
  ]);
  const nowMs = now.getTime();

  // Promotions: which run now, and the lowest running price per product.
  let nextChangeAt: number | null = null;
  const consider = (t: number) => {
    if (t > nowMs && (nextChangeAt === null || t < nextChangeAt)) nextChangeAt = t;
  };
  const activePromotions = new Set<number>();
  for (const p of promotionRows) {
    consider(p.startsAt.getTime());
    consider(p.endsAt.getTime());
    if (p.startsAt.getTime() <= nowMs && nowMs < p.endsAt.getTime()) activePromotions.add(p.id);
  }
  const runningPrice = new Map<number, number>();
  for (const pp of promoProductRows) {
    if (!activePromotions.has(pp.promotionId)) continue;
    const current = runningPrice.get(pp.productId);
    if (current === undefined || pp.promotionPriceCents < current)
      runningPrice.set(pp.productId, pp.promotionPriceCents);
  }

  // Categories as a tree.
  const categoryRowById = new Map(categoryRows.map((c) => [c.id, c]));
  const childrenOf = new Map<number, typeof categoryRows>();
  for (const c of categoryRows) {
    if (c.parentId === null) continue;
    const list = childrenOf.get(c.parentId) ?? [];
    list.push(c);
    childrenOf.set(c.parentId, list);
  }

  // Products.
  const imagesOf = new Map<number, { link: string }[]>();
  for (const img of imageRows) {
    const list = imagesOf.get(img.productId) ?? [];
    list.push({ link: img.link });
    imagesOf.set(img.productId, list);
  }
  const productList: ProductEntry[] = [];
  for (const p of productRows) {
    const category = categoryRowById.get(p.categoryId);
    if (!category) continue;
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
    productList.push({
      id: p.id,
      categoryId: p.categoryId,
      createdAt: p.createdAt.getTime(),
      soldCount: p.soldCount,
      card,
      detail,
    });
  }
  const productById = new Map(productList.map((p) => [p.id, p]));
  const productByUuid = new Map(productList.map((p) => [p.card.uuid, p]));

  const productsByCategory = new Map<number, ProductEntry[]>();
  for (const p of productList) {
    const list = productsByCategory.get(p.categoryId) ?? [];
    list.push(p);
    productsByCategory.set(p.categoryId, list);
  }
  const childView = (c: (typeof categoryRows)[number]): ChildCategory => ({
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
  const topLevel = categoryRows
    .filter((c) => c.parentId === null)
    .map((c) => categoryById.get(c.id)?.category)
    .filter((c): c is Category => c !== undefined);

  // Banners and plates.
  const bannerList: Banner[] = bannerRows.map((b) => ({
    id: b.id,
    type: b.type as 1 | 2 | 3,
    url: b.url,
    image: b.image,
  }));
  const itemsOf = new Map<number, { img: string; url: string }[]>();
  for (const item of plateItemRows) {
    const list = itemsOf.get(item.plateId) ?? [];
    list.push({ img: item.img, url: item.url });
    itemsOf.set(item.plateId, list);
  }
  const plateList: Plate[] = plateRows.map((p) => ({
    id: p.id,
    style: p.style,
    en_name: p.enName,
    zn_name: p.znName,
    category_id: p.categoryId,
    item: itemsOf.get(p.id) ?? [],
  }));

  // Promotions with their products.
  const promotionById = new Map<number, PromotionEntry>();
  for (const p of promotionRows) {
    promotionById.set(p.id, {
      promotion: {
        id: p.id,
        ad_img: p.adImg,
        en_name: p.enName,
        zn_name: p.znName,
        starts_at: p.startsAt.toISOString(),
        ends_at: p.endsAt.toISOString(),
        active: activePromotions.has(p.id),
      },
      products: [],
      priceCents: new Map(),
    });
  }
  for (const pp of promoProductRows) {
    const entry = promotionById.get(pp.promotionId);
    const product = productById.get(pp.productId);
    if (!entry || !product) continue;
    entry.products.push(product);
    entry.priceCents.set(product.id, pp.promotionPriceCents);
  }

  const search = buildSearchIndex(
    productList.map((p) => {
      const category = categoryRowById.get(p.categoryId);
      const parent = category?.parentId ? categoryRowById.get(category.parentId) : undefined;
      return {
        id: p.id,
        en_name: p.card.en_name,
        zn_name: p.card.zn_name,
        brand_en_name: p.detail.brand_en_name,
        brand_zn_name: p.detail.brand_zn_name,
        category_en_name: [category?.enName, parent?.enName].filter(Boolean).join(' '),
        category_zn_name: [category?.znName, parent?.znName].filter(Boolean).join(' '),
        sold_count: p.soldCount,
      };
    }),
  );

  return {
    version,
    nextChangeAt,
    banners: bannerList,
    categories: topLevel,
    categoryById,
    products: productList,
    productById,
    productByUuid,
    plates: plateList,
    promotionById,
    search,
  };
}
