import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '#shared/money';

interface CartTotalBarProps {
  total: number;
  canSubmit: boolean;
  pending: boolean;
  /** Why submitting is not possible yet. */
  hint?: string;
  /** Why placing the order failed. */
  error?: string;
  onSubmit: () => void;
}

/**
 * Phones only: the total and the submit button, kept at the bottom of the screen above the tab bar,
 * with why the order failed or cannot be placed yet (the summary's own words may be scrolled away).
 */
export function CartTotalBar({ total, canSubmit, pending, hint, error, onSubmit }: CartTotalBarProps) {
  const { t } = useTranslation('cart');
  const hintId = useId();
  const showHint = hint && !canSubmit && !error;
  return (
    <div className="cart-total-bar">
      {error && (
        <p className="form-error cart-total-bar-note" role="alert">
          {error}
        </p>
      )}
      {showHint && (
        <p className="summary-note cart-total-bar-note" id={hintId}>
          {hint}
        </p>
      )}
      <p className="cart-total-bar-total">
        <span>{t('total')}</span> <strong>{formatCents(total)}</strong>
      </p>
      <button
        type="button"
        className="button button-primary"
        disabled={!canSubmit || pending}
        aria-describedby={showHint ? hintId : undefined}
        onClick={onSubmit}
      >
        {t('submit')}
      </button>
    </div>
  );
}
