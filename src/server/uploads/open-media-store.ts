import type { Config } from '#server/config';
import { DiskMediaStore, type MediaStore } from './media-store';

/**
 * The store MEDIA_STORE names: the disk under DATA_DIR/uploads unless a bucket is set. The AWS SDK
 * is loaded only then: a shop on one machine starts without it.
 */
export async function mediaStoreFor(config: Pick<Config, 'mediaStore' | 'uploadsDir'>): Promise<MediaStore> {
  const settings = config.mediaStore;
  if (settings.kind === 'disk') return new DiskMediaStore(config.uploadsDir);
  const { S3MediaStore, s3ClientFor } = await import('./s3-media-store');
  return new S3MediaStore(s3ClientFor(settings), settings.bucket, settings.prefix);
}
