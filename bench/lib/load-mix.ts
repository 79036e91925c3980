/**
 * The load mix against a running shop: actions arrive at a fixed rate (open loop,
 * Poisson arrivals), 80% browsing, 15% cart, 5% checkout and payment. bench/load.ts searches for
 * the highest rate that holds and runs it for 15 minutes; tests/load/load-mix.api.test.ts runs 60 s
 * at a modest rate. The world the mix needs (stock, shoppers, catalogue ids) and the checks after a
 * run (orders paid once, stock taken once, server memory) are in load-world.ts.
 */
import { BILLING } from '../../tests/helpers/forms';
import { prng } from '../search/catalogue';
import { type Answer, CallFailed, dataOf, expectOk, type ShopClient } from './shop-client';
import { percentile } from './stats';

export interface LoadShopper {
  token: string;
  /** The uuid of the shopper's address, for orders. */
  address: string;
  /** A cart line holding thousands of one product: each checkout orders one unit of it. */
  checkoutLine: number;
}

/**
 * What the mix needs to know about the shop; `placed` collects every order number it placed, and
 * `payFailed` those whose payment request failed (an overloaded step: the shopper saw an error).
 */
export interface World {
  client: ShopClient;
  shoppers: LoadShopper[];
  /** Every product on sale, for product pages. */
  products: string[];
  /** Products the cart actions add and change (never a checkout line's product). */
  cartProducts: string[];
  /** Products the checkout lines hold. */
  checkoutProducts: string[];
  categories: number[];
  terms: string[];
  placed: string[];
  payFailed: string[];
}

export type Group = 'browse' | 'cart' | 'checkout';
export const GROUPS: readonly Group[] = ['browse', 'cart', 'checkout'];
type Rnd = () => number;

interface Action {
  name: string;
  group: Group;
  /** Percent of all actions. */
  weight: number;
  run(w: World, rnd: Rnd): Promise<void>;
}

const pick = <T>(rnd: Rnd, list: readonly T[]): T => {
  const item = list[Math.floor(rnd() * list.length)];
  if (item === undefined) throw new Error('nothing to pick from');
  return item;
};

/** The web app asks for whole lists (FULL_LIST_PAGE_SIZE). */
const WHOLE_LIST = 'page=1&page_size=10000';

const get = (name: string, weight: number, path: (w: World, rnd: Rnd) => string): Action => ({
  name,
  group: 'browse',
  weight,
  run: async (w, rnd) => expectOk(await w.client.call('GET', path(w, rnd)), name),
});

const asShopper = (
  name: string,
  weight: number,
  call: (w: World, s: LoadShopper, rnd: Rnd) => Promise<Answer>,
) => ({
  name,
  group: 'cart' as const,
  weight,
  run: async (w: World, rnd: Rnd) => expectOk(await call(w, pick(rnd, w.shoppers), rnd), name),
});

/** The sandbox gateway's approved test card (docs/architecture.md §6). */
export const APPROVED_CARD = {
  card: '4111111111111111',
  date: '12/39',
  code: '123',
  ...BILLING,
};

/** Places an order for one unit of the shopper's checkout line and pays it by card. */
async function checkout(w: World, rnd: Rnd): Promise<void> {
  const s = pick(rnd, w.shoppers);
  const form = { uuid: s.address, coupon: '', 'items[0][id]': s.checkoutLine, 'items[0][num]': 1 };
  const orderNo = dataOf<string>(await w.client.call('POST', '/api/order', form, s.token), 'place order');
  w.placed.push(orderNo);
  try {
    const paid = await w.client.call(
      'POST',
      '/api/authorize/pay',
      { order: orderNo, ...APPROVED_CARD },
      s.token,
    );
    const outcome = dataOf<{ status: number }>(paid, 'pay');
    if (outcome.status !== 2) throw new CallFailed(`pay: declined (${paid.text.slice(0, 120)})`, paid.status);
  } catch (err) {
    w.payFailed.push(orderNo);
    throw err;
  }
}

/** The mix: weights are percents of all actions. */
export const ACTIONS: readonly Action[] = [
  get('banners', 10, () => '/api/index_banners'),
  get('new categories', 8, () => '/api/new_category'),
  get('plates', 8, () => '/api/all_plate'),
  get('new products', 8, (w, r) => `/api/new_product?category_id=${pick(r, w.categories)}&${WHOLE_LIST}`),
  get('categories', 10, (w, r) =>
    r() < 0.5 ? '/api/product_category' : `/api/product_category?category_id=${pick(r, w.categories)}`,
  ),
  get(
    'category listing',
    12,
    (w, r) => `/api/index_product?category_id=${pick(r, w.categories)}&${WHOLE_LIST}`,
  ),
  get('product page', 16, (w, r) => `/api/index_product/${pick(r, w.products)}`),
  get(
    'search',
    8,
    (w, r) => `/api/index_product?en_search=${encodeURIComponent(pick(r, w.terms))}&${WHOLE_LIST}`,
  ),
  asShopper('add to cart', 5, (w, s, r) =>
    w.client.call('POST', '/api/cart', { uuid: pick(r, w.cartProducts), amount: 1 }, s.token),
  ),
  asShopper('change cart line', 3, (w, s, r) =>
    w.client.call(
      'POST',
      '/api/cart',
      { uuid: pick(r, w.cartProducts), amount: 1 + Math.floor(r() * 3), type: 'cart' },
      s.token,
    ),
  ),
  asShopper('view cart', 4, (w, s) => w.client.call('GET', '/api/cart', undefined, s.token)),
  asShopper('cart count', 3, (w, s) => w.client.call('GET', '/api/goods/count', undefined, s.token)),
  { name: 'checkout and pay', group: 'checkout', weight: 5, run: checkout },
];

