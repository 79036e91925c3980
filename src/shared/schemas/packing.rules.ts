/** What a packer can find for an order line (docs/product.md, Packing). */
export const PACKING_STATES = ['picked', 'short', 'replaced'] as const;
export type PackingState = (typeof PACKING_STATES)[number];

/** What a shopper asks for when an item is missing at packing. */
export const WHEN_MISSING = ['refund', 'replace'] as const;
export type WhenMissing = (typeof WHEN_MISSING)[number];

/** A mark's idempotency key: what the console sends (a UUID) or any 8–64 safe characters. */
export const MARK_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Most products the replacement picker answers. */
export const REPLACEMENT_RESULTS = 10;

/** What a replacement line costs the shopper a unit: never more than the line they ordered. */
export function chargedPriceOf(linePriceCents: number, replacementPriceCents: number): number {
  return Math.min(linePriceCents, replacementPriceCents);
}
