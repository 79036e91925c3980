import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Totals } from '#shared/money';
import { COUPON_MAX } from '#shared/schemas/order.rules';
import { type OrderTax, ratePercent, showsTaxByRate } from '#shared/tax';
import { type SummaryRow, SummaryRows } from '#web/components/order/summary-rows';

interface CartSummaryProps {
  /** A weighed product is ordered: the figures are an estimate until packed. */
  estimate?: boolean;
  /** With the tax by rate where the chosen address is, when known. */
  totals: Totals & { taxes?: OrderTax };
  /** The delivery fee's row, when the shop charges one. */
  delivery?: SummaryRow | undefined;
  coupon: string;
  onCoupon: (coupon: string) => void;
  canSubmit: boolean;
  pending: boolean;
  /** Why submitting is not possible yet, read out next to the button. */
  hint?: string;
  error?: string;
  onSubmit: () => void;
}

/**
 * The tax as the order will show it: a row per rate ("Tax 8.875%") where the chosen address is
 * taxed at several rates or one other than 4.5 %, else the spec's one "Tax (4.5%)" row.
 */
function taxRows(totals: CartSummaryProps['totals'], t: TFunction<'cart'>): SummaryRow[] {
  const rates = totals.taxes?.rates ?? [];
  if (!showsTaxByRate(rates.map((r) => r.ratePpm))) return [{ label: t('tax'), cents: totals.tax }];
  return rates.map((r) => ({ label: t('taxAt', { rate: ratePercent(r.ratePpm) }), cents: r.taxCents }));
}

/** Subtotal, tax 4.5 %, the delivery fee and total (the server's own tax function), a coupon, and submit. */
export function CartSummary({
  totals,
  delivery,
  coupon,
  onCoupon,
  canSubmit,
  pending,
  hint,
  error,
  onSubmit,
  estimate = false,
}: CartSummaryProps) {
  const { t } = useTranslation('cart');
  const couponId = useId();
  const hintId = useId();
  return (
    <section className="cart-summary" aria-label={t('summary')}>
      <label className="field" htmlFor={couponId}>
        <span className="field-label">{t('coupon')}</span>
        <input
          id={couponId}
          className="input"
          value={coupon}
          maxLength={COUPON_MAX}
          autoCapitalize="characters"
          placeholder={t('couponPlaceholder')}
          onChange={(event) => onCoupon(event.target.value)}
        />
      </label>
      <SummaryRows
        rows={[
          { label: t('subtotal'), cents: totals.subtotal },
          ...taxRows(totals, t),
          ...(delivery ? [delivery] : []),
        ]}
        total={{ label: t('total'), cents: totals.total }}
      />
      {estimate && <p className="summary-note">{t('estimateNote')}</p>}
      {coupon.trim() !== '' && <p className="summary-note">{t('couponNote')}</p>}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {hint && !canSubmit && (
        <p className="summary-note" id={hintId}>
          {hint}
        </p>
      )}
      <button
        type="button"
        className="button button-primary cart-submit"
        disabled={!canSubmit || pending}
        aria-describedby={hint && !canSubmit ? hintId : undefined}
        onClick={onSubmit}
      >
        {t('submit')}
      </button>
    </section>
  );
}
