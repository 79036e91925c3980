import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '#shared/schemas/cart';
import {
  addToCartOptions,
  cartCountQueryOptions,
  cartLinesQueryOptions,
  removeCartLineOptions,
  setCartAmountOptions,
} from './cart';

/**
 * The cart's cached lines against a fake server: a shopper adds a product (which starts a read of
 * the lines) and at once presses "+" or "−" on another card (which cancels that read).
 */
function line(id: number, uuid: string, amount: number): CartItem {
  return {
    id,
    uuid,
    amount,
    price: 1,
    regular_price: 1,
    img: '',
    en_name: uuid,
    zn_name: uuid,
    en_number: '',
    zn_number: '',
    real_stock: 50,
    max_per_order: 99,
    available: true,
    when_missing: 'refund',
    tax_class: 'groceries',
    net_quantity: 0,
    net_unit: 'g',
    unit_price: null,
    sold_by_weight: null,
    can_order: amount,
    stock_state: 'in_stock',
    kept: false,
  };
}

let server: CartItem[];
let releaseRead: () => void;

function ok(data: unknown) {
  return new Response(JSON.stringify({ code: 200, message: 'ok', data }), { status: 200 });
}

/** GET /api/cart waits until the test releases it (and gives up when aborted); writes answer at once. */
function fakeServer() {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET') {
      await new Promise<void>((resolve, reject) => {
        releaseRead = resolve;
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
      return ok(server.map((l) => ({ ...l })));
    }
    if (method === 'DELETE') {
      const id = Number(url.split('/').pop());
      server = server.filter((l) => l.id !== id);
      return ok({ count: server.reduce((n, l) => n + l.amount, 0) });
    }
    const form = new URLSearchParams(String(init?.body));
    server = server.map((l) =>
      l.uuid === form.get('uuid') ? { ...l, amount: Number(form.get('amount')) } : l,
    );
    return ok({
      item: { id: 1, uuid: form.get('uuid'), amount: 0 },
      count: server.reduce((n, l) => n + l.amount, 0),
    });
  });
}

let client: QueryClient;
let stopWatching: () => void;

beforeEach(() => {
  const store = new Map([['lang', 'en']]);
  vi.stubGlobal('window', {
    localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: () => {}, removeItem: () => {} },
    dispatchEvent: () => true,
  });
  vi.stubGlobal('fetch', fakeServer());
  client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
  // The cart as a category page holds it: apples in it, the lines watched by the cards.
  server = [line(1, 'apples', 1)];
  client.setQueryData(cartLinesQueryOptions().queryKey, server);
  stopWatching = new QueryObserver(client, cartLinesQueryOptions()).subscribe(() => {});
});
afterEach(() => {
  stopWatching();
  client.clear();
  vi.unstubAllGlobals();
});

/** Pears were just added: the server has them and the add asks for the lines again. */
function addPears() {
  server = [...server, line(2, 'pears', 1)];
  void client.invalidateQueries({ queryKey: cartLinesQueryOptions().queryKey });
}

async function cachedLines() {
  // The read asked for again is let through once it has started.
  await vi.waitFor(() => expect(client.isFetching()).toBe(1));
  releaseRead();
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
  return client.getQueryData<CartItem[]>(cartLinesQueryOptions().queryKey)?.map((l) => [l.uuid, l.amount]);
}

describe('a card stepper pressed while an added product is being read', () => {
  it('keeps the added product and the new amount', async () => {
    addPears();
    await new MutationObserver(client, setCartAmountOptions(client)).mutate({ uuid: 'apples', amount: 2 });
    expect(await cachedLines()).toEqual([
      ['apples', 2],
      ['pears', 1],
    ]);
  });

  it('keeps the added product when another line is removed', async () => {
    addPears();
    await new MutationObserver(client, removeCartLineOptions(client)).mutate({ id: 1, uuid: 'apples' });
    expect(await cachedLines()).toEqual([['pears', 1]]);
  });
});

/** The fake server, with every amount set (POST) held until the test calls `releaseSet`. */
function holdAmountWrites() {
  const fetch = fakeServer();
  let releaseSet = () => {};
  const setHeld = new Promise<void>((resolve) => {
    releaseSet = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') await setHeld;
      return fetch(url, init);
    }),
  );
  return { fetch, releaseSet };
}

describe('"−" pressed twice quickly: 2 → 1 → removed', () => {
  it('removes the line only after the amount set before it has reached the server', async () => {
    const { fetch, releaseSet } = holdAmountWrites();
    const setting = new MutationObserver(client, setCartAmountOptions(client)).mutate({
      uuid: 'apples',
      amount: 1,
    });
    const removing = new MutationObserver(client, removeCartLineOptions(client)).mutate({
      id: 1,
      uuid: 'apples',
    });
    await vi.waitFor(() => expect(fetch).not.toHaveBeenCalled());
    releaseSet();
    await Promise.all([setting, removing]);
    // The writes in order (the lines are read again after the last).
    const writes = fetch.mock.calls.map(([, init]) => init?.method).filter((method) => method !== 'GET');
    expect(writes).toEqual(['POST', 'DELETE']);
    expect(server).toEqual([]);
  });
});

describe('the cart page opened from the badge while a "+" is on its way', () => {
  it('reads the lines again once the write is done, so the new amount shows', async () => {
    const { releaseSet } = holdAmountWrites();
    const setting = new MutationObserver(client, setCartAmountOptions(client)).mutate({
      uuid: 'apples',
      amount: 2,
    });
    // The page's read starts after the "+" and is answered before the write reaches the server.
    const reading = client.refetchQueries({ queryKey: cartLinesQueryOptions().queryKey });
    await vi.waitFor(() => expect(client.isFetching()).toBe(1));
    releaseRead();
    await reading;
    expect(client.getQueryData<CartItem[]>(cartLinesQueryOptions().queryKey)?.[0]?.amount).toBe(1);
    releaseSet();
    await setting;
    expect(await cachedLines()).toEqual([['apples', 2]]);
  });
});

describe('two adds in a row, the first answer slow', () => {
  it('sends them in order and leaves the badge at the count after both', async () => {
    let serverCount = 0;
    const answers: Array<() => void> = [];
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      // The lines read after each add are not what this test is about.
      if (init?.method !== 'POST') return ok([]);
      serverCount += 1;
      const count = serverCount;
      // The first answer waits for the test; any later one comes at once.
      if (count === 1) await new Promise<void>((resolve) => answers.push(resolve));
      return ok({ item: { id: count, uuid: `p${count}`, amount: 1 }, count });
    });
    vi.stubGlobal('fetch', fetch);
    const count = () => client.getQueryData<number>(cartCountQueryOptions().queryKey);
    client.setQueryData(cartCountQueryOptions().queryKey, 0);
    const first = new MutationObserver(client, addToCartOptions(client)).mutate({ uuid: 'p1', amount: 1 });
    const second = new MutationObserver(client, addToCartOptions(client)).mutate({ uuid: 'p2', amount: 1 });
    // Both moved the badge at once; the second add waits for the first's answer.
    const posts = () => fetch.mock.calls.filter(([, init]) => init?.method === 'POST').length;
    await vi.waitFor(() => expect(count()).toBe(2));
    expect(posts()).toBe(1);
    answers[0]?.();
    await Promise.all([first, second]);
    expect(posts()).toBe(2);
    expect(count()).toBe(2);
  });
});
