import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, users } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import * as demo from '../../../../seed/catalogue/index';
import { ADDRESS, callAs, createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { adminOrderDetail } from '../../admin/views/order-detail';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const inStock = demo.products.filter((p) => demo.isPack(p) && p.stock >= 20);
const call = (
  who: Shopper | undefined,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  form?: Record<string, string>,
) => callAs(t.app, who, method, url, form);

async function shopperWithCart(keys: string[]) {
  const s = await createShopper(t.database, t.clock.now());
  const address = (await call(s, 'POST', '/api/address', ADDRESS)).body.data.uuid as string;
  for (const key of keys) {
    const res = await call(s, 'POST', `/api/cart?amount=1&uuid=${uuidFromKey(key)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const lines = (await call(s, 'GET', '/api/cart')).body.data as {
    id: number;
    uuid: string;
    when_missing: string;
  }[];
  return { s, address, lines };
}

function orderForm(address: string, lines: { id: number; choice?: string }[]) {
  const form: Record<string, string> = { uuid: address, coupon: '' };
  lines.forEach((l, i) => {
    form[`items[${i}][id]`] = String(l.id);
    form[`items[${i}][num]`] = '1';
    if (l.choice !== undefined) form[`items[${i}][when_missing]`] = l.choice;
  });
  return form;
}

const keys = (n: number, from = 0) => inStock.slice(from, from + n).map((p) => p.key);

describe('what to do when an item is missing', () => {
  it('starts at refund, and the shopper default set in the profile pre-selects every cart line', async () => {
    const { s, lines } = await shopperWithCart(keys(2));
    expect((await call(s, 'GET', '/api/user')).body.data.when_missing).toBe('refund');
    expect(lines.map((l) => l.when_missing)).toEqual(['refund', 'refund']);

    const changed = await call(s, 'PATCH', '/api/user', { when_missing: 'replace' });
    expect(changed.status).toBe(200);
    expect(changed.body.data.when_missing).toBe('replace');
    const after = (await call(s, 'GET', '/api/cart')).body.data as { when_missing: string }[];
    expect(after.map((l) => l.when_missing)).toEqual(['replace', 'replace']);
  });

  it('keeps a line’s own choice in the cart (it survives a reload) over the default', async () => {
    const { s, lines } = await shopperWithCart(keys(2, 2));
    const [first, second] = lines;
    if (!first || !second) throw new Error('no lines');
    const set = await call(s, 'PATCH', `/api/cart/${first.id}`, { when_missing: 'replace' });
    expect(set).toMatchObject({ status: 200, body: { data: { when_missing: 'replace' } } });
    const read = (await call(s, 'GET', '/api/cart')).body.data as { id: number; when_missing: string }[];
    expect(read.find((l) => l.id === first.id)?.when_missing).toBe('replace');
    expect(read.find((l) => l.id === second.id)?.when_missing).toBe('refund');
  });

  it('stores each order line’s choice: sent, the cart line’s, or the shopper’s default', async () => {
    const { s, address, lines } = await shopperWithCart(keys(3, 4));
    const [sent, fromCart, fromDefault] = lines;
    if (!sent || !fromCart || !fromDefault) throw new Error('no lines');
    await call(s, 'PATCH', `/api/cart/${fromCart.id}`, { when_missing: 'replace' });
    await t.database.db.update(users).set({ whenMissing: 'replace' }).where(eq(users.id, s.id));
    await call(s, 'PATCH', `/api/cart/${sent.id}`, { when_missing: 'replace' });

    const placed = await call(
      s,
      'POST',
      '/api/order',
      orderForm(address, [{ id: sent.id, choice: 'refund' }, { id: fromCart.id }, { id: fromDefault.id }]),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const detail = (await call(s, 'GET', `/api/order/${placed.body.data}`)).body.data as {
      item: { uuid: string; when_missing: string }[];
    };
    const choiceOf = (uuid: string) => detail.item.find((l) => l.uuid === uuid)?.when_missing;
    expect(choiceOf(sent.uuid)).toBe('refund');
    expect(choiceOf(fromCart.uuid)).toBe('replace');
    expect(choiceOf(fromDefault.uuid)).toBe('replace');

    // The console's order (a packer's view too) shows each line's choice.
    const shown = await adminOrderDetail(t.database.db, placed.body.data, {
      packer: true,
      timeZone: 'America/Los_Angeles',
    });
    const consoleLines = shown.lines as { uuid: string; when_missing: string }[];
    const consoleChoice = new Map(consoleLines.map((l) => [l.uuid, l.when_missing]));
    expect(consoleChoice.get(sent.uuid)).toBe('refund');
    expect(consoleChoice.get(fromCart.uuid)).toBe('replace');
  });

  it('takes a JSON order whose lines carry when_missing', async () => {
    const { s, address, lines } = await shopperWithCart(keys(1, 7));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { authorization: s.token, 'content-type': 'application/json' },
      payload: { uuid: address, items: lines.map((l) => ({ id: l.id, num: 1, when_missing: 'replace' })) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const orderNo = JSON.parse(res.body).data as string;
    const detail = (await call(s, 'GET', `/api/order/${orderNo}`)).body.data;
    expect(detail.item[0].when_missing).toBe('replace');
  });

  it('refuses a bad choice in the shopper’s language and changes nothing', async () => {
    const { s, address, lines } = await shopperWithCart(keys(1, 8));
    const [line] = lines;
    if (!line) throw new Error('no line');
    const lineSet = await t.app.inject({
      method: 'PATCH',
      url: `/api/cart/${line.id}`,
      headers: { authorization: s.token, 'accept-language': 'zh-CN' },
      query: { when_missing: 'keep' },
    });
    expect(lineSet.statusCode).toBe(400);
    expect(JSON.parse(lineSet.body).message).toBe('请选择缺货时的处理方式：替换或退款。');
    expect((await call(s, 'PATCH', `/api/cart/${line.id}`, {})).status).toBe(400);
    expect((await call(s, 'PATCH', '/api/user', { when_missing: 'REPLACE' })).status).toBe(400);
    expect((await call(s, 'GET', '/api/user')).body.data.when_missing).toBe('refund');

    const ordered = await call(
      s,
      'POST',
      '/api/order',
      orderForm(address, [{ id: line.id, choice: 'swap' }]),
    );
    expect(ordered.status).toBe(400);
    expect(ordered.body.message).toBe('Choose what to do if the item is missing: replace it or refund it.');
    expect((await call(s, 'GET', '/api/order')).body.data).toEqual([]);
    const [after] = (await call(s, 'GET', '/api/cart')).body.data;
    expect(after).toMatchObject({ id: line.id, amount: 1, when_missing: 'refund' });
  });

  it('answers 404 for another shopper’s cart line, and leaves it as it was', async () => {
    const owner = await shopperWithCart(keys(1, 9));
    const other = await createShopper(t.database, t.clock.now());
    const [line] = owner.lines;
    if (!line) throw new Error('no line');
    expect((await call(other, 'PATCH', `/api/cart/${line.id}`, { when_missing: 'replace' })).status).toBe(
      404,
    );
    expect((await call(owner.s, 'GET', '/api/cart')).body.data[0].when_missing).toBe('refund');
  });

  it('stores refund for lines of orders placed without any choice (the spec’s payload)', async () => {
    const { s, address, lines } = await shopperWithCart(keys(1, 10));
    const placed = await call(s, 'POST', '/api/order', orderForm(address, lines));
    expect(placed.status).toBe(200);
    const stored = await t.database.db.select({ c: orderLines.whenMissing }).from(orderLines);
    expect(stored.every((r) => r.c === 'refund' || r.c === 'replace')).toBe(true);
    const detail = (await call(s, 'GET', `/api/order/${placed.body.data}`)).body.data;
    expect(detail.item[0].when_missing).toBe('refund');
  });
});
