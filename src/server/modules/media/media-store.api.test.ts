import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { type Config, loadConfig } from '#server/config';
import { products } from '#server/db/schema';
import { loadShopSecret } from '#server/secret';
import type { MediaStore } from '#server/uploads/media-store';
import { mediaStoreFor } from '#server/uploads/open-media-store';
import { registerUploads } from '#server/uploads/uploads-serving';
import { MEDIA_WIDTHS } from '#shared/media';
import { startLocalS3 } from '../../../../tests/helpers/s3-server';
import { shopCommandIn } from '../../../../tests/helpers/shop-command';
import { createShopper } from '../../../../tests/helpers/shoppers';
import { createStaff } from '../../../../tests/helpers/staff';
import { startTestApp } from '../../../../tests/helpers/test-app';
import { photo, uploadTo } from '../../../../tests/helpers/uploads';
import { AVATAR_UNUSED_MS, sweepUnusedAvatars } from '../account/avatar.sweep';
import { PICTURE_UNUSED_MS, sweepUnusedPictures } from './media.sweep';

/**
 * Several processes on one database share an S3-compatible bucket (MEDIA_STORE=s3://…): a picture
 * or avatar uploaded through one is served by every other, deleting it through another removes its
 * objects, the sweeps find unused ones in the bucket, and `media migrate` fills the bucket from a
 * disk shop. The bucket is a local S3 server speaking the real protocol (tests/helpers/s3-server.ts).
 */

const s3 = await startLocalS3();
const one = await startTestApp(s3.env);
// S3 dates objects by its own clock (LastModified): the shop's clock starts at the real time.
one.clock.set(new Date());
const otherDir = await mkdtemp(join(tmpdir(), 'shop-test-other-'));
// A second process: the same database, bucket and clock, its own DATA_DIR (another machine).
const otherConfig: Config = {
  ...one.config,
  dataDir: otherDir,
  uploadsDir: join(otherDir, 'uploads'),
  secretFile: join(otherDir, 'secret'),
};
const two = await buildApp({
  config: otherConfig,
  database: one.database,
  clock: one.clock,
  logger: pino({ level: 'silent' }),
  passwords: one.passwords,
  secret: loadShopSecret(one.config),
  outbox: { pollMs: 3_600_000 },
});
await two.ready();
const bucket = await mediaStoreFor(one.config);
afterAll(async () => {
  bucket.close();
  await two.close();
  await one.close();
  await s3.close();
  await rm(otherDir, { recursive: true, force: true });
});

