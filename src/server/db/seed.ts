import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { DEFAULT_WIDTH, type MediaKind, mediaPath } from '#shared/media';
import { stepPriceOf } from '#shared/weight';
import type { SeedCoupon } from '../../../seed/catalogue/coupons';
import type { SeedDeliveryTerms } from '../../../seed/catalogue/delivery';
import type * as Demo from '../../../seed/catalogue/types';
import type { WeighedGoods } from '../../../seed/catalogue/weighed';
import { artName } from '../../../seed/media/art-name';
import type { Database, Tx } from './client';
import {
  banners,
  catalogueState,
  categories,
  coupons,
  deliverySettings,
  deliverySlotRules,
  deliveryWindows,
  plateItems,
  plates,
  productImages,
  products,
  promotionProducts,
  promotions,
  searchSynonyms,
} from './schema';

export interface DemoCatalogue {
  categories: Demo.SeedCategory[];
  products: Demo.SeedProduct[];
  banners: Demo.SeedBanner[];
  plates: Demo.SeedPlate[];
  promotions: Demo.SeedPromotion[];
  coupons?: SeedCoupon[];
  deliveryTerms?: SeedDeliveryTerms;
  /** Products sold by weight, by key (seed/catalogue/weighed.ts). */
  weighedGoods?: Record<string, WeighedGoods>;
  /** Groups of terms searched as one another (seed/catalogue/synonyms.ts). */
  synonyms?: readonly (readonly string[])[];
}

const DAY_MS = 86_400_000;

/** A product's uuid follows from its key, so links to demo products survive a re-seed. */
export function uuidFromKey(key: string): string {
  const h = createHash('sha1').update(`product:${key}`).digest('hex');
  const variant = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function image(kind: MediaKind, art: Demo.Art | Demo.BannerArt): string {
  return mediaPath(artName(kind, art), DEFAULT_WIDTH[kind]);
}

/** Makes sure the catalogue-state row exists; returns whether the catalogue is still empty. */
async function catalogueIsEmpty(tx: Tx): Promise<boolean> {
  await tx.insert(catalogueState).values({ id: 1, version: 1 }).onConflictDoNothing();
  const [row] = await tx.select({ n: count() }).from(categories);
  return (row?.n ?? 0) === 0;
}

/**
 * Loads the demo catalogue into an empty database, in one transaction. Running it again, or on a
 * database that already has a catalogue, changes nothing. Returns whether it seeded.
 */
export async function seedDemoCatalogue(
  database: Database,
  demo: DemoCatalogue,
  now: Date,
): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    if (!(await catalogueIsEmpty(tx))) return false;
    const categoryIds = await insertCategories(tx, demo.categories);
    const productIds = await insertProducts(tx, demo.products, categoryIds, now, demo.weighedGoods ?? {});
    const promotionIds = await insertPromotions(tx, demo.promotions, productIds, now);
    const links = linkResolver(demo.categories, categoryIds, productIds, promotionIds);
    await insertBanners(tx, demo.banners, links);
    await insertPlates(tx, demo.plates, categoryIds, links);
    await insertCoupons(tx, demo.coupons ?? [], now);
    await insertSynonyms(tx, demo.synonyms ?? [], now);
    if (demo.deliveryTerms) await insertDeliveryTerms(tx, demo.deliveryTerms, now);
    await insertDeliverySlots(tx);
    await tx.update(catalogueState).set({ version: 2, seededAt: now }).where(eq(catalogueState.id, 1));
    return true;
  });
}

async function insertCategories(tx: Tx, list: Demo.SeedCategory[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [i, parent] of list.entries()) {
    const [row] = await tx
      .insert(categories)
      .values({
        key: parent.key,
        enName: parent.en_name,
        znName: parent.zn_name,
        icon: image('icon', parent.icon),
        sort: i,
      })
      .returning({ id: categories.id });
    if (!row) throw new Error(`category ${parent.key} not inserted`);
    ids.set(parent.key, row.id);
    const children = await tx
      .insert(categories)
      .values(
        parent.children.map((c, j) => ({
          parentId: row.id,
          key: c.key,
          enName: c.en_name,
          znName: c.zn_name,
          icon: image('icon', c.icon),
          sort: j,
        })),
      )
      .returning({ id: categories.id, key: categories.key });
    for (const c of children) ids.set(c.key, c.id);
  }
  return ids;
}

