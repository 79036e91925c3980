export { categories } from './categories';
export { coupons } from './coupons';
export { deliveryTerms } from './delivery';
export { banners, plates, promotions } from './marketing';
export { products } from './products';
export { synonyms } from './synonyms';
export type * from './types';
export { isPack, weighedGoods } from './weighed';
