/**
 * The demo shop's delivery terms: an area, so a new user sees it, and no fee or minimum.
 * The area is the San Francisco Bay Area (940–951) and Manhattan (100–102): every ZIP the demo,
 * the docs and the tests deliver to (94105, 94107, 94108, 94612, 10001, 10013, …) is inside.
 */
export interface SeedDeliveryTerms {
  area: string[];
  fee_cents: number;
  free_over_cents: number;
  minimum_cents: number;
  tax_on_fee: boolean;
}

export const deliveryTerms: SeedDeliveryTerms = {
  area: ['100', '101', '102', '940', '941', '943', '944', '945', '946', '947', '948', '949', '950', '951'],
  fee_cents: 0,
  free_over_cents: 0,
  minimum_cents: 0,
  tax_on_fee: false,
};
