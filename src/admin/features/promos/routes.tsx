import type { RouteObject } from 'react-router';
import { CouponPage } from './pages/coupon-page';
import { CouponsPage } from './pages/coupons-page';
import { PromotionPage } from './pages/promotion-page';
import { PromotionsPage } from './pages/promotions-page';

/** The console's promotions and coupons, under /admin. */
export const PROMO_ROUTES: RouteObject[] = [
  { path: 'promotions', Component: PromotionsPage },
  { path: 'promotions/:id', Component: PromotionPage },
  { path: 'coupons', Component: CouponsPage },
  { path: 'coupons/:id', Component: CouponPage },
];
