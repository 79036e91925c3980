import { asc } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { categories, products } from '#server/db/schema';
import { buildSearchIndex, type SearchIndex } from '../search/search.engine';
import { readCatalogueVersion } from './catalogue.snapshot';

/** At most this many search hits are filtered and paged (the best ones). */
export const RECORD_SEARCH_HITS_MAX = 5_000;

/**
 * The staff's product search: the shop's own engine (English, Chinese, pinyin) over every product,
 * published or not, archived too — the storefront's index holds only products on sale. Built once
 * per catalogue version (every product change bumps it), on the first search that needs it.
 */
export class ProductRecordSearch {
  private built: { version: number; index: Promise<SearchIndex> } | undefined;

  constructor(private readonly db: Db) {}

  /** Product ids matching `query`, best first (at most RECORD_SEARCH_HITS_MAX). */
  async search(query: string): Promise<number[]> {
    const version = await readCatalogueVersion(this.db);
    if (this.built?.version !== version) {
      const index = buildRecordIndex(this.db);
      this.built = { version, index };
      // A failed build is not kept: the next search tries again.
      index.catch(() => {
        if (this.built?.index === index) this.built = undefined;
      });
    }
    return (await this.built.index).search(query).slice(0, RECORD_SEARCH_HITS_MAX);
  }
}

async function buildRecordIndex(db: Db): Promise<SearchIndex> {
  const [categoryRows, productRows] = await Promise.all([
    db.select().from(categories),
    db
      .select({
        id: products.id,
        categoryId: products.categoryId,
        enName: products.enName,
        znName: products.znName,
        brandEnName: products.brandEnName,
        brandZnName: products.brandZnName,
        soldCount: products.soldCount,
      })
      .from(products)
      .orderBy(asc(products.id)),
  ]);
  const categoryById = new Map(categoryRows.map((c) => [c.id, c]));
  return buildSearchIndex(
    productRows.map((p) => {
      const category = categoryById.get(p.categoryId);
      const parent = category?.parentId ? categoryById.get(category.parentId) : undefined;
      const names = [category, parent].filter((c) => c !== undefined);
      return {
        id: p.id,
        en_name: p.enName,
        zn_name: p.znName,
        brand_en_name: p.brandEnName,
        brand_zn_name: p.brandZnName,
        category_en_name: names.map((c) => c.enName).join(' '),
        category_zn_name: names.map((c) => c.znName).join(' '),
        category_names: names.flatMap((c) => [c.enName, c.znName]),
        sold_count: p.soldCount,
      };
    }),
  );
}
