import { mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

/** The store's folders: console pictures (media.files.ts) and shoppers' avatars (avatar.files.ts). */
export const MEDIA_FOLDERS = ['catalogue', 'avatars'] as const;
/** A stored picture's name in its folder (a hash, perhaps a shopper's uuid, and a width). */
export const STORED_NAME = /^[0-9a-f][0-9a-f-]*\.webp$/;

/** One stored object of a folder: its name in the folder and when it was last written. */
export interface StoredObject {
  name: string;
  /** Milliseconds since the epoch. */
  writtenAt: number;
}

/** An object opened to be served (MediaStore.open). */
export type OpenedObject =
  | { status: 304; etag: string }
  | { status: 200; etag: string; size: number; body: Readable; contentType: string | undefined };

/**
 * Where uploaded pictures live (docs/architecture.md, Pictures): DATA_DIR/uploads on one machine,
 * an S3-compatible bucket for several (docs/decisions/032-media-store.md). Keys are
 * `<folder>/<name>` (`catalogue/…`, `avatars/…`), each name carrying a hash of the picture's bytes,
 * so an object never changes under its key.
 */
export interface MediaStore {
  readonly kind: 'disk' | 's3';
  /** Stores `bytes` under `key`, whole or not at all; dated `at` where the store lets us. */
  write(key: string, bytes: Buffer, at: Date): Promise<void>;
  /** When the object was last written (ms), or undefined when there is none. */
  writtenAt(key: string): Promise<number | undefined>;
  /** Every object of `folder`, in no particular order. */
  list(folder: string): AsyncIterable<StoredObject>;
  /** Removes the object; nothing when there is none. */
  remove(key: string): Promise<void>;
  /** The object as a stream to serve, a 304 when `ifNoneMatch` names it, undefined when missing. */
  open(key: string, ifNoneMatch: string | undefined): Promise<OpenedObject | undefined>;
  close(): void;
}

/** The store on disk: files under `root`, dated by the shop's clock (utimes) so sweeps count in it. */
export class DiskMediaStore implements MediaStore {
  readonly kind = 'disk';

  constructor(readonly root: string) {}

  async write(key: string, bytes: Buffer, at: Date): Promise<void> {
    const path = join(this.root, key);
    await mkdir(dirname(path), { recursive: true });
    // Written under a temporary name first, so no one is ever served half a file.
    await writeFile(`${path}.tmp`, bytes);
    await utimes(`${path}.tmp`, at, at);
    await rename(`${path}.tmp`, path);
  }

  async writtenAt(key: string): Promise<number | undefined> {
    try {
      const found = await stat(join(this.root, key));
      return found.isFile() ? found.mtimeMs : undefined;
    } catch {
      // Removed meanwhile (another process's sweep, a deleted product picture).
      return undefined;
    }
  }

  async *list(folder: string): AsyncIterable<StoredObject> {
    const names = await readdir(join(this.root, folder)).catch(() => [] as string[]);
    for (const name of names) {
      const writtenAt = await this.writtenAt(join(folder, name));
      if (writtenAt !== undefined) yield { name, writtenAt };
    }
  }

  async remove(key: string): Promise<void> {
    await rm(join(this.root, key), { force: true });
  }

  /** Disk pictures are served by @fastify/static (app.ts), as they always were. */
  async open(): Promise<undefined> {
    return undefined;
  }

  close(): void {}
}
