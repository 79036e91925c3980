/**
 * Around the load mix (load-mix.ts): the stock it needs, the shoppers it acts as, what it learns
 * of the catalogue, and the checks after a run — every order paid exactly once, stock taken once
 * per order, and the server's resident memory over time.
 */
import { readFileSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '#server/db/client';
import { orders, payments, products } from '#server/db/schema';
import { bumpCatalogueVersion } from '#server/modules/catalogue/catalogue.changes';
import { ORDER_STATUS } from '#shared/schemas/order.rules';
import { codeIn, type SmtpCatcher } from '../../tests/fakes/smtp-catcher';
import { ADDRESS } from '../../tests/helpers/forms';
import type { LoadShopper, World } from './load-mix';
import { dataOf, ShopClient } from './shop-client';

/** Every product on sale gets this much stock, so no run sells out and no add hits "only N left". */
export const PLENTY = 10_000_000;
/** Units on each shopper's checkout line: more than any run orders. */
const CHECKOUT_LINE_UNITS = 50_000;
const CHECKOUT_PRODUCTS = 2;
const CART_PRODUCTS = 10;
const SEARCH_TERMS = 60;

/** Run on the database before the server starts: stock for every product on sale. */
export async function stockUp(database: Database): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.update(products).set({ realStock: PLENTY }).where(eq(products.onSale, true));
    await bumpCatalogueVersion(tx);
  });
}

/** Signs up through the API as a shopper would (the code read from the caught mail), then signs in. */
export async function signUp(client: ShopClient, catcher: SmtpCatcher, n: number): Promise<string> {
  const email = `load.buyer${n}.${process.pid}.${Date.now().toString(36)}@example.com`;
  const password = 'horse battery 1';
  dataOf(await client.call('POST', '/api/buy/email', { email }), 'send code');
  const code = codeIn(await catcher.latestTo(email));
  if (!code) throw new Error(`no code in the mail to ${email}`);
  const form = { email, name: `Buyer ${n}`, password, code };
  dataOf(await client.call('POST', '/api/buy/registration', form), 'sign up');
  return dataOf<{ token: string }>(await client.call('POST', '/api/login', { email, password }), 'sign in')
    .token;
}

async function newShopper(
  client: ShopClient,
  catcher: SmtpCatcher,
  n: number,
  product: string,
): Promise<LoadShopper> {
  const token = await signUp(client, catcher, n);
  const address = dataOf<{ uuid: string }>(
    await client.call('POST', '/api/address', ADDRESS, token),
    'address',
  );
  const line = dataOf<{ item: { id: number } }>(
    await client.call('POST', '/api/cart', { uuid: product, amount: CHECKOUT_LINE_UNITS }, token),
    'checkout line',
  );
  return { token, address: address.uuid, checkoutLine: line.item.id };
}

interface Listed {
  uuid: string;
  en_name: string;
  zn_name: string;
}

/** A few English words and two-character Chinese runs from the product names. */
function searchTermsOf(list: readonly Listed[]): string[] {
  const terms = new Set<string>();
  for (const p of list) {
    const word = p.en_name.toLowerCase().match(/[a-z]{3,}/)?.[0];
    const han = p.zn_name.match(/\p{Script=Han}{2}/u)?.[0];
    if (word) terms.add(word);
    if (han) terms.add(han);
  }
  return [...terms].slice(0, SEARCH_TERMS);
}

/**
 * Learns the catalogue through the API and signs up `shoppers` shoppers (the shop sends codes to
 * at most 20 addresses an hour from one client), each with an address and a checkout line.
 */
export async function prepareWorld(
  base: string,
  catcher: SmtpCatcher,
  opts: { shoppers: number; sockets?: number },
): Promise<World> {
  const client = new ShopClient(base, opts.sockets);
  const tree = dataOf<{ id: number; childCategory: { id: number }[] }[]>(
    await client.call('GET', '/api/product_category'),
    'categories',
  );
  const listed = dataOf<{ list: Listed[] }>(
    await client.call('GET', '/api/index_product?page=1&page_size=10000'),
    'all products',
  ).list;
  if (listed.length < CHECKOUT_PRODUCTS + CART_PRODUCTS) throw new Error('too few products on sale');
  const checkoutProducts = listed.slice(0, CHECKOUT_PRODUCTS).map((p) => p.uuid);
  const shoppers: LoadShopper[] = [];
  // A few at a time: each sign-up and sign-in hashes a password on the server.
  for (let n = 0; n < opts.shoppers; n += 4) {
    const batch = Array.from({ length: Math.min(4, opts.shoppers - n) }, (_, i) =>
      newShopper(client, catcher, n + i + 1, checkoutProducts[(n + i) % CHECKOUT_PRODUCTS] ?? ''),
    );
    shoppers.push(...(await Promise.all(batch)));
  }
  return {
    client,
    shoppers,
    products: listed.map((p) => p.uuid),
    checkoutProducts,
    cartProducts: listed.slice(CHECKOUT_PRODUCTS, CHECKOUT_PRODUCTS + CART_PRODUCTS).map((p) => p.uuid),
    categories: tree.flatMap((c) => [c.id, ...c.childCategory.map((child) => child.id)]),
    terms: searchTermsOf(listed),
    placed: [],
    payFailed: [],
  };
}

