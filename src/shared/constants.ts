/** Business constants of docs/product.md §9, shared by the server and the web. */
export const CURRENCY = 'USD';
export const CURRENCY_SYMBOL = '$';

export const CART_MIN_AMOUNT = 0;
export const CART_MAX_AMOUNT = 99_999;
export const DETAIL_MIN_QUANTITY = 1;
export const DETAIL_MAX_QUANTITY = 100;

export const CAROUSEL_AUTOPLAY_MS = 6000;
export const CAROUSEL_SWIPE_THRESHOLD = 0.25;
export const REQUEST_TIMEOUT_MS = 5000;
export const CODE_RESEND_SECONDS = 60;
export const ORDER_EXPIRY_MINUTES = 10;

export const HOME_MOST_SOLD_PAGE_SIZE = 30;
export const FULL_LIST_PAGE_SIZE = 10_000;
export const MAX_PAGE_SIZE = 10_000;
export const DEFAULT_PAGE_SIZE = 30;

export const LANGUAGES = ['en', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Days a product counts as new for `new_category` / `new_product`. */
export const NEW_PRODUCT_DAYS = 14;
/** How long the "Added · View cart" notice stays on screen after an add-to-cart. */
export const ADDED_NOTICE_MS = 6000;
