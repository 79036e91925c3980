import { CONSOLE_ROOT, withQuery } from './query';

/** The products section's addresses. */
export const productListPath = `${CONSOLE_ROOT}/products`;

/** What the list says after a product left the editor: deleted, or archived (kept for the orders that name it). */
export type ProductNotice = 'deleted' | 'archived';

export interface ProductListQuery {
  q?: string;
  archived?: 'yes';
  notice?: ProductNotice;
}

export const productListUrl = (query: ProductListQuery = {}) =>
  withQuery(productListPath, { archived: query.archived, notice: query.notice, q: query.q });

export const newProductPath = `${productListPath}/new`;
/** A product's editor; `productPath(':id')` is its route. */
export const productPath = (id: number | string) => `${productListPath}/${id}`;
