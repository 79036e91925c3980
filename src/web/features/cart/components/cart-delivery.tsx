import { useTranslation } from 'react-i18next';
import {
  type DeliveryCharges,
  formatCents,
  NO_DELIVERY_CHARGES,
  type OrderTotals,
  orderTotalsOf,
} from '#shared/money';
import type { DeliveryTerms } from '#shared/schemas/delivery';
import { DEFAULT_RATE_PPM, type OrderTax } from '#shared/tax';
import { useDeliveryTerms, useZipCheck } from '#web/api/delivery';
import type { SummaryRow } from '#web/components/order/summary-rows';
import { centsOf } from '#web/lib/money';
import './cart-delivery.css';

/** A cart line's goods (price × amount, cents) and tax class. */
export interface CartTaxLine {
  cents: number;
  taxClass: string;
}

export interface CartDelivery {
  /** The cart's money with the shop's fee and the coupon's discount, by the server's own function. */
  totals: OrderTotals & { taxes: OrderTax };
  /** The summary's delivery row, when the shop charges a fee: its amount, or "Free delivery". */
  row?: SummaryRow;
  /** Why the order cannot be placed: under the minimum, or an address outside the area. */
  refusal?: string;
  /** "Add $6.20 more for free delivery", while the goods are under the threshold. */
  toFree?: string;
}

const chargesOf = (terms: DeliveryTerms | undefined): DeliveryCharges =>
  terms
    ? { feeCents: centsOf(terms.fee), freeOverCents: centsOf(terms.free_over), taxOnFee: terms.tax_on_fee }
    : NO_DELIVERY_CHARGES;

/**
 * The shop's delivery terms applied to the cart (docs/product.md, Delivery): the fee and its
 * threshold, the minimum order, and whether the chosen address's ZIP is in the area. The server
 * checks all of it again when the order is placed.
 */
export function useCartDelivery(
  lines: readonly CartTaxLine[],
  zip: string | undefined,
  /** An accepted coupon's discount (cart-coupon.tsx): the fee's threshold and the tax count the goods after it. */
  discountCents = 0,
): CartDelivery {
  const { t } = useTranslation('cart');
  const terms = useDeliveryTerms().data;
  const check = useZipCheck(zip).data;
  const subtotal = lines.reduce((sum, l) => sum + l.cents, 0);
  // Each line at its class's rate where the chosen address is (the spec's 4.5 % until then).
  const taxLines = lines.map((l) => ({
    goodsCents: l.cents,
    ratePpm: check?.tax_rates[l.taxClass] ?? DEFAULT_RATE_PPM,
  }));
  const discount = Math.min(discountCents, subtotal);
  const totals = orderTotalsOf(subtotal, discount, chargesOf(terms), taxLines, check?.fee_tax_rate_ppm);
  const minimum = centsOf(terms?.minimum ?? 0);
  const refusal =
    zip !== undefined && terms?.has_area === true && check?.delivers === false
      ? t('outsideArea', { zip: check.zip })
      : subtotal > 0 && subtotal < minimum
        ? t('minimum', { min: formatCents(minimum) })
        : undefined;
  return {
    totals,
    ...(terms && terms.fee > 0
      ? {
          row:
            totals.deliveryFee > 0
              ? { label: t('deliveryFee'), cents: totals.deliveryFee }
              : { label: t('deliveryFee'), cents: 0, text: t('freeDelivery') },
        }
      : {}),
    ...(refusal ? { refusal } : {}),
    ...(totals.toFreeDelivery > 0 && subtotal > 0
      ? { toFree: t('toFreeDelivery', { amount: formatCents(totals.toFreeDelivery) }) }
      : {}),
  };
}

/** The cart's delivery note: how much more for free delivery, or why the order cannot be placed. */
export function CartDeliveryNote({ delivery }: { delivery: CartDelivery }) {
  if (!delivery.refusal && !delivery.toFree) return null;
  return (
    <p className={delivery.refusal ? 'cart-delivery-note cart-delivery-refusal' : 'cart-delivery-note'}>
      {delivery.refusal ?? delivery.toFree}
    </p>
  );
}
