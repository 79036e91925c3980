import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '#server/clock';
import { ok, requestLanguage, route } from '#server/http';
import { type PrebuiltAnswer, sendPrebuilt } from '#server/prebuilt-answer';
import {
  CategoryListInput,
  NewProductListInput,
  ProductListInput,
  ProductParams,
  PromotionParams,
} from '#shared/schemas/catalogue';
import { NoInput, type Page } from '#shared/schemas/common';
import { normaliseQuery } from '../search/search.normalise';
import type { SearchMisses } from '../search/search-misses';
import {
  cardsOf,
  listBanners,
  listCategories,
  listNewCategories,
  listNewProducts,
  listPlates,
  newCategoriesOf,
  type ProductSelection,
  productDetail,
  promotionDetail,
  selectNewProducts,
  selectProducts,
} from './catalogue.service';
import type { CatalogueSnapshot, ProductEntry } from './catalogue.snapshot';
import type { CatalogueStore } from './catalogue.store';

/** Browsers and proxies may reuse a catalogue answer this long, then revalidate with its ETag. */
const MAX_AGE_SECONDS = 15;
const HOUR_MS = 3_600_000;

/** What a page of products is made of: its total and its entries (each replaced when its product changes). */
const pageParts = (page: Page<ProductEntry>): unknown[] => [page.total, ...page.list];

/**
 * Bytes each route's memo of query strings may hold (a query string alone may be 16 KB). A few
 * URLs make most catalogue reads, and parsing their query was the costliest step left of a read
 * served from prebuilt bytes.
 */
export const QUERY_MEMO_BYTES = 256 * 1024;

/**
 * The product list's query with the key of its answer, worked out once per query string (the
 * memo keeps both): search terms as the search reads them (case, spacing, traditional characters
 * folded), and "not most sold" however it was spelled.
 */
const ProductListRead = ProductListInput.transform((q) => {
  const search = q.en_search === undefined ? null : normaliseQuery(q.en_search);
  const key = `products:${JSON.stringify([q.category_id, q.promotion_plan, q.most_sold === true, search, q.page, q.page_size])}`;
  return { q, key };
});

/** The catalogue calls of docs/product.md §7. Every answer is prebuilt bytes, keyed by its parsed parameters. */
export async function catalogueRoutes(
  app: FastifyInstance,
  opts: { catalogue: CatalogueStore; clock: Clock; misses: SearchMisses },
) {
  const { catalogue, clock, misses } = opts;
  /** Prebuilt search answers that found nothing: each ask of one counts as a miss. */
  const emptySearches = new WeakSet<PrebuiltAnswer>();

  /**
   * The prebuilt answer of `key` from the current snapshot. `partsOf` names what of a snapshot the
   * answer is made of: an answer kept from an earlier snapshot is served when a patch left those
   * the same objects (docs/decisions/014), so one product's change rebuilds only what shows it.
   */
  function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    build: (s: CatalogueSnapshot) => unknown,
    partsOf: (s: CatalogueSnapshot) => readonly unknown[],
  ) {
    const snapshot = catalogue.snapshot;
    const prebuilt = catalogue.answers.get(key, () => ok(build(snapshot)), {
      basis: snapshot,
      parts: () => partsOf(snapshot),
    });
    return sendPrebuilt(request, reply, prebuilt, MAX_AGE_SECONDS);
  }
  /** "New" depends on the time too: those answers are keyed by the hour. */
  const hour = () => Math.floor(clock.now().getTime() / HOUR_MS);

  route(app, { method: 'GET', url: '/api/index_banners', input: NoInput }, (_call, request, reply) =>
    answer(request, reply, 'banners', listBanners, (s) => [s.banners]),
  );

  route(
    app,
    { method: 'GET', url: '/api/product_category', input: CategoryListInput, memoBytes: QUERY_MEMO_BYTES },
    ({ input }, request, reply) =>
      answer(
        request,
        reply,
        `categories:${input.category_id ?? ''}`,
        (s) => listCategories(s, input.category_id),
        (s) => [
          input.category_id === undefined ? s.categories : s.categoryById.get(input.category_id)?.category,
        ],
      ),
  );

  route(app, { method: 'GET', url: '/api/new_category', input: NoInput }, (_call, request, reply) =>
    answer(
      request,
      reply,
      `new_category:${hour()}`,
      (s) => listNewCategories(s, clock.now()),
      (s) => newCategoriesOf(s, clock.now()),
    ),
  );

  route(app, { method: 'GET', url: '/api/all_plate', input: NoInput }, (_call, request, reply) =>
    answer(request, reply, 'plates', listPlates, (s) => [s.plates]),
  );

  route(
    app,
    { method: 'GET', url: '/api/new_product', input: NewProductListInput, memoBytes: QUERY_MEMO_BYTES },
    ({ input: q }, request, reply) => {
      const key = `new_product:${hour()}:${q.category_id ?? ''}:${q.page}:${q.page_size}`;
      return answer(
        request,
        reply,
        key,
        (s) => listNewProducts(s, q, clock.now()),
        (s) => pageParts(selectNewProducts(s, q, clock.now())),
      );
    },
  );

  route(
    app,
    { method: 'GET', url: '/api/index_product', input: ProductListRead, memoBytes: QUERY_MEMO_BYTES },
    ({ input: { q, key } }, request, reply) => {
      // The selection is made once: the parts of a kept answer are checked against it, or it is built from it.
      let selected: ProductSelection | undefined;
      const select = (s: CatalogueSnapshot) => {
        selected ??= selectProducts(s, q);
        return selected;
      };
      const parts = (s: CatalogueSnapshot) => {
        const { page, promotion } = select(s);
        return [promotion, ...pageParts(page)];
      };
      if (q.en_search === undefined) return answer(request, reply, key, (s) => cardsOf(select(s)), parts);
      // The storefront's search box: the first page of a search over the whole shop.
      const shopSearch = q.category_id === undefined && q.promotion_plan === undefined && q.page === 1;
      const snapshot = catalogue.snapshot;
      let empty = false;
      const prebuilt = catalogue.searches.get(
        key,
        () => {
          const page = cardsOf(select(snapshot));
          empty = page.total === 0;
          return ok(page);
        },
        { basis: snapshot, parts: () => parts(snapshot) },
      );
      if (empty) emptySearches.add(prebuilt);
      if (shopSearch && emptySearches.has(prebuilt)) misses.note(q.en_search, requestLanguage(request));
      return sendPrebuilt(request, reply, prebuilt, MAX_AGE_SECONDS);
    },
  );

  route(
    app,
    { method: 'GET', url: '/api/index_product/:id', params: ProductParams, input: NoInput },
    ({ params: { id } }, request, reply) =>
      answer(
        request,
        reply,
        `product:${id}`,
        (s) => productDetail(s, id),
        (s) => [s.productByUuid.get(id)],
      ),
  );

  route(
    app,
    { method: 'GET', url: '/api/index_promotion/:id', params: PromotionParams, input: NoInput },
    ({ params: { id } }, request, reply) =>
      answer(
        request,
        reply,
        `promotion:${id}`,
        (s) => promotionDetail(s, id),
        (s) => [s.promotionById.get(id)?.promotion],
      ),
  );
}
