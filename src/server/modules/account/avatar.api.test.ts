import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import zh from '../../../../public/locales/zh/errors.json' with { type: 'json' };
import { createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import { startTestApp } from '../../../../tests/helpers/test-app';
import { multipartUpload } from '../../../../tests/helpers/uploads';
import { AVATAR_MAX_BYTES } from './avatar.store';

/** Issue 14, item 1: an avatar upload over its limit is refused as it arrives, and stores nothing. */

const t = await startTestApp();
afterAll(async () => t.close());

const canvas = () => sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a7' } });

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

describe('avatar size', () => {
  it('refuses a file over 5 MB with a 413 that says so, and stores nothing', async () => {
    const shopper = await createShopper(t.database);
    const before = await storedFiles();
    const big = Buffer.concat([await canvas().png().toBuffer(), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const res = await upload(shopper, big, {}, 'zh');
    expect(res).toEqual({ status: 413, body: { code: 413, message: zh.account.imageTooLarge } });
    expect(await storedFiles()).toEqual(before);
  });
});
