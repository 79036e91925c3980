import { DiskMediaStore, type MediaStore } from './media-store';

/**
 * The stored objects of `folder` whose names `pattern` matches (its first group is the stem every
 * width of one picture shares), grouped by stem; only stems whose every object was last written
 * before `cutoff`. On disk files are dated by the shop's clock when stored (utimes); in a bucket
 * by the store's LastModified.
 */
export async function staleStems(
  store: MediaStore,
  folder: string,
  pattern: RegExp,
  cutoff: Date,
): Promise<Map<string, string[]>> {
  const stems = new Map<string, string[]>();
  const fresh = new Set<string>();
  for await (const { name, writtenAt } of store.list(folder)) {
    const stem = pattern.exec(name)?.[1];
    if (stem === undefined || fresh.has(stem)) continue;
    if (writtenAt >= cutoff.getTime()) {
      fresh.add(stem);
      stems.delete(stem);
    } else stems.set(stem, [...(stems.get(stem) ?? []), name]);
  }
  return stems;
}

/**
 * Removes these objects of `folder`, each unless it was written again since `cutoff` (the same
 * picture uploaded once more while the sweep ran); answers how many went.
 */
export async function removeStale(
  store: MediaStore,
  folder: string,
  names: readonly string[],
  cutoff: Date,
): Promise<number> {
  let removed = 0;
  for (const name of names) {
    const key = folder === '' ? name : `${folder}/${name}`;
    const written = await store.writtenAt(key);
    if (written === undefined || written >= cutoff.getTime()) continue;
    await store.remove(key);
    removed++;
  }
  return removed;
}

/**
 * How old a temporary upload file must be before it counts as left behind: every upload ends
 * within the request timeout (seconds), and withUpload removes its file then; only a process that
 * died mid-upload leaves one. An hour is far past any request, whichever process shares DATA_DIR.
 */
export const ABANDONED_UPLOAD_MS = 3_600_000;

/** withUpload's temporary files: `upload-<24 hex>`. */
const UPLOAD_FILE = /^(upload-[0-9a-f]{24})$/;

/** Removes the temporary upload files of `tempDir` a crashed process left; answers how many went. */
export async function sweepAbandonedUploads(tempDir: string, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ABANDONED_UPLOAD_MS);
  const disk = new DiskMediaStore(tempDir);
  const stale = await staleStems(disk, '', UPLOAD_FILE, cutoff);
  return removeStale(disk, '', [...stale.keys()], cutoff);
}
