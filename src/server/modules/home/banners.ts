import { asc, eq } from 'drizzle-orm';
import type { Changed } from '#server/audit';
import type { Db, Tx } from '#server/db/client';
import { banners, promotions } from '#server/db/schema';
import { NotFound } from '#server/errors';
import { fromShopWallTime, shopWallTime } from '#server/shop-time';
import type { AdminBanners, BannerState } from '#shared/schemas/home.rules';
import type { BannerInput } from '#shared/schemas/home-admin.zod';
import { sortAfter } from '../catalogue/sort-order';
import { moveIn, publishAudit, siblingsIn } from './home-order';
import { checkPaths, H, NO_NAMES, namesOfPaths } from './shop-paths';

/*
 * The home's banners as staff edit them. New ones start unpublished, so the owner previews them
 * first; shoppers never see an unpublished one (catalogue.snapshot.ts). Callers run the writes
 * inside withCatalogueChange (touched.all()) and write the audit line each reports.
 */

type BannerRow = typeof banners.$inferSelect;

const target = (id: number) => ({ targetType: 'banner', targetId: id });

export function bannerState(b: BannerRow, nowMs: number): BannerState {
  if (!b.published) return 'draft';
  if (b.endsAt && b.endsAt.getTime() <= nowMs) return 'ended';
  if (b.startsAt && b.startsAt.getTime() > nowMs) return 'scheduled';
  return 'showing';
}

/** What the audit log keeps of a banner. */
const bannerAudit = (b: BannerRow) => ({
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

/** A new banner, last in order and unpublished (the owner previews it, then publishes). */
export async function createBanner(
  tx: Tx,
  input: BannerInput,
  timeZone: string,
): Promise<Changed<BannerRow>> {
  await checkPaths(tx, [bannerPath(input.type, input.url)]);
  const sort = sortAfter(await siblingsIn(tx, banners));
  const [row] = await tx
    .insert(banners)
    .values({ ...bannerColumns(input, timeZone), sort, published: false })
    .returning();
  if (!row) throw new Error('banner insert returned nothing');
  return { result: row, audit: { action: 'banner.create', ...target(row.id), after: bannerAudit(row) } };
}

export async function updateBanner(
  tx: Tx,
  id: number,
  input: BannerInput,
  timeZone: string,
): Promise<Changed<BannerRow>> {
  const before = await bannerRow(tx, id);
  await checkPaths(tx, [bannerPath(input.type, input.url)]);
  const [after] = await tx
    .update(banners)
    .set(bannerColumns(input, timeZone))
    .where(eq(banners.id, id))
    .returning();
  if (!after) throw new NotFound(`${H}.bannerNotFound`);
  const audit = {
    action: 'banner.update',
    ...target(id),
    before: bannerAudit(before),
    after: bannerAudit(after),
  };
  return { result: after, audit };
}

export async function publishBanner(tx: Tx, id: number, published: boolean): Promise<Changed<BannerRow>> {
  const before = await bannerRow(tx, id);
  const [after] = await tx.update(banners).set({ published }).where(eq(banners.id, id)).returning();
  if (!after) throw new NotFound(`${H}.bannerNotFound`);
  return { result: after, audit: publishAudit('banner', id, before.published, after.published) };
}

export async function moveBanner(tx: Tx, id: number, direction: 'up' | 'down'): Promise<Changed<BannerRow>> {
  const row = await bannerRow(tx, id);
  await moveIn(tx, banners, id, direction);
  return { result: row, audit: { action: `banner.move.${direction}`, ...target(id) } };
}

export async function deleteBanner(tx: Tx, id: number): Promise<Changed<BannerRow>> {
  const row = await bannerRow(tx, id);
  await tx.delete(banners).where(eq(banners.id, id));
  return { result: row, audit: { action: 'banner.delete', ...target(id), before: bannerAudit(row) } };
}
