import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '#server/db/client';
import { coupons, deliverySettings, deliverySlotRules } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import en from '../../../public/locales/en/errors.json' with { type: 'json' };
import zh from '../../../public/locales/zh/errors.json' with { type: 'json' };
import * as demo from '../../../seed/catalogue/index';
import { ADDRESS, callAs, createShopper } from '../../helpers/shoppers';
import { createStaff } from '../../helpers/staff';
import type { TestApp } from '../../helpers/test-app';
import { CHECKABLE_COUPON, type ShopperIds } from './route-table';

/** Rows of a query this file builds from catalogue names only (never from request text). */
const rawRows = <T>(database: Database, query: string) => rowsOf<T>(database, sql.raw(query));

const tableLists = new WeakMap<Database, Promise<string[]>>();

/** The shop's tables (read once per database: the schema does not change under a test). */
function tablesOf(database: Database): Promise<string[]> {
  let tables = tableLists.get(database);
  if (!tables) {
    tables = rawRows<{ name: string }>(
      database,
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ).then((rows) => rows.map((r) => r.name));
    tableLists.set(database, tables);
  }
  return tables;
}

/**
 * Per table, its row count and the newest row version (`xmin`, the id of the transaction that
 * wrote the row), in one query: any insert, update or delete changes one of them, and it costs a
 * fraction of hashing every row. Two equal fingerprints mean no row was written in between.
 */
export async function databaseFingerprint(database: Database): Promise<Record<string, string>> {
  const tables = await tablesOf(database);
  const query = tables
    .map(
      (t) =>
        `select '${t}' as name, count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as hash from "${t}"`,
    )
    .join(' union all ');
  const rows = await rawRows<{ name: string; hash: string }>(database, query);
  return Object.fromEntries(rows.map((r) => [r.name, r.hash]));
}

/**
 * The fingerprint once what the app keeps in memory to write later (searches that found nothing,
 * flushed on a timer) is written: a probe's write is then seen as its own, never as a later one's.
 */
export async function settledFingerprint(
  t: Pick<TestApp, 'app' | 'database'>,
): Promise<Record<string, string>> {
  await t.app.searchMisses.flush();
  return databaseFingerprint(t.database);
}

/**
 * One past the newest finished transaction id (the snapshot's xmax). A row is written only by a
 * transaction with an id, and every id handed out after a reading is at least this mark, so a mark
 * that has not moved means no row was inserted, updated or deleted in between (PostgreSQL's ids
 * count for the whole server: on a shared one others' writes move it too, never the other way).
 */
async function writeMark(database: Database): Promise<string> {
  const [row] = await rawRows<{ mark: string }>(
    database,
    'select pg_snapshot_xmax(pg_current_snapshot())::text as mark',
  );
  return row?.mark ?? '';
}

/**
 * `settledFingerprint` for a long run of probes: reads the fingerprint again only when the write
 * mark moved since the last one, and answers that one otherwise (the same rows, so the same
 * fingerprint, for a fraction of the reading).
 */
export function fingerprints(t: Pick<TestApp, 'app' | 'database'>): () => Promise<Record<string, string>> {
  let last: { mark: string; fingerprint: Record<string, string> } | undefined;
  return async () => {
    await t.app.searchMisses.flush();
    // Read before the fingerprint: a write in between moves the mark past this one.
    const mark = await writeMark(t.database);
    if (last?.mark === mark) return last.fingerprint;
    last = { mark, fingerprint: await databaseFingerprint(t.database) };
    return last.fingerprint;
  };
}

/** The fingerprint without the tables a refused call may write by design. */
export function without(fingerprint: Record<string, string>, tables: readonly string[] = []) {
  return Object.fromEntries(Object.entries(fingerprint).filter(([t]) => !tables.includes(t)));
}

/** Every row that belongs to one shopper (tables with a `user_id`, and the user row itself), as text. */
export async function rowsOfShopper(database: Database, userId: number): Promise<Record<string, string[]>> {
  const tables = await rawRows<{ name: string }>(
    database,
    `select table_name as name from information_schema.columns
     where table_schema = 'public' and column_name = 'user_id' order by 1`,
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await rawRows<{ row: string }>(
      database,
      `select r::text as row from "${name}" r where r.user_id = ${Number(userId)} order by 1`,
    );
    out[name] = rows.map((r) => r.row);
  }
  const user = await rawRows<{ row: string }>(
    database,
    `select r::text as row from users r where r.id = ${userId}`,
  );
  out.users = user.map((r) => r.row);
  return out;
}

function flatten(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.values(tree).flatMap(flatten);
}

