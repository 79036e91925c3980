import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql, sum } from 'drizzle-orm';
import { recordAudit } from '#server/audit';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { containing } from '#server/db/contains';
import { addresses, orders, refunds, sessions, users } from '#server/db/schema';
import { NotFound } from '#server/errors';
import { ORDER_STATUS, orderStatusName } from '#shared/schemas/order';

/** Orders whose money the shop kept (less partial refunds): paid, shipped or completed. */
export const SPENT_STATUSES: number[] = [
  ORDER_STATUS.processing,
  ORDER_STATUS.shipped,
  ORDER_STATUS.completed,
];

type UserRow = typeof users.$inferSelect;

/** A shopper as staff see them. */
const customerView = (u: UserRow) => ({
  uuid: u.uuid,
  email: u.email,
  name: u.name,
  language: u.language,
  createdAt: u.createdAt.toISOString(),
  disabled: u.disabledAt !== null,
  disabledAt: u.disabledAt?.toISOString() ?? null,
});

/**
 * The shop's customers for staff (docs/api.md, Admin): search by e-mail, name or a phone number of
 * their addresses, one customer in full, and disabling an account (its sessions end at once).
 */
export class CustomerAdmin {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(input: { q?: string | undefined; page: number; pageSize: number }) {
    const { db } = this.deps;
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

  private async find(uuid: string): Promise<UserRow> {
    const [row] = await this.deps.db.select().from(users).where(eq(users.uuid, uuid));
    if (!row) throw new NotFound('errors:customer.notFound');
    return row;
  }

  /** One customer with their addresses, their orders (newest first) and what they spent. */
  async detail(uuid: string) {
    const { db } = this.deps;
    const user = await this.find(uuid);
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
      .where(and(kept, eq(refunds.status, 'succeeded')));
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

  /**
   * Disables (or enables) a customer's account; disabling ends every session of theirs. Audited in
   * the same transaction; asking for the state it already has changes and records nothing.
   */
  async setDisabled(uuid: string, disabled: boolean, staffId: number) {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(users)
        .set({ disabledAt: disabled ? now : null })
        .where(
          and(
            eq(users.uuid, uuid),
            disabled ? isNull(users.disabledAt) : sql`${users.disabledAt} is not null`,
          ),
        )
        .returning({ id: users.id });
      if (!changed) return;
      if (disabled) {
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(and(eq(sessions.userId, changed.id), isNull(sessions.revokedAt)));
      }
      await recordAudit(tx, {
        staffId,
        action: disabled ? 'customer.disable' : 'customer.enable',
        targetType: 'customer',
        targetId: uuid,
        before: { disabled: !disabled },
        after: { disabled },
        at: now,
      });
    });
    return (await this.detail(uuid)).customer;
  }
}
