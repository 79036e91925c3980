import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidFromKey } from '#server/db/seed';
import * as demo from '../../seed/catalogue/index';
import { ADDRESS, callAs, createShopper, type Shopper } from '../helpers/shoppers';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Two shoppers: every cart, address and order call tried on the other's ids answers 404, as if the
 * row did not exist, and changes nothing.
 */
let t: TestApp;
let alice: Shopper;
let bob: Shopper;
const ids = { cartLine: 0, address: '', orderNo: '' };

beforeAll(async () => {
  t = await startTestApp();
  alice = await createShopper(t.database);
  bob = await createShopper(t.database);
  const product = demo.products.find((p) => demo.isPack(p) && p.stock > 10);
  if (!product) throw new Error('no product');
  ids.address = (await callAs(t.app, alice, 'POST', '/api/address', ADDRESS)).body.data.uuid;
  await callAs(t.app, alice, 'POST', `/api/cart?amount=3&uuid=${uuidFromKey(product.key)}`);
  const [line] = (await callAs(t.app, alice, 'GET', '/api/cart')).body.data;
  const order = await callAs(t.app, alice, 'POST', '/api/order', {
    uuid: ids.address,
    coupon: '',
    'items[0][id]': line.id,
    'items[0][num]': 1,
  });
  ids.orderNo = order.body.data;
  ids.cartLine = line.id;
});
afterAll(async () => t?.close());

async function aliceState() {
  return {
    cart: (await callAs(t.app, alice, 'GET', '/api/cart')).body.data,
    addresses: (await callAs(t.app, alice, 'GET', '/api/address')).body.data,
    orders: (await callAs(t.app, alice, 'GET', '/api/order')).body.data,
  };
}

describe("another shopper's ids", () => {
  it('answer 404 and change nothing', async () => {
    const before = await aliceState();
    expect(before.cart[0]?.amount).toBe(2);
    const tries = [
      callAs(t.app, bob, 'DELETE', `/api/cart/${ids.cartLine}`),
      callAs(t.app, bob, 'PATCH', '/api/address', { ...ADDRESS, city: 'Hacked', uuid: ids.address }),
      callAs(t.app, bob, 'DELETE', `/api/address/${ids.address}`),
      callAs(t.app, bob, 'GET', `/api/order/${ids.orderNo}`),
      callAs(t.app, bob, 'POST', '/api/order', {
        uuid: ids.address,
        'items[0][id]': ids.cartLine,
        'items[0][num]': 1,
      }),
    ];
    for (const res of await Promise.all(tries)) expect(res.status).toBe(404);
    // Bob's own address with Alice's cart line: still not his.
    const bobAddress = (await callAs(t.app, bob, 'POST', '/api/address', ADDRESS)).body.data.uuid;
    const steal = await callAs(t.app, bob, 'POST', '/api/order', {
      uuid: bobAddress,
      'items[0][id]': ids.cartLine,
      'items[0][num]': 1,
    });
    expect(steal.status).toBe(404);
    expect(await aliceState()).toEqual(before);
    expect((await callAs(t.app, bob, 'GET', '/api/order')).body.data).toEqual([]);
    expect((await callAs(t.app, bob, 'GET', '/api/cart')).body.data).toEqual([]);
  });
});