function templates(tree: unknown): RegExp[] {
  return flatten(tree).map((text) => {
    const parts = text.split(/\{\{\w+\}\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return new RegExp(`^${parts.join('[\\s\\S]*')}$`);
  });
}

const MESSAGES = { en: templates(en), zh: templates(zh) };

/** docs/architecture.md §4: `zh*` in Accept-Language means Chinese, anything else English. */
export function expectedLanguage(acceptLanguage: string | undefined): 'en' | 'zh' {
  return acceptLanguage?.trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** Whether `message` is one of the error messages of `language` (a Chinese one, for Chinese). */
export function isMessageIn(language: 'en' | 'zh', message: unknown): boolean {
  return typeof message === 'string' && message !== '' && MESSAGES[language].some((re) => re.test(message));
}

/** A product with plenty of stock, for carts and orders. */
export function plentifulProduct(): string {
  const product = demo.products.find((p) => p.stock > 50);
  if (!product) throw new Error('no product with stock');
  return uuidFromKey(product.key);
}

/**
 * A product shoppers can buy three of now. The security suites call the console's routes with
 * valid parameters, which may legitimately unpublish, archive or count out the demo's products.
 */
async function productOnSale(database: Database): Promise<string> {
  const rows = await rowsOf<{ uuid: string }>(
    database,
    sql`select uuid from products where on_sale and archived_at is null and real_stock >= 3 order by id limit 1`,
  );
  const uuid = rows[0]?.uuid;
  if (!uuid) throw new Error('no product on sale with stock');
  return uuid;
}

/**
 * The shop's delivery back to the spec's (no area, fee or minimum; windows neither offered nor
 * required): the console's delivery routes, called with valid parameters, may have set a minimum, an
 * area or required windows, which would refuse the order a caller needs. Orders read both afresh.
 */
async function deliveryAsSpecified(database: Database): Promise<void> {
  await database.db.delete(deliverySettings);
  await database.db.update(deliverySlotRules).set({ offered: false, required: false });
}

/** CHECKABLE_COUPON: $1 off, no minimum, no limits, running a year either way. */
async function checkableCoupon(t: TestApp): Promise<void> {
  const year = 365 * 86_400_000;
  const now = t.clock.now().getTime();
  await t.database.db
    .insert(coupons)
    .values({
      code: CHECKABLE_COUPON,
      kind: 'fixed',
      value: 100,
      startsAt: new Date(now - year),
      endsAt: new Date(now + year),
      perShopperLimit: null,
    })
    .onConflictDoNothing();
}

/**
 * A signed-in shopper with one of everything: an address, a cart line (2 left after ordering
 * one), a pending order and a saved card.
 */
export async function shopperWithRows(t: TestApp): Promise<ShopperIds> {
  const s = await createShopper(t.database, t.clock.now());
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, form?: Record<string, string | number>) =>
    callAs(t.app, s, method, url, form);
  await deliveryAsSpecified(t.database);
  await checkableCoupon(t);
  const address = (await call('POST', '/api/address', ADDRESS)).body.data.uuid as string;
  await call('POST', `/api/cart?amount=3&uuid=${await productOnSale(t.database)}`);
  const [line] = (await call('GET', '/api/cart')).body.data;
  const order = await call('POST', '/api/order', {
    uuid: address,
    'items[0][id]': line.id,
    'items[0][num]': 1,
  });
  const card = await call('PUT', '/api/credit_card', {
    name: 'Mei Lin',
    card_no: '4111111111111111',
    expiration_time: '08/29',
  });
  if (order.status !== 200 || card.status !== 200)
    throw new Error(
      `shopper setup failed: order ${order.status} ${order.body?.msg ?? ''}, card ${card.status}`,
    );
  const detail = await call('GET', `/api/order/${order.body.data}`);
  return {
    id: s.id,
    token: s.token,
    email: s.email,
    uuid: s.uuid,
    address,
    cartLine: line.id,
    orderNo: order.body.data,
    orderLine: detail.body.data.item[0].id,
    card: card.body.data.uuid,
  };
}

/**
 * The caller of an admin route: a shopper with rows (whose uuid the customer routes take), a staff
 * member to act on (`staffId`), and a signed-in owner's token (`staffToken`), all fresh.
 */
export async function staffCaller(t: TestApp): Promise<ShopperIds> {
  const own = await shopperWithRows(t);
  const target = await createStaff(t.database, t.clock.now(), { role: 'packer' });
  const owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
  return { ...own, staffId: target.id, staffToken: owner.token };
}
