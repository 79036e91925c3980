import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CategoryQuery,
  NewProductQuery,
  ProductListQuery,
  ProductParams,
  PromotionParams,
} from '../../../shared/schemas/catalogue';
import { ByteLru } from '../../byte-lru';
import type { Clock } from '../../clock';
import { ok, parseInput } from '../../http';
import { sendPrebuilt } from '../../prebuilt-answer';
import { normaliseQuery } from '../search/search.normalise';
import {
  listBanners,
  listCategories,
  listNewCategories,
  listNewProducts,
  listPlates,
  listProducts,
  productDetail,
  promotionDetail,
} from './catalogue.service';
import type { CatalogueSnapshot } from './catalogue.snapshot';
import type { CatalogueStore } from './catalogue.store';

/** Browsers and proxies may reuse a catalogue answer this long, then revalidate with its ETag. */
const MAX_AGE_SECONDS = 15;
const HOUR_MS = 3_600_000;

/** Bytes each route's memo of query strings may hold (a query string alone may be 16 KB). */
export const QUERY_MEMO_BYTES = 256 * 1024;

/**
 * What a query string means, remembered by its raw text. A few URLs make most catalogue reads,
 * and parsing their query was the costliest step left of a read served from prebuilt bytes.
 * Only queries that parse are kept; a bad one throws its 400 every time. Bounded in bytes: the
 * parsed value is charged as much as the text it came from (it holds at most that text again and a
 * few fields, which the entry overhead covers).
 */
function byQueryString<T>(read: (query: unknown) => T): (request: FastifyRequest) => T {
  const known = new ByteLru<T>(QUERY_MEMO_BYTES);
  return (request) => {
    const at = request.url.indexOf('?');
    const raw = at < 0 ? '' : request.url.slice(at + 1);
    const hit = known.get(raw);
    if (hit !== undefined) return hit;
    const value = read(request.query);
    known.set(raw, value, raw.length * 2);
    return value;
  };
}

/** The catalogue calls of spec §7. Every answer is prebuilt bytes, keyed by its parsed parameters. */
export async function catalogueRoutes(
  app: FastifyInstance,
  opts: { catalogue: CatalogueStore; clock: Clock },
) {
  const { catalogue, clock } = opts;

  function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    build: (s: CatalogueSnapshot) => unknown,
    cache = catalogue.answers,
  ) {
    const snapshot = catalogue.snapshot;
    const prebuilt = cache.get(key, () => ok(build(snapshot)));
    return sendPrebuilt(request, reply, prebuilt, MAX_AGE_SECONDS);
  }
  /** "New" depends on the time too: those answers are keyed by the hour. */
  const hour = () => Math.floor(clock.now().getTime() / HOUR_MS);

  app.get('/api/index_banners', (request, reply) => answer(request, reply, 'banners', listBanners));

  const categoryQuery = byQueryString((query) => parseInput(CategoryQuery, query));
  app.get('/api/product_category', (request, reply) => {
    const q = categoryQuery(request);
    return answer(request, reply, `categories:${q.category_id ?? ''}`, (s) =>
      listCategories(s, q.category_id),
    );
  });

  app.get('/api/new_category', (request, reply) =>
    answer(request, reply, `new_category:${hour()}`, (s) => listNewCategories(s, clock.now())),
  );

  app.get('/api/all_plate', (request, reply) => answer(request, reply, 'plates', listPlates));

  const newProductQuery = byQueryString((query) => parseInput(NewProductQuery, query));
  app.get('/api/new_product', (request, reply) => {
    const q = newProductQuery(request);
    const key = `new_product:${hour()}:${q.category_id ?? ''}:${q.page}:${q.page_size}`;
    return answer(request, reply, key, (s) => listNewProducts(s, q, clock.now()));
  });

  // Keyed by what decides the answer: search terms as the search reads them (case, spacing,
  // traditional characters folded), and "not most sold" however it was spelled.
  const productQuery = byQueryString((query) => {
    const q = parseInput(ProductListQuery, query);
    const search = q.en_search === undefined ? null : normaliseQuery(q.en_search);
    const key = `products:${JSON.stringify([q.category_id, q.promotion_plan, q.most_sold === true, search, q.page, q.page_size])}`;
    return { q, key };
  });
  app.get('/api/index_product', (request, reply) => {
    const { q, key } = productQuery(request);
    const cache = q.en_search === undefined ? catalogue.answers : catalogue.searches;
    return answer(request, reply, key, (s) => listProducts(s, q), cache);
  });

  app.get('/api/index_product/:id', (request, reply) => {
    const { id } = parseInput(ProductParams, request.params);
    return answer(request, reply, `product:${id}`, (s) => productDetail(s, id));
  });

  app.get('/api/index_promotion/:id', (request, reply) => {
    const { id } = parseInput(PromotionParams, request.params);
    return answer(request, reply, `promotion:${id}`, (s) => promotionDetail(s, id));
  });
}
