import { and, asc, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Changed } from '#server/audit';
import type { Db, Tx } from '#server/db/client';
import { products, taxAreaRates, taxAreas, taxAreaZips, taxClasses } from '#server/db/schema';
import { Conflict, NotFound } from '#server/errors';
import {
  isTaxClassCode,
  type TaxAreaInput,
  type TaxClassInput,
  type TaxClassUpdate,
  type TaxSetup,
} from '#shared/schemas/admin/tax.zod';
import { DEFAULT_TAX_CLASS } from '#shared/tax';

/** The shop's tax setup as the console shows it (docs/product.md, Tax). */
export async function readTaxSetup(db: Db | Tx): Promise<TaxSetup> {
  const classes = await db.select().from(taxClasses).orderBy(asc(taxClasses.position), asc(taxClasses.code));
  // Archived products are never sold again and cannot be edited: they do not hold a class.
  const used = await db
    .select({ code: products.taxClass, n: count() })
    .from(products)
    .where(isNull(products.archivedAt))
    .groupBy(products.taxClass);
  const usedBy = new Map(used.map((u) => [u.code, Number(u.n)]));
  const areas = await db.select().from(taxAreas).orderBy(asc(taxAreas.name));
  const zips = await db.select().from(taxAreaZips).orderBy(asc(taxAreaZips.zipPrefix));
  const rates = await db.select().from(taxAreaRates);
  return {
    classes: classes.map((c) => ({
      code: c.code,
      en_name: c.enName,
      zn_name: c.znName,
      rate_ppm: c.ratePpm,
      products: usedBy.get(c.code) ?? 0,
    })),
    areas: areas.map((a) => ({
      id: a.id,
      name: a.name,
      zips: zips.filter((z) => z.areaId === a.id).map((z) => z.zipPrefix),
      rates: Object.fromEntries(rates.filter((r) => r.areaId === a.id).map((r) => [r.classCode, r.ratePpm])),
    })),
  };
}

/** Every tax class's code, to check products' classes against (isTaxClass). */
export async function taxClassCodes(db: Db | Tx): Promise<ReadonlySet<string>> {
  return new Set((await db.select({ code: taxClasses.code }).from(taxClasses)).map((c) => c.code));
}

/**
 * Whether a product may name `code` as its tax class: a class code's shape and a class that exists
 * (`codes`: taxClassCodes). The one check of the product form and the CSV import.
 */
export function isTaxClass(code: string, codes: ReadonlySet<string>): boolean {
  return isTaxClassCode(code) && codes.has(code);
}

/** Adds a class (its code unused), last in the list. */
export async function addTaxClass(tx: Tx, input: TaxClassInput): Promise<Changed<TaxSetup>> {
  const positions = await tx.select({ p: taxClasses.position }).from(taxClasses);
  const inserted = await tx
    .insert(taxClasses)
    .values({
      code: input.code,
      enName: input.en_name,
      znName: input.zn_name,
      ratePpm: input.rate,
      position: Math.max(0, ...positions.map((r) => r.p)) + 1,
    })
    .onConflictDoNothing()
    .returning({ code: taxClasses.code });
  if (inserted.length === 0) throw new Conflict('errors:tax.codeTaken', { code: input.code });
  return {
    result: await readTaxSetup(tx),
    audit: {
      action: 'tax.class.create',
      targetType: 'tax_class',
      targetId: input.code,
      before: null,
      after: { en_name: input.en_name, zn_name: input.zn_name, rate_ppm: input.rate },
    },
  };
}

/** Renames a class or changes its rate: orders placed from now on use it; placed ones keep theirs. */
export async function updateTaxClass(
  tx: Tx,
  code: string,
  input: TaxClassUpdate,
): Promise<Changed<TaxSetup>> {
  const [before] = await tx.select().from(taxClasses).where(eq(taxClasses.code, code)).for('update');
  if (!before) throw new NotFound('errors:tax.classUnknown', { code });
  await tx
    .update(taxClasses)
    .set({ enName: input.en_name, znName: input.zn_name, ratePpm: input.rate })
    .where(eq(taxClasses.code, code));
  return {
    result: await readTaxSetup(tx),
    audit: {
      action: 'tax.class.update',
      targetType: 'tax_class',
      targetId: code,
      before: { en_name: before.enName, zn_name: before.znName, rate_ppm: before.ratePpm },
      after: { en_name: input.en_name, zn_name: input.zn_name, rate_ppm: input.rate },
    },
  };
}

/**
 * Saves an area whole (new when `id` is null): its name, ZIP prefixes and rates. A prefix another
 * area holds, or a rate for an unknown class, is refused and nothing changes. The prefixes' primary
 * key settles two saves claiming one prefix at once: the second is refused.
 */
