import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerLane } from '#server/answer-lane';
import type { Clock } from '#server/clock';
import { clientKey, ok, requestLanguage, route } from '#server/http';
import { type PrebuiltAnswer, sendPrebuilt } from '#server/prebuilt-answer';
import {
  CategoryListInput,
  NewProductListInput,
  ProductListInput,
  ProductParams,
  PromotionParams,
  SearchSuggestionsInput,
} from '#shared/schemas/catalogue';
import { NoInput, type Page } from '#shared/schemas/common';
import { normaliseQuery } from '../search/search.normalise';
import type { SearchMisses } from '../search/search-misses';
import {
  cardsOf,
  cardsOfPage,
  listBanners,
  listCategories,
  listPlates,
  newCategoriesOf,
  newCategoryViews,
  type ProductSelection,
  productDetail,
  promotionDetail,
  runningPromotions,
  searchSuggestions,
  selectNewProducts,
  selectProducts,
} from './catalogue.service';
import type { CatalogueSnapshot, ProductEntry } from './catalogue.snapshot';
import type { CatalogueStore } from './catalogue.store';

/** Browsers and proxies may reuse a catalogue answer this long, then revalidate with its ETag. */
export const CATALOGUE_MAX_AGE_SECONDS = 15;
const HOUR_MS = 3_600_000;

/** What a page of products is made of: its total and its entries (each replaced when its product changes). */
const pageParts = (page: Page<ProductEntry>): unknown[] => [page.total, ...page.list];
/** A product list's page, and the promotion whose prices it shows. */
const selectionParts = ({ page, promotion }: ProductSelection): unknown[] => [promotion, ...pageParts(page)];
/** The whole snapshot, for answers that pick from it as they are built. */
const whole = (s: CatalogueSnapshot) => s;

/** A value worked out on first use, then kept: a request's selection, read by both the check and the build. */
class Once<T> {
  private made = false;
  private result: T | undefined;

  constructor(private readonly make: () => T) {}

  get value(): T {
    if (!this.made) {
      this.result = this.make();
      this.made = true;
    }
    return this.result as T;
  }
}

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
  opts: { catalogue: CatalogueStore; clock: Clock; misses: SearchMisses; lane: AnswerLane; timeZone: string },
) {
  const { catalogue, clock, misses, lane, timeZone } = opts;
  /** Prebuilt search answers that found nothing: each ask of one counts as a miss. */
  const emptySearches = new WeakSet<PrebuiltAnswer>();

  /**
   * The prebuilt answer of `key` from the current snapshot: `select` picks what it shows, `build`
   * makes it of that, and `partsOf` names what of the snapshot it is made of. An answer kept from
   * an earlier snapshot is served when a patch left those parts the same objects (docs/decisions/014),
   * so one product's change rebuilds only what shows it. The lane learns to make it again from
   * the snapshot of the moment and answers the same URL itself from then on (answer-lane.ts): no
   * answer made here may depend on the request beyond its URL. (Closures here are passed, never
   * named: the server's build keeps names, at a cost per closure made.)
   */
  function answer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string | (() => string),
    select: (s: CatalogueSnapshot) => T,
    build: (selected: T) => unknown,
    partsOf: (selected: T) => readonly unknown[],
  ) {
    const prebuilt = lane.learn(request, () => {
      const snapshot = catalogue.snapshot;
      const selected = new Once(() => select(snapshot));
      return catalogue.answers.get(
        typeof key === 'string' ? key : key(),
        () => ok(build(selected.value)),
        snapshot,
        () => partsOf(selected.value),
      );
    });
    return sendPrebuilt(request, reply, prebuilt, CATALOGUE_MAX_AGE_SECONDS);
  }
  /** "New" depends on the time too: those answers are keyed by the hour. */
  const hour = () => Math.floor(clock.now().getTime() / HOUR_MS);

  route(app, { method: 'GET', url: '/api/index_banners', input: NoInput }, (_call, request, reply) =>
    answer(request, reply, 'banners', whole, listBanners, (s) => [s.banners]),
  );

  route(
    app,
    { method: 'GET', url: '/api/product_category', input: CategoryListInput, memoBytes: QUERY_MEMO_BYTES },
    ({ input }, request, reply) =>
      answer(
        request,
        reply,
        `categories:${input.category_id ?? ''}`,
        whole,
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
      () => `new_category:${hour()}`,
      (s) => newCategoriesOf(s, clock.now()),
      newCategoryViews,
      (categories) => categories,
    ),
  );

  route(app, { method: 'GET', url: '/api/all_plate', input: NoInput }, (_call, request, reply) =>
    answer(request, reply, 'plates', whole, listPlates, (s) => [s.plates]),
  );

  route(
    app,
    { method: 'GET', url: '/api/new_product', input: NewProductListInput, memoBytes: QUERY_MEMO_BYTES },
    ({ input: q }, request, reply) => {
      const key = () => `new_product:${hour()}:${q.category_id ?? ''}:${q.page}:${q.page_size}`;
      return answer(request, reply, key, (s) => selectNewProducts(s, q, clock.now()), cardsOfPage, pageParts);
    },
  );

  route(
    app,
    { method: 'GET', url: '/api/index_product', input: ProductListRead, memoBytes: QUERY_MEMO_BYTES },
    ({ input: { q, key } }, request, reply) => {
      if (q.en_search === undefined)
        return answer(request, reply, key, (s) => selectProducts(s, q), cardsOf, selectionParts);
      // The storefront's search box: the first page of a search over the whole shop.
      const shopSearch = q.category_id === undefined && q.promotion_plan === undefined && q.page === 1;
      const snapshot = catalogue.snapshot;
      const selected = new Once(() => selectProducts(snapshot, q));
      let empty = false;
      const prebuilt = catalogue.searches.get(
        key,
        () => {
          const page = cardsOf(selected.value);
          empty = page.total === 0;
          return ok(page);
        },
        snapshot,
        () => selectionParts(selected.value),
      );
      if (empty) emptySearches.add(prebuilt);
      if (shopSearch && emptySearches.has(prebuilt))
        misses.note(q.en_search, requestLanguage(request), clientKey(request));
      return sendPrebuilt(request, reply, prebuilt, CATALOGUE_MAX_AGE_SECONDS);
    },
  );

  // What the search page offers when a search found nothing: kept with the searches' answers.
  route(
    app,
    {
      method: 'GET',
      url: '/api/search_suggestions',
      input: SearchSuggestionsInput,
      memoBytes: QUERY_MEMO_BYTES,
    },
    ({ input }, request, reply) => {
      const snapshot = catalogue.snapshot;
      const q = normaliseQuery(input.q);
      const prebuilt = catalogue.searches.get(
        `suggest:${q}`,
        () => ok(searchSuggestions(snapshot, q)),
        snapshot,
        // Rebuilt whenever the search index or a product changes: both are new objects then.
        () => [snapshot.search, snapshot.productById],
      );
      return sendPrebuilt(request, reply, prebuilt, CATALOGUE_MAX_AGE_SECONDS);
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
        whole,
        (s) => productDetail(s, id),
        (s) => [s.productByUuid.get(id)],
      ),
  );

  // The snapshot is rebuilt when a promotion starts or ends, so its running ones are those of now.
  route(app, { method: 'GET', url: '/api/index_promotion', input: NoInput }, (_call, request, reply) =>
    answer(
      request,
      reply,
      'promotions',
      runningPromotions,
      (items) => ({ time_zone: timeZone, items }),
      (items) => items,
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
        whole,
        (s) => promotionDetail(s, id),
        (s) => [s.promotionById.get(id)?.promotion],
      ),
  );
}