function chooseAction(rnd: Rnd): Action {
  let roll = rnd() * 100;
  for (const action of ACTIONS) {
    roll -= action.weight;
    if (roll < 0) return action;
  }
  return ACTIONS[ACTIONS.length - 1] as Action;
}

export interface MixOptions {
  /** Actions per second (a checkout is two requests). */
  rate: number;
  seconds: number;
  /** Arrivals beyond this many unfinished actions are not started and count as missed. */
  maxInFlight?: number;
  seed?: number;
}

export interface MixRun {
  rate: number;
  seconds: number;
  actions: number;
  requests: number;
  /** Arrivals dropped because too many actions were still unfinished: the shop fell behind. */
  missed: number;
  /** Milliseconds from each action's scheduled arrival to its end, sorted, per group. */
  latencies: Record<Group, number[]>;
  /** The same for actions that arrived in the second half, all groups: a queue building up shows here. */
  secondHalf: number[];
  /** Failed actions by what failed ("place order: 409 …"). */
  failures: Map<string, number>;
  /** Answers of 500 or more. */
  serverErrors: number;
  /** When the run started (epoch ms), so other events (the server's log) can be placed on it. */
  startedAt: number;
  /** One entry per second of the run, by arrival: where stalls were. */
  timeline: Second[];
}

/** What happened to the actions due in one second of a run. */
export interface Second {
  arrivals: number;
  missed: number;
  /** The slowest action due in this second (ms from arrival to end). */
  slowest: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const emptySecond = (): Second => ({ arrivals: 0, missed: 0, slowest: 0 });

/**
 * Runs the mix for `seconds`. Latency is counted from when an action was due, not when it was
 * sent, so a shop that falls behind shows it (no coordinated omission); unfinished actions are
 * awaited before it answers.
 */
export async function runMix(world: World, opts: MixOptions): Promise<MixRun> {
  const rnd = prng(opts.seed ?? 1);
  const maxInFlight = opts.maxInFlight ?? 500;
  const latencies: Record<Group, number[]> = { browse: [], cart: [], checkout: [] };
  const secondHalf: number[] = [];
  const failures = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  let actions = 0;
  let missed = 0;
  let serverErrors = 0;
  const sentBefore = world.client.sent;
  const timeline: Second[] = Array.from({ length: Math.ceil(opts.seconds) }, emptySecond);

  const launch = (due: number) => {
    const second = timeline[Math.floor((due - start) / 1000)] ?? emptySecond();
    second.arrivals++;
    if (inFlight.size >= maxInFlight) {
      missed++;
      second.missed++;
      return;
    }
    actions++;
    const action = chooseAction(rnd);
    const done: Promise<void> = action.run(world, rnd).then(
      () => {
        const ms = performance.now() - due;
        latencies[action.group].push(ms);
        if (due >= half) secondHalf.push(ms);
        second.slowest = Math.max(second.slowest, ms);
      },
      (err: unknown) => {
        const key = err instanceof CallFailed ? err.key : `${action.name}: ${(err as Error).message}`;
        if (err instanceof CallFailed && err.status >= 500) serverErrors++;
        failures.set(key, (failures.get(key) ?? 0) + 1);
      },
    );
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  };

  const meanGapMs = 1000 / opts.rate;
  const startedAt = Date.now();
  const start = performance.now();
  let due = start;
  const half = start + opts.seconds * 500;
  const end = start + opts.seconds * 1000;
  while (due < end) {
    const now = performance.now();
    if (due > now) {
      await sleep(Math.min(due - now, 20));
      continue;
    }
    launch(due);
    due += -Math.log(1 - rnd()) * meanGapMs;
  }
  await Promise.all(inFlight);
  for (const list of [...Object.values(latencies), secondHalf]) list.sort((a, b) => a - b);
  return {
    rate: opts.rate,
    seconds: opts.seconds,
    actions,
    requests: world.client.sent - sentBefore,
    missed,
    latencies,
    secondHalf,
    failures,
    serverErrors,
    startedAt,
    timeline,
  };
}

/** A run of consecutive seconds in which arrivals were missed or an action took longer than `slowMs`. */
export interface Stall {
  /** Seconds from the start of the run. */
  from: number;
  to: number;
  missed: number;
  slowest: number;
}

export function stallsOf(run: MixRun, slowMs: number): Stall[] {
  const stalls: Stall[] = [];
  run.timeline.forEach((s, at) => {
    if (s.missed === 0 && s.slowest < slowMs) return;
    const last = stalls[stalls.length - 1];
    if (last && last.to >= at - 1) {
      last.to = at;
      last.missed += s.missed;
      last.slowest = Math.max(last.slowest, s.slowest);
    } else stalls.push({ from: at, to: at, missed: s.missed, slowest: s.slowest });
  });
  return stalls;
}

export interface MixSummary {
  p50: number;
  p95: number;
  p99: number;
  /** p95 of the actions that arrived in the second half of the run. */
  p95SecondHalf: number;
  /** Failed actions plus missed arrivals. */
  errors: number;
  byGroup: Record<Group, { count: number; p95: number }>;
}

export function summarize(run: MixRun): MixSummary {
  const all = GROUPS.flatMap((g) => run.latencies[g]).sort((a, b) => a - b);
  const failed = [...run.failures.values()].reduce((a, b) => a + b, 0);
  const byGroup = Object.fromEntries(
    GROUPS.map((g) => [g, { count: run.latencies[g].length, p95: percentile(run.latencies[g], 95) }]),
  ) as MixSummary['byGroup'];
  return {
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    p99: percentile(all, 99),
    p95SecondHalf: percentile(run.secondHalf, 95),
    errors: failed + run.missed,
    byGroup,
  };
}
