import { useTranslation } from 'react-i18next';
import { formatCents } from '#shared/money';
import type { UnitPriceAnswer } from '#shared/schemas/catalogue';
import { centsOf } from '#web/lib/money';
import './unit-price.css';

/**
 * The price per unit under a price (docs/product.md, Price per unit): "$0.80/100 g", "$0.80/100克";
 * nothing when the product has none.
 */
export function UnitPrice({
  unitPrice,
  className,
}: {
  unitPrice: UnitPriceAnswer | null;
  className?: string;
}) {
  const { t } = useTranslation('common');
  if (!unitPrice) return null;
  const price = formatCents(centsOf(unitPrice.amount));
  return (
    <span className={`unit-price${className ? ` ${className}` : ''}`} data-testid="unit-price">
      {t('unitPrice.label', { price, per: t(`unitPrice.per.${unitPrice.per}`) })}
    </span>
  );
}
