import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '#server/db/schema';
import { AuditPage } from '#shared/schemas/admin/audit.zod';
import { Customer, CustomerDetail, CustomerPage } from '#shared/schemas/admin/customers.zod';
import { ORDER_STATUS } from '#shared/schemas/order';
import { shopperWithRows } from '../../../../tests/api/security/shop-state';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { callAs } from '../../../../tests/helpers/shoppers';
import { callAdmin, createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
let manager: TestStaff;
let packer: TestStaff;
beforeAll(async () => {
  t = await startTestApp();
  manager = await createStaff(t.database, t.clock.now(), { role: 'manager' });
  packer = await createStaff(t.database, t.clock.now(), { role: 'packer' });
});
afterAll(async () => t?.close());

const call = (
  who: TestStaff,
  method: 'GET' | 'POST',
  url: string,
  form?: Record<string, string>,
  lang?: string,
) => callAdmin(t.app, who.token, method, url, form, lang ? { lang } : {});

/** A shopper with an address, a cart line, a pending order and a card, who can sign in with `password`. */
async function shopper(name: string, password = 'shopper password') {
  const s = await shopperWithRows(t);
  await t.database.db
    .update(users)
    .set({ name, passwordHash: await t.passwords.hash(password) })
    .where(eq(users.id, s.id));
  return { ...s, password };
}

describe('customers, for staff', () => {
  it('are found by e-mail, name, or a phone number of their addresses', async () => {
    const mei = await shopper('Mei Zhang-Searchable');
    const byEmail = await call(manager, 'GET', '/api/admin/customers', {
      q: mei.email.slice(0, 12).toUpperCase(),
    });
    expect(expectAnswer(CustomerPage, byEmail).list.map((c) => c.uuid)).toContain(mei.uuid);
    const byName = await call(manager, 'GET', '/api/admin/customers', { q: 'zhang-search' });
    expect(byName.body.data).toMatchObject({
      total: 1,
      page: 1,
      list: [{ uuid: mei.uuid, disabled: false }],
    });
    const byPhone = await call(manager, 'GET', '/api/admin/customers', { q: '555-0132' });
    expect(byPhone.body.data.list.map((c: { uuid: string }) => c.uuid)).toContain(mei.uuid);
    const wildcard = await call(manager, 'GET', '/api/admin/customers', { q: '%_%' });
    expect(wildcard.body.data.total).toBe(0);
  });

  it('show one customer with orders, addresses and what they spent on paid orders', async () => {
    const lin = await shopper('Lin Detail');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNo, lin.orderNo));
    await t.database.db
      .update(orders)
      .set({ status: ORDER_STATUS.shipped })
      .where(eq(orders.orderNo, lin.orderNo));
    const detail = await call(manager, 'GET', `/api/admin/customers/${lin.uuid}`);
    expect(detail.status).toBe(200);
    expect(expectAnswer(CustomerDetail, detail)).toMatchObject({
      customer: { uuid: lin.uuid, email: lin.email, name: 'Lin Detail' },
      addresses: [{ uuid: lin.address, phone: '415-555-0132' }],
      orders: [{ orderNo: lin.orderNo, statusName: 'shipped' }],
      totalSpentCents: order?.totalCents,
    });
    const unknown = await call(manager, 'GET', '/api/admin/customers/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });

  it('can be disabled: their sessions end and sign-in says why in their language; enabled again', async () => {
    const wu = await shopper('Wu Disabled');
    const disabled = await call(manager, 'POST', `/api/admin/customers/${wu.uuid}/disable`);
    expect(expectAnswer(Customer, disabled)).toMatchObject({ uuid: wu.uuid, disabled: true });
    expect((await callAs(t.app, wu, 'GET', '/api/user')).status).toBe(401);

    const signIn = (lang: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'accept-language': lang },
        payload: { email: wu.email, password: wu.password },
      });
    const en = await signIn('en');
    expect(en.statusCode).toBe(403);
    expect(en.json().message).toBe('This account has been disabled. Contact the shop.');
    expect((await signIn('zh-CN')).json().message).toBe('此账户已被停用，请联系商店。');

    const enabled = await call(manager, 'POST', `/api/admin/customers/${wu.uuid}/enable`);
    expect(expectAnswer(Customer, enabled).disabled).toBe(false);
    expect((await signIn('en')).statusCode).toBe(200);

    const audit = await call(manager, 'GET', '/api/admin/audit', { target: `customer:${wu.uuid}` });
    expect(expectAnswer(AuditPage, audit).list.map((e) => [e.action, e.staffId])).toEqual([
      ['customer.enable', manager.id],
      ['customer.disable', manager.id],
    ]);
    // The log names the customer by e-mail, not only by uuid.
    expect(audit.body.data.list[0].targetName).toBe(wu.email);
  });

  it('are not for packers', async () => {
    const someone = await shopper('Not For Packers');
    expect((await call(packer, 'GET', '/api/admin/customers')).status).toBe(403);
    expect((await call(packer, 'GET', `/api/admin/customers/${someone.uuid}`)).status).toBe(403);
    const refused = await call(
      packer,
      'POST',
      `/api/admin/customers/${someone.uuid}/disable`,
      undefined,
      'zh',
    );
    expect(refused).toEqual({ status: 403, body: { code: 403, message: '您的角色无权进行此操作。' } });
  });
});
