import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { MEDIA_WIDTHS, mediaSrcSet } from '#shared/media';
import { MediaUpload } from '#shared/schemas/admin/media.zod';
import { PICTURE_MAX_BYTES } from '#shared/schemas/media.rules';
import en from '../../../../public/locales/en/errors.json' with { type: 'json' };
import zh from '../../../../public/locales/zh/errors.json' with { type: 'json' };
import { streamRequest } from '../../../../tests/api/security/oversize-bodies';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { createStaff } from '../../../../tests/helpers/staff';
import { startTestApp } from '../../../../tests/helpers/test-app';
import { multipartUpload, photo, pngHeader, uploadTo } from '../../../../tests/helpers/uploads';

/**
 * Staff upload JPEG, PNG or WebP pictures, taken by their bytes
 * whatever the file is called; the server makes every width the storefront asks for as WebP,
 * cropped to the kind's shape, under a name no one can guess; anything else is a 400 (413 when
 * too big) in the staff member's language, and stores nothing.
 */

const t = await startTestApp();
afterAll(async () => t.close());
const owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
const M = en.catalogueAdmin.pictures;
const Z = zh.catalogueAdmin.pictures;

const upload = (kind: string, bytes: Buffer, options = {}, lang = 'en') =>
  uploadTo(t.app, `/api/admin/media/${kind}`, owner.token, bytes, options, lang);

const storedFiles = async () =>
  (await readdir(join(t.config.uploadsDir, 'catalogue')).catch(() => [])).sort();

describe('POST /api/admin/media/:kind', () => {
  it.each([
    ['JPEG', () => photo(1000, 500).jpeg().toBuffer()],
    ['PNG', () => photo(1000, 500).png().toBuffer()],
    ['WebP', () => photo(1000, 500).webp().toBuffer()],
  ])(
    'takes a %s and makes every width of every kind, at the kind’s shape',
    async (_format, make) => {
      const bytes = await make();
      for (const kind of ['icon', 'banner', 'tile', 'ad'] as const) {
        const res = await upload(kind, bytes);
        expect(res.status).toBe(200);
        const url = expectAnswer(MediaUpload, res).image;
        expect(url).toMatch(/^\/uploads\/catalogue\/[0-9a-f]{24}-\d+\.webp$/);
        const srcset = mediaSrcSet(url, kind);
        expect(srcset).toBeDefined();
        for (const width of MEDIA_WIDTHS[kind]) {
          const file = await t.app.inject({ url: url.replace(/-\d+\.webp$/, `-${width}.webp`) });
          expect(file.statusCode).toBe(200);
          expect(file.headers['cache-control']).toContain('immutable');
          const meta = await sharp(file.rawPayload).metadata();
          const height = Math.round(width * { icon: 1, banner: 0.4, tile: 0.5, ad: 0.4 }[kind]);
          expect(meta).toMatchObject({ format: 'webp', width, height });
          expect(srcset).toContain(`-${width}.webp ${width}w`);
        }
      }
    },
    120_000,
  );

  it('goes by the bytes: a PNG named .jpg is taken, a text file named .png is not', async () => {
    const png = await photo(400, 400).png().toBuffer();
    expect((await upload('icon', png, { filename: 'photo.jpg', type: 'image/jpeg' })).status).toBe(200);
    const before = await storedFiles();
    const text = Buffer.from('just some words, not a picture\n'.repeat(20));
    expect(await upload('icon', text, { filename: 'photo.png', type: 'image/png' })).toEqual({
      status: 400,
      body: { code: 400, message: M.format },
    });
    expect(await upload('icon', text, {}, 'zh-CN')).toEqual({
      status: 400,
      body: { code: 400, message: Z.format },
    });
    expect(await storedFiles()).toEqual(before);
  });

  it.each([
    ['a GIF', () => photo(400, 400).gif().toBuffer(), 'format'],
    [
      'an SVG',
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"/>'),
      'format',
    ],
    [
      'a truncated JPEG',
      async () => {
        const jpeg = await photo(1200, 800).jpeg().toBuffer();
        return jpeg.subarray(0, Math.floor(jpeg.length / 2));
      },
      'invalid',
    ],
    [
      'a decompression bomb (50,000 × 50,000 pixels in a few bytes)',
      async () => pngHeader(50_000, 50_000),
      'pixels',
    ],
    ['a picture smaller than a banner needs', () => photo(800, 300).jpeg().toBuffer(), 'tooSmall'],
  ] as const)(
    'refuses %s with a 400 in the staff member’s language and stores nothing',
    async (_name, make, key) => {
      const bytes = await make();
      const before = await storedFiles();
      const english = await upload('banner', bytes);
      expect(english).toEqual({
        status: 400,
        body: { code: 400, message: M[key].replace('{{width}}', '960').replace('{{height}}', '384') },
      });
      const chinese = await upload('banner', bytes, {}, 'zh-CN');
      expect(chinese).toEqual({
        status: 400,
        body: { code: 400, message: Z[key].replace('{{width}}', '960').replace('{{height}}', '384') },
      });
      expect(await storedFiles()).toEqual(before);
    },
  );

  it('refuses a file over 10 MB with a 413 that says so, and stores nothing', async () => {
    const before = await storedFiles();
    const big = Buffer.concat([await photo(400, 400).png().toBuffer(), Buffer.alloc(PICTURE_MAX_BYTES)]);
    expect(await upload('icon', big, {}, 'zh')).toEqual({
      status: 413,
      body: { code: 413, message: Z.tooLarge },
    });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an unknown kind, a body without a file, and a packer', async () => {
    const png = await photo(400, 400).png().toBuffer();
    expect((await upload('product', png)).status).toBe(400);
    expect((await upload('avatar', png)).status).toBe(400);
    expect((await upload('icon', png)).status).toBe(200);
    const packer = await createStaff(t.database, t.clock.now(), { role: 'packer' });
    expect((await uploadTo(t.app, '/api/admin/media/icon', packer.token, png)).status).toBe(403);
    const noFile = multipartUpload(png, { field: 'picture' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media/icon',
      headers: { authorization: owner.token, 'content-type': noFile.contentType },
      payload: noFile.body,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).message).toBe(M.invalid);
  });
});

describe('a picture too big, sent a chunk at a time', () => {
  it('is refused with a 413 while it still arrives, before the whole body is read', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = 'pictureBoundary';
    const total = 64 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const answer = await streamRequest(`http://127.0.0.1:${port}/api/admin/products/1/images`, {
      method: 'POST',
      headers: {
        authorization: owner.token,
        'accept-language': 'zh-CN',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: (function* () {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        );
        for (let sent = 0; sent < total; sent += chunk.length) yield chunk;
      })(),
      hold: true,
    });
    expect(answer).toMatchObject({ status: 413, body: { code: 413, message: Z.tooLarge } });
    expect(answer.sent).toBeLessThan(total / 2);
  });
});
