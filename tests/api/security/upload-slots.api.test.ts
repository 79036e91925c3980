import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AVATAR_SLOTS } from '#server/modules/account/avatar.files';
import { PICTURE_SLOTS } from '#server/modules/media/media.files';
import { UPLOAD_RETRY_SECONDS } from '#server/uploads/upload-slots';
import en from '../../../public/locales/en/errors.json' with { type: 'json' };
import zh from '../../../public/locales/zh/errors.json' with { type: 'json' };
import { firstAnswers, type HeldUpload, heldUpload, listening } from '../../helpers/held-uploads';
import { createShopper } from '../../helpers/shoppers';
import { createStaff } from '../../helpers/staff';
import { startTestApp } from '../../helpers/test-app';
import { photo } from '../../helpers/uploads';

/**
 * One shopper sending 40 avatars at once used to have every body held in memory while
 * it waited for its decode. Uploads in flight are bounded per uploader and in all; past the bound
 * the upload is refused at once — 429 for the uploader's own bound, 503 for the shop's, with
 * Retry-After and a message in the caller's language — before its body is read, while the
 * others go through. The same holds for the console's picture uploads, per staff member.
 */

const t = await startTestApp();
afterAll(async () => t.close());
const port = await listening(t.app);
const picture = await photo(600, 600).jpeg({ quality: 95 }).toBuffer();
const incoming = async () => readdir(join(t.config.dataDir, 'incoming')).catch(() => []);

const fill = (text: string, params: Record<string, number>) =>
  Object.entries(params).reduce((s, [name, value]) => s.replace(`{{${name}}}`, String(value)), text);

/** Lets every held upload finish; answers the statuses of those not refused. */
async function finishAll(uploads: HeldUpload[]): Promise<number[]> {
  const open = uploads.filter((upload) => !upload.answered());
  for (const upload of open) upload.finish();
  return (await Promise.all(open.map((upload) => upload.answer))).map((answer) => answer.status);
}

interface Target {
  name: string;
  path: string;
  limits: { perUser: number; total: number };
  uploader: () => Promise<string>;
}

const targets: Target[] = [
  {
    name: 'avatar uploads (per shopper)',
    path: '/api/user/avatar',
    limits: AVATAR_SLOTS,
    uploader: async () => (await createShopper(t.database, t.clock.now())).token,
  },
  {
    name: 'console picture uploads (per staff member)',
    path: '/api/admin/media/icon',
    limits: PICTURE_SLOTS,
    uploader: async () => (await createStaff(t.database, t.clock.now(), { role: 'manager' })).token,
  },
];

describe.each(targets)('$name', ({ path, limits, uploader }) => {
  it('one uploader past their bound is refused with a 429 before the body is read; the rest go through', async () => {
    const token = await uploader();
    const extra = 3;
    const uploads = Array.from({ length: limits.perUser + extra }, (_, i) =>
      heldUpload(port, path, token, picture, i % 2 ? 'zh-CN' : 'en'),
    );
    const refused = await firstAnswers(uploads, extra);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.retryAfter).toBe(String(UPLOAD_RETRY_SECONDS));
      const params = { max: limits.perUser, seconds: UPLOAD_RETRY_SECONDS };
      expect([fill(en.uploads.yours, params), fill(zh.uploads.yours, params)]).toContain(answer.body.message);
      // Answered while the client still held most of its body.
      expect(answer.sent).toBeLessThan(answer.total);
    }
    expect(await finishAll(uploads)).toEqual(Array(limits.perUser).fill(200));
    expect(await incoming()).toEqual([]);
  });

  it('past the shop’s bound, uploaders within their own are refused with a 503 before the body is read', async () => {
    const uploaders = Math.ceil(limits.total / limits.perUser) + 1;
    const tokens = await Promise.all(Array.from({ length: uploaders }, uploader));
    const uploads = tokens.flatMap((token) =>
      Array.from({ length: limits.perUser }, () => heldUpload(port, path, token, picture, 'zh')),
    );
    const extra = uploads.length - limits.total;
    const refused = await firstAnswers(uploads, extra);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toBe(String(UPLOAD_RETRY_SECONDS));
      expect(answer.body.message).toBe(fill(zh.uploads.busy, { seconds: UPLOAD_RETRY_SECONDS }));
      expect(answer.sent).toBeLessThan(answer.total);
    }
    expect(await finishAll(uploads)).toEqual(Array(limits.total).fill(200));
    expect(await incoming()).toEqual([]);
  });

  it('an upload dropped mid-body gives its place back and leaves no file behind', async () => {
    const token = await uploader();
    const dropped = Array.from({ length: limits.perUser }, () => heldUpload(port, path, token, picture));
    // Each has its place and has begun writing its body to disk.
    await vi.waitFor(async () => expect(await incoming()).toHaveLength(limits.perUser));
    for (const upload of dropped) upload.abort();
    await vi.waitFor(async () => expect(await incoming()).toEqual([]));
    const again = Array.from({ length: limits.perUser }, () => heldUpload(port, path, token, picture));
    expect(await finishAll(again)).toEqual(Array(limits.perUser).fill(200));
  });
});
