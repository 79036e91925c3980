import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { banners, categories, plateItems, plates, products, promotions } from '#server/db/schema';
import { BadInput, NotFound } from '#server/errors';
import { fromShopWallTime, shopWallTime } from '#server/shop-time';
import type { AdminBanners, AdminPlate, BannerState } from '#shared/schemas/home.rules';
import type { BannerInput, PlateInput } from '#shared/schemas/home-admin.zod';
import { moveAmong, type Placed, sortAfter } from './sort-order';

/*
 * The console's home merchandising (issue 18 item 4): banners and plates. New ones start
 * unpublished, so the owner previews them first; shoppers never see an unpublished one
 * (catalogue.snapshot.ts). Callers run these inside withCatalogueChange (touched.all()) and audit.
 */

const H = 'errors:catalogueAdmin.home';

type BannerRow = typeof banners.$inferSelect;
type PlateRow = typeof plates.$inferSelect;

interface Names {
  en_name: string;
  zn_name: string;
}

export function bannerState(b: BannerRow, nowMs: number): BannerState {
  if (!b.published) return 'draft';
  if (b.endsAt && b.endsAt.getTime() <= nowMs) return 'ended';
  if (b.startsAt && b.startsAt.getTime() > nowMs) return 'scheduled';
  return 'showing';
}

/** What the audit log keeps of a banner. */
export const bannerAudit = (b: BannerRow) => ({
  type: b.type,
  url: b.url,
  image: b.image,
  en_headline: b.enHeadline,
  zn_headline: b.znHeadline,
  en_cta: b.enCta,
  zn_cta: b.znCta,
  starts_at: b.startsAt?.toISOString() ?? null,
  ends_at: b.endsAt?.toISOString() ?? null,
  published: b.published,
  sort: b.sort,
});

/** The path in the shop a banner leads to (as the storefront's bannerHref). */
function bannerPath(type: number, url: string): string {
  if (type === 1) return `/product/${url}`;
  if (type === 3) return `/promotion/${url}`;
  return url;
}

const NO_NAMES: Names = { en_name: '', zn_name: '' };

/**
 * The names of what shop paths lead to (a product, category or promotion), read from the
 * database so a draft pointing at an unpublished product still names it.
 */
async function namesOfPaths(db: Db | Tx, paths: readonly string[]): Promise<Map<string, Names>> {
  const uuids = new Set<string>();
  const categoryIds = new Set<number>();
  const promotionIds = new Set<number>();
  for (const path of paths) {
    const [, kind, key = '', sub] = path.split('/');
    if (kind === 'product') uuids.add(key.toLowerCase());
    if (kind === 'category') categoryIds.add(Number(sub ?? key));
    if (kind === 'promotion') promotionIds.add(Number(key));
  }
  const names = (row: { enName: string; znName: string }) => ({ en_name: row.enName, zn_name: row.znName });
  const [productRows, categoryRows, promotionRows] = await Promise.all([
    uuids.size
      ? db
          .select({ uuid: products.uuid, enName: products.enName, znName: products.znName })
          .from(products)
          .where(inArray(products.uuid, [...uuids]))
      : [],
    categoryIds.size
      ? db
          .select({
            id: categories.id,
            parentId: categories.parentId,
            enName: categories.enName,
            znName: categories.znName,
          })
          .from(categories)
          .where(inArray(categories.id, [...categoryIds]))
      : [],
    promotionIds.size
      ? db
          .select({ id: promotions.id, enName: promotions.enName, znName: promotions.znName })
          .from(promotions)
          .where(inArray(promotions.id, [...promotionIds]))
      : [],
  ]);
  const product = new Map(productRows.map((r) => [r.uuid, r]));
  const category = new Map(categoryRows.map((r) => [r.id, r]));
  const promotion = new Map(promotionRows.map((r) => [r.id, r]));
  const result = new Map<string, Names>();
  for (const path of paths) {
    const [, kind, key = '', sub] = path.split('/');
    let found: { enName: string; znName: string } | undefined;
    if (kind === 'product') found = product.get(key.toLowerCase());
    if (kind === 'promotion') found = promotion.get(Number(key));
    if (kind === 'category') {
      const c = category.get(Number(sub ?? key));
      // A child's path names its parent too: /category/1/12 leads nowhere when 12 moved away.
      found = c && (sub === undefined ? c.parentId === null : c.parentId === Number(key)) ? c : undefined;
    }
    result.set(path, found ? names(found) : NO_NAMES);
  }
  return result;
}

