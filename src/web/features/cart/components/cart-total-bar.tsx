import { useTranslation } from 'react-i18next';
import { formatCents } from '#shared/money';

interface CartTotalBarProps {
  total: number;
  canSubmit: boolean;
  pending: boolean;
  onSubmit: () => void;
}

/** Phones only: the total and the submit button, kept at the bottom of the screen above the tab bar. */
export function CartTotalBar({ total, canSubmit, pending, onSubmit }: CartTotalBarProps) {
  const { t } = useTranslation('cart');
  return (
    <div className="cart-total-bar">
      <p className="cart-total-bar-total">
        <span>{t('total')}</span> <strong>{formatCents(total)}</strong>
      </p>
      <button
        type="button"
        className="button button-primary"
        disabled={!canSubmit || pending}
        onClick={onSubmit}
      >
        {t('submit')}
      </button>
    </div>
  );
}