/** A demo product sold by weight: its sale and one step's or piece's price (src/shared/weight.ts). */
function weighedColumns(goods: WeighedGoods | undefined) {
  if (!goods) return {};
  const sale = {
    unit: 'lb' as const,
    unitPriceCents: goods.unitPriceCents,
    stepMilli: goods.stepMilli ?? null,
    pieceGrams: goods.pieceGrams ?? null,
  };
  return {
    soldBy: 'weight',
    weightUnit: sale.unit,
    unitPriceCents: sale.unitPriceCents,
    stepMilli: sale.stepMilli,
    pieceGrams: sale.pieceGrams,
    priceCents: stepPriceOf(sale),
  };
}

interface ProductRef {
  id: number;
  uuid: string;
}

async function insertProducts(
  tx: Tx,
  list: Demo.SeedProduct[],
  categoryIds: Map<string, number>,
  now: Date,
  weighed: Record<string, WeighedGoods>,
): Promise<Map<string, ProductRef>> {
  // Loaded here, not at the top: sanitize-html takes 0.1–0.5 s to load, and most starts seed nothing.
  const { sanitizeDescription } = await import('../modules/catalogue/description');
  const refs = new Map<string, ProductRef>();
  const batchSize = 100;
  for (let start = 0; start < list.length; start += batchSize) {
    const batch = list.slice(start, start + batchSize);
    const rows = await tx
      .insert(products)
      .values(
        batch.map((p, i) => {
          const categoryId = categoryIds.get(p.category);
          if (categoryId === undefined) throw new Error(`product ${p.key}: unknown category ${p.category}`);
          const first = p.images[0];
          if (!first) throw new Error(`product ${p.key} has no image`);
          return {
            uuid: uuidFromKey(p.key),
            key: p.key,
            categoryId,
            enName: p.en_name,
            znName: p.zn_name,
            brandEnName: p.brand_en_name,
            brandZnName: p.brand_zn_name,
            enNumber: p.en_number,
            znNumber: p.zn_number,
            enWeight: p.en_weight,
            znWeight: p.zn_weight,
            weightG: p.weight_g,
            netWeightG: p.net_weight_g,
            netVolumeMl: p.net_volume_ml,
            netCount: p.net_count,
            barcode: p.barcode,
            scaleItemCode: p.scale_item_code,
            boxGauge: p.number,
            termDays: p.term_days,
            priceCents: p.price_cents,
            ...weighedColumns(weighed[p.key]),
            realStock: p.stock,
            soldCount: p.sold_count,
            enDescribe: sanitizeDescription(p.en_describe),
            znDescribe: sanitizeDescription(p.zn_describe),
            productImage: image('product', first),
            // Seconds apart keep "newest first" stable among products added the same day.
            createdAt: new Date(now.getTime() - p.added_days_ago * DAY_MS - (start + i) * 1000),
          };
        }),
      )
      .returning({ id: products.id, uuid: products.uuid, key: products.key });
    for (const r of rows) refs.set(r.key, { id: r.id, uuid: r.uuid });
    const imageRows = batch.flatMap((p) =>
      p.images.map((art, sort) => ({
        productId: refs.get(p.key)?.id ?? 0,
        link: image('product', art),
        sort,
      })),
    );
    await tx.insert(productImages).values(imageRows);
  }
  return refs;
}

async function insertPromotions(
  tx: Tx,
  list: Demo.SeedPromotion[],
  productIds: Map<string, ProductRef>,
  now: Date,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const promo of list) {
    const [row] = await tx
      .insert(promotions)
      .values({
        key: promo.key,
        enName: promo.en_name,
        znName: promo.zn_name,
        adImg: image('ad', promo.ad),
        startsAt: new Date(now.getTime() + promo.starts_in_days * DAY_MS),
        endsAt: new Date(now.getTime() + promo.ends_in_days * DAY_MS),
      })
      .returning({ id: promotions.id });
    if (!row) throw new Error(`promotion ${promo.key} not inserted`);
    ids.set(promo.key, row.id);
    await tx.insert(promotionProducts).values(
      promo.products.map((p, sort) => {
        const product = productIds.get(p.product);
        if (!product) throw new Error(`promotion ${promo.key}: unknown product ${p.product}`);
        return {
          promotionId: row.id,
          productId: product.id,
          promotionPriceCents: p.promotion_price_cents,
          sort,
        };
      }),
    );
  }
  return ids;
}

type LinkResolver = (link: string) => string;

