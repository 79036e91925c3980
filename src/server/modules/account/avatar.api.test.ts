import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskMediaStore } from '#server/uploads/media-store';
import en from '../../../../public/locales/en/errors.json' with { type: 'json' };
import zh from '../../../../public/locales/zh/errors.json' with { type: 'json' };
import { createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import { startTestApp } from '../../../../tests/helpers/test-app';
import { multipartUpload } from '../../../../tests/helpers/uploads';
import { AVATAR_MAX_BYTES, AvatarFiles } from './avatar.files';

/**
 * An avatar is taken only when its bytes are a JPEG, PNG, WebP or GIF, whatever
 * the file is called or claims to be; SVG (script), TIFF, HEIF/AVIF and raw pixels are refused
 * with a message in the caller's language, and a refusal stores nothing.
 */

const t = await startTestApp();
afterAll(async () => t.close());

const canvas = () => sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7' } });
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><script>alert(1)</script>' +
    '<rect width="320" height="240" fill="#3a7"/></svg>',
);

async function upload(
  who: Shopper,
  bytes: Buffer,
  options: { filename?: string; type?: string } = {},
  lang = 'en',
) {
  const { contentType, body } = multipartUpload(bytes, options);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/avatar',
    headers: { authorization: who.token, 'content-type': contentType, 'accept-language': lang },
    payload: body,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

const storedFiles = async () => readdir(join(t.config.uploadsDir, 'avatars')).catch(() => []);

async function avatarOf(who: Shopper): Promise<string> {
  const res = await t.app.inject({ url: '/api/user', headers: { authorization: who.token } });
  return JSON.parse(res.body).data.avatar;
}

describe('avatar formats', () => {
  it.each([
    ['JPEG', () => canvas().jpeg().toBuffer()],
    ['PNG', () => canvas().png().toBuffer()],
    ['WebP', () => canvas().webp().toBuffer()],
    ['GIF', () => canvas().gif().toBuffer()],
  ])('takes a %s picture and stores it as a 192 px WebP', async (_format, make) => {
    const shopper = await createShopper(t.database);
    const res = await upload(shopper, await make());
    expect(res.status).toBe(200);
    const url = res.body.data.avatar as string;
    expect(url).toMatch(/^\/uploads\/avatars\/.+-192\.webp$/);
    const image = await t.app.inject({ url });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 192,
      height: 192,
    });
  });

  it.each([
    ['SVG', async () => SVG],
    ['TIFF', () => canvas().tiff().toBuffer()],
    ['AVIF (HEIF)', () => canvas().avif().toBuffer()],
    ['HEIF', () => canvas().heif({ compression: 'av1' }).toBuffer()],
    ['raw pixels', () => canvas().raw().toBuffer()],
  ])('refuses %s in the caller’s language and stores nothing', async (_format, make) => {
    const shopper = await createShopper(t.database);
    const bytes = await make();
    const before = await storedFiles();
    const english = await upload(shopper, bytes);
    expect(english).toEqual({ status: 400, body: { code: 400, message: en.account.imageFormat } });
    const chinese = await upload(shopper, bytes, {}, 'zh-CN');
    expect(chinese).toEqual({ status: 400, body: { code: 400, message: zh.account.imageFormat } });
    expect(await storedFiles()).toEqual(before);
    expect(await avatarOf(shopper)).toBe('');
  });

  it('goes by the bytes, not the name or the stated type', async () => {
    const shopper = await createShopper(t.database);
    const svgAsPng = await upload(shopper, SVG, { filename: 'me.png', type: 'image/png' });
    expect(svgAsPng.body.message).toBe(en.account.imageFormat);
    const jpeg = await canvas().jpeg().toBuffer();
    const jpegAsSvg = await upload(shopper, jpeg, { filename: 'me.svg', type: 'image/svg+xml' });
    expect(jpegAsSvg.status).toBe(200);
  });
});

describe('avatar size', () => {
  it.each([
    ['GIF', () => sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#3a7' } }).gif()],
    [
      'progressive JPEG',
      () =>
        sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#3a7' } }).jpeg({
          progressive: true,
        }),
    ],
  ])('refuses a %s of a few KB that decodes to 36 megapixels, and stores nothing', async (_format, make) => {
    const shopper = await createShopper(t.database);
    const before = await storedFiles();
    const bytes = await make().toBuffer();
    expect(await upload(shopper, bytes)).toEqual({
      status: 400,
      body: { code: 400, message: en.account.imagePixels },
    });
    expect(await upload(shopper, bytes, {}, 'zh')).toEqual({
      status: 400,
      body: { code: 400, message: zh.account.imagePixels },
    });
    expect(await storedFiles()).toEqual(before);
    expect(await avatarOf(shopper)).toBe('');
  });

  it('refuses a file over 5 MB with a 413 that says so, and stores nothing', async () => {
    const shopper = await createShopper(t.database);
    const before = await storedFiles();
    const big = Buffer.concat([await canvas().png().toBuffer(), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const res = await upload(shopper, big, {}, 'zh');
    expect(res).toEqual({ status: 413, body: { code: 413, message: zh.account.imageTooLarge } });
    expect(await storedFiles()).toEqual(before);
  });
});

describe('a file of garbage behind a JPEG signature', () => {
  it('is refused at once, without waiting for the decodes before it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'avatar-queue-'));
    const avatars = new AvatarFiles({ store: new DiskMediaStore(dir), tempDir: dir, clock: t.clock });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Another shopper's picture is being decoded, and stays so until the refusal has come.
    const decoding = avatars.decoding.run(() => held);
    const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(4_000_000)]);
    const path = join(dir, 'garbage.jpg');
    await writeFile(path, bytes);
    const file = { path, size: bytes.length, head: bytes.subarray(0, 16), sha256: '0'.repeat(64) };
    await expect(avatars.saveUpload({ uuid: randomUUID() }, file)).rejects.toMatchObject({
      status: 400,
      key: 'errors:account.imageInvalid',
    });
    release();
    await decoding;
    await rm(dir, { recursive: true, force: true });
  });
});
