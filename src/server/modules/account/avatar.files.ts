import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { BadInput } from '#server/errors';
import { DEFAULT_WIDTH, MEDIA_WIDTHS, mediaPath } from '#shared/media';
import { avatarNames } from '../../../../seed/media/avatars';
import type { AuthUser } from './account.service';
import { pictureFormatOf, squareWebps } from './avatar.picture';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOADS_PREFIX = '/uploads/';

/** Avatar files on disk: the bundled drawings anyone may choose, and each shopper's own uploaded picture. */
export class AvatarFiles {
  private readonly bundledUrls: string[];
  /** The decode under way, which the next one waits for. */
  private decoding: Promise<unknown> = Promise.resolve();

  constructor(private readonly uploadsDir: string) {
    this.bundledUrls = avatarNames().map((name) => mediaPath(name, DEFAULT_WIDTH.avatar));
    // libvips keeps recent operations and their pixels for reuse; no upload is decoded twice.
    sharp.cache(false);
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

  /**
   * Squares, resizes and re-encodes an uploaded picture (avatar.picture.ts); answers its URL.
   * Pictures are decoded one at a time, so shoppers uploading at once cost the memory of one
   * decode, not of all of them (and leave Node's thread pool to the rest of the shop).
   */
  async saveUpload(user: Pick<AuthUser, 'uuid'>, bytes: Buffer): Promise<string> {
    if (bytes.length === 0 || bytes.length > AVATAR_MAX_BYTES)
      throw new BadInput('errors:account.imageInvalid');
    const format = pictureFormatOf(bytes);
    if (!format) throw new BadInput('errors:account.imageFormat');
    const webps = await this.oneAtATime(() => squareWebps(bytes, format, MEDIA_WIDTHS.avatar));
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
    const dir = join(this.uploadsDir, 'avatars');
    await mkdir(dir, { recursive: true });
    for (const { width, webp } of webps)
      await writeFile(join(dir, `${user.uuid}-${hash}-${width}.webp`), webp);
    return `${UPLOADS_PREFIX}avatars/${user.uuid}-${hash}-${DEFAULT_WIDTH.avatar}.webp`;
  }

  /** Runs `task` once every task started before it has settled. */
  private oneAtATime<T>(task: () => Promise<T>): Promise<T> {
    const turn = this.decoding.then(task);
    this.decoding = turn.catch(() => undefined);
    return turn;
  }
}
