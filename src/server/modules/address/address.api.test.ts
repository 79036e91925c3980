import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS, callAs, callAsJson, createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
let s: Shopper;
beforeAll(async () => {
  t = await startTestApp();
  s = await createShopper(t.database);
});
afterAll(async () => t?.close());

const list = async () =>
  (await callAs(t.app, s, 'GET', '/api/address')).body.data as {
    uuid: string;
    city: string;
    default_status: number;
  }[];

describe('address book', () => {
  it('accepts a ZIP+4 code', async () => {
    const res = await callAs(t.app, s, 'POST', '/api/address', { ...ADDRESS, zip: '94105-1234' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ zip: '94105-1234' });
    expect((await callAs(t.app, s, 'DELETE', `/api/address/${res.body.data.uuid}`)).status).toBe(200);
  });

  it('makes the first address the default, keeps one default, and promotes another when the default goes', async () => {
    const first = (await callAs(t.app, s, 'POST', '/api/address', ADDRESS)).body.data;
    expect(first).toMatchObject({ ...ADDRESS, default_status: 1 });
    const second = (
      await callAs(t.app, s, 'POST', '/api/address', { ...ADDRESS, city: 'Oakland', default_status: 0 })
    ).body.data;
    expect(second.default_status).toBe(0);
    const third = (
      await callAs(t.app, s, 'POST', '/api/address', { ...ADDRESS, city: 'Berkeley', default_status: 1 })
    ).body.data;
    expect((await list()).map((a) => [a.city, a.default_status])).toEqual([
      ['Berkeley', 1],
      ['Oakland', 0],
      ['San Francisco', 0],
    ]);
    const edited = await callAs(t.app, s, 'PATCH', '/api/address', {
      ...ADDRESS,
      city: 'Daly City',
      default_status: 1,
      uuid: first.uuid,
    });
    expect(edited.body.data).toMatchObject({ city: 'Daly City', default_status: 1 });
    expect((await list()).filter((a) => a.default_status === 1)).toHaveLength(1);
    expect((await callAs(t.app, s, 'DELETE', `/api/address/${first.uuid}`)).status).toBe(200);
    expect((await list()).filter((a) => a.default_status === 1).map((a) => a.uuid)).toEqual([third.uuid]);
  });

  it.each([
    [{ ...ADDRESS, name: '' }, 'Please enter the first name.'],
    [{ ...ADDRESS, zip: '  ' }, 'Please enter the ZIP code.'],
    [{ ...ADDRESS, phone: 'call me' }, 'Please enter a phone number like 415-555-0132.'],
    [{ ...ADDRESS, zip: '9410' }, 'Please enter a 5-digit ZIP code, like 94105 or 94105-1234.'],
    [{ ...ADDRESS, city: 'x'.repeat(121) }, 'An address field can be at most 120 characters long.'],
  ])('refuses %j clearly', async (form, message) => {
    const before = await list();
    const res = await callAs(t.app, s, 'POST', '/api/address', form);
    expect(res).toMatchObject({ status: 400, body: { code: 400, message } });
    expect(await list()).toEqual(before);
  });
});

describe('the second line and delivery instructions', () => {
  it('saves a house without a second line, and instructions trimmed; an edit changes them', async () => {
    const { area: _area, ...house } = ADDRESS;
    const res = await callAs(t.app, s, 'POST', '/api/address', {
      ...house,
      instructions: '  Gate code 4321, leave at the door  ',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ area: '', instructions: 'Gate code 4321, leave at the door' });
    const edited = await callAs(t.app, s, 'PATCH', '/api/address', {
      ...ADDRESS,
      area: ' ',
      instructions: '门禁 1234',
      uuid: res.body.data.uuid,
    });
    expect(edited.body.data).toMatchObject({ area: '', instructions: '门禁 1234' });
    const cleared = await callAs(t.app, s, 'PATCH', '/api/address', { ...ADDRESS, uuid: res.body.data.uuid });
    expect(cleared.body.data).toMatchObject({ area: 'Apt 3B', instructions: '' });
    expect((await callAs(t.app, s, 'DELETE', `/api/address/${res.body.data.uuid}`)).status).toBe(200);
  });

  it("refuses instructions over 300 characters in the caller's language, changing nothing", async () => {
    const before = await list();
    const long = { ...ADDRESS, instructions: '门'.repeat(301) };
    expect(await callAs(t.app, s, 'POST', '/api/address', long)).toMatchObject({
      status: 400,
      body: { message: 'Delivery instructions can be at most 300 characters long.' },
    });
    expect(await callAsJson(t.app, s, 'POST', '/api/address', long, 'zh')).toMatchObject({
      status: 400,
      body: { message: '配送说明最多 300 个字符。' },
    });
    const fits = await callAs(t.app, s, 'POST', '/api/address', { ...long, instructions: '门'.repeat(300) });
    expect(fits.status).toBe(200);
    expect((await callAs(t.app, s, 'DELETE', `/api/address/${fits.body.data.uuid}`)).status).toBe(200);
    expect(await list()).toEqual(before);
  });

  it.each([
    ['a list', ['leave', 'it']],
    ['an object', { code: 1 }],
    ['a NUL', 'gate\u0000code'],
  ])('refuses instructions that are %s with a 400, changing nothing', async (_what, instructions) => {
    const before = await list();
    const res = await callAsJson(t.app, s, 'POST', '/api/address', { ...ADDRESS, instructions });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/instructions/);
    expect(await list()).toEqual(before);
  });

  it("answers 404 for someone else's address and leaves their instructions alone", async () => {
    const owner = await createShopper(t.database);
    const theirs = (
      await callAs(t.app, owner, 'POST', '/api/address', { ...ADDRESS, instructions: 'Ring twice' })
    ).body.data;
    const res = await callAs(t.app, s, 'PATCH', '/api/address', {
      ...ADDRESS,
      instructions: 'Leave it in the street',
      uuid: theirs.uuid,
    });
    expect(res.status).toBe(404);
    const after = (await callAs(t.app, owner, 'GET', '/api/address')).body.data;
    expect(after).toMatchObject([{ uuid: theirs.uuid, instructions: 'Ring twice' }]);
  });
});
