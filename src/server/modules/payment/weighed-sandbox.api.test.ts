import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema';
import { withBuffer } from '#shared/schemas/payment.rules';
import { callAdmin, createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { cardForm, orderRow, payByCard, paymentsOf, placeOrder } from './payment.fixture';

/**
 * The default sandbox gateway holds a weighed order's card and captures it once after packing,
 * as the live one does (docs/architecture.md §6, Weighed goods): what a demo shop shows.
 */
let t: TestApp;
let packer: TestStaff;

beforeAll(async () => {
  t = await startTestApp();
  packer = await createStaff(t.database, t.clock.now(), { role: 'packer' });
});
afterAll(async () => t?.close());

describe('a weighed order in the sandbox', () => {
  it('is held for the estimate plus the buffer, packed, and captured once for the weighed amount', async () => {
    const o = await placeOrder(t, 0, 3);
    await t.database.db.update(orders).set({ weighed: true }).where(eq(orders.orderNo, o.orderNo));
    expect((await payByCard(t, o.s.token, cardForm(o.orderNo))).body.data.status).toBe(2);
    const [held] = await paymentsOf(t, o.orderNo);
    expect(held).toMatchObject({ gateway: 'sandbox', holdState: 'authorized' });
    expect(held?.amountCents).toBe(withBuffer(o.totalCents, 10));

    const weighed = o.totalCents - 21;
    await t.database.db.update(orders).set({ totalCents: weighed }).where(eq(orders.orderNo, o.orderNo));
    const packed = await callAdmin(t.app, packer.token, 'POST', `/api/admin/orders/${o.orderNo}/pack`, {});
    expect(packed.status).toBe(200);
    expect(packed.body.data.payment.hold).toMatchObject({ state: 'captured', captured: weighed / 100 });
    const [captured] = await paymentsOf(t, o.orderNo);
    expect(captured).toMatchObject({ holdState: 'captured', captureCents: weighed, amountCents: weighed });
    expect((await orderRow(t, o.orderNo)).packedAt).not.toBeNull();
  });
});
