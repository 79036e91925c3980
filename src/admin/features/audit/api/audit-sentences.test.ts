import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { actionSentence, changeSentences } from './audit-sentences';

const LOCALES = join(import.meta.dirname, '../../../../../public/locales');
const load = (language: string) => JSON.parse(readFileSync(join(LOCALES, language, 'admin.json'), 'utf8'));

async function reader(language: 'en' | 'zh') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { [language]: { translation: load(language) } },
    interpolation: { escapeValue: false },
  });
  return { t: i18n.t.bind(i18n), when: (iso: string) => iso };
}

describe('audit lines as sentences', () => {
  it.each([
    [
      'en',
      '$1.66 refunded',
      'Marked a line short (2 missing)',
      'Changed the price from $3.98 to $3.49',
      'Changed the rate from 4.5 % to 8.875 %',
      'Deleted a tax class',
    ],
    [
      'zh',
      '退款 $1.66',
      '标记商品行缺货（缺 2 件）',
      '将价格从 $3.98 改为 $3.49',
      '将税率从 4.5% 改为 8.875%',
      '删除了税类',
    ],
  ] as const)('read in %s', async (language, refund, mark, price, taxRate, deleted) => {
    const { t, when } = await reader(language);
    expect(
      actionSentence({ action: 'order.refund', before: null, after: { amount_cents: 166, whole: false } }, t),
    ).toBe(refund);
    const line = {
      action: 'order.line.mark',
      before: null,
      after: { line: 9, state: 'short', short_qty: 2 },
    };
    expect(actionSentence(line, t)).toBe(mark);
    // What the sentence told is not repeated field by field.
    expect(changeSentences(line, { t, when })).toEqual([]);
    const update = {
      action: 'product.update',
      before: { price: 3.98, weight_g: null, en_name: 'Fuyu' },
      after: { price: 3.49, weight_g: 500, en_name: 'Fuyu' },
    };
    expect(actionSentence(update, t)).not.toContain('product.update');
    expect(changeSentences(update, { t, when })[0]).toBe(price);
    expect(changeSentences(update, { t, when })).toHaveLength(2);
    const rate = {
      action: 'tax.class.update',
      before: { en_name: 'Household', rate_ppm: 45_000 },
      after: { en_name: 'Household', rate_ppm: 88_750 },
    };
    expect(changeSentences(rate, { t, when })).toEqual([taxRate]);
    expect(actionSentence({ action: 'tax.class.delete', before: rate.after, after: null }, t)).toBe(deleted);
  });
});
