import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { BadInput } from '#server/errors';
import { fittedWebps, pictureFormatOf } from '#server/uploads/pictures';
import { DEFAULT_WIDTH, MEDIA_ASPECT, MEDIA_WIDTHS } from '#shared/media';
import { minimumSize, PICTURE_MAX_BYTES, type UploadKind } from '#shared/schemas/media.rules';
import { HashQueue } from '../account/hash-queue';

/** Where catalogue pictures live: `<uploadsDir>/catalogue/`, served at this path. */
export const CATALOGUE_UPLOADS = '/uploads/catalogue/';
const CATALOGUE_DIR = 'catalogue';

/** One of our catalogue files: `/uploads/catalogue/<24 hex>-<width>.webp`. */
const OURS = /^\/uploads\/catalogue\/([0-9a-f]{24})-\d+\.webp$/;

/**
 * Staff upload photos from cameras and phones: larger than an avatar, so a larger decode budget
 * (a 40 MP progressive JPEG); pictures are made one at a time, so this is the most held at once.
 */
const CATALOGUE_DECODE_MAX_BYTES = 200 * 1024 * 1024;

/** One picture made at a time; a few wait; the next is told to come back (503, Retry-After). */
export const PICTURE_QUEUE = { running: 1, waiting: 6 } as const;

export type CatalogueKind = UploadKind | 'product';

const KEYS = {
  invalid: 'errors:catalogueAdmin.pictures.invalid',
  pixels: 'errors:catalogueAdmin.pictures.pixels',
  tooSmall: 'errors:catalogueAdmin.pictures.tooSmall',
};

/**
 * Catalogue pictures on disk (docs/architecture.md, Pictures): every width of MEDIA_WIDTHS[kind]
 * as WebP, cropped to the kind's shape, under an unguessable name the server picks. A URL of
 * ours names its default width; the storefront's srcset finds the others by the same name.
 */
export class CatalogueMedia {
  /** Pictures are decoded through one bounded queue (the password hashes' kind of queue). */
  readonly queue = new HashQueue(PICTURE_QUEUE);

  constructor(private readonly uploadsDir: string) {
    // libvips keeps recent operations and their pixels for reuse; no upload is decoded twice.
    sharp.cache(false);
  }

  /** Makes and stores every width of an uploaded picture; answers the URL of the default width. */
  async save(kind: CatalogueKind, bytes: Buffer): Promise<string> {
    if (bytes.length === 0 || bytes.length > PICTURE_MAX_BYTES) throw new BadInput(KEYS.invalid);
    const format = pictureFormatOf(bytes);
    if (!format || format === 'gif') throw new BadInput('errors:catalogueAdmin.pictures.format');
    const min = minimumSize(kind);
    const webps = await this.queue.run(() =>
      fittedWebps(bytes, format, {
        widths: MEDIA_WIDTHS[kind],
        aspect: MEDIA_ASPECT[kind],
        decodeMaxBytes: CATALOGUE_DECODE_MAX_BYTES,
        minWidth: min.width,
        minHeight: min.height,
        // Icons keep their transparency (round drawings, as the seed's); photos sit on white.
        background: kind === 'icon' ? undefined : '#ffffff',
        keys: KEYS,
      }),
    );
    const name = randomBytes(12).toString('hex');
    const dir = join(this.uploadsDir, CATALOGUE_DIR);
    await mkdir(dir, { recursive: true });
    for (const { width, webp } of webps) {
      // Written under a temporary name first, so no one is ever served half a file.
      const file = join(dir, `${name}-${width}.webp`);
      await writeFile(`${file}.tmp`, webp);
      await rename(`${file}.tmp`, file);
    }
    return `${CATALOGUE_UPLOADS}${name}-${DEFAULT_WIDTH[kind]}.webp`;
  }

  /** Whether a URL names a picture this class stored. */
  isOurs(url: string): boolean {
    return OURS.test(url);
  }

  /** Deletes every width of one of our pictures (nothing for any other URL). */
  async remove(url: string, kind: CatalogueKind): Promise<void> {
    const match = OURS.exec(url);
    if (!match) return;
    const dir = join(this.uploadsDir, CATALOGUE_DIR);
    await Promise.all(
      MEDIA_WIDTHS[kind].map((width) => rm(join(dir, `${match[1]}-${width}.webp`), { force: true })),
    );
  }
}
