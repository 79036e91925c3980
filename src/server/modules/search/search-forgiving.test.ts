import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type SearchDocument } from './search.engine';
import { foldText, normaliseQuery } from './search.normalise';
import { editDistance, maxEdits, synonymsOf, Vocabulary, variantsOf } from './search.variants';

const doc = (id: number, en: string, zh: string, sold = 0, category = 'Fruit'): SearchDocument => ({
  id,
  en_name: en,
  zn_name: zh,
  brand_en_name: '',
  brand_zn_name: '',
  category_en_name: category,
  category_zn_name: '',
  category_names: [category],
  sold_count: sold,
});

const DOCS = [
  doc(1, 'Bananas', '香蕉', 40),
  doc(2, 'Banana Flavored Milk', '香蕉牛奶', 90, 'Dairy'),
  doc(3, 'Fuji Apples', '富士苹果', 30),
  doc(4, 'Maple Syrup', '枫糖浆', 5, 'Pantry'),
  doc(5, 'Shanghai Bok Choy', '上海青', 20, 'Vegetables'),
  doc(6, 'Baby Bok Choy', '奶白菜', 10, 'Vegetables'),
  doc(7, 'Pork and Napa Cabbage Dumplings', '思念猪肉白菜水饺', 15, 'Frozen'),
  doc(8, 'Pork and Vegetable Mandu', '必品阁韩式饺子', 8, 'Frozen'),
  doc(9, 'Chocolate Wafers', '巧克力威化', 12, 'Snacks'),
  doc(10, 'Pear Juice', '梨汁', 3, 'Drinks'),
  doc(11, 'Peas', '豌豆', 3, 'Vegetables'),
];
const SYNONYMS = [
  ['bok choy', 'pak choi', '青菜', '油菜', '小白菜', '青江菜', '上海青', '奶白菜'],
  ['dumpling', '饺子', '水饺', 'mandu', 'jiaozi'],
];
const index = buildSearchIndex(DOCS, { synonyms: SYNONYMS });
const names = (q: string) => index.search(q).map((id) => DOCS.find((d) => d.id === id)?.en_name);

describe('typo tolerance', () => {
  it('allows no edit below 4 letters, 1 up to 7 and 2 from 8', () => {
    expect([3, 4, 7, 8, 12].map(maxEdits)).toEqual([0, 1, 1, 2, 2]);
  });

  it('counts insertions, deletions, substitutions and swapped neighbours as one edit each', () => {
    expect(editDistance('bananna', 'banana', 2)).toBe(1);
    expect(editDistance('aple', 'apple', 2)).toBe(1);
    expect(editDistance('aplpe', 'apple', 2)).toBe(1);
    expect(editDistance('pear', 'bear', 2)).toBe(1);
    expect(editDistance('choclate', 'chocolate', 2)).toBe(1);
    expect(editDistance('chcolaet', 'chocolate', 2)).toBe(2);
    expect(editDistance('chclaet', 'chocolate', 2)).toBe(3);
    expect(editDistance('abc', 'abcdef', 2)).toBe(3);
  });

  it('finds bananas for "bananna" and apples for "aple"', () => {
    expect(names('bananna')).toEqual(['Banana Flavored Milk', 'Bananas']);
    expect(names('BANANNAS')).toEqual(['Banana Flavored Milk', 'Bananas']);
    expect(names('chocolat wafers')).toEqual(['Chocolate Wafers']);
    expect(names('chcolate')).toEqual(['Chocolate Wafers']);
  });

  it('ranks what the query finds as typed above what only its correction finds', () => {
    // "aple" is in "maple" as typed; "apple" is one edit away.
    expect(names('aple')).toEqual(['Maple Syrup', 'Fuji Apples']);
  });

  it('does not correct a word some name starts with, nor a short one', () => {
    expect(names('pear')).toEqual(['Pear Juice']);
    expect(names('bana')).toEqual(['Banana Flavored Milk', 'Bananas']);
    expect(names('pea')).toEqual(['Peas', 'Pear Juice']);
    expect(names('pez')).toEqual([]);
    expect(names('zzzzzz')).toEqual([]);
  });
});

describe('hyphen and space folding', () => {
  it('reads hyphens and dashes as spaces', () => {
    expect(foldText('Bok-Choy')).toBe('bok choy');
    expect(normaliseQuery(' bok – choy ')).toBe('bok choy');
    expect(normaliseQuery('-')).toBe('');
  });

  it('finds "bok choy" for "bok-choy" and "bokchoy"', () => {
    const both = ['Shanghai Bok Choy', 'Baby Bok Choy'];
    expect(names('bok-choy')).toEqual(both);
    expect(names('bokchoy')).toEqual(both);
    expect(names('bok choy')).toEqual(both);
  });

  it('finds a joined word for a spaced query', () => {
    const joined = buildSearchIndex([doc(1, 'Bokchoy Mix', '')]);
    expect(joined.search('bok choy')).toEqual([1]);
  });
});

describe('synonyms', () => {
  it('finds bok choy for every everyday name of it, in either language', () => {
    for (const q of ['青菜', '油菜', '小白菜', '青江菜', 'pak choi', 'Pak-Choi'])
      expect(names(q), q).toEqual(['Shanghai Bok Choy', 'Baby Bok Choy']);
  });

  it('finds every dumpling for 饺子 and for "dumplings"', () => {
    expect(names('饺子')).toEqual(['Pork and Napa Cabbage Dumplings', 'Pork and Vegetable Mandu']);
    expect(names('dumplings')).toEqual(['Pork and Napa Cabbage Dumplings', 'Pork and Vegetable Mandu']);
    // Synonyms are as strong as the term itself: the better-selling product first.
    expect(names('mandu')).toEqual(['Pork and Napa Cabbage Dumplings', 'Pork and Vegetable Mandu']);
  });

  it('finds nothing more without synonyms', () => {
    const plain = buildSearchIndex(DOCS);
    expect(plain.search('青菜')).toEqual([]);
    expect(plain.search('饺子')).toEqual([8]);
  });

  it('groups terms by their normal form, each term giving the others', () => {
    const map = synonymsOf([
      ['Bok-Choy', '青江菜', '青江菜 '],
      ['Dumplings', '饺子'],
    ]);
    expect(map.get('bok choy')).toEqual(['青江菜']);
    expect(map.get('青江菜')).toEqual(['bok choy']);
    expect(map.get('dumpling')).toEqual(['饺子']);
  });

  it('searches at most 8 forms of a query', () => {
    const words = new Vocabulary(new Map([['banana', 1]]));
    const many = synonymsOf([Array.from({ length: 20 }, (_, i) => `term${i}`)]);
    expect(variantsOf('term1', words, many)).toHaveLength(8);
  });
});

describe('suggestions on an empty result', () => {
  it('offers the nearest words for a query too far off to be corrected', () => {
    expect(index.search('bnaanna')).toEqual([]);
    expect(index.suggestion('bnaanna')).toBe('banana');
    expect(index.suggestion('bnaanna milk')).toBe('banana milk');
  });

  it('offers the longest part of a Chinese query that finds something', () => {
    expect(index.search('香蕉派对')).toEqual([]);
    expect(index.suggestion('香蕉派对')).toBe('香蕉');
  });

  it('offers nothing when the query finds something or nothing is near', () => {
    expect(index.suggestion('bananas')).toBeUndefined();
    expect(index.suggestion('xylophone')).toBeUndefined();
  });
});
