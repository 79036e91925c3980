import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The stored files of `dir` whose names `pattern` matches (its first group is the stem every
 * width of one picture shares), grouped by stem; only stems whose every file was last written
 * before `cutoff`. Files are dated by the shop's clock when stored (utimes), so this counts in it.
 */
export async function staleStems(dir: string, pattern: RegExp, cutoff: Date): Promise<Map<string, string[]>> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const stems = new Map<string, string[]>();
  const fresh = new Set<string>();
  for (const name of names) {
    const stem = pattern.exec(name)?.[1];
    if (stem === undefined || fresh.has(stem)) continue;
    const written = await writtenAt(join(dir, name));
    if (written === undefined) continue;
    if (written >= cutoff.getTime()) {
      fresh.add(stem);
      stems.delete(stem);
    } else stems.set(stem, [...(stems.get(stem) ?? []), name]);
  }
  return stems;
}

/**
 * Removes these files of `dir`, each unless it was written again since `cutoff` (the same picture
 * uploaded once more while the sweep ran); answers how many went.
 */
export async function removeStale(dir: string, names: readonly string[], cutoff: Date): Promise<number> {
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    const written = await writtenAt(path);
    if (written === undefined || written >= cutoff.getTime()) continue;
    await rm(path, { force: true });
    removed++;
  }
  return removed;
}

async function writtenAt(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    // Removed meanwhile (another process's sweep, a deleted product picture).
    return undefined;
  }
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
  const stale = await staleStems(tempDir, UPLOAD_FILE, cutoff);
  return removeStale(tempDir, [...stale.keys()], cutoff);
}
