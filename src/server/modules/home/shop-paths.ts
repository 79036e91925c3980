import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { categories, products, promotions } from '#server/db/schema';
import { BadInput } from '#server/errors';

/*
 * Paths in the shop that banners and plate tiles lead to: what they name (a product, category or
 * promotion), and refusing those that lead nowhere.
 */

export const H = 'errors:catalogueAdmin.home';

export interface Names {
  en_name: string;
  zn_name: string;
}

export const NO_NAMES: Names = { en_name: '', zn_name: '' };

/**
 * The names of what shop paths lead to (a product, category or promotion), read from the
 * database so a draft pointing at an unpublished product still names it.
 */
export async function namesOfPaths(db: Db | Tx, paths: readonly string[]): Promise<Map<string, Names>> {
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
export async function checkPaths(tx: Tx, paths: readonly string[]): Promise<void> {
  const names = await namesOfPaths(tx, paths);
  for (const path of paths) {
    const kind = path.split('/')[1];
    if (names.get(path) !== NO_NAMES) continue;
    if (kind === 'product') throw new BadInput(`${H}.productNotFound`);
    if (kind === 'promotion') throw new BadInput(`${H}.promotionNotFound`);
    if (kind === 'category') throw new BadInput(`${H}.categoryNotFound`);
  }
}
