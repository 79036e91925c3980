import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { categories } from '#server/db/schema';
import { DiskMediaStore } from '#server/uploads/media-store';
import { ABANDONED_UPLOAD_MS, sweepAbandonedUploads } from '#server/uploads/unused-files';
import { MEDIA_WIDTHS } from '#shared/media';
import { createShopper } from '../../../../tests/helpers/shoppers';
import { createStaff } from '../../../../tests/helpers/staff';
import { startTestApp } from '../../../../tests/helpers/test-app';
import { photo, uploadTo } from '../../../../tests/helpers/uploads';
import { AVATAR_UNUSED_MS, sweepUnusedAvatars } from '../account/avatar.sweep';
import { PICTURE_UNUSED_MS, sweepUnusedPictures } from '../media/media.sweep';
import { RETENTION_SWEEP_MS } from './retention';

/**
 * Every avatar upload used to leave two files for good, a replaced avatar's too, and a
 * console picture uploaded but never used stayed forever. The hourly sweep removes them: an
 * avatar no shopper's profile names, an hour after it was stored; a console picture nothing shows,
 * a day after (so an owner part-way through a banner keeps theirs). Counted by the shop's clock.
 */

// The app's sweeps run on intervals: faked, so the test moves them with the clock.
vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
const t = await startTestApp();
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});
const HOUR = 3_600_000;
const disk = new DiskMediaStore(t.config.uploadsDir);

