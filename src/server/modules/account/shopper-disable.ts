import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Changed } from '#server/audit';
import type { Tx } from '#server/db/client';
import { sessions, users } from '#server/db/schema';
import { NotFound } from '#server/errors';

type UserRow = typeof users.$inferSelect;

/** A shopper as staff see them (a customer, to the console). */
export const customerView = (u: UserRow) => ({
  uuid: u.uuid,
  email: u.email,
  name: u.name,
  language: u.language,
  createdAt: u.createdAt.toISOString(),
  disabled: u.disabledAt !== null,
  disabledAt: u.disabledAt?.toISOString() ?? null,
});

/**
 * Disables (or enables) a shopper's account; disabling ends every session of theirs. Asking for
 * the state it already has changes and reports nothing. Answers the shopper as staff see them.
 */
export async function setShopperDisabled(
  tx: Tx,
  uuid: string,
  disabled: boolean,
  now: Date,
): Promise<Changed<ReturnType<typeof customerView>>> {
  const [changed] = await tx
    .update(users)
    .set({ disabledAt: disabled ? now : null })
    .where(
      and(eq(users.uuid, uuid), disabled ? isNull(users.disabledAt) : sql`${users.disabledAt} is not null`),
    )
    .returning();
  if (changed && disabled) {
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, changed.id), isNull(sessions.revokedAt)));
  }
  const row = changed ?? (await tx.select().from(users).where(eq(users.uuid, uuid)))[0];
  if (!row) throw new NotFound('errors:customer.notFound');
  const audit = changed
    ? {
        action: disabled ? 'customer.disable' : 'customer.enable',
        targetType: 'customer',
        targetId: uuid,
        before: { disabled: !disabled },
        after: { disabled },
      }
    : [];
  return { result: customerView(row), audit };
}