/** Refuses a path that leads to a product, category or promotion that does not exist. */
async function checkPaths(tx: Tx, paths: readonly string[]): Promise<void> {
  const names = await namesOfPaths(tx, paths);
  for (const path of paths) {
    const kind = path.split('/')[1];
    if (names.get(path) !== NO_NAMES) continue;
    if (kind === 'product') throw new BadInput(`${H}.productNotFound`);
    if (kind === 'promotion') throw new BadInput(`${H}.promotionNotFound`);
    if (kind === 'category') throw new BadInput(`${H}.categoryNotFound`);
  }
}

/**
 * Every banner for the console, its schedule on the shop's wall clock in `timeZone` (as
 * promotions'), with the promotions to pick from.
 */
export async function bannerList(db: Db, nowMs: number, timeZone: string): Promise<AdminBanners> {
  const wall = (at: Date | null) => (at ? shopWallTime(at, timeZone) : null);
  const [rows, promotionRows] = await Promise.all([
    db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id)),
    db.select().from(promotions).orderBy(asc(promotions.startsAt), asc(promotions.id)),
  ]);
  const names = await namesOfPaths(
    db,
    rows.map((b) => bannerPath(b.type, b.url)),
  );
  return {
    banners: rows.map((b) => ({
      id: b.id,
      type: b.type as 1 | 2 | 3,
      url: b.url,
      image: b.image,
      ...(names.get(bannerPath(b.type, b.url)) ?? NO_NAMES),
      en_headline: b.enHeadline,
      zn_headline: b.znHeadline,
      en_cta: b.enCta,
      zn_cta: b.znCta,
      starts_at: wall(b.startsAt),
      ends_at: wall(b.endsAt),
      published: b.published,
      state: bannerState(b, nowMs),
    })),
    promotions: promotionRows.map((p) => ({
      id: p.id,
      en_name: p.enName,
      zn_name: p.znName,
      starts_at: shopWallTime(p.startsAt, timeZone),
      ends_at: shopWallTime(p.endsAt, timeZone),
    })),
    time_zone: timeZone,
  };
}

/** A banner's columns from the console's input: its schedule's wall times as instants in `timeZone`. */
function bannerColumns(input: BannerInput, timeZone: string) {
  const { startsAt, endsAt, ...rest } = input;
  return {
    ...rest,
    startsAt: startsAt === null ? null : fromShopWallTime(startsAt, timeZone),
    endsAt: endsAt === null ? null : fromShopWallTime(endsAt, timeZone),
  };
}

async function bannerRow(tx: Tx, id: number): Promise<BannerRow> {
  const [row] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
  if (!row) throw new NotFound(`${H}.bannerNotFound`);
  return row;
}

/** The home's ordered lists: banners and plates, each shown in `sort` order. */
type OrderedTable = typeof banners | typeof plates;

/** The rows of `table` in their shown order, locked while a new one is placed or one moves. */
const siblingsIn = (tx: Tx, table: OrderedTable): Promise<Placed[]> =>
  tx
    .select({ id: table.id, sort: table.sort })
    .from(table)
    .orderBy(asc(table.sort), asc(table.id))
    .for('update');

/** Moves row `id` of `table` one place up or down among its siblings. */
async function moveIn(tx: Tx, table: OrderedTable, id: number, direction: 'up' | 'down'): Promise<void> {
  await moveAmong(await siblingsIn(tx, table), id, direction, (other, sort) =>
    tx.update(table).set({ sort }).where(eq(table.id, other)),
  );
}

/** A new banner, last in order and unpublished (the owner previews it, then publishes). */
export async function createBanner(tx: Tx, input: BannerInput, timeZone: string): Promise<BannerRow> {
  await checkPaths(tx, [bannerPath(input.type, input.url)]);
  const sort = sortAfter(await siblingsIn(tx, banners));
  const [row] = await tx
    .insert(banners)
    .values({ ...bannerColumns(input, timeZone), sort, published: false })
    .returning();
  if (!row) throw new Error('banner insert returned nothing');
  return row;
}

export async function updateBanner(tx: Tx, id: number, input: BannerInput, timeZone: string) {
  const before = await bannerRow(tx, id);
  await checkPaths(tx, [bannerPath(input.type, input.url)]);
  const [after] = await tx
    .update(banners)
    .set(bannerColumns(input, timeZone))
    .where(eq(banners.id, id))
    .returning();
  if (!after) throw new NotFound(`${H}.bannerNotFound`);
  return { before, after };
}

