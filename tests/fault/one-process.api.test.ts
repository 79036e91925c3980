import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, users } from '#server/db/schema';
import { ORDER_STATUS } from '#shared/schemas/order';
import { codeIn, SmtpCatcher } from '../fakes/smtp-catcher';
import { ADDRESS } from '../helpers/forms';
import { templateRef } from '../helpers/test-database';
import { type FaultDatabase, faultDatabase, plainProducts } from './fault-database';
import {
  dataOf,
  freePort,
  placePaidOrder,
  runShopCommandLine,
  type ShopProcess,
  startShopProcess,
} from './shop-process';

/**
 * An embedded (PGlite) database belongs to one process. Two servers started on
 * one DATA_DIR both served, and the first one's shopper and paid orders were gone once both had
 * stopped. Now the second refuses to start; a lock left by a SIGKILLed process is taken over, by
 * exactly one of several processes starting at once. Real server processes on PGlite files.
 */

const ROOT = join(import.meta.dirname, '../..');
const PAID_ORDERS = 10;

let store: FaultDatabase;
let catcher: SmtpCatcher;
let settings: Record<string, string>;
let databaseFolder: string;
let product: { id: number; uuid: string };
const running = new Set<ShopProcess>();

async function startShop(port: number): Promise<ShopProcess> {
  const shop = await startShopProcess(port, settings);
  running.add(shop);
  return shop;
}

async function stopShop(shop: ShopProcess, how: 'stop' | 'kill' = 'stop'): Promise<void> {
  await shop[how]();
  running.delete(shop);
}

/** Two different free ports. */
async function twoPorts(): Promise<[number, number]> {
  const first = await freePort();
  for (;;) {
    const second = await freePort();
    if (second !== first) return [first, second];
  }
}

/** Signs up through the shop as a shopper does (the code read from the mail), with an address and a cart line. */
async function newShopper(url: string, email: string) {
  const password = 'horse battery 1';
  await dataOf(url, undefined, 'POST', '/api/buy/email', { email });
  const code = codeIn(await catcher.latestTo(email)) ?? '';
  await dataOf(url, undefined, 'POST', '/api/buy/registration', { email, name: 'Mei', password, code });
  const { token } = await dataOf<{ token: string }>(url, undefined, 'POST', '/api/login', {
    email,
    password,
  });
  const address = await dataOf<{ uuid: string }>(url, token, 'POST', '/api/address', ADDRESS);
  const cart = { uuid: product.uuid, amount: PAID_ORDERS };
  const line = await dataOf<{ item: { id: number } }>(url, token, 'POST', '/api/cart', cart);
  return { email, token, addressUuid: address.uuid, lineId: line.item.id };
}

/** The newest record in the lock's folder: who holds the database, or held it last. */
function newestLockRecord(): { pid: number; released?: boolean } {
  const folder = `${databaseFolder}.lock`;
  const newest = readdirSync(folder)
    .filter((name) => name.startsWith('owner.'))
    .sort((a, b) => Number(a.slice(6)) - Number(b.slice(6)))
    .at(-1);
  return JSON.parse(readFileSync(join(folder, newest ?? 'none'), 'utf8'));
}

