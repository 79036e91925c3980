export { categories } from './categories';
export { banners, plates, promotions } from './marketing';
export { products } from './products';
export type * from './types';
