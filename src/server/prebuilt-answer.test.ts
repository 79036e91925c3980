import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ENTRY_OVERHEAD_BYTES } from './byte-lru';
import { AnswerCache, PrebuiltAnswer } from './prebuilt-answer';

const page = {
  code: 200,
  message: 'ok',
  data: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Bok choy ${i}` })),
};
/** A page of product-like cards, `count` long: about 120 bytes a card. */
const cards = (count: number, from = 0) => ({
  code: 200,
  message: 'ok',
  data: Array.from({ length: count }, (_, i) => ({
    id: from + i,
    en_name: `Fresh bok choy ${(from + i) * 7919}`,
    price: ((from + i) * 37) % 5000,
    image: `/media/product-${(from + i) % 97}.webp`,
  })),
});

describe('prebuilt answers', () => {
  it('serve brotli when the client takes it, else gzip, and the same JSON either way', () => {
    const answer = PrebuiltAnswer.of(page);
    const br = answer.encoded('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString())).toEqual(page);
    const gz = answer.encoded('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.bytes).toString())).toEqual(page);
    expect(answer.encoded(undefined)).toEqual({ bytes: answer.body });
  });

  it('leave small answers uncompressed and give equal bytes equal ETags', () => {
    const small = PrebuiltAnswer.of({ code: 200, message: 'ok', data: [] });
    expect(small.encoded('br')).toEqual({ bytes: small.body });
    expect(PrebuiltAnswer.of(page).etag).toBe(PrebuiltAnswer.of(page).etag);
    expect(PrebuiltAnswer.of(page).etag).not.toBe(small.etag);
  });

  it('count every compressed form they hold, in buffers of their own', () => {
    const answer = PrebuiltAnswer.of(page);
    const br = answer.encoded('br').bytes;
    const gz = answer.encoded('gzip').bytes;
    expect(answer.bytes).toBe(answer.body.length + br.length + gz.length);
    for (const held of [answer.body, br, gz]) expect(held.buffer.byteLength).toBe(held.length);
  });
});

describe('the answer cache', () => {
  it('compresses an answer asked for once cheaply, and smaller once it is asked for again', () => {
    const cache = new AnswerCache(8 * 1024 * 1024);
    const first = cache.get('page', () => cards(400)).encoded('br').bytes;
    const again = cache.get('page', () => cards(400)).encoded('br').bytes;
    expect(again.length).toBeLessThan(first.length);
    expect(JSON.parse(brotliDecompressSync(again).toString())).toEqual(cards(400));
  });

  it('builds an answer once while it is kept', () => {
    const cache = new AnswerCache(1024 * 1024);
    let builds = 0;
    const build = () => ({ n: ++builds });
    for (let i = 0; i < 5; i++) cache.get('a', build);
    expect(builds).toBe(1);
  });

  it('stays within its byte budget, compressed forms included, whatever it is asked', () => {
    const budget = 256 * 1024;
    const cache = new AnswerCache(budget);
    for (let i = 0; i < 300; i++) {
      // Every third answer is asked for twice, so both segments fill.
      for (let ask = 0; ask < (i % 3 === 0 ? 2 : 1); ask++) {
        const answer = cache.get(`page-${i}`, () => cards(20 + (i % 40) * 5, i));
        answer.encoded('br');
        answer.encoded('gzip');
        expect(cache.bytes).toBeLessThanOrEqual(budget);
      }
    }
    expect(cache.bytes).toBeGreaterThan(budget / 2);
  });

  it('keeps the answers asked for again through a stream of answers asked for once', () => {
    const cache = new AnswerCache(512 * 1024);
    const builds = new Map<string, number>();
    const ask = (key: string, count: number) =>
      cache
        .get(key, () => {
          builds.set(key, (builds.get(key) ?? 0) + 1);
          return cards(count);
        })
        .encoded('br');
    ask('home', 100);
    ask('home', 100);
    for (let i = 0; i < 2000; i++) ask(`odd-page-size-${i}`, 50 + (i % 100));
    ask('home', 100);
    expect(builds.get('home')).toBe(1);
    expect(builds.get('odd-page-size-0')).toBe(1);
    ask('odd-page-size-0', 50);
    expect(builds.get('odd-page-size-0')).toBe(2);
  });

  it('serves an answer larger than an eighth of its budget without keeping it', () => {
    const cache = new AnswerCache(64 * 1024);
    let builds = 0;
    const build = () => {
      builds++;
      return cards(200);
    };
    expect(cache.get('big', build).body.length).toBeGreaterThan(8 * 1024);
    cache.get('big', build);
    expect(builds).toBe(2);
    expect(cache.bytes).toBe(0);
  });

  it('compresses well from the first ask the answers its predecessor kept busiest', () => {
    const before = new AnswerCache(8 * 1024 * 1024);
    before.get('home', () => cards(400));
    before.get('home', () => cards(400));
    const well = before.get('home', () => cards(400)).encoded('br').bytes;
    const after = new AnswerCache(8 * 1024 * 1024, before);
    expect(after.get('home', () => cards(400)).encoded('br').bytes).toEqual(well);
    const fresh = new AnswerCache(8 * 1024 * 1024);
    expect(fresh.get('home', () => cards(400)).encoded('br').bytes.length).toBeGreaterThan(well.length);
    expect(after.bytes).toBeGreaterThan(ENTRY_OVERHEAD_BYTES);
  });

  it('serves a kept answer for a new basis only while its parts are the very same objects', () => {
    const cache = new AnswerCache(8 * 1024 * 1024);
    const shown = { en_name: 'Bok choy' };
    const other = { en_name: 'Pak choi' };
    let builds = 0;
    const build = (item: { en_name: string }) => () => {
      builds++;
      return item;
    };
    const v1 = {};
    const first = cache.get('product', build(shown), v1, () => [shown]);
    // Same basis: served without looking at its parts.
    expect(cache.get('product', build(shown), v1, () => [other])).toBe(first);
    // A new basis holding the same part: the same answer.
    const v2 = {};
    expect(cache.get('product', build(shown), v2, () => [shown])).toBe(first);
    expect(builds).toBe(1);
    // A new basis with a changed part (an equal copy counts as changed): built again.
    const copy = { ...shown };
    const again = cache.get('product', build(copy), {}, () => [copy]);
    expect(again).not.toBe(first);
    expect(builds).toBe(2);
    // More or fewer parts: built again too.
    cache.get('product', build(copy), {}, () => [copy, other]);
    expect(builds).toBe(3);
  });

  it('serves an answer asked for without parts for its own basis only', () => {
    const cache = new AnswerCache(8 * 1024 * 1024);
    let builds = 0;
    const build = () => {
      builds++;
      return cards(10);
    };
    const v1 = {};
    const first = cache.get('search', build, v1);
    expect(cache.get('search', build, v1)).toBe(first);
    expect(builds).toBe(1);
    expect(cache.get('search', build, {})).not.toBe(first);
    expect(builds).toBe(2);
  });

  it('keeps an answer made again for its new parts, once it was asked for before', () => {
    const cache = new AnswerCache(64 * 1024);
    const a = { id: 1 };
    const b = { id: 2 };
    cache.get(
      'page',
      () => cards(5),
      {},
      () => [a],
    );
    const made = cache.get(
      'page',
      () => cards(5, 100),
      {},
      () => [b],
    );
    expect(
      cache.get(
        'page',
        () => cards(5, 200),
        {},
        () => [b],
      ),
    ).toBe(made);
  });
});
