import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  /** The shop's settings for it: MEDIA_STORE and the AWS SDK's variables. */
  env: Record<string, string>;
  bucket: string;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver: the S3 REST protocol, signatures checked) on 127.0.0.1 and
 * a port of its choosing, its objects in a temporary folder; one bucket, `shop`.
 */
export async function startLocalS3(prefix = 'shop-media'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'shop-s3-'));
  const bucket = 'shop';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      MEDIA_STORE: `s3://${bucket}/${prefix}`,
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
      AWS_REGION: 'us-east-1',
      // s3rver's own key pair: it checks each request's signature with it.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    bucket,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
