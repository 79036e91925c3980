import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, searchSynonyms } from '#server/db/schema';
import { SearchSynonymRow, SynonymList, SynonymsRemoved } from '#shared/schemas/admin/searches.zod';
import { SearchSuggestions } from '#shared/schemas/catalogue';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { callAdmin, createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';

/** Search synonyms (the demo's list and the owner's edits) and suggestions on an empty result. */
let t: TestApp;
let owner: TestStaff;
let packer: TestStaff;
beforeAll(async () => {
  t = await startTestApp();
  owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
  packer = await createStaff(t.database, t.clock.now(), { role: 'packer' });
});
afterAll(async () => t?.close());

async function shopSearch(q: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/index_product?en_search=${encodeURIComponent(q)}`,
  });
  return res.json().data.list.map((p: { zn_name: string }) => p.zn_name) as string[];
}

describe('the demo catalogue’s synonyms', () => {
  it('find bok choy by its everyday names and every dumpling by 饺子', async () => {
    for (const q of ['青菜', '油菜', '小白菜', '青江菜', 'pak choi', 'bok-choy', 'bokchoy'])
      expect((await shopSearch(q)).slice(0, 2).sort(), q).toEqual(['上海青', '奶白菜']);
    const dumplings = await shopSearch('饺子');
    for (const name of ['思念猪肉白菜水饺', '湾仔码头猪肉韭菜水饺', '必品阁韩式饺子'])
      expect(dumplings, name).toContain(name);
  });

  it('forgive typos, ranked below what the query finds as typed', async () => {
    expect(await shopSearch('bananna')).toContain('香蕉');
    expect(await shopSearch('aple')).toContain('红富士苹果');
  });
});

describe('synonyms in the console', () => {
  it('are listed, added, changed and removed by the owner, each change audited and searched at once', async () => {
    const list = await callAdmin(t.app, owner.token, 'GET', '/api/admin/search-synonyms');
    expect(expectAnswer(SynonymList, list).items.some((g) => g.terms.includes('青菜'))).toBe(true);
    expect(await shopSearch('tatsoi')).toEqual([]);

    const added = await callAdmin(t.app, owner.token, 'POST', '/api/admin/search-synonyms', {
      terms: 'Tatsoi， 塌棵菜、 tatsoi ,上海青',
    });
    expect(added.status).toBe(200);
    const group = expectAnswer(SearchSynonymRow, added);
    expect(group.terms).toEqual(['Tatsoi', '塌棵菜', '上海青']);
    expect(await shopSearch('tatsoi')).toEqual(['上海青']);
    expect(await shopSearch('塌棵菜')).toEqual(['上海青']);

    const changed = await callAdmin(t.app, owner.token, 'POST', `/api/admin/search-synonyms/${group.id}`, {
      terms: 'tatsoi, 奶白菜',
    });
    expect(expectAnswer(SearchSynonymRow, changed).terms).toEqual(['tatsoi', '奶白菜']);
    expect(await shopSearch('tatsoi')).toEqual(['奶白菜']);

    const removed = await callAdmin(t.app, owner.token, 'DELETE', `/api/admin/search-synonyms/${group.id}`);
    expect(expectAnswer(SynonymsRemoved, removed)).toEqual({ id: group.id });
    expect(await shopSearch('tatsoi')).toEqual([]);

    const lines = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(group.id)))
      .orderBy(auditLog.id);
    expect(lines.filter((l) => l.targetType === 'synonyms').map((l) => [l.action, l.staffId])).toEqual([
      ['search.synonyms.add', owner.id],
      ['search.synonyms.update', owner.id],
      ['search.synonyms.remove', owner.id],
    ]);
  });

  it('refuse too few or too long terms and an unknown group, in the caller’s language, changing nothing', async () => {
    const before = await t.database.db.select().from(searchSynonyms);
    const one = await callAdmin(
      t.app,
      owner.token,
      'POST',
      '/api/admin/search-synonyms',
      { terms: 'tatsoi, TATSOI' },
      { lang: 'zh' },
    );
    expect(one).toMatchObject({
      status: 400,
      body: { message: '一组同义词包含 2 到 12 个不同的词，用逗号分隔。' },
    });
    const long = await callAdmin(t.app, owner.token, 'POST', '/api/admin/search-synonyms', {
      terms: `a, ${'b'.repeat(61)}`,
    });
    expect(long).toMatchObject({
      status: 400,
      body: { message: 'A synonym is 1 to 60 characters of text.' },
    });
    const many = await callAdmin(t.app, owner.token, 'POST', '/api/admin/search-synonyms', {
      terms: Array.from({ length: 13 }, (_, i) => `t${i}`).join(','),
    });
    expect(many.status).toBe(400);
    const unknown = await callAdmin(t.app, owner.token, 'POST', '/api/admin/search-synonyms/999999', {
      terms: 'a, b',
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'This synonym group does not exist.' } });
    const gone = await callAdmin(t.app, owner.token, 'DELETE', '/api/admin/search-synonyms/999999');
    expect(gone.status).toBe(404);
    const denied = await callAdmin(t.app, packer.token, 'POST', '/api/admin/search-synonyms', {
      terms: 'a, b',
    });
    expect(denied.status).toBe(403);
    expect(await t.database.db.select().from(searchSynonyms)).toEqual(before);
  });
});

describe('suggestions on an empty result', () => {
  const suggest = async (q: string) =>
    expectAnswer(
      SearchSuggestions,
      await t.app.inject({ method: 'GET', url: `/api/search_suggestions?q=${encodeURIComponent(q)}` }),
    );

  it('offer a query that finds something and the best sellers of its category', async () => {
    const answer = await suggest('bnaanna');
    expect(answer.did_you_mean).toBe('banana');
    expect(answer.category).toMatchObject({ zn_name: expect.any(String) });
    expect(answer.products.length).toBeGreaterThan(0);
    expect(answer.products.length).toBeLessThanOrEqual(4);
  });

  it('offer the longest part of a Chinese query that finds something', async () => {
    expect((await suggest('香蕉派对')).did_you_mean).toBe('香蕉');
  });

  it('offer popular products even when nothing is near', async () => {
    const answer = await suggest('zzqqxx');
    expect(answer.did_you_mean).toBeNull();
    expect(answer.products.length).toBe(4);
  });
});