const files = async (dir: string) => (await readdir(join(t.config.uploadsDir, dir)).catch(() => [])).sort();
const stemOf = (url: string) => url.replace(/^.*\//, '').replace(/-\d+\.webp$/, '');
const filesOf = async (dir: string, url: string) =>
  (await files(dir)).filter((f) => f.startsWith(stemOf(url)));
const sweepAvatars = () => sweepUnusedAvatars(t.database.db, disk, t.clock.now());
const sweepPictures = () => sweepUnusedPictures(t.database.db, disk, t.clock.now());

async function avatarUpload(token: string, seed: number): Promise<string> {
  const res = await uploadTo(t.app, '/api/user/avatar', token, await photo(300, 300, seed).jpeg().toBuffer());
  expect(res.status).toBe(200);
  return res.body.data.avatar;
}

async function pictureUpload(seed: number): Promise<string> {
  const bytes = await photo(400, 400, seed).png().toBuffer();
  // Signed in anew: the clock moves past a console session's idle limit between uploads.
  const owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
  const res = await uploadTo(t.app, '/api/admin/media/icon', owner.token, bytes);
  expect(res.status).toBe(200);
  return res.body.data.image;
}

describe('avatar files', () => {
  it('a replaced avatar’s files go an hour after it was stored; the one in use stays', async () => {
    const shopper = await createShopper(t.database, t.clock.now());
    const first = await avatarUpload(shopper.token, 11);
    const second = await avatarUpload(shopper.token, 12);
    expect(await filesOf('avatars', first)).toHaveLength(MEDIA_WIDTHS.avatar.length);
    t.clock.advance(AVATAR_UNUSED_MS - 60_000);
    expect(await sweepAvatars()).toBe(0);
    t.clock.advance(2 * 60_000);
    expect(await sweepAvatars()).toBe(MEDIA_WIDTHS.avatar.length);
    expect(await filesOf('avatars', first)).toEqual([]);
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    expect(await filesOf('avatars', second)).toHaveLength(MEDIA_WIDTHS.avatar.length);
    expect((await t.app.inject({ url: second })).statusCode).toBe(200);
  });

  it('an upload taken only a moment ago stays, though no profile names it yet', async () => {
    const shopper = await createShopper(t.database, t.clock.now());
    const url = await avatarUpload(shopper.token, 13);
    const bundled = JSON.parse((await t.app.inject({ url: '/api/avatars' })).body).data[0];
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { authorization: shopper.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `avatar=${encodeURIComponent(bundled)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(await sweepAvatars()).toBe(0);
    expect(await filesOf('avatars', url)).toHaveLength(MEDIA_WIDTHS.avatar.length);
    t.clock.advance(AVATAR_UNUSED_MS + 60_000);
    expect(await sweepAvatars()).toBe(MEDIA_WIDTHS.avatar.length);
    expect(await filesOf('avatars', url)).toEqual([]);
  });

  it('a profile cannot name again an upload the sweep removed', async () => {
    const shopper = await createShopper(t.database, t.clock.now());
    const first = await avatarUpload(shopper.token, 14);
    await avatarUpload(shopper.token, 15);
    t.clock.advance(AVATAR_UNUSED_MS + 60_000);
    await sweepAvatars();
    expect(await filesOf('avatars', first)).toEqual([]);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { authorization: shopper.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `avatar=${encodeURIComponent(first)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).data).toBeUndefined();
  });
});

describe('temporary upload files', () => {
  // A process killed mid-upload leaves its body's file in DATA_DIR/incoming; nothing else would remove it.
  it('a file left more than an hour ago goes; one still being written stays', async () => {
    const dir = join(t.config.dataDir, 'incoming');
    await mkdir(dir, { recursive: true });
    const left = join(dir, `upload-${'a'.repeat(24)}`);
    const writing = join(dir, `upload-${'b'.repeat(24)}`);
    const other = join(dir, 'notes.txt');
    for (const path of [left, writing, other]) await writeFile(path, 'body');
    const now = t.clock.now().getTime();
    const at = (ms: number) => new Date(now - ms);
    await utimes(left, at(ABANDONED_UPLOAD_MS + 60_000), at(ABANDONED_UPLOAD_MS + 60_000));
    await utimes(writing, at(60_000), at(60_000));
    await utimes(other, at(10 * ABANDONED_UPLOAD_MS), at(10 * ABANDONED_UPLOAD_MS));
    expect(await sweepAbandonedUploads(dir, t.clock.now())).toBe(1);
    expect((await readdir(dir)).sort()).toEqual(['notes.txt', `upload-${'b'.repeat(24)}`]);
  });
});

describe('console pictures', () => {
  it('a picture never used goes a day after its upload; one something shows stays', async () => {
    const unused = await pictureUpload(21);
    const used = await pictureUpload(22);
    await t.database.db.update(categories).set({ icon: used }).where(eq(categories.id, 1));
    t.clock.advance(PICTURE_UNUSED_MS - HOUR);
    expect(await sweepPictures()).toBe(0);
    expect(await filesOf('catalogue', unused)).toHaveLength(MEDIA_WIDTHS.icon.length);
    t.clock.advance(2 * HOUR);
    expect(await sweepPictures()).toBe(MEDIA_WIDTHS.icon.length);
    expect(await filesOf('catalogue', unused)).toEqual([]);
    expect((await t.app.inject({ url: unused })).statusCode).toBe(404);
    expect(await filesOf('catalogue', used)).toHaveLength(MEDIA_WIDTHS.icon.length);
    expect((await t.app.inject({ url: used })).statusCode).toBe(200);
  });

  it('a replaced picture goes at the next sweep once a day old; its replacement stays', async () => {
    const old = await pictureUpload(23);
    await t.database.db.update(categories).set({ icon: old }).where(eq(categories.id, 2));
    t.clock.advance(PICTURE_UNUSED_MS + HOUR);
    const replacement = await pictureUpload(24);
    await t.database.db.update(categories).set({ icon: replacement }).where(eq(categories.id, 2));
    expect(await sweepPictures()).toBe(MEDIA_WIDTHS.icon.length);
    expect(await filesOf('catalogue', old)).toEqual([]);
    expect(await filesOf('catalogue', replacement)).toHaveLength(MEDIA_WIDTHS.icon.length);
  });
});

describe('the hourly sweep', () => {
  it('removes unused avatar and console picture files as the clock moves', async () => {
    const shopper = await createShopper(t.database, t.clock.now());
    const replaced = await avatarUpload(shopper.token, 31);
    await avatarUpload(shopper.token, 32);
    const unused = await pictureUpload(33);
    t.clock.advance(PICTURE_UNUSED_MS + HOUR);
    await vi.advanceTimersByTimeAsync(RETENTION_SWEEP_MS);
    await vi.waitFor(
      async () => {
        expect(await filesOf('avatars', replaced)).toEqual([]);
        expect(await filesOf('catalogue', unused)).toEqual([]);
      },
      { timeout: 10_000 },
    );
  });
});
