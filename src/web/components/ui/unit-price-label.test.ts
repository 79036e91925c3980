import { describe, expect, it } from 'vitest';
import { centsToAmount } from '#shared/money';
import { type PackUnitPriceInput, UNIT_PRICE_BASES, unitPriceOf } from '#shared/unit-price';
import { localeT } from '../../../../tests/helpers/locale-t';
import { unitPriceLabel } from './unit-price-label';

const tOf = (language: 'en' | 'zh') => localeT(language, 'common');

/** What a shopper reads for a pack in each shop unit and language. */
const TABLE: [Omit<PackUnitPriceInput, 'soldBy'>, string, string][] = [
  [{ priceCents: 399, netQuantity: 500, netUnit: 'g', shopUnit: 'kg' }, '$0.80/100 g', '$0.80/100克'],
  [{ priceCents: 299, netQuantity: 1800, netUnit: 'ml', shopUnit: 'kg' }, '$0.17/100 ml', '$0.17/100毫升'],
  [{ priceCents: 1999, netQuantity: 4536, netUnit: 'g', shopUnit: 'lb' }, '$2.00/lb', '$2.00/磅'],
  [{ priceCents: 249, netQuantity: 397, netUnit: 'g', shopUnit: 'lb' }, '$0.18/oz', '$0.18/盎司'],
  [{ priceCents: 599, netQuantity: 1890, netUnit: 'ml', shopUnit: 'lb' }, '$0.09/fl oz', '$0.09/液量盎司'],
  [{ priceCents: 449, netQuantity: 12, netUnit: 'ct', shopUnit: 'lb' }, '$0.37/ea', '$0.37/个'],
  [{ priceCents: 449, netQuantity: 12, netUnit: 'ct', shopUnit: 'kg' }, '$0.37/ea', '$0.37/个'],
];

describe('the unit price a shopper reads', () => {
  it.each(TABLE)('%o reads %s and %s', async (input, en, zh) => {
    const unit = unitPriceOf({ soldBy: 'unit', ...input });
    if (!unit) throw new Error('no unit price');
    const answer = { amount: centsToAmount(unit.cents), per: unit.per };
    expect(unitPriceLabel(answer, await tOf('en'))).toBe(en);
    expect(unitPriceLabel(answer, await tOf('zh'))).toBe(zh);
  });

  it('has words for every basis in both languages, sold by weight too', async () => {
    for (const language of ['en', 'zh'] as const) {
      const t = await tOf(language);
      for (const per of UNIT_PRICE_BASES) {
        expect(t(`unitPrice.per.${per}`), `${language} ${per}`).not.toBe(`unitPrice.per.${per}`);
      }
    }
    const weighed = unitPriceOf({ soldBy: 'weight', pricePerWeightUnitCents: 398, shopUnit: 'lb' });
    if (!weighed) throw new Error('no unit price');
    const answer = { amount: centsToAmount(weighed.cents), per: weighed.per };
    expect(unitPriceLabel(answer, await tOf('zh'))).toBe('$3.98/磅');
  });
});
