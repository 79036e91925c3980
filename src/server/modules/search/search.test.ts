import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, buildSearchIndexInSlices, type SearchDocument } from './search.engine';
import { DOCS } from './search.fixture';
import {
  capCodePoints,
  foldText,
  MAX_QUERY_LENGTH,
  normaliseQuery,
  pinyinOf,
  queryTerms,
  stemWord,
  toSimplified,
} from './search.normalise';

const index = buildSearchIndex(DOCS);
const search = (q: string) => index.search(q);

describe('normalisation helpers', () => {
  it('folds case, accents, full-width forms and traditional characters', () => {
    expect(foldText('Jalapeño')).toBe('jalapeno');
    expect(foldText('CRÈME  Fraîche')).toBe('creme fraiche');
    expect(foldText('ＡＰＰＬＥ１００')).toBe('apple100');
    expect(foldText('Straße')).toBe('strasse');
    expect(toSimplified('蘋果 雞蛋 金針菇')).toBe('苹果 鸡蛋 金针菇');
    expect(toSimplified('红富士苹果')).toBe('红富士苹果');
  });

  it('trims, collapses whitespace, drops control characters and caps queries at 100 characters', () => {
    expect(normaliseQuery('  Fuji \t\n  APPLE\u0000 ')).toBe('fuji apple');
    expect(normaliseQuery('\u0000 \u200b ')).toBe('');
    expect(normaliseQuery('x'.repeat(10_000))).toHaveLength(MAX_QUERY_LENGTH);
    const emoji = normaliseQuery('🍎'.repeat(150));
    expect([...emoji]).toHaveLength(MAX_QUERY_LENGTH);
    expect(emoji.endsWith('🍎')).toBe(true);
    expect(capCodePoints('a🍎b', 2)).toBe('a🍎');
  });

  it('splits a query into distinct words', () => {
    expect(queryTerms('apple apple juice')).toEqual(['apple', 'juice']);
    expect(queryTerms('')).toEqual([]);
  });

  it('stems common English plurals and leaves other words alone', () => {
    const pairs: [string, string][] = [
      ['apples', 'apple'],
      ['berries', 'berry'],
      ['tomatoes', 'tomato'],
      ['peaches', 'peach'],
      ['radishes', 'radish'],
      ['boxes', 'box'],
      ['eggs', 'egg'],
      ['sauces', 'sauce'],
      ['glass', 'glass'],
      ['hummus', 'hummus'],
      ['gas', 'gas'],
      ['apple', 'apple'],
    ];
    for (const [word, stem] of pairs) expect(stemWord(word)).toBe(stem);
  });

  it('writes pinyin without tones, with initials and syllable starts; ü as u', () => {
    expect(pinyinOf('苹果')).toEqual({ full: 'pingguo', initials: 'pg', starts: [0, 4], keys: ["ping'guo"] });
    expect(pinyinOf('西安 先').keys).toEqual(["xi'an", 'xian']);
    expect(pinyinOf('绿豆').full).toBe('ludou');
    expect(pinyinOf('100%橙汁').full).toBe('chengzhi');
    expect(pinyinOf('apple').full).toBe('');
  });
});

describe('search: English', () => {
  it('ranks exact name, prefix, whole word, then substring', () => {
    expect(search('apple')).toEqual([3, 2, 1, 4]);
  });

  it('is case- and plural-insensitive', () => {
    for (const q of ['Apples', 'APPLE', 'apples']) expect(search(q)).toEqual([3, 2, 1, 4]);
    expect(search('dumpling')).toEqual([13]);
    expect(search('mushroom')).toEqual([7, 8]);
    expect(search('tomato')).toEqual([20]);
    expect(search('peach')).toEqual([23]);
  });

  it('"berries" finds Blueberry, Strawberries and Mixed Berries (word before substring)', () => {
    expect(search('berries')).toEqual([31, 6, 5]);
    expect(search('berry')).toEqual([31, 6, 5]);
  });

  it('is accent-insensitive both ways', () => {
    expect(search('jalapeno')).toEqual([12]);
    expect(search('JALAPEÑO')).toEqual([12]);
    expect(search('creme fraiche')).toEqual([29]);
  });

  it('breaks ties by sold_count, then by id', () => {
    expect(search('juice')).toEqual([2, 15, 16]);
    const twins = buildSearchIndex(
      [9, 4, 7].map((id) => ({ ...(DOCS[0] as SearchDocument), id, en_name: 'Gala Apple', sold_count: 5 })),
    );
    expect(twins.search('gala')).toEqual([4, 7, 9]);
  });

  it('needs every word to match somewhere (AND), whole-query prefix first', () => {
    expect(search('orange juice')).toEqual([16, 15]);
    expect(search('apple juice')).toEqual([2]);
    expect(search('fuji apples')).toEqual([1]);
    expect(search('orange 橙汁')).toEqual([15, 16]);
    expect(search('apple xyzzy')).toEqual([]);
    expect(search('apple apple')).toEqual(search('apple'));
  });
});