describe.skipIf(templateRef().kind !== 'pglite')('one process per embedded database', () => {
  beforeAll(async () => {
    store = await faultDatabase();
    databaseFolder = join(store.settings.DATA_DIR ?? '', 'db');
    await store.use(async (database) => {
      [product] = (await plainProducts(database, 1)) as [typeof product];
      await database.db.update(products).set({ realStock: 1000 }).where(eq(products.id, product.id));
    });
    catcher = new SmtpCatcher();
    settings = { ...store.settings, SMTP_URL: await catcher.start() };
  }, 300_000);

  afterAll(async () => {
    await Promise.all([...running].map((shop) => shop.kill()));
    await catcher?.stop();
    await store?.drop();
  });

  it(`refuses a second server on the same DATA_DIR; the first one's shopper and ${PAID_ORDERS} paid orders are kept`, {
    timeout: 300_000,
  }, async () => {
    const [port, otherPort] = await twoPorts();
    const first = await startShop(port);
    const second = await startShop(otherPort).catch((err: Error) => err);

    const shopper = await newShopper(first.url, 'kept@example.com');
    const placed: string[] = [];
    for (let i = 0; i < PAID_ORDERS; i++) placed.push(await placePaidOrder(first.url, shopper));
    await stopShop(first);
    if (!(second instanceof Error)) await stopShop(second);

    const kept = await store.use(async ({ db }) => ({
      users: await db.select({ id: users.id }).from(users).where(eq(users.email, shopper.email)),
      orders: await db.select({ status: orders.status }).from(orders).where(inArray(orders.orderNo, placed)),
    }));
    expect.soft(kept.users).toHaveLength(1);
    expect.soft(kept.orders.map((o) => o.status)).toEqual(placed.map(() => ORDER_STATUS.processing));
    expect(second).toBeInstanceOf(Error);
    const refusal = (second as Error).message;
    expect(refusal).toContain(
      `The embedded database in ${databaseFolder} is open in another process (the shop server, pid ${first.pid},`,
    );
    expect(refusal).toContain('DATABASE_URL=postgres://');
  });

  it('takes over the lock a SIGKILLed server left behind, with the data it had', {
    timeout: 300_000,
  }, async () => {
    const [port] = await twoPorts();
    const killed = await startShop(port);
    const shopper = await newShopper(killed.url, 'survivor@example.com');
    const orderNo = await placePaidOrder(killed.url, shopper);
    await stopShop(killed, 'kill');
    // Nothing released it: the record still names the killed process.
    expect(newestLockRecord()).toMatchObject({ pid: killed.pid });
    expect(newestLockRecord().released).toBeUndefined();

    const next = await startShop(port);
    expect(newestLockRecord()).toMatchObject({ pid: next.pid });
    const order = await dataOf<{ status: number }>(next.url, shopper.token, 'GET', `/api/order/${orderNo}`);
    expect(order.status).toBe(ORDER_STATUS.processing);
    await stopShop(next);
    expect(newestLockRecord().released).toBe(true);
  });

  it('lets exactly one of three processes racing for a stale lock open the database', {
    timeout: 300_000,
  }, async () => {
    const killed = await startRacer('killed');
    killed.go();
    expect(await killed.said()).toBe('opened');
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(newestLockRecord()).toMatchObject({ pid: killed.child.pid });

    const racers = await Promise.all(['racer 1', 'racer 2', 'racer 3'].map(startRacer));
    for (const racer of racers) racer.go();
    const said = await Promise.all(racers.map((r) => r.said()));
    const winner = racers[said.indexOf('opened')];
    expect(said.filter((s) => s === 'opened')).toHaveLength(1);
    expect(said.filter((s) => s === `refused ${winner?.child.pid}`)).toHaveLength(2);
    // Not a server, so nothing to send a command to: the command line says who has it.
    const cli = await runShopCommandLine(settings, ['orders']);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(
      `is open in another process (racer ${said.indexOf('opened') + 1}, pid ${winner?.child.pid},`,
    );
    expect(cli.stderr).toContain('Try again when it has finished.');
    for (const racer of racers) racer.child.stdin.end();
    await Promise.all(racers.map((r) => r.exited));
    // The winner held it, and let it go when it closed the database.
    expect(newestLockRecord()).toEqual(expect.objectContaining({ pid: winner?.child.pid, released: true }));
  });
});

interface Racer {
  child: ChildProcessWithoutNullStreams;
  go(): void;
  /** Its answer: `opened` or `refused <pid>`. */
  said(): Promise<string>;
  exited: Promise<unknown>;
}

/** A process (open-embedded.ts) loaded and waiting to open the database. */
async function startRacer(holder: string): Promise<Racer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/fault/open-embedded.ts', databaseFolder, holder],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error(`${holder} ended without a word: ${errors}`);
    return line.value;
  };
  expect(await next()).toBe('ready');
  return { child, go: () => child.stdin.write('go\n'), said: next, exited };
}
