import { describe, expect, it } from 'vitest';
import { localeT } from '../../../../../tests/helpers/locale-t';
import { specRows } from './product-spec-rows';

const tOf = (language: 'en' | 'zh') => localeT(language, 'catalogue');

const product = {
  brand_en_name: 'Orchard Co',
  brand_zn_name: '果园',
  number: '1 × 12',
  en_weight: 'about 1 lb',
  zn_weight: '约 1 磅',
  net_weight: 450,
  term: 14,
};

describe('a product’s specification rows', () => {
  it.each(['en', 'zh'] as const)('show every set field in %s, as the spec lists them', async (language) => {
    const t = await tOf(language);
    const rows = specRows(product, language, t);
    expect(rows.map(([label]) => label)).toEqual(
      ['brand', 'boxGauge', 'weight', 'netWeight', 'shelfLife'].map((key) => t(`product.${key}`)),
    );
    expect(rows[3]?.[1]).toBe(language === 'en' ? '450 g' : t('product.grams', { count: 450 }));
    expect(rows[4]?.[1]).toBe(t('product.days', { count: 14 }));
  });

  it.each(['en', 'zh'] as const)(
    'leave out an unset weight or shelf life in %s, never "0 g"',
    async (language) => {
      const t = await tOf(language);
      const rows = specRows(
        { ...product, net_weight: 0, term: 0, brand_en_name: '', brand_zn_name: '' },
        language,
        t,
      );
      expect(rows.map(([label]) => label)).toEqual(['boxGauge', 'weight'].map((key) => t(`product.${key}`)));
      expect(rows.some(([, value]) => /^0\b/.test(value))).toBe(false);
    },
  );

  it('add the net volume of a liquid and the count of goods sold by the piece', async () => {
    const en = await tOf('en');
    const zh = await tOf('zh');
    const milk = { ...product, net_quantity: 1890, net_unit: 'ml' as const };
    expect(specRows(milk, 'en', en)).toContainEqual(['Net volume', '1890 ml']);
    expect(specRows(milk, 'zh', zh)).toContainEqual(['净含量', '1890 毫升']);
    const eggs = { ...product, net_quantity: 12, net_unit: 'ct' as const };
    expect(specRows(eggs, 'en', en)).toContainEqual(['Count', '12 pieces']);
    expect(specRows(eggs, 'zh', zh)).toContainEqual(['数量', '12 个']);
    expect(specRows({ ...product, net_quantity: 450, net_unit: 'g' as const }, 'en', en)).toHaveLength(5);
  });
});
