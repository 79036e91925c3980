import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type SearchDocument, type SearchIndex } from './search.engine';
import { DOCS } from './search.fixture';

/** Queries reaching every field and tier: whole names, words, prefixes, pinyin, brands, categories. */
const QUERIES = [
  ...new Set(
    DOCS.flatMap((d) => [
      d.en_name,
      d.en_name.split(' ')[0] ?? '',
      d.zn_name.slice(0, 2),
      d.brand_en_name,
      d.category_en_name.split(' ')[0] ?? '',
      ...(d.category_names ?? []),
    ]),
  ),
  'ping guo',
  'pg',
  'a',
  'apple juice',
  // typos and folded spaces (search.variants.ts): their forms depend on the words still found
  'aple',
  'straberries',
  'dumplngs',
  'bokchoy',
  'bok-choy',
].filter(Boolean);

const patchArb = fc.array(
  fc.record({
    /** documents taken out, by position in DOCS */
    removed: fc.array(fc.nat(DOCS.length - 1), { maxLength: 4 }),
    /** documents put in: a DOCS document under another's id, with its own sold count */
    added: fc.array(fc.tuple(fc.nat(DOCS.length - 1), fc.nat(DOCS.length - 1), fc.nat(500)), {
      maxLength: 4,
    }),
  }),
  { minLength: 1, maxLength: 6 },
);

describe('a patched search index', () => {
  it('answers every query exactly as an index built afresh from the same documents', () => {
    fc.assert(
      fc.property(patchArb, (patches) => {
        const docs = new Map<number, SearchDocument>(DOCS.map((d) => [d.id, d]));
        let index: SearchIndex = buildSearchIndex(DOCS);
        for (const patch of patches) {
          const removed = patch.removed.map((i) => (DOCS[i] as SearchDocument).id);
          for (const id of removed) docs.delete(id);
          const added = patch.added.map(([from, as, sold]) => ({
            ...(DOCS[from] as SearchDocument),
            id: (DOCS[as] as SearchDocument).id,
            sold_count: sold,
          }));
          for (const doc of added) docs.set(doc.id, doc);
          index = index.patched(added, removed);
        }
        const fresh = buildSearchIndex([...docs.values()]);
        expect(index.size).toBe(fresh.size);
        for (const q of QUERIES) expect(index.search(q), q).toEqual(fresh.search(q));
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('builds a whole index again once many documents were patched in, answering the same', () => {
    let index: SearchIndex = buildSearchIndex(DOCS);
    const all = [...DOCS];
    for (let k = 1; k <= 5; k++) {
      const copies = DOCS.map((d) => ({ ...d, id: d.id + 1000 * k, sold_count: d.sold_count + k }));
      all.push(...copies);
      index = index.patched(copies, [(DOCS[k] as SearchDocument).id]);
      all.splice(all.indexOf(DOCS[k] as SearchDocument), 1);
    }
    const fresh = buildSearchIndex(all);
    expect(index.size).toBe(fresh.size);
    for (const q of QUERIES) expect(index.search(q), q).toEqual(fresh.search(q));
  });

  it('works a document out again when it changed, though indexes it is built from hold its id', () => {
    const first = DOCS[0] as SearchDocument;
    let index: SearchIndex = buildSearchIndex(DOCS);
    index = index.patched([{ ...first, en_name: 'Zebra Biscuits', zn_name: '斑马饼干' }], []);
    const all = new Map<number, SearchDocument>(DOCS.map((d) => [d.id, d]));
    const renamed = { ...first, en_name: 'Walnut Crisps', zn_name: '核桃脆' };
    all.set(first.id, renamed);
    // Enough documents patched in to build a whole index, the renamed one among them again.
    const copies = Array.from({ length: 130 }, (_, i) => ({
      ...(DOCS[i % DOCS.length] as SearchDocument),
      id: 10_000 + i,
    }));
    for (const doc of copies) all.set(doc.id, doc);
    index = index.patched([renamed, ...copies], []);
    const fresh = buildSearchIndex([...all.values()]);
    for (const q of [...QUERIES, 'zebra', '斑马', 'walnut', '核桃', 'he tao', 'ht'])
      expect(index.search(q), q).toEqual(fresh.search(q));
    expect(index.search('zebra')).toEqual([]);
    expect(index.search('he tao')).toContain(first.id);
  });

  it('leaves the index it was made from as it was', () => {
    const index = buildSearchIndex(DOCS);
    const before = QUERIES.map((q) => index.search(q));
    const first = DOCS[0] as SearchDocument;
    const patched = index.patched(
      [{ ...first, en_name: 'Zebra Biscuits' }],
      [(DOCS[1] as SearchDocument).id],
    );
    expect(QUERIES.map((q) => index.search(q))).toEqual(before);
    expect(patched.search('zebra')).toEqual([first.id]);
    expect(index.search('zebra')).toEqual([]);
  });
});
