/**
 * A flood of distinct catalogue queries, for the cache-bound bench and its API test: everything a
 * visitor can vary to make the server build, compress and remember a new answer.
 */
import { distinctQueries, type Names } from '../search-queries';

export interface FloodCatalogue {
  names: Names;
  /** Every category id, parents and children. */
  categoryIds: readonly number[];
}

export interface Ask {
  url: string;
  acceptEncoding: string;
}

/** A browser, an older client, and one that takes no compression (fetch itself would ask for gzip). */
const ENCODINGS = ['gzip, deflate, br', 'gzip', 'identity'] as const;
const PAGES_BY_SIZE = 1000;
const LARGEST_PAGES = 30;
const SEARCHES = 3500;
/** A query string is made long with a parameter the server ignores. */
const PADDING = 'x'.repeat(8000);

/**
 * `count` distinct catalogue URLs at a catalogue of 10,000 products: every page size of the whole
 * list up to 1000 (0.3–340 KB each) and a few of 3.4 MB; pages of each category in both orders,
 * on past the end; new products by page size; searches as the web asks them (the whole list) and
 * short pages, some spelled oddly; the rest made long (8 KB) by padding.
 */
export function distinctCatalogueUrls(catalogue: FloodCatalogue, count: number): string[] {
  const { categoryIds } = catalogue;
  const urls = new Set<string>();
  for (let size = 1; size <= PAGES_BY_SIZE; size++) urls.add(`/api/index_product?page=1&page_size=${size}`);
  for (let size = 10_000 - LARGEST_PAGES; size < 10_000; size++)
    urls.add(`/api/index_product?page_size=${size}`);
  const categoryPages = urls.size + 2500;
  for (let i = 0; urls.size < categoryPages; i++) {
    const page = 1 + Math.floor(i / categoryIds.length);
    const sort = i % 2 ? '&most_sold=1' : '';
    urls.add(
      `/api/index_product?category_id=${categoryIds[i % categoryIds.length]}&page=${page}&page_size=20${sort}`,
    );
  }
  for (let size = 1; size <= 500; size++)
    urls.add(`/api/new_product?page=${1 + (size % 3)}&page_size=${size}`);
  for (const [i, term] of distinctQueries(catalogue.names, SEARCHES).entries()) {
    const spelled = i % 5 ? term : `  ${term.toUpperCase()} `;
    urls.add(
      `/api/index_product?en_search=${encodeURIComponent(spelled)}&page=1&page_size=${i % 3 ? 30 : 10_000}`,
    );
  }
  for (let i = 0; urls.size < count; i++)
    urls.add(`/api/index_product?page=1&page_size=30&pad=${i}${PADDING}`);
  return [...urls].slice(0, count);
}

/** A home page's plate: the list every shopper's browser asks for. */
export const homePlateUrl = (categoryId: number | undefined) =>
  `/api/index_product?category_id=${categoryId}&most_sold=true&page_size=30`;

/**
 * The order of the flood: each URL once and every tenth twice (so some answers are asked for
 * again and kept), the home plate every fifty, the encodings in turn.
 */
export function* floodAsks(urls: readonly string[], home: string): Generator<Ask> {
  for (const [i, url] of urls.entries()) {
    const acceptEncoding = ENCODINGS[i % ENCODINGS.length] ?? 'identity';
    yield { url, acceptEncoding };
    if (i % 10 === 0) yield { url, acceptEncoding };
    if (i % 50 === 0) yield { url: home, acceptEncoding: ENCODINGS[0] };
  }
}

/** Asks over HTTP and reads the whole answer; anything but a 200 is an error. */
export async function askCatalogue(base: string, ask: Ask): Promise<void> {
  const res = await fetch(`${base}${ask.url}`, { headers: { 'accept-encoding': ask.acceptEncoding } });
  const body = await res.arrayBuffer();
  if (res.status !== 200)
    throw new Error(`${ask.url.slice(0, 200)}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
}
