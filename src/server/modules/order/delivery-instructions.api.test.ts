import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderDetail, PackingSlips } from '#shared/schemas/admin/orders.zod';
import { PackingDay } from '#shared/schemas/admin/packing.zod';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { ADDRESS, callAs } from '../../../../tests/helpers/shoppers';
import { createTeam, injectAsStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { cardForm, payByCard, placeOrderOf, stocked } from '../payment/payment.fixture';

/**
 * Delivery instructions (docs/product.md, Addresses) are copied onto the order with the address, so
 * a later edit of the address book leaves a placed order as it was; the packer reads them, with the
 * shopper's name ordered by its script, on the packing bench and on the printed packing list.
 */
let t: TestApp;
let staff: Record<'packer' | 'manager', TestStaff>;
beforeAll(async () => {
  t = await startTestApp();
  staff = await createTeam(t.database, t.clock.now());
  // Three staff password hashes (scrypt, 128 MiB each) on a shared machine.
}, 180_000);
afterAll(async () => t?.close());

const asStaff = async (who: TestStaff, url: string) => {
  const res = await injectAsStaff(t.app, who.token, 'GET', url);
  return { status: res.statusCode, body: res.json() };
};

describe('delivery instructions on the order', () => {
  it('are copied at placement and shown to the shopper and the packer', async () => {
    const { area: _area, ...house } = ADDRESS;
    const product = stocked[0];
    if (!product) throw new Error('the demo catalogue has no stocked product');
    const { s, orderNo } = await placeOrderOf(t, [product.key], 1, {
      ...house,
      name: '小明',
      surname: '王',
      instructions: 'Gate code 4321, leave at the door',
    });
    const [address] = (await callAs(t.app, s, 'GET', '/api/address')).body.data as { uuid: string }[];
    if (!address) throw new Error('no address');
    expect((await payByCard(t, s.token, cardForm(orderNo))).body.data.status).toBe(2);
    // The address book changes afterwards; the order keeps what was asked when it was placed.
    const patched = await callAs(t.app, s, 'PATCH', '/api/address', {
      ...ADDRESS,
      instructions: 'Ring twice',
      uuid: address.uuid,
    });
    expect(patched.body.data).toMatchObject({ instructions: 'Ring twice' });

    const mine = (await callAs(t.app, s, 'GET', `/api/order/${orderNo}`)).body.data;
    expect(mine.address).toMatchObject({ area: '', instructions: 'Gate code 4321, leave at the door' });

    const day = expectAnswer(PackingDay, await asStaff(staff.packer, '/api/admin/packing'));
    expect(day.no_slot.find((o) => o.order_no === orderNo)).toMatchObject({
      name: '王小明',
      instructions: 'Gate code 4321, leave at the door',
    });
    const slips = expectAnswer(
      PackingSlips,
      await asStaff(staff.packer, `/api/admin/orders/packing?orders=${orderNo}`),
    );
    expect(slips.orders[0]?.address).toMatchObject({ instructions: 'Gate code 4321, leave at the door' });
    expect(slips.orders[0]?.address.phone).toBeUndefined();
    const detail = expectAnswer(OrderDetail, await asStaff(staff.manager, `/api/admin/orders/${orderNo}`));
    expect(detail.address.instructions).toBe('Gate code 4321, leave at the door');
  });
});