export async function publishBanner(tx: Tx, id: number, published: boolean) {
  const before = await bannerRow(tx, id);
  const [after] = await tx.update(banners).set({ published }).where(eq(banners.id, id)).returning();
  if (!after) throw new NotFound(`${H}.bannerNotFound`);
  return { before, after };
}

export async function moveBanner(tx: Tx, id: number, direction: 'up' | 'down'): Promise<BannerRow> {
  const row = await bannerRow(tx, id);
  await moveIn(tx, banners, id, direction);
  return row;
}

export async function deleteBanner(tx: Tx, id: number): Promise<BannerRow> {
  const row = await bannerRow(tx, id);
  await tx.delete(banners).where(eq(banners.id, id));
  return row;
}

/* Plates. */

export async function plateList(db: Db | Tx, only?: number): Promise<AdminPlate[]> {
  const [rows, items] = await Promise.all([
    db
      .select()
      .from(plates)
      .where(only === undefined ? undefined : eq(plates.id, only))
      .orderBy(asc(plates.sort), asc(plates.id)),
    db
      .select()
      .from(plateItems)
      .where(only === undefined ? undefined : eq(plateItems.plateId, only))
      .orderBy(asc(plateItems.plateId), asc(plateItems.sort), asc(plateItems.id)),
  ]);
  return rows.map((p) => ({
    id: p.id,
    style: p.style,
    en_name: p.enName,
    zn_name: p.znName,
    category_id: p.categoryId,
    published: p.published,
    items: items.filter((i) => i.plateId === p.id).map((i) => ({ img: i.img, url: i.url })),
  }));
}

/** What the audit log keeps of a plate: the console's view of it. */
async function plateAudit(tx: Tx, id: number): Promise<AdminPlate> {
  const [plate] = await plateList(tx, id);
  if (!plate) throw new NotFound(`${H}.plateNotFound`);
  return plate;
}

async function lockPlate(tx: Tx, id: number): Promise<PlateRow> {
  const [row] = await tx.select().from(plates).where(eq(plates.id, id)).for('update');
  if (!row) throw new NotFound(`${H}.plateNotFound`);
  return row;
}

async function checkPlate(tx: Tx, input: PlateInput): Promise<void> {
  if (input.categoryId !== null) {
    const [c] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, input.categoryId));
    if (!c) throw new BadInput(`${H}.categoryNotFound`);
  }
  await checkPaths(
    tx,
    input.items.map((i) => i.url),
  );
}

async function writeItems(tx: Tx, plateId: number, items: PlateInput['items']): Promise<void> {
  await tx.delete(plateItems).where(eq(plateItems.plateId, plateId));
  if (items.length > 0)
    await tx.insert(plateItems).values(items.map((item, sort) => ({ ...item, plateId, sort })));
}

const plateFields = (input: PlateInput) => ({
  style: input.style,
  enName: input.enName,
  znName: input.znName,
  categoryId: input.categoryId,
});

export async function createPlate(tx: Tx, input: PlateInput): Promise<AdminPlate> {
  await checkPlate(tx, input);
  const sort = sortAfter(await siblingsIn(tx, plates));
  const [row] = await tx
    .insert(plates)
    .values({ ...plateFields(input), key: `plate-${randomUUID()}`, sort, published: false })
    .returning();
  if (!row) throw new Error('plate insert returned nothing');
  await writeItems(tx, row.id, input.items);
  return plateAudit(tx, row.id);
}

export async function updatePlate(tx: Tx, id: number, input: PlateInput) {
  await lockPlate(tx, id);
  const before = await plateAudit(tx, id);
  await checkPlate(tx, input);
  await tx.update(plates).set(plateFields(input)).where(eq(plates.id, id));
  await writeItems(tx, id, input.items);
  return { before, after: await plateAudit(tx, id) };
}

export async function publishPlate(tx: Tx, id: number, published: boolean) {
  await lockPlate(tx, id);
  const before = await plateAudit(tx, id);
  await tx.update(plates).set({ published }).where(eq(plates.id, id));
  return { before, after: await plateAudit(tx, id) };
}

export async function movePlate(tx: Tx, id: number, direction: 'up' | 'down'): Promise<AdminPlate> {
  await lockPlate(tx, id);
  await moveIn(tx, plates, id, direction);
  return plateAudit(tx, id);
}

export async function deletePlate(tx: Tx, id: number): Promise<AdminPlate> {
  await lockPlate(tx, id);
  const before = await plateAudit(tx, id);
  await tx.delete(plates).where(eq(plates.id, id));
  return before;
}
