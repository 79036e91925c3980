/** Demo coupon codes: percent or fixed off, with a minimum subtotal, usable once per shopper. */
export interface SeedCoupon {
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent for `percent`, cents for `fixed`. */
  value: number;
  min_subtotal_cents: number;
  /** Days relative to the seed date. */
  starts_in_days: number;
  ends_in_days: number;
  /** Listed to every shopper on the Coupons page; the others work only when typed. */
  public?: boolean;
}

export const coupons: SeedCoupon[] = [
  {
    code: 'WELCOME10',
    kind: 'percent',
    value: 10,
    min_subtotal_cents: 2000,
    starts_in_days: -1,
    ends_in_days: 365,
    public: true,
  },
  {
    code: 'FRESH5',
    kind: 'fixed',
    value: 500,
    min_subtotal_cents: 4000,
    starts_in_days: -1,
    ends_in_days: 60,
  },
  {
    code: 'HARVEST15',
    kind: 'percent',
    value: 15,
    min_subtotal_cents: 5000,
    starts_in_days: -60,
    ends_in_days: -30,
  },
];
