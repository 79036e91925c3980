import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { taxAreaRates, taxAreaZips, taxClasses } from '#server/db/schema';
import { DEFAULT_RATE_PPM, DEFAULT_TAX_CLASS, type RatePpm } from '#shared/tax';

/** The rates an order delivered to one ZIP is taxed at (docs/product.md, Tax). */
export interface PlaceRates {
  /** The area the ZIP fell in, or null: the classes' own rates. */
  areaId: number | null;
  rateOf(classCode: string): RatePpm;
  /** The rate a taxed delivery fee is charged at: the groceries class's rate in that place. */
  feeRatePpm: RatePpm;
}

/** The classes' own rates, by code, in the console's order. */
export async function classRates(tx: Db | Tx): Promise<Map<string, RatePpm>> {
  const rows = await tx
    .select({ code: taxClasses.code, ratePpm: taxClasses.ratePpm })
    .from(taxClasses)
    .orderBy(asc(taxClasses.position), asc(taxClasses.code));
  return new Map(rows.map((r) => [r.code, r.ratePpm]));
}

/** The area of a ZIP: the one holding its longest matching prefix, or null. */
export async function areaOfZip(tx: Db | Tx, zip: string): Promise<number | null> {
  const [row] = await tx
    .select({ areaId: taxAreaZips.areaId })
    .from(taxAreaZips)
    .where(sql`starts_with(${zip}::text, ${taxAreaZips.zipPrefix})`)
    .orderBy(desc(sql`length(${taxAreaZips.zipPrefix})`))
    .limit(1);
  return row?.areaId ?? null;
}

/** The rates for an order delivered to `zip`, read in the order's transaction. */
export async function ratesForZip(tx: Db | Tx, zip: string): Promise<PlaceRates> {
  const classes = await classRates(tx);
  const areaId = await areaOfZip(tx, zip);
  const area = new Map<string, RatePpm>();
  if (areaId !== null) {
    const rows = await tx.select().from(taxAreaRates).where(eq(taxAreaRates.areaId, areaId));
    for (const r of rows) area.set(r.classCode, r.ratePpm);
  }
  const rateOf = (code: string) => area.get(code) ?? classes.get(code) ?? DEFAULT_RATE_PPM;
  return { areaId, rateOf, feeRatePpm: rateOf(DEFAULT_TAX_CLASS) };
}
