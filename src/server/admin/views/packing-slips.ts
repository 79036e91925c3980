import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { orderLines, orders, products } from '#server/db/schema';
import { addressOf, slotOf, type Viewer } from './order-viewer';

/**
 * What a packing list prints (the orders ticked in the list, or a delivery slot's): each order's
 * window and lines in both languages, with what the shopper wants if a line is missing.
 */
export async function packingSlips(db: Db, orderNos: string[], viewer: Viewer) {
  const found = await db.select().from(orders).where(inArray(orders.orderNo, orderNos));
  const items =
    found.length === 0
      ? []
      : await db
          .select({ line: orderLines, productKey: products.key })
          .from(orderLines)
          .innerJoin(products, eq(products.id, orderLines.productId))
          .where(
            inArray(
              orderLines.orderId,
              found.map((o) => o.id),
            ),
          )
          .orderBy(asc(orderLines.id));
  const byNo = new Map(found.map((o) => [o.orderNo, o]));
  return {
    orders: orderNos.flatMap((no) => {
      const o = byNo.get(no);
      if (!o) return [];
      return [
        {
          order_no: o.orderNo,
          status: o.status,
          packed: o.packedAt !== null,
          created_at: o.createdAt.toISOString(),
          paid_at: o.paidAt?.toISOString() ?? null,
          slot: slotOf(o, viewer.timeZone),
          address: addressOf(o, viewer),
          total_count: o.totalCount,
          lines: items
            .filter((i) => i.line.orderId === o.id)
            .map(({ line, productKey }) => ({
              id: line.id,
              key: productKey,
              en_name: line.enName,
              zn_name: line.znName,
              num: line.num,
              when_missing: line.whenMissing,
            })),
        },
      ];
    }),
    missing: orderNos.filter((no) => !byNo.has(no)),
  };
}
