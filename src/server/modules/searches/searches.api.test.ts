import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products, searchMisses } from '#server/db/schema';
import {
  AliasList,
  AliasRemoved,
  AliasTargets,
  MissList,
  SearchAliasRow,
} from '#shared/schemas/admin/searches.zod';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { callAdmin, createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { SEARCH_MISS_DEFAULTS } from '../search/search-misses';

/** Searches that found nothing and search aliases, on the seeded catalogue. */
let t: TestApp;
let owner: TestStaff;
let manager: TestStaff;
let packer: TestStaff;
beforeAll(async () => {
  t = await startTestApp();
  for (const [role, set] of [
    ['owner', (s: TestStaff) => (owner = s)],
    ['manager', (s: TestStaff) => (manager = s)],
    ['packer', (s: TestStaff) => (packer = s)],
  ] as const) {
    set(await createStaff(t.database, t.clock.now(), { role }));
  }
});
afterAll(async () => t?.close());

async function shopSearch(q: string, lang = 'en', extra = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/index_product?en_search=${encodeURIComponent(q)}${extra}`,
    headers: { 'accept-language': lang, 'x-forwarded-for': '203.0.113.9' },
  });
  return res.json().data.list.map((p: { zn_name: string }) => p.zn_name) as string[];
}

describe('searches that found nothing', () => {
  it('are counted once per term, language and day, only when nothing was found, with nothing about the shopper', async () => {
    for (let i = 0; i < 3; i++) await shopSearch('  TAT   SOI ');
    await shopSearch('tat soi', 'zh');
    await shopSearch('塌棵菜', 'zh');
    await shopSearch('bok choy');
    await shopSearch('tat soi', 'en', '&page=2');
    await t.app.searchMisses.flush();
    const rows = await t.database.db
      .select()
      .from(searchMisses)
      .orderBy(searchMisses.language, searchMisses.term);
    expect(rows.map(({ language, term, count }) => ({ language, term, count }))).toEqual([
      { language: 'en', term: 'tat soi', count: 3 },
      { language: 'zh', term: 'tat soi', count: 1 },
      { language: 'zh', term: '塌棵菜', count: 1 },
    ]);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['count', 'day', 'language', 'term']);
    // A flush adds to what is there.
    await shopSearch('tat soi');
    await t.app.searchMisses.flush();
    const [again] = await t.database.db.select().from(searchMisses).where(eq(searchMisses.language, 'en'));
    expect(again?.count).toBe(4);
  });

  it('are listed per language for the console, most searched first', async () => {
    const res = await callAdmin(t.app, owner.token, 'GET', '/api/admin/search-misses', { days: '7' });
    expect(res.status).toBe(200);
    expect(expectAnswer(MissList, res).en).toEqual([expect.objectContaining({ term: 'tat soi', count: 4 })]);
    expect(res.body.data.zh.map((r: { term: string }) => r.term).sort()).toEqual(['tat soi', '塌棵菜']);
    expect((await callAdmin(t.app, packer.token, 'GET', '/api/admin/search-misses')).status).toBe(403);
    expect((await callAdmin(t.app, undefined, 'GET', '/api/admin/search-misses')).status).toBe(401);
  });
});

describe('search aliases', () => {
  it('make "tat soi" find 上海青 in the storefront, and the term stops being a miss', async () => {
    const [bokChoy] = await t.database.db.select().from(products).where(eq(products.znName, '上海青'));
    const targets = await callAdmin(t.app, manager.token, 'GET', '/api/admin/search-aliases/targets', {
      q: '上海青',
    });
    expect(expectAnswer(AliasTargets, targets).items[0]).toMatchObject({ kind: 'product', id: bokChoy?.id });
    const added = await callAdmin(t.app, manager.token, 'POST', '/api/admin/search-aliases', {
      alias: 'Tat Soi',
      product_id: String(bokChoy?.id),
    });
    expect(added.status).toBe(200);
    expect(expectAnswer(SearchAliasRow, added)).toMatchObject({
      alias: 'Tat Soi',
      product_id: bokChoy?.id,
      zn_name: '上海青',
    });
    expect((await shopSearch('tat soi'))[0]).toBe('上海青');
    await callAdmin(t.app, manager.token, 'POST', '/api/admin/search-aliases', {
      alias: '塌棵菜',
      product_id: String(bokChoy?.id),
    });
    expect(await shopSearch('塌棵菜')).toEqual(['上海青']);
    expect(await shopSearch('takecai')).toEqual(['上海青']);
    const misses = await callAdmin(t.app, owner.token, 'GET', '/api/admin/search-misses', { days: '30' });
    expect(misses.body.data.en).toEqual([]);
    expect(misses.body.data.zh).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'search.alias.add'));
    expect(audit).toMatchObject({
      staffId: manager.id,
      targetType: 'product',
      targetId: String(bokChoy?.id),
    });
  });

  it('on a category act as its name', async () => {
    const targets = await callAdmin(t.app, owner.token, 'GET', '/api/admin/search-aliases/targets', {
      q: 'leafy',
    });
    const category = targets.body.data.items.find((i: { kind: string }) => i.kind === 'category');
    expect(category).toBeTruthy();
    expect(await shopSearch('greenery')).toEqual([]);
    const added = await callAdmin(t.app, owner.token, 'POST', '/api/admin/search-aliases', {
      alias: 'greenery',
      category_id: String(category.id),
    });
    expect(added.status).toBe(200);
    expect((await shopSearch('greenery')).length).toBeGreaterThan(0);
    const list = await callAdmin(t.app, owner.token, 'GET', '/api/admin/search-aliases');
    expect(expectAnswer(AliasList, list).items.map((a) => a.alias)).toEqual([
      'greenery',
      '塌棵菜',
      'Tat Soi',
    ]);
    const removed = await callAdmin(
      t.app,
      owner.token,
      'DELETE',
      `/api/admin/search-aliases/${added.body.data.id}`,
    );
    expect(removed.status).toBe(200);
    expect(expectAnswer(AliasRemoved, removed)).toEqual({ id: added.body.data.id });
    expect(await shopSearch('greenery')).toEqual([]);
  });

  it('refuse a duplicate, a missing target, a bad alias, in the caller’s language; a packer cannot add one', async () => {
    const [bokChoy] = await t.database.db.select().from(products).where(eq(products.znName, '上海青'));
    const form = { alias: 'tat  soi', product_id: String(bokChoy?.id) };
    const dup = await callAdmin(t.app, owner.token, 'POST', '/api/admin/search-aliases', form, {
      lang: 'zh',
    });
    expect(dup).toMatchObject({ status: 409, body: { message: '这个别名已经存在。' } });
    const none = await callAdmin(t.app, owner.token, 'POST', '/api/admin/search-aliases', {
      alias: 'x',
      product_id: '999999',
    });
    expect(none).toMatchObject({ status: 404, body: { message: 'There is no such product or category.' } });
    const both = await callAdmin(t.app, owner.token, 'POST', '/api/admin/search-aliases', {
      alias: 'x',
      product_id: '1',
      category_id: '1',
    });
    expect(both).toMatchObject({ status: 400, body: { message: 'Choose one product or one category.' } });
    const blank = await callAdmin(
      t.app,
      owner.token,
      'POST',
      '/api/admin/search-aliases',
      { alias: '  ', product_id: '1' },
      { lang: 'zh' },
    );
    expect(blank).toMatchObject({ status: 400, body: { message: '别名为 1 到 60 个字符的文本。' } });
    expect((await callAdmin(t.app, packer.token, 'POST', '/api/admin/search-aliases', form)).status).toBe(
      403,
    );
  });
});

describe('the list of searches that found nothing is bounded', () => {
  const HOUR = 3_600_000;
  /** A term no product matches: letters only, so normalising keeps it whole. */
  const nonsense = (prefix: string, i: number) =>
    `${prefix}${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`;
  const missFrom = async (ip: string, q: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/index_product?en_search=${encodeURIComponent(q)}`,
      headers: { 'accept-language': 'en' },
      remoteAddress: ip,
    });
    expect(res.json().data.total, q).toBe(0);
  };
  const listed = async (prefix: string) =>
    (await t.database.db.select().from(searchMisses)).filter((m) => m.term.startsWith(prefix));

  it('a client adds at most its hourly number of new terms, over flushes; searches of listed terms still count', async () => {
    const { newTermsPerClient } = SEARCH_MISS_DEFAULTS;
    const flood = '198.51.100.7';
    for (let i = 0; i < 30; i++) await missFrom(flood, nonsense('qqzv', i));
    await t.app.searchMisses.flush();
    for (let i = 30; i < newTermsPerClient + 30; i++) await missFrom(flood, nonsense('qqzv', i));
    await t.app.searchMisses.flush();
    expect(await listed('qqzv')).toHaveLength(newTermsPerClient);

    // The first term again, from the same client: it is listed, so it counts.
    for (let i = 0; i < 3; i++) await missFrom(flood, nonsense('qqzv', 0));
    // Another client's new term is its own.
    await missFrom('198.51.100.8', 'wwxkj');
    await t.app.searchMisses.flush();
    const first = (await listed(nonsense('qqzv', 0))).find((m) => m.term === nonsense('qqzv', 0));
    expect(first?.count).toBe(4);
    expect(await listed('wwxkj')).toHaveLength(1);

    // An hour later the client may add new terms again.
    t.clock.advance(HOUR);
    await missFrom(flood, 'qqzvlater');
    await t.app.searchMisses.flush();
    expect(await listed('qqzvlater')).toHaveLength(1);
  });

  it('keeps at most its number of rows, dropping the least searched and oldest, not what shoppers keep looking for', async () => {
    const { maxRows } = SEARCH_MISS_DEFAULTS;
    await t.database.db.delete(searchMisses);
    const dayAgo = (days: number) =>
      new Date(t.clock.now().getTime() - days * 86_400_000).toISOString().slice(0, 10);
    await t.database.db.execute(sql`
      insert into search_misses (day, language, term, count)
      select ${dayAgo(10)}::date, 'en', 'popular ' || g, 2 from generate_series(1, ${maxRows - 3}) g`);
    await t.database.db
      .insert(searchMisses)
      .values([1, 2, 3].map((i) => ({ day: dayAgo(20), language: 'en', term: `rare ${i}`, count: 1 })));

    for (let i = 0; i < 3; i++) await missFrom('198.51.100.9', nonsense('ppzk', i));
    await t.app.searchMisses.flush();
    const all = await t.database.db.select().from(searchMisses);
    expect(all).toHaveLength(maxRows);
    expect(all.filter((m) => m.term.startsWith('rare'))).toEqual([]);
    expect(all.filter((m) => m.term.startsWith('ppzk'))).toHaveLength(3);

    for (let i = 0; i < 5; i++) await missFrom('198.51.100.10', nonsense('ggzk', i));
    await t.app.searchMisses.flush();
    const after = await t.database.db.select().from(searchMisses);
    expect(after).toHaveLength(maxRows);
    expect(after.filter((m) => m.term.startsWith('popular'))).toHaveLength(maxRows - 3);
    await t.database.db.delete(searchMisses);
  });
});
