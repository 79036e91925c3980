import type { TFunction } from 'i18next';
import { formatCents } from '#shared/money';
import type { UnitPriceAnswer } from '#shared/schemas/catalogue';
import { centsOf } from '#web/lib/money';

/** "$0.80/100 g", "$0.80/100克", "$0.37/ea", "$0.37/个" (common.json `unitPrice`). */
export function unitPriceLabel(unitPrice: UnitPriceAnswer, t: TFunction): string {
  const price = formatCents(centsOf(unitPrice.amount));
  return t('unitPrice.label', { price, per: t(`unitPrice.per.${unitPrice.per}`) });
}
