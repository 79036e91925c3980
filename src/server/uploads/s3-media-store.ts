import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3MediaSettings } from '#server/config';
import type { MediaStore, OpenedObject, StoredObject } from './media-store';

const YEAR_SECONDS = 365 * 24 * 3600;

/** The S3 client for MEDIA_STORE's settings (docs/decisions/032-media-store.md). */
export function s3ClientFor(settings: S3MediaSettings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // The SDK would otherwise add CRC checksums to every upload (and ask for them on every read);
    // small self-hosted S3 servers do not all understand them, and our bodies are whole buffers
    // whose length the request states, so they add nothing here.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Whether the SDK's error is the service's answer `status` (a missing key, a 304). */
function answered(error: unknown, status: number): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === status;
}

/**
 * The store in an S3-compatible bucket, every key under MEDIA_STORE's prefix. Objects are dated by
 * the store (LastModified), not by the shop's clock: the sweeps age them by that.
 */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3';

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    /** '' or ending in '/'. */
    readonly prefix: string,
  ) {}

  async write(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.prefix + key,
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: 'image/webp',
        // For a CDN in front of the bucket (MEDIA_PUBLIC_URL): the key never names other bytes.
        CacheControl: `public, max-age=${YEAR_SECONDS}, immutable`,
      }),
    );
  }

  async writtenAt(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }),
      );
      return head.LastModified?.getTime();
    } catch (error) {
      if (answered(error, 404)) return undefined;
      throw error;
    }
  }

  async *list(folder: string): AsyncIterable<StoredObject> {
    const start = `${this.prefix}${folder}/`;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: start, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(start.length);
        // Only this folder's own objects, never one in a folder below it.
        if (name && !name.includes('/') && object.LastModified)
          yield { name, writtenAt: object.LastModified.getTime() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
  }

  async open(key: string, ifNoneMatch: string | undefined): Promise<OpenedObject | undefined> {
    try {
      const got = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key, IfNoneMatch: ifNoneMatch }),
      );
      const etag = got.ETag ?? '';
      const body = got.Body as Readable;
      if (ifNoneMatch !== undefined && etag !== '' && ifNoneMatch === etag) {
        // A store that ignored the condition: the client has these bytes already.
        body.destroy();
        return { status: 304, etag };
      }
      return { status: 200, etag, size: got.ContentLength ?? 0, body, contentType: got.ContentType };
    } catch (error) {
      if (answered(error, 404)) return undefined;
      if (answered(error, 304) && ifNoneMatch !== undefined) return { status: 304, etag: ifNoneMatch };
      throw error;
    }
  }

  close(): void {
    this.client.destroy();
  }
}
