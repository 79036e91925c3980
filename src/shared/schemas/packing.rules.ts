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

/** What a packing line's record can be: a packer's mark, or a substitute awaiting the shopper. */
export type MarkState = PackingState | 'proposed';

/** A proposal's course (docs/product.md, Substitutions). */
export const PROPOSAL_STATUSES = ['pending', 'approved', 'declined', 'expired'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** A shopper's answer to a proposed substitute. */
export const PROPOSAL_ANSWERS = ['approve', 'decline'] as const;
export type ProposalAnswer = (typeof PROPOSAL_ANSWERS)[number];

/** Most substitutes suggested for one product. */
export const SUBSTITUTE_SUGGESTIONS = 12;

/**
 * What a substitute costs the shopper a unit: the line's price at most, unless the shopper
 * approved a dearer one whose difference the proposal showed (then the substitute's own price).
 */
export function substitutePriceOf(
  linePriceCents: number,
  substituteCents: number,
  approved: boolean,
): number {
  return approved ? substituteCents : chargedPriceOf(linePriceCents, substituteCents);
}
