import { and, desc, eq, gte, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { containing } from '#server/db/contains';
import { orders, payments, users } from '#server/db/schema';
import { addDays, dayStart } from '#server/shop-time';
import { centsToAmount } from '#shared/money';
import { personName } from '#shared/person-name';
import type { Page } from '#shared/schemas/common.rules';
import { ORDER_STATUS } from '#shared/schemas/order';
import type { AdminOrderListInput } from '#shared/schemas/order-admin.zod';
import { slotOf, type Viewer } from './order-viewer';

/**
 * The console's list of orders (docs/api.md, Admin: orders). Money is sent as amounts (dollars, 2
 * decimals), as elsewhere.
 */

/** The vendor of the payment that took the order's money, if any. */
const methodOf = sql<
  string | null
>`(select ${payments.vendor} from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.status} in ('succeeded', 'refunded') limit 1)`;

function searchOf(q: string, viewer: Viewer): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const like = containing(text);
  // Either order finds the name: "Amy Chen" and "王小明" (docs/product.md, Names).
  const name = sql`((${orders.shipName} || ' ' || ${orders.shipSurname}) ilike ${like} or (${orders.shipSurname} || ${orders.shipName}) ilike ${like})`;
  const byNumber = ilike(orders.orderNo, like);
  if (viewer.packer) return or(byNumber, name);
  return or(byNumber, name, ilike(users.email, like), ilike(users.name, like), ilike(orders.shipPhone, like));
}

/** Orders newest first, filtered and paged by the database. */
export async function listAdminOrders(
  db: Db,
  input: AdminOrderListInput,
  viewer: Viewer,
): Promise<Page<Record<string, unknown>>> {
  const where = and(
    input.status === undefined ? undefined : eq(orders.status, input.status),
    input.stage === 'packing'
      ? and(eq(orders.status, ORDER_STATUS.processing), isNull(orders.packedAt))
      : undefined,
    input.from === undefined ? undefined : gte(orders.createdAt, dayStart(input.from, viewer.timeZone)),
    input.to === undefined
      ? undefined
      : lt(orders.createdAt, dayStart(addDays(input.to, 1), viewer.timeZone)),
    input.method === undefined
      ? undefined
      : sql`exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.status} in ('succeeded', 'refunded') and ${payments.vendor} = ${input.method})`,
    searchOf(input.q, viewer),
  );
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where);
  const rows = await db
    .select({ order: orders, email: users.email, method: methodOf })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(input.page_size)
    .offset((input.page - 1) * input.page_size);
  return {
    list: rows.map(({ order: o, email, method }) => ({
      order_no: o.orderNo,
      status: o.status,
      packed: o.packedAt !== null,
      created_at: o.createdAt.toISOString(),
      paid_at: o.paidAt?.toISOString() ?? null,
      slot: slotOf(o, viewer.timeZone),
      total_price: centsToAmount(o.totalCents),
      total_count: o.totalCount,
      name: personName({ name: o.shipName, surname: o.shipSurname }),
      ...(viewer.packer ? {} : { email }),
      method,
    })),
    total: counted?.n ?? 0,
    page: input.page,
    page_size: input.page_size,
  };
}
