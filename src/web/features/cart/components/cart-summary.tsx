import type { TFunction } from 'i18next';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Totals } from '#shared/money';
import { type OrderTax, ratePercent, showsTaxByRate } from '#shared/tax';
import { type SummaryRow, SummaryRows } from '#web/components/order/summary-rows';

interface CartSummaryProps {
  /** A weighed product is ordered: the figures are an estimate until packed. */
  estimate?: boolean;
  /** With the tax by rate where the chosen address is, when known. */
  totals: Totals & { taxes?: OrderTax };
  /** The delivery fee's row, when the shop charges one. */
  delivery?: SummaryRow | undefined;
  /** The coupon field (cart-coupon.tsx), and its Discount row once a code is accepted. */
  couponField: ReactNode;
  discount?: SummaryRow | undefined;
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

/** A coupon, subtotal, its discount, tax 4.5 %, the delivery fee and total (the server's own tax function), and submit. */
export function CartSummary({
  totals,
  delivery,
  couponField,
  discount,
  canSubmit,
  pending,
  hint,
  error,
  onSubmit,
  estimate = false,
}: CartSummaryProps) {
  const { t } = useTranslation('cart');
  const hintId = useId();
  return (
    <section className="cart-summary" aria-label={t('summary')}>
      {couponField}
      <SummaryRows
        rows={[
          { label: t('subtotal'), cents: totals.subtotal },
          ...(discount ? [discount] : []),
          ...taxRows(totals, t),
          ...(delivery ? [delivery] : []),
        ]}
        total={{ label: t('total'), cents: totals.total }}
      />
      {estimate && <p className="summary-note">{t('estimateNote')}</p>}
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
