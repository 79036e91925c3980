import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import {
  banners,
  categories,
  coupons,
  plates,
  products,
  promotions,
  staff,
  taxAreas,
  taxClasses,
  users,
} from '#server/db/schema';

/*
 * What the audit log's targets are called, so a person reads "Fuyu Persimmons", not "product 265":
 * one query per kind of target for a whole page of lines (never one per line). The writer keeps
 * the name with each new line (admin-route.ts), so a target deleted since still reads by name.
 */

/** A target's name in both languages (the same text twice where it has one only). */
export interface TargetLabel {
  en: string;
  zh: string;
}

export interface TargetRef {
  targetType: string;
  targetId: string;
}

export const targetKey = (ref: TargetRef) => `${ref.targetType}:${ref.targetId}`;

const both = (text: string): TargetLabel => ({ en: text, zh: text });
const named = (en: string, zh: string): TargetLabel => ({ en: en || zh, zh: zh || en });

/** The ids of one kind of target that are whole numbers (a line may name `import` or `terms`). */
function numericIds(refs: readonly TargetRef[], type: string): number[] {
  const ids = refs
    .filter((r) => r.targetType === type && /^\d{1,9}$/.test(r.targetId))
    .map((r) => Number(r.targetId));
  return [...new Set(ids)];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The current names of these targets, keyed by `type:id`; targets gone (or unnamed) are absent. */
export async function labelTargets(
  db: Db | Tx,
  refs: readonly TargetRef[],
): Promise<Map<string, TargetLabel>> {
  const labels = new Map<string, TargetLabel>();
  const put = (type: string, id: string | number, label: TargetLabel) => labels.set(`${type}:${id}`, label);
  const lookups: (() => Promise<void>)[] = [];
  const byId = <T extends { id: number }>(
    type: string,
    read: (ids: number[]) => Promise<T[]>,
    label: (row: T) => TargetLabel,
  ) => {
    const ids = numericIds(refs, type);
    if (ids.length === 0) return;
    lookups.push(async () => {
      for (const row of await read(ids)) put(type, row.id, label(row));
    });
  };
  byId(
    'product',
    (ids) =>
      db
        .select({ id: products.id, en: products.enName, zh: products.znName })
        .from(products)
        .where(inArray(products.id, ids)),
    (r) => named(r.en, r.zh),
  );
  byId(
    'category',
    (ids) =>
      db
        .select({ id: categories.id, en: categories.enName, zh: categories.znName })
        .from(categories)
        .where(inArray(categories.id, ids)),
    (r) => named(r.en, r.zh),
  );
  byId(
    'promotion',
    (ids) =>
      db
        .select({ id: promotions.id, en: promotions.enName, zh: promotions.znName })
        .from(promotions)
        .where(inArray(promotions.id, ids)),
    (r) => named(r.en, r.zh),
  );
  byId(
    'plate',
    (ids) =>
      db
        .select({ id: plates.id, en: plates.enName, zh: plates.znName })
        .from(plates)
        .where(inArray(plates.id, ids)),
    (r) => named(r.en, r.zh),
  );
  byId(
    'coupon',
    (ids) => db.select({ id: coupons.id, code: coupons.code }).from(coupons).where(inArray(coupons.id, ids)),
    (r) => both(r.code),
  );
  byId(
    'banner',
    (ids) =>
      db
        .select({ id: banners.id, en: banners.enHeadline, zh: banners.znHeadline, url: banners.url })
        .from(banners)
        .where(inArray(banners.id, ids)),
    (r) => (r.en || r.zh ? named(r.en, r.zh) : both(r.url)),
  );
  byId(
    'staff',
    (ids) =>
      db
        .select({ id: staff.id, name: staff.name, email: staff.email })
        .from(staff)
        .where(inArray(staff.id, ids)),
    (r) => both(r.name || r.email),
  );
  byId(
    'tax_area',
    (ids) =>
      db.select({ id: taxAreas.id, name: taxAreas.name }).from(taxAreas).where(inArray(taxAreas.id, ids)),
    (r) => both(r.name),
  );
  const classCodes = [...new Set(refs.filter((r) => r.targetType === 'tax_class').map((r) => r.targetId))];
  if (classCodes.length > 0) {
    lookups.push(async () => {
      const rows = await db
        .select({ code: taxClasses.code, en: taxClasses.enName, zh: taxClasses.znName })
        .from(taxClasses)
        .where(inArray(taxClasses.code, classCodes));
      for (const row of rows) put('tax_class', row.code, named(row.en, row.zh));
    });
  }
  const customerIds = [
    ...new Set(
      refs.filter((r) => r.targetType === 'customer' && UUID.test(r.targetId)).map((r) => r.targetId),
    ),
  ];
  if (customerIds.length > 0) {
    lookups.push(async () => {
      const rows = await db
        .select({ uuid: users.uuid, email: users.email })
        .from(users)
        .where(inArray(users.uuid, customerIds));
      for (const row of rows) put('customer', row.uuid, both(row.email));
    });
  }
  // An order is known by its number, which is its target id already.
  for (const ref of refs) if (ref.targetType === 'order') put('order', ref.targetId, both(ref.targetId));
  // In turn: a transaction's connection runs one query at a time anyway.
  for (const lookup of lookups) await lookup();
  return labels;
}

/**
 * A name from what a line kept of its target (a deleted product's `before`), for a target
 * already gone when the line is written.
 */
export function labelFromState(state: unknown): TargetLabel | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  const text = (key: string) => (typeof s[key] === 'string' ? (s[key] as string) : '');
  if (text('en_name') || text('zn_name')) return named(text('en_name'), text('zn_name'));
  if (text('en_headline') || text('zn_headline')) return named(text('en_headline'), text('zn_headline'));
  if (text('code')) return both(text('code'));
  if (text('name')) return both(text('name'));
  if (text('email')) return both(text('email'));
  return null;
}
