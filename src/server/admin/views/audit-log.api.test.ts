import { afterAll, describe, expect, it } from 'vitest';
import { shopDate } from '#server/shop-time';
import { AuditPage } from '#shared/schemas/admin/audit.zod';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { COMPLETE_PRODUCT, callAdmin, createStaff } from '../../../../tests/helpers/staff';
import { startTestApp } from '../../../../tests/helpers/test-app';

/** The audit log names its targets (now, or as recorded once gone) and filters by kind and day. */

const t = await startTestApp();
afterAll(async () => t.close());
let owner = await createStaff(t.database, t.clock.now(), { role: 'owner', name: 'Olive Owner' });
let manager = await createStaff(t.database, t.clock.now(), { role: 'manager' });
const DAY = 86_400_000;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, form?: Record<string, string>, lang?: string) =>
  callAdmin(t.app, owner.token, method, url, form, lang ? { lang } : {});
const audit = async (query: Record<string, string>) => {
  const res = await callAdmin(t.app, manager.token, 'GET', '/api/admin/audit', query);
  expect(res.status).toBe(200);
  return expectAnswer(AuditPage, res);
};

describe('the audit log', () => {
  it('names a product, not its id, in both languages, and keeps its name once it is deleted', async () => {
    const created = await call('POST', '/api/admin/products', {
      ...COMPLETE_PRODUCT,
      en_name: 'Fuyu Persimmon',
      zn_name: '富有柿',
      price: '3.98',
    });
    expect(created.status).toBe(200);
    const id = String(created.body.data.id);
    const edited = await call('POST', `/api/admin/products/${id}`, {
      ...COMPLETE_PRODUCT,
      en_name: 'Fuyu Persimmons',
      zn_name: '富有柿',
      price: '3.49',
    });
    expect(edited.status).toBe(200);

    const live = await audit({ target: `product:${id}` });
    expect(live.list.map((e) => e.action)).toEqual(['product.update', 'product.create']);
    // Both lines read by the product's name as it is now.
    for (const entry of live.list)
      expect(entry).toMatchObject({ targetName: 'Fuyu Persimmons', targetNameZh: '富有柿' });
    expect(live.list[0]).toMatchObject({ before: { price: 3.98 }, after: { price: 3.49 } });

    expect((await call('DELETE', `/api/admin/products/${id}`)).status).toBe(200);
    const gone = await audit({ target: `product:${id}` });
    expect(gone.list.map((e) => [e.action, e.targetName, e.targetNameZh])).toEqual([
      ['product.delete', 'Fuyu Persimmons', '富有柿'],
      // Written under the first name, read by the name each line kept.
      ['product.update', 'Fuyu Persimmons', '富有柿'],
      ['product.create', 'Fuyu Persimmon', '富有柿'],
    ]);
  });

  it('names a coupon by its code and filters by kind of target', async () => {
    const coupon = await call('POST', '/api/admin/coupons', {
      code: 'AUDIT5',
      kind: 'fixed',
      value: '5.00',
      min_spend: '20.00',
      starts_at: '2026-01-01T00:00',
      ends_at: '2099-01-01T00:00',
      active: 'true',
    });
    expect(coupon.status).toBe(200);
    const coupons = await audit({ target: 'coupon' });
    expect(coupons.list.length).toBeGreaterThan(0);
    expect(coupons.list.every((e) => e.targetType === 'coupon')).toBe(true);
    expect(coupons.list[0]).toMatchObject({
      action: 'coupon.create',
      targetName: 'AUDIT5',
      staffName: 'Olive Owner',
    });
  });

  it('filters by day on the shop’s clock, and refuses a range that ends before it starts', async () => {
    const zone = t.config.shopTimeZone;
    const today = shopDate(t.clock.now(), zone);
    t.clock.advance(3 * DAY);
    // Sessions end when idle for 12 hours: sign in anew.
    owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
    manager = await createStaff(t.database, t.clock.now(), { role: 'manager' });
    const later = shopDate(t.clock.now(), zone);
    const res = await call('POST', '/api/admin/products', { ...COMPLETE_PRODUCT, en_name: 'Later Pears' });
    expect(res.status).toBe(200);

    const onlyLater = await audit({ from: later, to: later, target: 'product' });
    expect(onlyLater.list.map((e) => e.targetName)).toEqual(['Later Pears']);
    const before = await audit({ from: today, to: today, target: 'product' });
    expect(before.list.map((e) => e.targetName)).not.toContain('Later Pears');
    expect(before.total).toBeGreaterThan(0);

    for (const lang of ['en', 'zh']) {
      const backwards = await callAdmin(
        t.app,
        manager.token,
        'GET',
        '/api/admin/audit',
        { from: later, to: today },
        { lang },
      );
      expect(backwards.status).toBe(400);
      expect(backwards.body.message).toMatch(
        lang === 'en' ? /end date is before the start/ : /结束日期早于开始日期/,
      );
    }
  });
});
