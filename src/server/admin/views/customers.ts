import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { containing } from '#server/db/contains';
import { addresses, orders, refunds, users } from '#server/db/schema';
import { NotFound } from '#server/errors';
import { customerView } from '#server/modules/account/shopper-disable';
import { DIFFERENCE_REASON } from '#server/modules/payment/payment.capture';
import { ORDER_STATUS, orderStatusName } from '#shared/schemas/order';

/*
 * The shop's customers as the console reads them (docs/api.md, Admin): shoppers with their
 * addresses and their orders, so a read across the account, address and order domains.
 */

/** Orders whose money the shop kept (less partial refunds): paid, shipped or completed. */
const SPENT_STATUSES: number[] = [ORDER_STATUS.processing, ORDER_STATUS.shipped, ORDER_STATUS.completed];

/** Customers newest first, a page at a time; `q` finds an e-mail, a name or a phone of their addresses. */
export async function listCustomers(
  db: Db,
  input: { q?: string | undefined; page: number; pageSize: number },
) {
  const q = input.q?.trim() ?? '';
  let where: SQL | undefined;
  if (q !== '') {
    const like = containing(q);
    const phone = db
      .select({ one: sql`1` })
      .from(addresses)
      .where(and(eq(addresses.userId, users.id), ilike(addresses.phone, like)));
    where = or(ilike(users.email, like), ilike(users.name, like), sql`exists (${phone})`);
  }
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return {
    list: rows.map(customerView),
    total: total?.n ?? 0,
    page: input.page,
    page_size: input.pageSize,
  };
}

/** One customer with their addresses, their orders (newest first) and what they spent. */
export async function customerDetail(db: Db, uuid: string) {
  const [user] = await db.select().from(users).where(eq(users.uuid, uuid));
  if (!user) throw new NotFound('errors:customer.notFound');
  const addressRows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, user.id))
    .orderBy(desc(addresses.defaultStatus), asc(addresses.id));
  const orderRows = await db
    .select({
      orderNo: orders.orderNo,
      status: orders.status,
      totalCents: orders.totalCents,
      totalCount: orders.totalCount,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .where(eq(orders.userId, user.id))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const kept = and(eq(orders.userId, user.id), inArray(orders.status, SPENT_STATUSES));
  const [spent] = await db
    .select({ cents: sum(orders.totalCents) })
    .from(orders)
    .where(kept);
  // Partial refunds of those orders gave part of it back.
  const [refunded] = await db
    .select({ cents: sum(refunds.amountCents) })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(kept, eq(refunds.status, 'succeeded'), ne(refunds.reason, DIFFERENCE_REASON)));
  return {
    customer: customerView(user),
    addresses: addressRows.map((a) => ({
      uuid: a.uuid,
      name: a.name,
      surname: a.surname,
      phone: a.phone,
      address: a.address,
      area: a.area,
      city: a.city,
      province: a.province,
      zip: a.zip,
      instructions: a.instructions,
      isDefault: a.defaultStatus === 1,
    })),
    orders: orderRows.map((o) => ({
      ...o,
      statusName: orderStatusName(o.status) ?? String(o.status),
      createdAt: o.createdAt.toISOString(),
      paidAt: o.paidAt?.toISOString() ?? null,
    })),
    totalSpentCents: Number(spent?.cents ?? 0) - Number(refunded?.cents ?? 0),
  };
}
