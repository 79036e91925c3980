import { afterAll, beforeAll } from 'vitest';
import { AuthorizeNetDouble } from '../fakes/authorizenet-double';
import { YuansferDouble } from '../fakes/yuansfer-double';
import { createStaff } from '../helpers/staff';
import {
  type FaultDatabase,
  type FaultShopper,
  faultDatabase,
  makeShoppers,
  plainProducts,
} from './fault-database';
import { freePort, liveGatewaySettings, type ShopProcess, startShopProcess } from './shop-process';

/**
 * What the packing crash tests share: a fault database with one shopper (3 of a plain product in
 * the cart: packs, or steps of one sold by weight) and a packer, the Authorize.Net and Yuansfer doubles, and the settings that start a
 * shop process on its own port against them.
 */
export interface LivePackingWorld {
  store: FaultDatabase;
  port: number;
  anet: AuthorizeNetDouble;
  yuansfer: YuansferDouble;
  shopper: FaultShopper;
  packerToken: string;
  settings: Record<string, string>;
  /** The card transactions of one type the shop asked the double for, in order. */
  transactionsOf(type: string): { transactionType?: string; amount?: string; refTransId?: string }[];
  close(): Promise<void>;
}

export async function livePackingWorld(soldBy: 'unit' | 'weight' = 'unit'): Promise<LivePackingWorld> {
  const store = await faultDatabase();
  const port = await freePort();
  const anet = new AuthorizeNetDouble();
  const yuansfer = new YuansferDouble();
  await Promise.all([anet.start(), yuansfer.start()]);
  const { shopper, packerToken } = await store.use(async (database) => {
    const [product] = await plainProducts(database, 1, soldBy);
    const [one] = await makeShoppers(database, 1, () => [[product?.id ?? 0, 3]]);
    if (!one) throw new Error('no shopper made');
    return { shopper: one, packerToken: (await createStaff(database, new Date(), { role: 'packer' })).token };
  });
  return {
    store,
    port,
    anet,
    yuansfer,
    shopper,
    packerToken,
    settings: { ...store.settings, ...liveGatewaySettings(anet, yuansfer) },
    transactionsOf: (type) =>
      anet
        .requestsOf('createTransactionRequest')
        .map((r) => (r.body.transactionRequest ?? {}) as { transactionType?: string })
        .filter((r) => r.transactionType === type),
    close: async () => {
      await Promise.all([anet.stop(), yuansfer.stop()]);
      await store.drop();
    },
  };
}

/**
 * One crash test file's world, made before its tests and closed after, and the shop process a test
 * starts, kills and starts again (at most one runs; one left running is killed at the end).
 */
export interface CrashRun {
  readonly world: LivePackingWorld;
  start(): Promise<ShopProcess>;
  /** SIGKILL: whatever was in flight is cut off. */
  kill(): Promise<void>;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
}

export function crashRunOfFile(soldBy: 'unit' | 'weight' = 'unit'): CrashRun {
  let world: LivePackingWorld | undefined;
  let shop: ShopProcess | undefined;
  beforeAll(async () => {
    world = await livePackingWorld(soldBy);
  }, 120_000);
  afterAll(async () => {
    await shop?.kill();
    await world?.close();
  });
  const running = (): ShopProcess => {
    if (!shop) throw new Error('no shop process running');
    return shop;
  };
  return {
    get world() {
      if (!world) throw new Error('the crash world is made before the tests');
      return world;
    },
    start: async () => {
      if (shop) throw new Error('a shop process is running already');
      const w = world;
      if (!w) throw new Error('the crash world is made before the tests');
      shop = await startShopProcess(w.port, w.settings);
      return shop;
    },
    kill: async () => {
      await running().kill();
      shop = undefined;
    },
    stop: async () => {
      await running().stop();
      shop = undefined;
    },
  };
}

/** Waits (polling every 50 ms, at most a minute) until `check` holds. */
export async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