describe('search: Chinese, pinyin, traditional', () => {
  it('matches Chinese substrings, including one and two characters', () => {
    expect(search('苹果')).toEqual([3, 2, 1]);
    expect(search('菇')).toEqual([7, 8]);
    expect(search('橙汁')).toEqual([15, 16]);
  });

  it('matches pinyin with or without spaces, and by initials', () => {
    for (const q of ['pingguo', 'ping guo', 'PingGuo', 'pg']) expect(search(q)).toEqual([3, 2, 1]);
    expect(search('jinzhengu')).toEqual([7]);
    expect(search('jin zhen gu')[0]).toBe(7);
    expect(search('jzg')).toEqual([7]);
    expect(search('shanghaiqing')).toEqual([9]);
    // Split off syllable boundaries, the words only match run together.
    expect(search('jinz hengu')).toEqual([7]);
  });

  it('reads ü as v or u', () => {
    for (const q of ['lvdou', 'ludou', 'lüdou']) expect(search(q)).toEqual([21]);
    expect(search('lvcha')).toEqual([24]);
  });

  it('folds traditional characters to simplified', () => {
    expect(search('蘋果')).toEqual([3, 2, 1]);
    expect(search('雞蛋')).toEqual([14, 28]);
    expect(search('金針菇')).toEqual([7]);
  });
});

describe('search: brands and categories', () => {
  it('finds a brand’s products in either language', () => {
    for (const q of ['Lee Kum Kee', 'lee kum kee', '李锦记', '李錦記'])
      expect(search(q)).toEqual([17, 18, 19]);
  });

  it('ranks name matches above brand matches', () => {
    expect(search('lao gan ma')).toEqual([11, 32]);
    expect(search('老干妈')).toEqual([11, 32]);
  });

  it('finds a category’s products, below name matches', () => {
    const vegetables = [9, 27, 7, 8, 20, 10, 12];
    expect(search('蔬菜')).toEqual(vegetables);
    expect(search('vegetables')).toEqual(vegetables);
    expect(search('shucai')).toEqual(vegetables);
    // Crème Fraîche is the best seller but only its category says "Eggs".
    expect(search('eggs')).toEqual([14, 28, 29]);
  });

  it('puts products named by the query first and leaves out those only their category names', () => {
    // Ya Pears and Korla Pears outsell every apple, and their category is "Apples & Pears".
    for (const q of ['apple', 'apples', '苹果', 'pingguo']) expect(search(q)).not.toContain(33);
    expect(search('apple').slice(0, 3)).toEqual([3, 2, 1]);
    expect(search('苹果')).toEqual([3, 2, 1]);
  });

  it('keeps category-only matches when nothing else matches or the query is a whole category name', () => {
    expect(search('apples & pears')).toEqual([33, 34]);
    expect(search('苹果梨类')).toEqual([33, 34]);
    expect(search('fruit')).toEqual(expect.arrayContaining([33, 34, 1, 3]));
    expect(search('水果')).toEqual(expect.arrayContaining([33, 34, 1, 3]));
  });
});

describe('search: literal characters and absurd input', () => {
  it('treats % _ and regular-expression characters literally', () => {
    expect(search('100%')).toEqual([15]);
    expect(search('%')).toEqual([15]);
    expect(search('_')).toEqual([25]);
    expect(search('snack_pack')).toEqual([25]);
    for (const q of ['.*', '(', '[a-z]', '^', '$', '\\', '?', '+']) expect(search(q)).toEqual([]);
  });

  it('returns nothing for blank queries', () => {
    for (const q of ['', '   ', '\u0000', '\t\n', '\u200b']) expect(search(q)).toEqual([]);
  });

  it('never throws on absurd input', () => {
    const inputs = [
      'a'.repeat(10_000),
      'x '.repeat(5_000),
      '🍎🍏🥬',
      '\u202eelppa',
      'تفاحة',
      '\ud83c',
      'apple\u0000',
      `${'%'.repeat(50)}_`,
    ];
    for (const q of inputs) expect(() => search(q)).not.toThrow();
    expect(search('apple\u0000')).toEqual([3, 2, 1, 4]);
    expect(search('🍎🍏🥬')).toEqual([]);
  });
});

