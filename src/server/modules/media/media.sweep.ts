import { like } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import type { MediaStore } from '#server/uploads/media-store';
import { removeStale, staleStems } from '#server/uploads/unused-files';
import { CATALOGUE_DIR, CATALOGUE_UPLOADS } from './media.files';
import { PICTURE_SHOWN_IN } from './product-pictures';

/**
 * How long an uploaded console picture stays while nothing shows it: an owner uploads a picture,
 * then finishes the banner, plate or promotion it is for, perhaps the next day.
 */
export const PICTURE_UNUSED_MS = 24 * 3_600_000;

/** `<24 hex>-<width>.webp`; the stem is the name every width shares. */
const PICTURE_FILE = /^([0-9a-f]{24})-\d+\.webp$/;

/** The stems of every catalogue picture something shows. */
async function shownStems(db: Db): Promise<Set<string>> {
  const shown = new Set<string>();
  for (const column of PICTURE_SHOWN_IN) {
    const rows = await db
      .selectDistinct({ link: column })
      .from(column.table)
      .where(like(column, `${CATALOGUE_UPLOADS}%`));
    for (const { link } of rows) {
      const stem = PICTURE_FILE.exec(String(link).slice(CATALOGUE_UPLOADS.length))?.[1];
      if (stem) shown.add(stem);
    }
  }
  return shown;
}

/**
 * Removes the stored files of console pictures that nothing shows (uploaded and never used, or replaced)
 * once PICTURE_UNUSED_MS has passed since they were stored; answers how many files went.
 */
export async function sweepUnusedPictures(db: Db, store: MediaStore, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - PICTURE_UNUSED_MS);
  const stems = await staleStems(store, CATALOGUE_DIR, PICTURE_FILE, cutoff);
  if (stems.size === 0) return 0;
  const shown = await shownStems(db);
  let removed = 0;
  for (const [stem, names] of stems)
    if (!shown.has(stem)) removed += await removeStale(store, CATALOGUE_DIR, names, cutoff);
  return removed;
}
