import { eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import { users } from '#server/db/schema';

/**
 * Makes the shopper's concurrent writes that depend on each other (the default address, a cart
 * line, the orders waiting for payment) run one after the other: a lock on the shopper's row, held
 * until the transaction ends. Other shoppers never wait on it. `FOR NO KEY UPDATE` does not block
 * inserts that only reference the shopper, whose foreign-key checks take `KEY SHARE`.
 */
export async function lockShopper(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}
