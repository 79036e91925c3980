import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatCents } from '#shared/money';
import { COUPON_MAX } from '#shared/schemas/order.rules';
import { useCouponCheck } from '#web/api/coupons';
import type { SummaryRow } from '#web/components/order/summary-rows';
import { messageOf } from '#web/lib/api-client';
import { centsOf } from '#web/lib/money';
import './cart-coupon.css';

/** A code as the server keeps it (order/coupon.ts: case-insensitive, stored upper-case). */
const normalised = (code: string) => code.trim().toUpperCase();

export interface CartCoupon {
  /** The field, its Apply button and what the check said. */
  field: ReactNode;
  /** The discount the server gave the applied code on these lines (0 until it has). */
  discountCents: number;
  /** The summary's Discount row, once a code is accepted. */
  row?: SummaryRow;
  /** The code the order carries: the accepted one, else none. */
  code: string;
  /** Why the order should wait: a typed code not applied yet, or one being checked. */
  waiting?: string;
}

/**
 * The cart's coupon (docs/product.md, Cart and checkout): a code typed and applied is checked by
 * the server against the lines the order would have and the chosen address (`GET /api/cart/coupon`,
 * the order's own rules); an accepted one gives the discount the totals then show, and goes with
 * the order; a refused one says why and is left out. `?coupon=CODE` (the Coupons page) applies one.
 */
export function useCartCoupon(
  address: string | undefined,
  lines: readonly { id: number; num: number }[],
  subtotal: number,
): CartCoupon {
  const { t } = useTranslation('cart');
  const [params] = useSearchParams();
  const [draft, setDraft] = useState(() => params.get('coupon') ?? '');
  const [applied, setApplied] = useState(() => normalised(params.get('coupon') ?? '').slice(0, COUPON_MAX));
  const check = useCouponCheck({ code: applied, address, lines });
  const inputId = useId();
  // An answer for other lines (kept while the changed cart is checked again) gives no discount.
  const answer =
    check.data && !check.isPlaceholderData && centsOf(check.data.subtotal) === subtotal
      ? check.data
      : undefined;
  const refused =
    applied !== '' && check.isError && !check.isFetching ? messageOf(check.error, t) : undefined;
  const checking = applied !== '' && lines.length > 0 && !answer && !refused;
  const discountCents = answer ? Math.min(centsOf(answer.discount), subtotal) : 0;
  const unapplied = draft.trim() !== '' && normalised(draft) !== applied;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied(normalised(draft));
  };
  const clear = () => {
    setDraft('');
    setApplied('');
  };

  const field = (
    <form className="cart-coupon" onSubmit={apply}>
      <label className="field-label" htmlFor={inputId}>
        {t('coupon')}
      </label>
      <div className="cart-coupon-row">
        <input
          id={inputId}
          className="input"
          value={draft}
          maxLength={COUPON_MAX}
          autoCapitalize="characters"
          autoComplete="off"
          placeholder={t('couponPlaceholder')}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button button-secondary" disabled={draft.trim() === ''}>
          {t('couponApply')}
        </button>
      </div>
      <div aria-live="polite">
        {answer && (
          <p className="cart-coupon-applied">
            <span>{t('couponApplied', { code: answer.code, amount: formatCents(discountCents) })}</span>{' '}
            <button type="button" className="cart-coupon-remove" onClick={clear}>
              {t('couponRemove')}
            </button>
          </p>
        )}
        {refused && <p className="cart-coupon-refused">{refused}</p>}
        {checking && <p className="summary-note">{t('couponChecking')}</p>}
      </div>
    </form>
  );
  return {
    field,
    discountCents,
    code: answer ? answer.code : '',
    ...(answer && discountCents > 0
      ? { row: { label: t('discount', { code: answer.code }), cents: discountCents, deducted: true } }
      : {}),
    ...(unapplied ? { waiting: t('couponApplyFirst') } : checking ? { waiting: t('couponChecking') } : {}),
  };
}
