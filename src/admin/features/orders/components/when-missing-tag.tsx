import { useTranslation } from 'react-i18next';
import { asWhenMissing } from '#shared/schemas/cart.rules';

/** What the shopper chose for a line if it is out of stock at packing: the packer acts on it. */
export function WhenMissingTag({ choice }: { choice: string }) {
  const { t } = useTranslation();
  const known = asWhenMissing(choice);
  return (
    <span className={`orders-sub orders-when-missing is-${known}`}>{t(`orders.whenMissing.${known}`)}</span>
  );
}
