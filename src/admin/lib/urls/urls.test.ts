import { describe, expect, it } from 'vitest';
import { auditUrl } from './audit';
import { customerUrl } from './customers';
import { orderListUrl, orderPath, orderUrl, packingListUrl } from './orders';
import { productListUrl, productPath } from './products';
import { newPromoPath, promoPath } from './promotions';

describe("the console's addresses", () => {
  it('name an order, its route and the packing list of some orders as the address bar shows them', () => {
    expect(orderPath(':orderNo')).toBe('/admin/orders/:orderNo');
    expect(orderUrl('20261124001')).toBe('/admin/orders/20261124001');
    expect(packingListUrl(['1', '2'])).toBe('/admin/orders/packing?orders=1,2');
    expect(packingListUrl(['1'], '2031-03-04')).toBe('/admin/orders/packing?orders=1&day=2031-03-04');
  });

  it('keep only the filters in use, encoded', () => {
    expect(orderListUrl()).toBe('/admin/orders');
    expect(orderListUrl({ q: 'a b@c.co', status: '', page: 2 })).toBe('/admin/orders?q=a+b%40c.co&page=2');
    expect(productListUrl({ archived: 'yes', notice: 'archived' })).toBe(
      '/admin/products?archived=yes&notice=archived',
    );
    expect(productListUrl({ notice: 'deleted' })).toBe('/admin/products?notice=deleted');
    expect(auditUrl({ target_type: 'customer', target_id: 'u/1' })).toBe(
      '/admin/audit?target_type=customer&target_id=u%2F1',
    );
    expect(customerUrl('u/1')).toBe('/admin/customers/u%2F1');
  });

  it('give each editor its route and its new page', () => {
    expect(productPath(7)).toBe('/admin/products/7');
    expect(promoPath('coupons', ':id')).toBe('/admin/coupons/:id');
    expect(newPromoPath('promotions')).toBe('/admin/promotions/new');
  });
});
