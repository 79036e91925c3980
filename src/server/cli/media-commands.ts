import { readFile } from 'node:fs/promises';
import { DiskMediaStore, MEDIA_FOLDERS, type MediaStore, STORED_NAME } from '../uploads/media-store';
import { mediaStoreFor } from '../uploads/open-media-store';
import { type ShopCommand, UsageError } from './shop-command';

export interface MigrateCounts {
  copied: number;
  alreadyThere: number;
}

/**
 * Copies every stored picture of the disk (DATA_DIR/uploads) that `bucket` lacks, one at a time.
 * Names carry a hash of their bytes (or, for older catalogue pictures, a random name never
 * reused), so an object already under a name is the same picture: a second run copies nothing.
 */
export async function copyDiskUploads(uploadsDir: string, bucket: MediaStore): Promise<MigrateCounts> {
  const disk = new DiskMediaStore(uploadsDir);
  const counts: MigrateCounts = { copied: 0, alreadyThere: 0 };
  for (const folder of MEDIA_FOLDERS) {
    for await (const { name, writtenAt } of disk.list(folder)) {
      if (!STORED_NAME.test(name)) continue;
      const key = `${folder}/${name}`;
      if ((await bucket.writtenAt(key)) !== undefined) {
        counts.alreadyThere++;
        continue;
      }
      await bucket.write(key, await readFile(`${uploadsDir}/${key}`), new Date(writtenAt));
      counts.copied++;
    }
  }
  return counts;
}

/** `npm run shop -- media migrate`: a disk shop's pictures into MEDIA_STORE's bucket. */
export const mediaCommands: Record<string, ShopCommand> = {
  media: {
    args: 'migrate',
    does: [
      "copy DATA_DIR/uploads (console pictures, avatars) into MEDIA_STORE's",
      'bucket; run again, it copies only what the bucket lacks',
    ],
    async run(ctx, [what]) {
      if (what !== 'migrate') throw new UsageError('media takes one word: migrate');
      if (ctx.config.mediaStore.kind !== 's3')
        throw new Error(
          'MEDIA_STORE is not set: set it to s3://BUCKET/PREFIX (and the AWS_ variables) first',
        );
      const bucket = await mediaStoreFor(ctx.config);
      try {
        const counts = await copyDiskUploads(ctx.config.uploadsDir, bucket);
        ctx.print(`media: ${counts.copied} files copied, ${counts.alreadyThere} already in the bucket`);
      } finally {
        bucket.close();
      }
    },
  },
};
