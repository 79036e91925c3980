import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, isNull, like } from 'drizzle-orm';
import type { Changed } from '#server/audit';
import type { Db, Tx } from '#server/db/client';
import { banners, categories, plateItems, plates, products } from '#server/db/schema';
import { BadInput, NotFound } from '#server/errors';
import type { AdminCategory } from '#shared/schemas/home.rules';
import type { CategoryInput } from '#shared/schemas/home-admin.zod';
import { moveAmong, sortAfter } from './sort-order';

/*
 * The category tree as staff edit it: two levels, bilingual names, an icon, an order within each
 * level. Callers run the writes inside withCatalogueChange (touched.all(): every product list shows
 * categories) and write the audit line each reports.
 */

type CategoryRow = typeof categories.$inferSelect;

const C = 'errors:catalogueAdmin.categories';

/** What the audit log keeps of a category. */
const categoryState = (c: CategoryRow) => ({
  parent_id: c.parentId,
  en_name: c.enName,
  zn_name: c.znName,
  icon: c.icon,
  sort: c.sort,
});

/** The whole tree in its order, each category with its products counted, unpublished ones too. */
export async function categoryTree(db: Db): Promise<AdminCategory[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id)),
    db.select({ id: products.categoryId, n: count() }).from(products).groupBy(products.categoryId),
  ]);
  const countOf = new Map(counts.map((c) => [c.id, Number(c.n)]));
  const node = (c: CategoryRow): AdminCategory => ({
    id: c.id,
    parent_id: c.parentId,
    en_name: c.enName,
    zn_name: c.znName,
    icon: c.icon,
    product_count: countOf.get(c.id) ?? 0,
    children: [],
  });
  const top = rows.filter((c) => c.parentId === null).map(node);
  const byId = new Map(top.map((c) => [c.id, c]));
  for (const c of rows) if (c.parentId !== null) byId.get(c.parentId)?.children.push(node(c));
  return top;
}

async function categoryRow(tx: Tx, id: number): Promise<CategoryRow> {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
  if (!row) throw new NotFound(`${C}.notFound`);
  return row;
}

function siblingsOf(tx: Tx, parentId: number | null) {
  return tx
    .select({ id: categories.id, sort: categories.sort })
    .from(categories)
    .where(parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId))
    .orderBy(asc(categories.sort), asc(categories.id))
    .for('update');
}

async function childCount(tx: Tx, id: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(categories).where(eq(categories.parentId, id));
  return Number(row?.n ?? 0);
}

/** The parent a category may sit under: an existing top-level category other than itself. */
async function checkParent(tx: Tx, parentId: number | null, self?: number): Promise<void> {
  if (parentId === null) return;
  if (parentId === self) throw new BadInput(`${C}.selfParent`);
  const [parent] = await tx.select().from(categories).where(eq(categories.id, parentId));
  if (!parent) throw new BadInput(`${C}.parentNotFound`);
  if (parent.parentId !== null) throw new BadInput(`${C}.twoLevels`);
}

export async function createCategory(tx: Tx, input: CategoryInput): Promise<Changed<CategoryRow>> {
  await checkParent(tx, input.parentId);
  const sort = sortAfter(await siblingsOf(tx, input.parentId));
  const [row] = await tx
    .insert(categories)
    .values({ ...input, key: `category-${randomUUID()}`, sort })
    .returning();
  if (!row) throw new Error('category insert returned nothing');
  return {
    result: row,
    audit: { action: 'category.create', targetType: 'category', targetId: row.id, after: categoryState(row) },
  };
}

/** Renames, re-icons or moves a category; a category with children stays at the top level. */
export async function updateCategory(
  tx: Tx,
  id: number,
  input: CategoryInput,
): Promise<Changed<CategoryRow>> {
  const before = await categoryRow(tx, id);
  await checkParent(tx, input.parentId, id);
  if (input.parentId !== null) {
    const children = await childCount(tx, id);
    if (children > 0) throw new BadInput(`${C}.hasChildrenStaysTop`, { count: children });
  }
  const moved = input.parentId !== before.parentId;
  const sort = moved ? sortAfter(await siblingsOf(tx, input.parentId)) : before.sort;
  const [after] = await tx
    .update(categories)
    .set({ ...input, sort })
    .where(eq(categories.id, id))
    .returning();
  if (!after) throw new NotFound(`${C}.notFound`);
  const audit = { before: categoryState(before), after: categoryState(after) };
  return {
    result: after,
    audit: { action: 'category.update', targetType: 'category', targetId: id, ...audit },
  };
}

/** Moves a category one place up or down among its siblings; the audit keeps its sort before. */
export async function moveCategory(
  tx: Tx,
  id: number,
  direction: 'up' | 'down',
): Promise<Changed<CategoryRow>> {
  const row = await categoryRow(tx, id);
  await moveAmong(await siblingsOf(tx, row.parentId), id, direction, (sibling, sort) =>
    tx.update(categories).set({ sort }).where(eq(categories.id, sibling)),
  );
  return {
    result: row,
    audit: {
      action: `category.move.${direction}`,
      targetType: 'category',
      targetId: row.id,
      before: { sort: row.sort },
    },
  };
}

/** Whether a shop path (`/category/3`, `/category/1/3`, or without its first `/`) names category `id`. */
function namesCategory(url: string, id: number): boolean {
  const [kind, key, sub, ...rest] = url.replace(/^\//, '').split('/');
  return kind === 'category' && rest.length === 0 && (Number(key) === id || Number(sub) === id);
}

/** Banners (of type 2, a shop path) and plate tiles leading to category `id`, counted. */
async function linksTo(tx: Tx, id: number): Promise<{ banners: number; tiles: number }> {
  const [bannerUrls, tileUrls] = await Promise.all([
    tx
      .select({ url: banners.url })
      .from(banners)
      .where(and(eq(banners.type, 2), like(banners.url, '%category/%'))),
    tx.select({ url: plateItems.url }).from(plateItems).where(like(plateItems.url, '%category/%')),
  ]);
  const counted = (rows: { url: string }[]) => rows.filter((r) => namesCategory(r.url, id)).length;
  return { banners: counted(bannerUrls), tiles: counted(tileUrls) };
}

/**
 * Deletes an empty category; one with children, products (published or not), a plate showing its
 * best sellers, or a banner or plate tile leading to it is refused, saying how many.
 */
export async function deleteCategory(tx: Tx, id: number): Promise<Changed<CategoryRow>> {
  const row = await categoryRow(tx, id);
  const children = await childCount(tx, id);
  if (children > 0) throw new BadInput(`${C}.hasChildren`, { count: children });
  const [used] = await tx.select({ n: count() }).from(products).where(eq(products.categoryId, id));
  const productCount = Number(used?.n ?? 0);
  if (productCount > 0) throw new BadInput(`${C}.hasProducts`, { count: productCount });
  const [shown] = await tx.select({ n: count() }).from(plates).where(eq(plates.categoryId, id));
  const plateCount = Number(shown?.n ?? 0);
  if (plateCount > 0) throw new BadInput(`${C}.hasPlates`, { count: plateCount });
  const links = await linksTo(tx, id);
  if (links.banners > 0) throw new BadInput(`${C}.hasBanners`, { count: links.banners });
  if (links.tiles > 0) throw new BadInput(`${C}.hasTiles`, { count: links.tiles });
  await tx.delete(categories).where(eq(categories.id, id));
  return {
    result: row,
    audit: {
      action: 'category.delete',
      targetType: 'category',
      targetId: row.id,
      before: categoryState(row),
    },
  };
}
