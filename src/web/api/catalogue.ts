import { queryOptions, useQuery } from '@tanstack/react-query';
import { FULL_LIST_PAGE_SIZE } from '#shared/constants';
import type {
  Banner,
  Category,
  NewCategory,
  Plate,
  Product,
  ProductPage,
  Promotion,
  PromotionList,
  SearchSuggestions,
} from '#shared/schemas/catalogue';
import { apiGet } from '../lib/api-client';

// The catalogue module's calls (docs/api.md): categories, product lists, a product, a promotion, home's blocks.

/** `GET /api/index_product/{uuid}`: one product in full (sent with the token when signed in). */
export function productQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: ['product', uuid],
    queryFn: ({ signal }) =>
      apiGet<Product>(`/api/index_product/${encodeURIComponent(uuid)}`, undefined, signal),
  });
}

export const useProduct = (uuid: string, enabled = true) =>
  useQuery({ ...productQueryOptions(uuid), enabled });

/** `GET /api/index_promotion/{id}`: the promotion's name and ad image. */
export function promotionQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['promotion', id],
    queryFn: ({ signal }) => apiGet<Promotion>(`/api/index_promotion/${id}`, undefined, signal),
  });
}

export const usePromotion = (id: number) => useQuery(promotionQueryOptions(id));

/** `GET /api/index_promotion`: the promotions running now, the soonest to end first (the Promotions tab). */
export function promotionListQueryOptions() {
  return queryOptions({
    queryKey: ['promotion', 'running'],
    queryFn: ({ signal }) => apiGet<PromotionList>('/api/index_promotion', undefined, signal),
  });
}

export const usePromotionList = () => useQuery(promotionListQueryOptions());

/** Server data that several features show: the category tree (home chips, categories, category page). */
export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => apiGet<Category[]>('/api/product_category', undefined, signal),
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

export function categoryQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['categories', id],
    queryFn: ({ signal }) => apiGet<Category>('/api/product_category', { category_id: id }, signal),
  });
}

export function useCategory(id: number) {
  return useQuery(categoryQueryOptions(id));
}

/** The parameters of `GET /api/index_product` that the screens use (docs/product.md §7, Catalogue). */
export interface ProductListParams {
  category_id?: number;
  most_sold?: boolean;
  en_search?: string;
  promotion_plan?: number;
  page?: number;
  page_size?: number;
}

/** Product cards for home plates, a category, a promotion or a search: one key per parameter set. */
export function productListQueryOptions(params: ProductListParams) {
  const query = { page: 1, page_size: FULL_LIST_PAGE_SIZE, ...params };
  return queryOptions({
    queryKey: ['products', query],
    queryFn: ({ signal }) => apiGet<ProductPage>('/api/index_product', { ...query }, signal),
  });
}

export function useProductList(params: ProductListParams, enabled = true) {
  return useQuery({ ...productListQueryOptions(params), enabled });
}

/** Home's own catalogue calls (docs/product.md §7): banners, new categories and their products, plates. */
export function bannersQueryOptions() {
  return queryOptions({
    queryKey: ['banners'],
    queryFn: ({ signal }) => apiGet<Banner[]>('/api/index_banners', undefined, signal),
  });
}

export function newCategoriesQueryOptions() {
  return queryOptions({
    queryKey: ['new-categories'],
    queryFn: ({ signal }) => apiGet<NewCategory[]>('/api/new_category', undefined, signal),
  });
}

export function newProductsQueryOptions(categoryId: number) {
  return queryOptions({
    queryKey: ['new-products', categoryId],
    queryFn: ({ signal }) =>
      apiGet<ProductPage>(
        '/api/new_product',
        { category_id: categoryId, page: 1, page_size: FULL_LIST_PAGE_SIZE },
        signal,
      ),
  });
}

export function platesQueryOptions() {
  return queryOptions({
    queryKey: ['plates'],
    queryFn: ({ signal }) => apiGet<Plate[]>('/api/all_plate', undefined, signal),
  });
}

export const useBanners = () => useQuery(bannersQueryOptions());
export const useNewCategories = () => useQuery(newCategoriesQueryOptions());
export const useNewProducts = (categoryId: number, enabled = true) =>
  useQuery({ ...newProductsQueryOptions(categoryId), enabled });
export const usePlates = () => useQuery(platesQueryOptions());

/** What the search page offers when a search found nothing: "did you mean" and popular products. */
export function useSearchSuggestions(term: string, enabled: boolean) {
  return useQuery({
    queryKey: ['search-suggestions', term],
    queryFn: ({ signal }) => apiGet<SearchSuggestions>('/api/search_suggestions', { q: term }, signal),
    enabled,
  });
}
