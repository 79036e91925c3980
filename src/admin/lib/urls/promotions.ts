import { CONSOLE_ROOT } from './query';

/** Promotions and coupons, two lists and their editors (`new` for one not saved yet). */
export type PromoKind = 'promotions' | 'coupons';

export const promoListPath = (kind: PromoKind) => `${CONSOLE_ROOT}/${kind}`;
/** One promotion's or coupon's editor; `promoPath(kind, ':id')` is its route. */
export const promoPath = (kind: PromoKind, id: number | string) => `${promoListPath(kind)}/${id}`;
export const newPromoPath = (kind: PromoKind) => promoPath(kind, 'new');
