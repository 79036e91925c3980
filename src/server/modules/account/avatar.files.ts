import sharp from 'sharp';
import { BoundedQueue } from '#server/bounded-queue';
import type { Clock } from '#server/clock';
import { BadInput } from '#server/errors';
import type { MediaStore } from '#server/uploads/media-store';
import { checkedHeader } from '#server/uploads/pictures';
import type { UploadedFile } from '#server/uploads/upload-reader';
import { type UploadSlotLimits, UploadSlots, uploadsBusy } from '#server/uploads/upload-slots';
import { DEFAULT_WIDTH, MEDIA_WIDTHS, mediaPath } from '#shared/media';
import { avatarNames } from '../../../../seed/media/avatars';
import type { AuthUser } from './account.service';
import { avatarRules, pictureFormatOf, squareWebps } from './avatar.picture';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOADS_PREFIX = '/uploads/';
/** Where avatars are stored, under the uploads folder. */
export const AVATARS_DIR = 'avatars';

/**
 * Avatar uploads in flight, from the first byte of the body to the stored files (UploadSlots):
 * a shopper changes one picture at a time, so two is room for a retry; eight in all, each body
 * on disk, not in memory, while it waits for the one decode at a time.
 */
export const AVATAR_SLOTS: UploadSlotLimits = { perUser: 2, total: 8 };

export interface AvatarFilesDeps {
  store: MediaStore;
  /** Where upload bodies are written while they are handled (never a served folder). */
  tempDir: string;
  /** Stored files are dated by it, so the retention sweep (avatar.sweep.ts) counts in the shop's time. */
  clock: Clock;
}

/** Avatar files: the bundled drawings anyone may choose, and each shopper's own uploaded picture. */
export class AvatarFiles {
  readonly slots = new UploadSlots(AVATAR_SLOTS);
  /**
   * Pictures are decoded one at a time, so shoppers uploading at once cost the memory of one
   * decode, not of all of them (and leave Node's thread pool to the rest of the shop). The line
   * is never longer than the uploads in flight.
   */
  readonly decoding = new BoundedQueue({ running: 1, waiting: AVATAR_SLOTS.total }, uploadsBusy);
  private readonly bundledUrls: string[];

  constructor(private readonly deps: AvatarFilesDeps) {
    this.bundledUrls = avatarNames().map((name) => mediaPath(name, DEFAULT_WIDTH.avatar));
    // libvips keeps recent operations and their pixels for reuse; no upload is decoded twice.
    sharp.cache(false);
  }

  get tempDir(): string {
    return this.deps.tempDir;
  }

  bundled(): string[] {
    return this.bundledUrls;
  }

  /**
   * A bundled avatar, or a picture this shopper uploaded whose files are still there: the sweep
   * (avatar.sweep.ts) removes an upload no profile names, and a profile must not name it again.
   */
  async isChoosable(url: string, user: Pick<AuthUser, 'uuid'>): Promise<boolean> {
    if (this.bundledUrls.includes(url)) return true;
    const own = new RegExp(
      `^${UPLOADS_PREFIX}${AVATARS_DIR}/${user.uuid}-[0-9a-f]{12}-${DEFAULT_WIDTH.avatar}\\.webp$`,
    );
    if (!own.test(url)) return false;
    return (await this.deps.store.writtenAt(url.slice(UPLOADS_PREFIX.length))) !== undefined;
  }

  /**
   * Squares, resizes and re-encodes an uploaded picture (avatar.picture.ts); answers its URL. The
   * header is checked before the picture waits for its decode, so a file that is no picture is
   * refused at once.
   */
  async saveUpload(user: Pick<AuthUser, 'uuid'>, file: UploadedFile): Promise<string> {
    if (file.size === 0 || file.size > AVATAR_MAX_BYTES) throw new BadInput('errors:account.imageInvalid');
    const format = pictureFormatOf(file.head);
    if (!format) throw new BadInput('errors:account.imageFormat');
    await checkedHeader(file.path, format, avatarRules(MEDIA_WIDTHS.avatar));
    const webps = await this.decoding.run(() => squareWebps(file.path, format, MEDIA_WIDTHS.avatar));
    const hash = file.sha256.slice(0, 12);
    const now = this.deps.clock.now();
    for (const { width, webp } of webps)
      await this.deps.store.write(`${AVATARS_DIR}/${user.uuid}-${hash}-${width}.webp`, webp, now);
    return `${UPLOADS_PREFIX}${AVATARS_DIR}/${user.uuid}-${hash}-${DEFAULT_WIDTH.avatar}.webp`;
  }
}
