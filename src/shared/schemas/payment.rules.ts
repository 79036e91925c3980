/** Pay-form rules beyond the card's own (card.rules.ts), shared by the web's pay page and the server. */

/** The billing address of the pay form, in form order (docs/product.md §7: billing[firstName] …). */
export const BILLING_FIELDS = ['firstName', 'lastName', 'address', 'city', 'state', 'zip'] as const;
export type BillingField = (typeof BILLING_FIELDS)[number];
export const BILLING_FIELD_MAX = 60;

/** Wallets of the pay page (docs/product.md §2 Pay). */
export const WALLET_VENDORS = ['creditcard', 'wechatpay', 'alipay'] as const;
export type WalletVendorName = (typeof WALLET_VENDORS)[number];

/**
 * What a weighed order's payment holds (docs/architecture.md §6, Weighed goods): the estimate plus
 * the shop's buffer percent, in whole cents rounded half up.
 */
export function withBuffer(estimateCents: number, bufferPercent: number): number {
  return Math.floor((estimateCents * (100 + bufferPercent) + 50) / 100);
}
