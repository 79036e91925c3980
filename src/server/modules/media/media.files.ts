import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { BoundedQueue } from '#server/bounded-queue';
import type { Clock } from '#server/clock';
import { BadInput } from '#server/errors';
import type { MediaStore } from '#server/uploads/media-store';
import { checkedHeader, fittedWebps, pictureFormatOf, type WebpRules } from '#server/uploads/pictures';
import type { UploadedFile } from '#server/uploads/upload-reader';
import { type UploadSlotLimits, UploadSlots, uploadsBusy } from '#server/uploads/upload-slots';
import { DEFAULT_WIDTH, MEDIA_ASPECT, MEDIA_WIDTHS } from '#shared/media';
import { minimumSize, PICTURE_MAX_BYTES, UPLOAD_KINDS, type UploadKind } from '#shared/schemas/media.rules';

/** Where catalogue pictures live: the store's `catalogue/` folder, served at this path. */
export const CATALOGUE_UPLOADS = '/uploads/catalogue/';
export const CATALOGUE_DIR = 'catalogue';

/** One of our catalogue files: `/uploads/catalogue/<24 hex>-<width>.webp`. */
const OURS = /^\/uploads\/catalogue\/([0-9a-f]{24})-\d+\.webp$/;

/**
 * Staff upload photos from cameras and phones: larger than an avatar, so a larger decode budget
 * (a 40 MP progressive JPEG); pictures are made one at a time, so this is the most held at once.
 */
const CATALOGUE_DECODE_MAX_BYTES = 200 * 1024 * 1024;

/**
 * Picture uploads in flight, from the first byte of the body to the stored files (UploadSlots):
 * two per staff member, four in all; each body on disk, not in memory, while it waits.
 */
export const PICTURE_SLOTS: UploadSlotLimits = { perUser: 2, total: 4 };

/** One picture made at a time; the line is never longer than the uploads in flight. */
export const PICTURE_QUEUE = { running: 1, waiting: PICTURE_SLOTS.total } as const;

export type CatalogueKind = UploadKind | 'product';

/** Every width a catalogue picture of any kind is made at. */
const CATALOGUE_WIDTHS = [
  ...new Set([...UPLOAD_KINDS, 'product' as const].flatMap((kind) => MEDIA_WIDTHS[kind])),
];

const KEYS = {
  invalid: 'errors:catalogueAdmin.pictures.invalid',
  pixels: 'errors:catalogueAdmin.pictures.pixels',
  tooSmall: 'errors:catalogueAdmin.pictures.tooSmall',
};

/**
 * Catalogue pictures in the media store (docs/architecture.md, Pictures): every width of
 * MEDIA_WIDTHS[kind] as WebP, cropped to the kind's shape, under a name made of a hash of the
 * pictures made. A URL of ours names its default width; the storefront's srcset finds the others
 * by the same name.
 */
export class CatalogueMedia {
  /** Bounds uploads in flight, per staff member and in all, before their bodies are read. */
  readonly slots = new UploadSlots(PICTURE_SLOTS);
  /** Pictures are decoded through one bounded queue (the password hashes' kind of queue). */
  readonly queue = new BoundedQueue(PICTURE_QUEUE, uploadsBusy);

  /**
   * `tempDir`: where upload bodies are written while they are handled (never a served folder);
   * `clock` dates the stored files on disk, so the sweep of unused ones (media.sweep.ts) counts in
   * the shop's time.
   */
  constructor(
    private readonly store: MediaStore,
    readonly tempDir: string,
    private readonly clock: Clock,
  ) {
    // libvips keeps recent operations and their pixels for reuse; no upload is decoded twice.
    sharp.cache(false);
  }

  /**
   * Makes and stores every width of an uploaded picture; answers the URL of the default width.
   * The header is checked before the picture waits for its decode, so a file that is no picture
   * is refused at once.
   */
  async save(kind: CatalogueKind, file: UploadedFile): Promise<string> {
    if (file.size === 0 || file.size > PICTURE_MAX_BYTES) throw new BadInput(KEYS.invalid);
    const format = pictureFormatOf(file.head);
    if (!format || format === 'gif') throw new BadInput('errors:catalogueAdmin.pictures.format');
    const rules = rulesFor(kind);
    await checkedHeader(file.path, format, rules);
    const webps = await this.queue.run(() => fittedWebps(file.path, format, rules));
    // Content-addressed: the same upload as the same kind is the same name, so another process
    // (or a second upload) writes the same bytes again, and a name never shows other bytes.
    const hash = createHash('sha256');
    for (const { webp } of webps) hash.update(webp);
    const name = hash.digest('hex').slice(0, 24);
    // Every width is written (again), dated now, so the sweep never takes a picture just uploaded.
    const now = this.clock.now();
    for (const { width, webp } of webps)
      await this.store.write(`${CATALOGUE_DIR}/${name}-${width}.webp`, webp, now);
    return `${CATALOGUE_UPLOADS}${name}-${DEFAULT_WIDTH[kind]}.webp`;
  }

  /** Whether a URL names a picture this class stored. */
  isOurs(url: string): boolean {
    return OURS.test(url);
  }

  /**
   * Deletes every width of one of our pictures (nothing for any other URL): every width any kind
   * makes, as a link does not say which kind it was uploaded as (a CSV may give a product a tile's).
   */
  async remove(url: string): Promise<void> {
    const match = OURS.exec(url);
    if (!match) return;
    await Promise.all(
      CATALOGUE_WIDTHS.map((width) => this.store.remove(`${CATALOGUE_DIR}/${match[1]}-${width}.webp`)),
    );
  }
}

/** How a picture of `kind` is made (fittedWebps). */
function rulesFor(kind: CatalogueKind): WebpRules {
  const min = minimumSize(kind);
  return {
    widths: MEDIA_WIDTHS[kind],
    aspect: MEDIA_ASPECT[kind],
    decodeMaxBytes: CATALOGUE_DECODE_MAX_BYTES,
    minWidth: min.width,
    minHeight: min.height,
    // Icons keep their transparency (round drawings, as the seed's); photos sit on white.
    background: kind === 'icon' ? undefined : '#ffffff',
    keys: KEYS,
  };
}
