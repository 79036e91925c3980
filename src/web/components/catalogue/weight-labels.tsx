import { useTranslation } from 'react-i18next';
import type { SoldByWeight } from '#shared/schemas/weight.zod';
import { formatUnitPrice, formatWeight, lineUnitPriceOf, type WeightUnit } from '#shared/weight';
import { useLanguage } from '#web/lib/i18n';
import { centsOf } from '#web/lib/money';
import './weight-labels.css';

/**
 * How goods sold by weight read to the shopper (docs/product.md, Sold by weight): the price per
 * unit, a quantity as a weight ("1 lb", "2 pieces, about 1.2 lb") and the estimate mark.
 */

/** "$3.98/lb", "$3.98/磅". */
export function UnitPrice({ unit, unitPrice }: { unit: WeightUnit; unitPrice: number }) {
  const language = useLanguage();
  return <span className="unit-price">{formatUnitPrice(centsOf(unitPrice), unit, language)}</span>;
}

/** The text of `count` steps or pieces weighing `grams`: "1 lb", "2 pieces, about 1.2 lb". */
export function useWeighedQuantity() {
  const { t } = useTranslation('common');
  const language = useLanguage();
  return (sale: { unit: WeightUnit; piece_grams: number | null }, count: number, grams: number): string => {
    const weight = formatWeight(grams, sale.unit, language);
    return sale.piece_grams === null ? weight : t('weight.pieces', { count, weight });
  };
}

/** "estimate" / "预估" beside a figure that changes when the goods are weighed. */
export function EstimateMark() {
  const { t } = useTranslation('common');
  return <span className="estimate-mark">{t('weight.estimate')}</span>;
}

/**
 * The unit price a step is sold at now: a running promotion prices the step, and the unit price
 * follows by the same ratio (src/shared/weight.ts, lineUnitPriceOf), as the order will weigh it.
 */
export function unitPriceNow(sale: SoldByWeight, stepPrice: number): number {
  const cents = lineUnitPriceOf(
    {
      unit: sale.unit,
      unitPriceCents: centsOf(sale.unit_price),
      stepMilli: sale.step === null ? null : Math.round(sale.step * 1000),
      pieceGrams: sale.piece_grams,
    },
    centsOf(stepPrice),
  );
  return cents / 100;
}

/** A weighed product's unit price and what one step or piece is, for cards and the product page. */
export function SoldByWeightLine({
  sale,
  stepPrice,
  className,
}: {
  sale: SoldByWeight;
  /** What one step or piece costs now (a promotion's price while one runs). */
  stepPrice: number;
  className?: string;
}) {
  const quantity = useWeighedQuantity();
  return (
    <p className={className}>
      <UnitPrice unit={sale.unit} unitPrice={unitPriceNow(sale, stepPrice)} /> ·{' '}
      {quantity(sale, 1, sale.step_grams)}
    </p>
  );
}
