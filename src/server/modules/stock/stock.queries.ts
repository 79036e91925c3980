import { and, asc, count, desc, eq, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { containing } from '#server/db/contains';
import { categories, products, staff, stockMovements } from '#server/db/schema';
import { NotFound } from '#server/errors';
import type { MovementsInput, StockGridInput } from '#shared/schemas/stock.zod';

/** What staff read about stock (docs/api.md, Admin: stock): the grid, and one product's. */

const gridColumns = {
  id: products.id,
  uuid: products.uuid,
  en_name: products.enName,
  zn_name: products.znName,
  product_image: products.productImage,
  real_stock: products.realStock,
  low_stock_threshold: products.lowStockThreshold,
  sold_count: products.soldCount,
};

function gridWhere(input: StockGridInput): SQL | undefined {
  const text = input.q.trim();
  const like = containing(text);
  return and(
    text
      ? or(ilike(products.enName, like), ilike(products.znName, like), ilike(products.key, like))
      : undefined,
    input.category === undefined
      ? undefined
      : or(
          eq(products.categoryId, input.category),
          sql`${products.categoryId} in (select ${categories.id} from ${categories} where ${categories.parentId} = ${input.category})`,
        ),
    input.filter === 'out' ? eq(products.realStock, 0) : undefined,
    input.filter === 'low' ? lte(products.realStock, products.lowStockThreshold) : undefined,
  );
}

/**
 * The stock grid: products with their stock, threshold and sold count, filtered and paged by the
 * database. Filtered lists put the emptiest shelves first; the whole list keeps the shop's order.
 */
export async function stockGrid(db: Db, input: StockGridInput) {
  const where = gridWhere(input);
  const [total] = await db.select({ n: count() }).from(products).where(where);
  const items = await db
    .select(gridColumns)
    .from(products)
    .where(where)
    .orderBy(...(input.filter ? [asc(products.realStock)] : []), asc(products.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return { items, total: total?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

/** One product's stock, threshold and movements, newest first, with who made each. */
export async function productStock(db: Db, productId: number, input: MovementsInput) {
  const [product] = await db.select(gridColumns).from(products).where(eq(products.id, productId));
  if (!product) throw new NotFound('errors:catalogueAdmin.stock.unknownProduct');
  const mine = eq(stockMovements.productId, productId);
  const [total] = await db.select({ n: count() }).from(stockMovements).where(mine);
  const rows = await db
    .select({
      id: stockMovements.id,
      at: stockMovements.at,
      reason: stockMovements.reason,
      delta: stockMovements.delta,
      stock_after: stockMovements.stockAfter,
      note: stockMovements.note,
      staff_id: stockMovements.staffId,
      staff_name: staff.name,
    })
    .from(stockMovements)
    .leftJoin(staff, eq(staff.id, stockMovements.staffId))
    .where(mine)
    .orderBy(desc(stockMovements.at), desc(stockMovements.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return {
    ...product,
    movements: {
      items: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
      total: total?.n ?? 0,
      page: input.page,
      pageSize: input.pageSize,
    },
  };
}
