/**
 * The orders bench's long-history phase: do checkouts cost the same for shoppers with
 * 1,000 orders behind them as for new ones? Two groups of shoppers, made in the database before
 * the server starts — one new, one given a history in bulk (long-history.ts) — check out in a
 * loop (place an order, pay it with the sandbox's approved card), the groups taking turns
 * (new, long, long, new) so that a machine getting busier or quieter weighs on both alike.
 */
import type { Database } from '#server/db/client';
import { ADDRESS } from '../../tests/helpers/forms';
import { createShopper } from '../../tests/helpers/shoppers';
import { APPROVED_CARD } from './load-mix';
import { seedOrderHistory } from './long-history';
import { dataOf, messageOf, type ShopClient } from './shop-client';
import { percentile } from './stats';

/** Orders each long-history shopper has had before the phase. */
export const HISTORY_ORDERS = 1_000;
const WARMUP_MS = 2_000;
/** Each of the four turns (new, long, long, new). */
const TURN_MS = 4_000;
/** Checkouts per second with a long history must be at least this share of a new shopper's. */
export const HISTORY_TARGET = 0.9;

export interface PhaseGroups {
  fresh: string[];
  long: string[];
}

/**
 * Run before the server starts: `n` new shoppers and `n` with HISTORY_ORDERS orders each (lines
 * copied from `productIds`). Answers their session tokens.
 */
export async function makePhaseShoppers(
  database: Database,
  n: number,
  productIds: number[],
): Promise<PhaseGroups> {
  const now = new Date();
  const make = () => Promise.all(Array.from({ length: n }, () => createShopper(database, now)));
  const fresh = await make();
  const long = await make();
  await seedOrderHistory(database.db, {
    userIds: long.map((s) => s.id),
    perShopper: HISTORY_ORDERS,
    productIds,
    now,
  });
  return { fresh: fresh.map((s) => s.token), long: long.map((s) => s.token) };
}

interface Buyer {
  token: string;
  form: Record<string, string | number>;
}

/** An address and a cart line of plenty of each product, through the API; answers the order form. */
async function readyToBuy(client: ShopClient, token: string, uuids: string[]): Promise<Buyer> {
  const address = dataOf<{ uuid: string }>(
    await client.call('POST', '/api/address', ADDRESS, token),
    'address',
  );
  const form: Record<string, string | number> = { uuid: address.uuid, coupon: '' };
  for (const [i, uuid] of uuids.entries()) {
    const change = dataOf<{ item: { id: number } }>(
      await client.call('POST', '/api/cart', { uuid, amount: 99_999 }, token),
      'add to cart',
    );
    form[`items[${i}][id]`] = change.item.id;
    form[`items[${i}][num]`] = 1;
  }
  return { token, form };
}

interface Turns {
  checkouts: number;
  ms: number;
  times: number[];
}

/** Every buyer checks out (order, then pay) again and again until `ms` have passed. */
async function checkoutLoop(
  client: ShopClient,
  buyers: Buyer[],
  ms: number,
  into: Turns,
  failures: Map<string, number>,
) {
  const deadline = performance.now() + ms;
  const fail = (what: string, status: number, text: string) => {
    const key = `${what} ${status} ${messageOf(text)}`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
  };
  const loop = async ({ token, form }: Buyer) => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const placed = await client.call('POST', '/api/order', form, token);
      if (placed.status !== 200) {
        fail('order', placed.status, placed.text);
        continue;
      }
      const order = (JSON.parse(placed.text) as { data: string }).data;
      const paid = await client.call('POST', '/api/authorize/pay', { order, ...APPROVED_CARD }, token);
      const outcome =
        paid.status === 200 ? (JSON.parse(paid.text) as { data: { status: number } }).data : undefined;
      if (outcome?.status !== 2) {
        fail('pay', paid.status, paid.text);
        continue;
      }
      into.checkouts++;
      into.times.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(buyers.map(loop));
  into.ms += performance.now() - started;
}

export interface PhaseResult {
  fresh: Turns;
  long: Turns;
  failures: Map<string, number>;
}

/** Checkouts per second of a group over its turns. */
export const rateOf = (t: Turns) => (t.ms > 0 ? (t.checkouts / t.ms) * 1000 : 0);

/** The phase against a running shop: both groups get ready, warm up, then take their four turns. */
export async function runHistoryPhase(
  client: ShopClient,
  groups: PhaseGroups,
  uuids: string[],
): Promise<PhaseResult> {
  const fresh = await Promise.all(groups.fresh.map((t) => readyToBuy(client, t, uuids)));
  const long = await Promise.all(groups.long.map((t) => readyToBuy(client, t, uuids)));
  const failures = new Map<string, number>();
  const result: PhaseResult = {
    fresh: { checkouts: 0, ms: 0, times: [] },
    long: { checkouts: 0, ms: 0, times: [] },
    failures,
  };
  const waste = (): Turns => ({ checkouts: 0, ms: 0, times: [] });
  await checkoutLoop(client, fresh, WARMUP_MS, waste(), failures);
  await checkoutLoop(client, long, WARMUP_MS, waste(), failures);
  for (const turn of ['fresh', 'long', 'long', 'fresh'] as const) {
    await checkoutLoop(client, turn === 'fresh' ? fresh : long, TURN_MS, result[turn], failures);
  }
  result.fresh.times.sort((a, b) => a - b);
  result.long.times.sort((a, b) => a - b);
  return result;
}

/** "fresh 51.2/s (p50 …) · 1,000 orders each 50.8/s (p50 …) · 0.99×" */
export function describePhase(r: PhaseResult, fmtMs: (ms: number) => string): string {
  const group = (t: Turns) => `${rateOf(t).toFixed(1)}/s (p50 ${fmtMs(percentile(t.times, 50))})`;
  return `new shoppers ${group(r.fresh)}; ${HISTORY_ORDERS.toLocaleString('en')} orders each ${group(r.long)}`;
}
