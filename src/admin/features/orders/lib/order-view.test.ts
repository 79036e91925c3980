import { describe, expect, it } from 'vitest';
import { actionsFor } from '../components/order-actions';
import { statusKey } from './format';

const paid = { status: 2, packed_at: null, total_price: 20, refunded: 0 };

describe('the order detail by role and state', () => {
  it('lets packers pack and ship a paid order but never cancel or refund', () => {
    expect(actionsFor('packer', paid)).toEqual({
      pack: true,
      ship: true,
      complete: false,
      cancel: false,
      refund: false,
    });
    expect(actionsFor('manager', paid).refund).toBe(true);
  });

  it('offers cancel only while unpaid, complete only once shipped, refund only while money is left', () => {
    expect(actionsFor('owner', { ...paid, status: 1 })).toMatchObject({
      cancel: true,
      refund: false,
      pack: false,
    });
    expect(actionsFor('owner', { ...paid, status: 3 })).toMatchObject({ complete: true, ship: false });
    expect(actionsFor('owner', { ...paid, packed_at: '2026-11-24T10:00:00Z' }).pack).toBe(false);
    expect(actionsFor('owner', { ...paid, refunded: 20 }).refund).toBe(false);
    expect(actionsFor('owner', { ...paid, status: 6 }).refund).toBe(false);
  });

  it('names a packed paid order as packed', () => {
    expect(statusKey(2, true)).toBe('orders.status.packed');
    expect(statusKey(2, false)).toBe('orders.status.processing');
    expect(statusKey(3, true)).toBe('orders.status.shipped');
  });
});
