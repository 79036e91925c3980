import { useTranslation } from 'react-i18next';
import type { UnitPriceAnswer } from '#shared/schemas/catalogue';
import { unitPriceLabel } from './unit-price-label';
import './unit-price.css';

/**
 * The price per unit beside a price (docs/product.md, Price per unit); nothing when the product
 * has none.
 */
export function UnitPrice({ unitPrice }: { unitPrice: UnitPriceAnswer | null }) {
  const { t } = useTranslation('common');
  if (!unitPrice) return null;
  return (
    <span className="unit-price" data-testid="unit-price">
      {unitPriceLabel(unitPrice, t)}
    </span>
  );
}
