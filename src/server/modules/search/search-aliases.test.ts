import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type SearchDocument } from './search.engine';

const doc = (id: number, en: string, zh: string, extra: Partial<SearchDocument> = {}): SearchDocument => ({
  id,
  en_name: en,
  zn_name: zh,
  brand_en_name: '',
  brand_zn_name: '',
  category_en_name: 'Leafy Greens Vegetables',
  category_zn_name: '叶菜类 新鲜蔬菜',
  category_names: ['Leafy Greens', 'Vegetables', '叶菜类', '新鲜蔬菜'],
  sold_count: 0,
  ...extra,
});

describe('search aliases', () => {
  const index = buildSearchIndex([
    doc(1, 'Shanghai Bok Choy', '上海青', { aliases: ['pak choi', '青江菜', 'Bok choy'] }),
    doc(2, 'Pak Choi Chips', '小白菜脆片', { sold_count: 50 }),
    doc(3, 'Spinach', '菠菜', { sold_count: 100 }),
  ]);

  it('finds a product by its alias as strongly as by its name', () => {
    expect(index.search('pak choi')).toEqual([1, 2]);
    expect(index.search('Pak  CHOI')).toEqual([1, 2]);
    expect(index.search('青江菜')).toEqual([1]);
    expect(index.search('pak')[0]).toBe(2);
    expect(index.search('pak')).toContain(1);
  });

  it('finds a Chinese alias by its pinyin, whole or by initials', () => {
    expect(index.search('qingjiangcai')).toEqual([1]);
    expect(index.search('qing jiang cai')).toEqual([1]);
    expect(index.search('qjc')).toEqual([1]);
  });

  it('leaves products without a matching alias alone', () => {
    expect(index.search('spinach')).toEqual([3]);
    expect(index.search('kale')).toEqual([]);
  });
});