export async function saveTaxArea(
  tx: Tx,
  id: number | null,
  input: TaxAreaInput,
): Promise<Changed<TaxSetup>> {
  const known = await taxClassCodes(tx);
  const unknown = Object.keys(input.rates).find((code) => !known.has(code));
  if (unknown !== undefined) throw new Conflict('errors:tax.classUnknown', { code: unknown });
  let before: { name: string; zips: string[]; rates: Record<string, number> } | null = null;
  let areaId: number;
  if (id === null) {
    const [row] = await tx
      .insert(taxAreas)
      .values({ name: input.name })
      .onConflictDoNothing()
      .returning({ id: taxAreas.id });
    if (!row) throw new Conflict('errors:tax.areaNameTaken', { name: input.name });
    areaId = row.id;
  } else {
    const [row] = await tx.select().from(taxAreas).where(eq(taxAreas.id, id)).for('update');
    if (!row) throw new NotFound('errors:tax.areaUnknown');
    const setup = await readTaxSetup(tx);
    const old = setup.areas.find((a) => a.id === id);
    before = old ? { name: old.name, zips: old.zips, rates: old.rates } : null;
    const [clash] = await tx.select({ id: taxAreas.id }).from(taxAreas).where(eq(taxAreas.name, input.name));
    if (clash && clash.id !== id) throw new Conflict('errors:tax.areaNameTaken', { name: input.name });
    await tx.update(taxAreas).set({ name: input.name }).where(eq(taxAreas.id, id));
    await tx.delete(taxAreaZips).where(eq(taxAreaZips.areaId, id));
    await tx.delete(taxAreaRates).where(eq(taxAreaRates.areaId, id));
    areaId = id;
  }
  const [taken] = await tx
    .select({ zip: taxAreaZips.zipPrefix, name: taxAreas.name })
    .from(taxAreaZips)
    .innerJoin(taxAreas, eq(taxAreas.id, taxAreaZips.areaId))
    .where(inArray(taxAreaZips.zipPrefix, input.zips))
    .limit(1);
  if (taken) throw new Conflict('errors:tax.zipTaken', { zip: taken.zip, area: taken.name });
  const added = await tx
    .insert(taxAreaZips)
    .values(input.zips.map((zipPrefix) => ({ zipPrefix, areaId })))
    .onConflictDoNothing()
    .returning({ zip: taxAreaZips.zipPrefix });
  // Another save took one of them after the check above: refuse rather than keep part of the list.
  if (added.length !== input.zips.length) throw new Conflict('errors:tax.zipTaken', { zip: '', area: '' });
  const rates = Object.entries(input.rates);
  if (rates.length > 0) {
    await tx
      .insert(taxAreaRates)
      .values(rates.map(([classCode, ratePpm]) => ({ areaId, classCode, ratePpm })));
  }
  return {
    result: await readTaxSetup(tx),
    audit: {
      action: id === null ? 'tax.area.create' : 'tax.area.update',
      targetType: 'tax_area',
      targetId: String(areaId),
      before,
      after: { name: input.name, zips: input.zips, rates: input.rates },
    },
  };
}

/** Removes an area: its ZIPs are taxed at the classes' own rates from now on. */
export async function deleteTaxArea(tx: Tx, id: number): Promise<Changed<TaxSetup>> {
  const setup = await readTaxSetup(tx);
  const old = setup.areas.find((a) => a.id === id);
  if (!old) throw new NotFound('errors:tax.areaUnknown');
  await tx.delete(taxAreas).where(eq(taxAreas.id, id));
  return {
    result: await readTaxSetup(tx),
    audit: {
      action: 'tax.area.delete',
      targetType: 'tax_area',
      targetId: String(id),
      before: { name: old.name, zips: old.zips, rates: old.rates },
      after: null,
    },
  };
}

/**
 * Removes a class and its rates in every area. Refused for the groceries class (new products go
 * in it and a taxed delivery fee uses its rate) and while live products are in the class; archived
 * ones, which cannot be edited any more, move to groceries. Placed orders keep the rates they were
 * charged. The class row is locked first, so a product saved into it at the same time waits and
 * is counted.
 */
export async function deleteTaxClass(tx: Tx, code: string): Promise<Changed<TaxSetup>> {
  const [before] = await tx.select().from(taxClasses).where(eq(taxClasses.code, code)).for('update');
  if (!before) throw new NotFound('errors:tax.classUnknown', { code });
  if (code === DEFAULT_TAX_CLASS) throw new Conflict('errors:tax.classDefault', { code });
  const [used] = await tx
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.taxClass, code), isNull(products.archivedAt)));
  const inUse = Number(used?.n ?? 0);
  if (inUse > 0) throw new Conflict('errors:tax.classInUse', { code, count: inUse });
  await tx
    .update(products)
    .set({ taxClass: DEFAULT_TAX_CLASS })
    .where(and(eq(products.taxClass, code), isNotNull(products.archivedAt)));
  // Its area rates go with it (tax_area_rates cascades).
  await tx.delete(taxClasses).where(eq(taxClasses.code, code));
  return {
    result: await readTaxSetup(tx),
    audit: {
      action: 'tax.class.delete',
      targetType: 'tax_class',
      targetId: code,
      before: { en_name: before.enName, zn_name: before.znName, rate_ppm: before.ratePpm },
      after: null,
    },
  };
}