describe('search: engine consistency', () => {
  it('gives the same answers whatever was asked before', () => {
    const queries = [
      'apple',
      'ping guo',
      'lee kum kee',
      '蔬菜',
      'orange juice',
      'a',
      'xyzzy',
      'eggs',
      'jinz hengu',
    ];
    const first = queries.map(search);
    const again = [...queries].reverse().map(search).reverse();
    expect(again).toEqual(first);
  });

  it('answers the same whether later words are checked per candidate or looked up', () => {
    // Every pair of items, with sales that disagree with relevance, so any tier difference shows.
    const pairs = DOCS.flatMap((a, i) =>
      DOCS.map((b, j) => ({
        ...a,
        id: i * 100 + j,
        en_name: `${a.en_name} ${b.en_name}`,
        zn_name: `${a.zn_name}${b.zn_name}`,
        category_en_name: b.category_en_name,
        category_zn_name: b.category_zn_name,
        sold_count: (i * 37 + j * 11) % 23,
      })),
    );
    const scanning = buildSearchIndex(pairs, { verifyBelow: 0 });
    const verifying = buildSearchIndex(pairs, { verifyBelow: Number.POSITIVE_INFINITY });
    const fragments = [
      ...['apple', 'app', 'juice', 'orange', 'eggs', 'egg', 'lee', 'kum', 'kee', 'sauce', 'fruit', 'tea'],
      ...['lao', 'gan', 'ma', 'ping', 'guo', 'pg', 'jin', 'zhen', 'gu', 'shu', 'cai', 'lv', 'dou', 'a', 'e'],
      ...['苹果', '橙汁', '菇', '李锦记', '蔬菜', '水果', '辣椒', '100%', '_', 'free-range', 'crème'],
      ...['berries', 'berry', 'dumpling', 'mushroom', 'tomato', 'peach', 'noodle', 'pineapple', 'apples'],
    ];
    const query = fc
      .array(fc.constantFrom(...fragments), { minLength: 2, maxLength: 4 })
      .map((w) => w.join(' '));
    fc.assert(
      fc.property(query, (q) => {
        expect(verifying.search(q)).toEqual(scanning.search(q));
      }),
      {
        numRuns: 400,
        examples: [['apple egg'], ['apple dumpling'], ['mushroom apples'], ['lao gan ma egg']],
      },
    );
  }, 60_000);

  it('answers the same when built a slice at a time', async () => {
    const sliced = await buildSearchIndexInSlices(DOCS, {}, 7);
    const queries = [
      'apple',
      'app',
      'juice',
      'pg',
      '苹果',
      'lao gan ma',
      'egg',
      'fruit',
      'berries',
      'cai',
      'e',
    ];
    for (const q of queries) expect(sliced.search(q)).toEqual(index.search(q));
    expect(sliced.size).toBe(DOCS.length);
  });

  it('answers exactly as one built at once, whatever the slice', async () => {
    // Many documents sharing words, aliases and category names, with sales that disagree with relevance.
    const docs = DOCS.flatMap((a, i) =>
      DOCS.map((b, j) => ({
        ...a,
        id: i * 100 + j,
        en_name: `${a.en_name} ${b.en_name}`,
        zn_name: `${a.zn_name}${b.zn_name}`,
        category_names: [a.category_en_name, b.category_zn_name],
        aliases: (i + j) % 9 === 0 ? ['pak choi', '小白菜'] : [],
        sold_count: (i * 37 + j * 11) % 23,
      })),
    );
    const whole = buildSearchIndex(docs);
    const queries = [
      ...['apple', 'app', 'juice', 'orange eggs', 'lee kum', 'sauce', 'fruit', 'tea', 'lao gan ma'],
      ...['ping guo', 'pg', 'jin zhen gu', 'shu cai', 'lv dou', 'a', 'e', 'pak', 'pak choi', 'xiao bai'],
      ...['苹果', '橙汁', '菇', '李锦记', '蔬菜', '水果', '小白菜', 'berries', 'dumplings', 'apples'],
    ];
    for (const slice of [1, 13, 500, docs.length + 1]) {
      const sliced = await buildSearchIndexInSlices(docs, {}, slice);
      expect(sliced.size).toBe(whole.size);
      for (const q of queries) expect(sliced.search(q), `${q} (slices of ${slice})`).toEqual(whole.search(q));
    }
    expect(whole.search('pak choi').length).toBeGreaterThan(0);
  }, 60_000);

  it('reports its size and copes with an empty catalogue', () => {
    expect(index.size).toBe(DOCS.length);
    expect(buildSearchIndex([]).search('apple')).toEqual([]);
  });
});
