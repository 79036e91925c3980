import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { avatarNames } from '../../../../seed/media/avatars';
import { DEFAULT_WIDTH, MEDIA_WIDTHS, mediaPath } from '../../../shared/media';
import { BadInput } from '../../errors';
import type { AuthUser } from './account.service';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOADS_PREFIX = '/uploads/';

/** The picture formats an avatar may be (README: API); sharp's names for them. */
export type PictureFormat = 'jpeg' | 'png' | 'webp' | 'gif';

const ascii = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The format of a picture by its first bytes (its file signature), never by its name or stated
 * type; undefined for anything but JPEG, PNG, WebP and GIF — SVG (which can carry script), TIFF,
 * HEIF/AVIF, camera raw and the rest are not decoded at all.
 */
export function pictureFormatOf(bytes: Buffer): PictureFormat | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  return undefined;
}

/** Avatars: the bundled drawings anyone may choose, and each shopper's own uploaded picture. */
export class AvatarStore {
  private readonly bundledUrls: string[];

  constructor(private readonly uploadsDir: string) {
    this.bundledUrls = avatarNames().map((name) => mediaPath(name, DEFAULT_WIDTH.avatar));
  }

  bundled(): string[] {
    return this.bundledUrls;
  }

  /** A bundled avatar, or a picture this shopper uploaded. */
  isChoosable(url: string, user: Pick<AuthUser, 'uuid'>): boolean {
    if (this.bundledUrls.includes(url)) return true;
    const own = new RegExp(
      `^${UPLOADS_PREFIX}avatars/${user.uuid}-[0-9a-f]{12}-${DEFAULT_WIDTH.avatar}\\.webp$`,
    );
    return own.test(url);
  }

  /** Squares, resizes and re-encodes an uploaded image (dropping its metadata); answers its URL. */
  async saveUpload(user: Pick<AuthUser, 'uuid'>, bytes: Buffer): Promise<string> {
    if (bytes.length === 0 || bytes.length > AVATAR_MAX_BYTES)
      throw new BadInput('errors:account.imageInvalid');
    const format = pictureFormatOf(bytes);
    if (!format) throw new BadInput('errors:account.imageFormat');
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
    const dir = join(this.uploadsDir, 'avatars');
    await mkdir(dir, { recursive: true });
    try {
      // libvips chooses its decoder from the bytes as well: both must agree before a pixel is read.
      if ((await sharp(bytes).metadata()).format !== format) throw new Error('not the format it starts as');
      for (const width of MEDIA_WIDTHS.avatar) {
        const webp = await sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' })
          .rotate()
          .resize(width, width, { fit: 'cover' })
          .webp({ quality: 80 })
          .toBuffer();
        await writeFile(join(dir, `${user.uuid}-${hash}-${width}.webp`), webp);
      }
    } catch {
      throw new BadInput('errors:account.imageInvalid');
    }
    return `${UPLOADS_PREFIX}avatars/${user.uuid}-${hash}-${DEFAULT_WIDTH.avatar}.webp`;
  }
}
