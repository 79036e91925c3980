import { and, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { users } from '#server/db/schema';
import type { Language } from '#shared/constants';

/**
 * Keeps the shopper's language (the one their mails are written in) as the web client last said
 * it (Accept-Language follows the interface's language). Called on sign-in and in the order
 * placement's transaction (a refused order changes nothing); the conditional update writes nothing
 * when it did not change.
 */
export async function rememberLanguage(db: Db | Tx, userId: number, language: Language): Promise<void> {
  await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, userId), ne(users.language, language)));
}
