import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, navItemsFor } from './nav-items';

describe('the console navigation', () => {
  it('shows owners every built page, and hides Staff from managers and packers', () => {
    expect(navItemsFor('owner')).toEqual(NAV_ITEMS);
    expect(navItemsFor('owner').map((item) => item.to)).toContain('/admin/staff');
    expect(navItemsFor('manager').map((item) => item.to)).not.toContain('/admin/staff');
    expect(navItemsFor('packer').map((item) => item.to)).not.toContain('/admin/staff');
    expect(navItemsFor('manager').map((item) => item.to)).not.toContain('/admin/settings');
  });

  it('gives every role Today, Orders and Packing; the catalogue, Tax, Customers, Reports and Audit to managers and owners only', () => {
    const paths = (role: 'owner' | 'manager' | 'packer') => navItemsFor(role).map((item) => item.to);
    const catalogue = [
      '/admin/products',
      '/admin/stock',
      '/admin/categories',
      '/admin/home',
      '/admin/promotions',
      '/admin/coupons',
      '/admin/searches',
      '/admin/import',
      '/admin/delivery',
      '/admin/tax',
    ];
    expect(paths('packer')).toEqual(['/admin', '/admin/orders', '/admin/packing', '/admin/delivery-slots']);
    expect(paths('manager')).toEqual([
      '/admin',
      '/admin/orders',
      '/admin/packing',
      '/admin/delivery-slots',
      ...catalogue,
      '/admin/customers',
      '/admin/reports',
      '/admin/audit',
    ]);
    expect(paths('owner')).toEqual([
      '/admin',
      '/admin/orders',
      '/admin/packing',
      '/admin/delivery-slots',
      ...catalogue,
      '/admin/customers',
      '/admin/reports',
      '/admin/audit',
      '/admin/staff',
      '/admin/settings',
    ]);
  });

  it('names every item with a key of admin.json in both languages', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    for (const language of ['en', 'zh']) {
      const texts = JSON.parse(
        readFileSync(join(import.meta.dirname, `../../../public/locales/${language}/admin.json`), 'utf8'),
      );
      for (const item of NAV_ITEMS) {
        const value = item.label.split('.').reduce((node, part) => node?.[part], texts);
        expect(typeof value, `${language} ${item.label}`).toBe('string');
      }
    }
  });
});
