import type { RouteObject } from 'react-router';
import { promoListPath, promoPath } from '../../lib/urls/promotions';
import { CouponPage } from './pages/coupon-page';
import { CouponsPage } from './pages/coupons-page';
import { PromotionPage } from './pages/promotion-page';
import { PromotionsPage } from './pages/promotions-page';

/** The console's promotions and coupons, under /admin. */
export const PROMO_ROUTES: RouteObject[] = [
  { path: promoListPath('promotions'), Component: PromotionsPage },
  { path: promoPath('promotions', ':id'), Component: PromotionPage },
  { path: promoListPath('coupons'), Component: CouponsPage },
  { path: promoPath('coupons', ':id'), Component: CouponPage },
];