export interface CheckoutAudit {
  /** Orders the mix placed, and orders the database holds. */
  placed: number;
  stored: number;
  /** Orders not in status 2 with a payment time, other than those whose payment request failed. */
  unpaid: string[];
  /** Orders without exactly one succeeded payment (none allowed where the payment request failed). */
  paymentsOff: string[];
  /** Orders whose payment request failed and that stayed unpaid, as the shopper was told. */
  unpaidAfterFailure: number;
  /** Of those, the ones the shop has since expired (status 5), their unit put back. */
  expiredAfterFailure: number;
  /** Orders in the database the mix did not see placed, and the other way round. */
  unexpected: string[];
  lost: string[];
  /** Units gone from the checkout products' stock: one per order not expired. */
  stockTaken: number;
}

export const auditHolds = (a: CheckoutAudit): boolean =>
  a.unpaid.length + a.paymentsOff.length + a.unexpected.length + a.lost.length === 0 &&
  a.stockTaken === a.placed - a.expiredAfterFailure &&
  a.stored === a.placed;

/** After a run, with the server stopped: compares the database with what the mix placed and paid. */
export async function auditCheckouts(database: Database, world: World): Promise<CheckoutAudit> {
  const { db } = database;
  const rows = await db
    .select({ id: orders.id, orderNo: orders.orderNo, status: orders.status, paidAt: orders.paidAt })
    .from(orders);
  const succeeded = new Map<number, number>();
  const paid = await db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.status, 'succeeded'));
  for (const p of paid) succeeded.set(p.orderId, (succeeded.get(p.orderId) ?? 0) + 1);
  const stock = await db
    .select({ stock: products.realStock })
    .from(products)
    .where(inArray(products.uuid, world.checkoutProducts));
  const placed = new Set(world.placed);
  const payFailed = new Set(world.payFailed);
  const stored = new Set(rows.map((o) => o.orderNo));
  const unpaid = rows.filter((o) => o.status !== 2 || o.paidAt === null);
  const expectedUnpaid = (o: (typeof rows)[number]) => payFailed.has(o.orderNo) && !succeeded.has(o.id);
  return {
    placed: placed.size,
    stored: stored.size,
    unpaid: unpaid.filter((o) => !expectedUnpaid(o)).map((o) => o.orderNo),
    paymentsOff: rows.filter((o) => succeeded.get(o.id) !== 1 && !expectedUnpaid(o)).map((o) => o.orderNo),
    unpaidAfterFailure: unpaid.filter(expectedUnpaid).length,
    expiredAfterFailure: unpaid.filter((o) => expectedUnpaid(o) && o.status === ORDER_STATUS.cancelled)
      .length,
    unexpected: [...stored].filter((no) => !placed.has(no)),
    lost: [...placed].filter((no) => !stored.has(no)),
    stockTaken: stock.reduce((taken, p) => taken + PLENTY - p.stock, 0),
  };
}

export interface RssSample {
  /** Milliseconds since watching began. */
  atMs: number;
  kb: number;
}

/** A memory figure of a process from /proc/<pid>/status, in kB: VmRSS now, or VmHWM, its peak so far. */
export function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no ${field} for process ${pid}`);
  return Number(match[1]);
}

/** VmRSS of a process, from /proc/<pid>/status. */
export function rssKb(pid: number): number {
  return statusKb(pid, 'VmRSS');
}

/** Samples the process's RSS every `everyMs` until stopped. */
export function watchRss(pid: number, everyMs = 1000): { stop(): RssSample[] } {
  const started = performance.now();
  const samples: RssSample[] = [];
  const take = () => {
    try {
      samples.push({ atMs: performance.now() - started, kb: rssKb(pid) });
    } catch {
      // the process has gone; the samples so far stand
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

/** Mean RSS (kB) over the first and over the last `windowMs` of the samples. */
export function rssFirstAndLast(
  samples: readonly RssSample[],
  windowMs: number,
): { first: number; last: number } {
  const mean = (list: readonly RssSample[]) =>
    list.reduce((sum, s) => sum + s.kb, 0) / Math.max(1, list.length);
  const end = samples[samples.length - 1]?.atMs ?? 0;
  return {
    first: mean(samples.filter((s) => s.atMs <= windowMs)),
    last: mean(samples.filter((s) => s.atMs >= end - windowMs)),
  };
}

/** Mean RSS (kB) of each successive `windowMs` of the samples: a leak climbs to the end, a cache filling levels off. */
export function rssByWindow(samples: readonly RssSample[], windowMs: number): number[] {
  const sums: { kb: number; n: number }[] = [];
  for (const s of samples) {
    const at = Math.floor(s.atMs / windowMs);
    const window = sums[at] ?? { kb: 0, n: 0 };
    window.kb += s.kb;
    window.n++;
    sums[at] = window;
  }
  return sums.filter(Boolean).map((w) => w.kb / w.n);
}
