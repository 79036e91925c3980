import { inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema';
import type { MediaStore } from '#server/uploads/media-store';
import { removeStale, staleStems } from '#server/uploads/unused-files';
import { DEFAULT_WIDTH } from '#shared/media';
import { AVATARS_DIR, UPLOADS_PREFIX } from './avatar.files';

/**
 * How long an uploaded avatar's files stay while no shopper's avatar names them: an upload's
 * files are written just before the profile names them, and a replaced one is never named again.
 */
export const AVATAR_UNUSED_MS = 3_600_000;

/** `<shopper uuid>-<12 hex>-<width>.webp`; the stem is all but the width. */
const AVATAR_FILE = /^([0-9a-f-]{36}-[0-9a-f]{12})-\d+\.webp$/;
/** URLs per query. */
const BATCH = 500;

/**
 * Removes the files of uploaded avatars that no shopper's avatar names (replaced, or never taken)
 * once AVATAR_UNUSED_MS has passed since they were stored; answers how many files went.
 */
export async function sweepUnusedAvatars(db: Db, store: MediaStore, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - AVATAR_UNUSED_MS);
  const stems = await staleStems(store, AVATARS_DIR, AVATAR_FILE, cutoff);
  const urlOf = (stem: string) => `${UPLOADS_PREFIX}${AVATARS_DIR}/${stem}-${DEFAULT_WIDTH.avatar}.webp`;
  const candidates = [...stems.keys()];
  let removed = 0;
  for (let i = 0; i < candidates.length; i += BATCH) {
    const batch = candidates.slice(i, i + BATCH);
    const named = await db
      .select({ avatar: users.avatar })
      .from(users)
      .where(inArray(users.avatar, batch.map(urlOf)));
    const inUse = new Set(named.map((row) => row.avatar));
    for (const stem of batch)
      if (!inUse.has(urlOf(stem)))
        removed += await removeStale(store, AVATARS_DIR, stems.get(stem) ?? [], cutoff);
  }
  return removed;
}
