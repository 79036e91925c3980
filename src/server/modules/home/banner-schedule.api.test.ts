import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { banners } from '#server/db/schema';
import { AdminBanners } from '#shared/schemas/admin/home.zod';
import type { Banner } from '#shared/schemas/catalogue';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { createStaff } from '../../../../tests/helpers/staff';
import { startTestApp } from '../../../../tests/helpers/test-app';

/**
 * A banner's schedule is typed and shown on the shop's wall clock
 * (SHOP_TIME_ZONE), as promotions' and coupons' are, whatever zone the server or the console's
 * computer is in. The shop here is in Shanghai (UTC+8, no daylight saving): 09:00 there is 01:00 UTC.
 */

const t = await startTestApp({ SHOP_TIME_ZONE: 'Asia/Shanghai' });
afterAll(async () => t.close());
// 08:30 in Shanghai on the day the banner starts (staff sessions end after 12 idle hours).
t.clock.set(new Date('2026-01-16T00:30:00Z'));
const owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
const IMAGE = '/media/banners/x-1280.webp';

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${owner.token}` },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** Moves the injected clock to `iso` and lets the catalogue notice (no waiting). */
async function at(iso: string) {
  t.clock.set(new Date(iso));
  await t.app.catalogue.refreshIfStale();
}

describe('a banner’s schedule', () => {
  it('is the shop’s wall clock: a banner from 09:00 shop time shows from 09:00 there, not 09:00 UTC', async () => {
    const created = await call('POST', '/api/admin/banners', {
      type: 2,
      url: '/promotions',
      image: IMAGE,
      starts_at: '2026-01-16T09:00',
      ends_at: '2026-01-16T18:00',
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    expect(created.body.data.time_zone).toBe('Asia/Shanghai');
    expect(created.body.data.banners.find((b: { id: number }) => b.id === id)).toMatchObject({
      starts_at: '2026-01-16T09:00',
      ends_at: '2026-01-16T18:00',
      state: 'draft',
    });
    const [row] = await t.database.db.select().from(banners).where(eq(banners.id, id));
    expect(row?.startsAt?.toISOString()).toBe('2026-01-16T01:00:00.000Z');
    expect(row?.endsAt?.toISOString()).toBe('2026-01-16T10:00:00.000Z');
    expect((await call('POST', `/api/admin/banners/${id}/publish`, { published: true })).status).toBe(200);

    const shown = async () => {
      const res = await t.app.inject({ url: '/api/index_banners' });
      return (res.json().data as Banner[]).some((b) => b.id === id);
    };
    const state = async () =>
      (await call('GET', '/api/admin/banners')).body.data.banners.find((b: { id: number }) => b.id === id)
        .state;

    await at('2026-01-16T00:59:59.999Z');
    expect([await shown(), await state()]).toEqual([false, 'scheduled']);
    await at('2026-01-16T01:00:00.000Z');
    expect([await shown(), await state()]).toEqual([true, 'showing']);
    await at('2026-01-16T09:59:59.999Z');
    expect([await shown(), await state()]).toEqual([true, 'showing']);
    await at('2026-01-16T10:00:00.000Z');
    expect([await shown(), await state()]).toEqual([false, 'ended']);

    // Edited the same way: the new wall time is kept as its instant in the shop's zone.
    const edited = await call('POST', `/api/admin/banners/${id}`, {
      type: 2,
      url: '/promotions',
      image: IMAGE,
      starts_at: '2026-01-16T19:30',
      ends_at: '',
    });
    expect(edited.status).toBe(200);
    expect(expectAnswer(AdminBanners, edited).banners.find((b) => b.id === id)).toMatchObject({
      starts_at: '2026-01-16T19:30',
      ends_at: null,
    });
    await at('2026-01-16T11:29:59.999Z');
    expect(await shown()).toBe(false);
    await at('2026-01-16T11:30:00.000Z');
    expect(await shown()).toBe(true);
  });

  it('takes wall times only, as promotions do: an instant with an offset is refused', async () => {
    for (const starts_at of [
      '2026-01-16T01:00:00Z',
      '2026-01-16T09:00+08:00',
      '2026-01-16 09:00',
      '2026-13-01T09:00',
    ]) {
      const res = await call('POST', '/api/admin/banners', {
        type: 2,
        url: '/promotions',
        image: IMAGE,
        starts_at,
      });
      expect({ starts_at, status: res.status }).toEqual({ starts_at, status: 400 });
    }
  });
});