/** Demo links name things by key ("category:fruit"); the shop's paths use ids. */
function linkResolver(
  categoryList: Demo.SeedCategory[],
  categoryIds: Map<string, number>,
  productIds: Map<string, ProductRef>,
  promotionIds: Map<string, number>,
): LinkResolver {
  const parentOf = new Map<string, string>();
  for (const parent of categoryList) for (const child of parent.children) parentOf.set(child.key, parent.key);
  return (link) => {
    const [kind, key = ''] = link.split(':', 2);
    if (kind === 'category') {
      const parent = parentOf.get(key);
      const id = categoryIds.get(key);
      if (id === undefined) throw new Error(`unknown category in link ${link}`);
      return parent ? `/category/${categoryIds.get(parent)}/${id}` : `/category/${id}`;
    }
    if (kind === 'product') {
      const ref = productIds.get(key);
      if (!ref) throw new Error(`unknown product in link ${link}`);
      return `/product/${ref.uuid}`;
    }
    if (kind === 'promotion') {
      const id = promotionIds.get(key);
      if (id === undefined) throw new Error(`unknown promotion in link ${link}`);
      return `/promotion/${id}`;
    }
    return link;
  };
}

async function insertBanners(tx: Tx, list: Demo.SeedBanner[], link: LinkResolver): Promise<void> {
  if (list.length === 0) return;
  await tx.insert(banners).values(
    list.map((b, sort) => {
      // Type 1 carries a product uuid, type 3 a promotion id, type 2 a path (docs/product.md §2, Home).
      const path = link(b.type === 1 ? `product:${b.url}` : b.type === 3 ? `promotion:${b.url}` : b.url);
      const url = b.type === 2 ? path : (path.split('/').pop() ?? '');
      return { type: b.type, url, image: image('banner', b.art), sort };
    }),
  );
}

async function insertPlates(
  tx: Tx,
  list: Demo.SeedPlate[],
  categoryIds: Map<string, number>,
  link: LinkResolver,
): Promise<void> {
  for (const [sort, plate] of list.entries()) {
    const [row] = await tx
      .insert(plates)
      .values({
        key: plate.key,
        style: plate.style,
        enName: plate.en_name,
        znName: plate.zn_name,
        categoryId: plate.category ? (categoryIds.get(plate.category) ?? null) : null,
        sort,
      })
      .returning({ id: plates.id });
    if (!row) throw new Error(`plate ${plate.key} not inserted`);
    const items = plate.items ?? [];
    if (items.length > 0) {
      await tx.insert(plateItems).values(
        items.map((item, i) => ({
          plateId: row.id,
          img: image('tile', item.art),
          url: link(item.url),
          sort: i,
        })),
      );
    }
  }
}

/**
 * The demo offers delivery windows without requiring one: Tuesday to Sunday, 10–12,
 * 14–16 and 18–20, 20 orders each, orders closing 12 h before, a week shown. Tests that need
 * other rules set their own.
 */
async function insertDeliverySlots(tx: Tx): Promise<void> {
  await tx
    .insert(deliverySlotRules)
    .values({ id: 1, offered: true, required: false, capacity: 20, cutoffMinutes: 720, daysAhead: 7 })
    .onConflictDoNothing();
  const days = [2, 3, 4, 5, 6, 0];
  const windows = [
    [600, 720],
    [840, 960],
    [1080, 1200],
  ] as const;
  await tx
    .insert(deliveryWindows)
    .values(
      days.flatMap((weekday) =>
        windows.map(([startMinute, endMinute]) => ({ weekday, startMinute, endMinute })),
      ),
    )
    .onConflictDoNothing();
}

async function insertCoupons(tx: Tx, list: SeedCoupon[], now: Date): Promise<void> {
  if (list.length === 0) return;
  await tx.insert(coupons).values(
    list.map((c) => ({
      code: c.code,
      kind: c.kind,
      value: c.value,
      minSubtotalCents: c.min_subtotal_cents,
      startsAt: new Date(now.getTime() + c.starts_in_days * DAY_MS),
      endsAt: new Date(now.getTime() + c.ends_in_days * DAY_MS),
      public: c.public ?? false,
    })),
  );
}

async function insertSynonyms(tx: Tx, groups: readonly (readonly string[])[], now: Date): Promise<void> {
  if (groups.length === 0) return;
  await tx.insert(searchSynonyms).values(groups.map((terms) => ({ terms: [...terms], createdAt: now })));
}

/** The demo shop's delivery terms: its area on, no fee, no minimum. */
async function insertDeliveryTerms(tx: Tx, terms: SeedDeliveryTerms, now: Date): Promise<void> {
  await tx.insert(deliverySettings).values({
    id: 1,
    areaZips: terms.area,
    feeCents: terms.fee_cents,
    freeOverCents: terms.free_over_cents,
    minimumCents: terms.minimum_cents,
    taxOnFee: terms.tax_on_fee,
    updatedAt: now,
  });
}