const owner = await createStaff(one.database, one.clock.now(), { role: 'owner' });
const stemOf = (url: string) => url.replace(/^.*\//, '').replace(/-\d+\.webp$/, '');
const widthUrl = (url: string, width: number) => url.replace(/-\d+\.webp$/, `-${width}.webp`);

async function keysIn(store: MediaStore, folder: string): Promise<string[]> {
  const names: string[] = [];
  for await (const { name } of store.list(folder)) names.push(name);
  return names.sort();
}
const objectsOf = async (folder: string, url: string) =>
  (await keysIn(bucket, folder)).filter((name) => name.startsWith(stemOf(url)));

async function uploadPicture(kind: string, seed: number): Promise<string> {
  const bytes = await photo(1200, 700, seed).jpeg().toBuffer();
  const res = await uploadTo(one.app, `/api/admin/media/${kind}`, owner.token, bytes);
  expect(res.status).toBe(200);
  return res.body.data.image;
}

describe('a picture uploaded on one process', () => {
  it('is served by the other, every width, with the same caching headers, ETag and 304', async () => {
    const url = await uploadPicture('banner', 1);
    expect(url).toMatch(/^\/uploads\/catalogue\/[0-9a-f]{24}-\d+\.webp$/);
    expect(await objectsOf('catalogue', url)).toHaveLength(MEDIA_WIDTHS.banner.length);
    for (const width of MEDIA_WIDTHS.banner) {
      const res = await two.inject({ url: widthUrl(url, width) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      const etag = String(res.headers.etag);
      expect(etag).toMatch(/^(W\/)?"/);
      const again = await two.inject({ url: widthUrl(url, width), headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
      const head = await two.inject({ method: 'HEAD', url: widthUrl(url, width) });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(res.rawPayload.length));
    }
  });

  it('is named by its bytes: the same upload twice is one picture', async () => {
    expect(await uploadPicture('tile', 7)).toBe(await uploadPicture('tile', 7));
  });

  it('answers 404 for a name nothing was stored under, on either process', async () => {
    for (const app of [one.app, two])
      for (const url of ['/uploads/catalogue/0123456789abcdef01234567-640.webp', '/uploads/other/x.webp'])
        expect((await app.inject({ url })).statusCode).toBe(404);
  });

  it('keeps nothing on either process’s own disk', async () => {
    await uploadPicture('icon', 3);
    const onDisk = await keysIn(
      await mediaStoreFor({ ...one.config, mediaStore: { kind: 'disk' } }),
      'catalogue',
    );
    expect(onDisk).toEqual([]);
  });
});

describe('a product picture deleted through the other process', () => {
  it('loses its objects in the bucket, so no process serves it', async () => {
    const [product] = await one.database.db.select({ id: products.id }).from(products).limit(1);
    if (!product) throw new Error('the demo shop has products');
    const bytes = await photo(900, 700, 21).jpeg().toBuffer();
    const added = await uploadTo(one.app, `/api/admin/products/${product.id}/images`, owner.token, bytes);
    expect(added.status).toBe(200);
    const picture = added.body.data.images.at(-1) as { id: number; link: string };
    expect(await objectsOf('catalogue', picture.link)).toHaveLength(MEDIA_WIDTHS.product.length);
    expect((await two.inject({ url: picture.link })).statusCode).toBe(200);

    const deleted = await two.inject({
      method: 'DELETE',
      url: `/api/admin/products/${product.id}/images/${picture.id}`,
      headers: { authorization: owner.token },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await objectsOf('catalogue', picture.link)).toEqual([]);
    for (const app of [one.app, two]) expect((await app.inject({ url: picture.link })).statusCode).toBe(404);
  });
});

describe('an avatar uploaded on one process', () => {
  it('is served by the other, and the sweep takes a replaced one from the bucket', async () => {
    const shopper = await createShopper(one.database, one.clock.now());
    const avatar = async (seed: number) => {
      const bytes = await photo(300, 300, seed).jpeg().toBuffer();
      const res = await uploadTo(one.app, '/api/user/avatar', shopper.token, bytes);
      expect(res.status).toBe(200);
      return res.body.data.avatar as string;
    };
    const first = await avatar(31);
    const second = await avatar(32);
    for (const width of MEDIA_WIDTHS.avatar)
      expect((await two.inject({ url: widthUrl(second, width) })).statusCode).toBe(200);

    one.clock.advance(AVATAR_UNUSED_MS + 60_000);
    const removed = await sweepUnusedAvatars(one.database.db, bucket, one.clock.now());
    expect(removed).toBe(MEDIA_WIDTHS.avatar.length);
    expect(await objectsOf('avatars', first)).toEqual([]);
    expect(await objectsOf('avatars', second)).toHaveLength(MEDIA_WIDTHS.avatar.length);
  });
});

describe('the sweep of unused console pictures', () => {
  it('removes from the bucket those nothing shows a day on, and keeps the one a product shows', async () => {
    const unused = await uploadPicture('ad', 41);
    const shown = await uploadPicture('ad', 42);
    const [product] = await one.database.db.select({ id: products.id }).from(products).limit(1);
    if (!product) throw new Error('the demo shop has products');
    await one.database.db.update(products).set({ productImage: shown }).where(eq(products.id, product.id));

    one.clock.advance(PICTURE_UNUSED_MS + 60_000);
    await sweepUnusedPictures(one.database.db, bucket, one.clock.now());
    expect(await objectsOf('catalogue', unused)).toEqual([]);
    expect(await objectsOf('catalogue', shown)).toHaveLength(MEDIA_WIDTHS.ad.length);
    expect((await two.inject({ url: shown })).statusCode).toBe(200);
  });
});

describe('MEDIA_PUBLIC_URL', () => {
  it('sends every /uploads/ request to the CDN in front of the bucket', async () => {
    const config = loadConfig({ ...s3.env, MEDIA_PUBLIC_URL: 'https://cdn.example.com/' });
    const app = Fastify();
    const store = await mediaStoreFor(config);
    await registerUploads(app, config, store);
    const res = await app.inject({ url: '/uploads/catalogue/0123456789abcdef01234567-640.webp' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      'https://cdn.example.com/shop-media/catalogue/0123456789abcdef01234567-640.webp',
    );
    store.close();
    await app.close();
  });
});

describe('npm run shop -- media migrate', () => {
  it('copies a disk shop’s pictures and avatars into the bucket, and a second run copies nothing', async () => {
    const diskDir = await mkdtemp(join(tmpdir(), 'shop-disk-uploads-'));
    const files = {
      'catalogue/aaaaaaaaaaaaaaaaaaaaaaaa-640.webp': await photo(64, 32, 51).webp().toBuffer(),
      'catalogue/aaaaaaaaaaaaaaaaaaaaaaaa-1280.webp': await photo(128, 64, 51).webp().toBuffer(),
      'avatars/0b6f1a52-6f0c-4e0e-9a53-0d1f3c2a4b5c-0123456789ab-96.webp': await photo(96, 96, 52)
        .webp()
        .toBuffer(),
    };
    for (const [key, bytes] of Object.entries(files)) {
      await mkdir(join(diskDir, key, '..'), { recursive: true });
      await writeFile(join(diskDir, key), bytes);
    }
    // Half-written files of a process that died are no pictures: never copied.
    await writeFile(join(diskDir, 'catalogue', 'bbbbbbbbbbbbbbbbbbbbbbbb-640.webp.tmp'), 'partial');
    const t = { ...one, config: { ...one.config, uploadsDir: diskDir } };

    const first = await shopCommandIn(t, 'media', 'migrate');
    expect(first).toMatchObject({ code: 0, stdout: 'media: 3 files copied, 0 already in the bucket' });
    for (const [key, bytes] of Object.entries(files)) {
      const res = await two.inject({ url: `/uploads/${key}` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
    const second = await shopCommandIn(t, 'media', 'migrate');
    expect(second).toMatchObject({ code: 0, stdout: 'media: 0 files copied, 3 already in the bucket' });
    await rm(diskDir, { recursive: true, force: true });
  });

  it('refuses when MEDIA_STORE names no bucket', async () => {
    const t = { ...one, config: { ...one.config, mediaStore: { kind: 'disk' as const } } };
    const res = await shopCommandIn(t, 'media', 'migrate');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('MEDIA_STORE');
  });
});
