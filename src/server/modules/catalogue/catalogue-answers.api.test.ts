import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '#server/db/client';
import { products, promotionProducts } from '#server/db/schema';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { type CatalogueTouched, withCatalogueChange } from './catalogue.changes';
import type { ProductEntry } from './catalogue.snapshot';

/**
 * Prebuilt answers across one product's change (docs/decisions/014): the change is patched in, and
 * the answers stay; each is served again only while what it is made of is unchanged. Whatever the
 * shop answers after a patch must equal what it answers after loading everything afresh, and an
 * answer that does not show the changed product is not built again.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const built = () => t.app.catalogue.answers.built + t.app.catalogue.searches.built;

/** The answer's body, and whether asking built it (rather than serving a kept one). */
async function ask(url: string): Promise<{ status: number; body: unknown; built: boolean }> {
  const before = built();
  const res = await t.app.inject({ url });
  return { status: res.statusCode, body: JSON.parse(res.body), built: built() > before };
}

/** Changes product `id` through the console's way (withCatalogueChange), which patches this process's catalogue. */
async function change(id: number, work: (tx: Tx) => Promise<unknown>): Promise<void> {
  const events: string[] = [];
  const listen = (_: unknown, how: string) => events.push(how);
  t.app.catalogue.events.on('snapshot', listen);
  try {
    await withCatalogueChange(t.database.db, t.app.catalogue, async (tx, touched: CatalogueTouched) => {
      await work(tx);
      touched.product(id);
    });
  } finally {
    t.app.catalogue.events.off('snapshot', listen);
  }
  expect(events).toEqual(['patched']);
}

describe('prebuilt answers across a patched product change', () => {
  it('are served again when they do not show it, built again when they do, and always equal a fresh load', async () => {
    const snapshot = t.app.catalogue.snapshot;
    const tops = snapshot.categories.filter(
      (c) => (snapshot.categoryById.get(c.id)?.products.length ?? 0) > 0,
    );
    const [topA, topB] = tops;
    if (!topA || !topB) throw new Error('the demo needs two top-level categories with products');
    const onBanners = new Set(snapshot.banners.map((b) => b.url));
    const notOnBanners = (p: ProductEntry) =>
      !onBanners.has(p.card.uuid) && !onBanners.has(`/product/${p.card.uuid}`);
    const a = snapshot.categoryById.get(topA.id)?.products.find(notOnBanners);
    const b = snapshot.categoryById.get(topB.id)?.products.find(notOnBanners);
    const promotion = [...snapshot.promotionById.values()].find(
      (p) => p.promotion.active && p.products.length > 0,
    );
    if (!a || !b || !promotion) throw new Error('the demo needs products and a running promotion');
    const promoted = promotion.products[0] as ProductEntry;

    const urls = {
      a: `/api/index_product/${a.card.uuid}`,
      b: `/api/index_product/${b.card.uuid}`,
      listingA: `/api/index_product?category_id=${topA.id}&page_size=100`,
      listingB: `/api/index_product?category_id=${topB.id}&page_size=100`,
      mostSoldB: `/api/index_product?category_id=${topB.id}&most_sold=true&page_size=100`,
      first: '/api/index_product?page=1&page_size=20',
      categories: '/api/product_category',
      categoryA: `/api/product_category?category_id=${topA.id}`,
      categoryB: `/api/product_category?category_id=${topB.id}`,
      banners: '/api/index_banners',
      plates: '/api/all_plate',
      newCategories: '/api/new_category',
      newProducts: '/api/new_product',
      promotion: `/api/index_product?promotion_plan=${promotion.promotion.id}&page_size=100`,
      promotionDetail: `/api/index_promotion/${promotion.promotion.id}`,
      searchB: `/api/index_product?en_search=${encodeURIComponent(b.card.en_name)}`,
      searchNew: `/api/index_product?en_search=${encodeURIComponent('Zebra melon')}`,
    };
    type Url = keyof typeof urls;
    const askAll = async () => {
      const answers = {} as Record<Url, Awaited<ReturnType<typeof ask>>>;
      for (const [name, url] of Object.entries(urls)) answers[name as Url] = await ask(url);
      return answers;
    };
    /** After a change: what is served equals what a fresh load serves; answers which were built. */
    const afterChange = async (): Promise<Set<Url>> => {
      const patched = await askAll();
      await t.app.catalogue.changed(); // loads everything, and drops every answer
      const loaded = await askAll();
      for (const name of Object.keys(urls) as Url[])
        expect({ name, status: patched[name].status, body: patched[name].body }).toEqual({
          name,
          status: loaded[name].status,
          body: loaded[name].body,
        });
      await askAll(); // asked twice: kept, as busy pages are
      return new Set((Object.keys(urls) as Url[]).filter((name) => patched[name].built));
    };
    await askAll();
    await askAll();

    // A rename: what shows product a is built again; the other category's pages, the tree, banners are kept.
    await change(a.id, (tx) =>
      tx.update(products).set({ enName: 'Zebra melon' }).where(eq(products.id, a.id)),
    );
    let rebuilt = await afterChange();
    expect(rebuilt).toContain('a');
    expect(rebuilt).toContain('listingA');
    expect(rebuilt).toContain('searchNew');
    for (const kept of [
      'b',
      'listingB',
      'mostSoldB',
      'categories',
      'categoryA',
      'categoryB',
      'banners',
      'plates',
    ])
      expect(rebuilt, kept).not.toContain(kept);
    expect((await ask(urls.searchNew)).body).toMatchObject({ data: { list: [{ uuid: a.card.uuid }] } });

    // A move to b's category: both listings and the category counts change.
    const childOfB = snapshot.categoryById.get(topB.id)?.category.childCategory[0]?.id ?? topB.id;
    await change(a.id, (tx) =>
      tx.update(products).set({ categoryId: childOfB }).where(eq(products.id, a.id)),
    );
    rebuilt = await afterChange();
    for (const name of ['a', 'listingA', 'listingB', 'categories', 'categoryA', 'categoryB'])
      expect(rebuilt, name).toContain(name);
    expect(rebuilt).not.toContain('b');

    // Taken out of the shop: its page is gone, and no listing shows it.
    await change(a.id, (tx) => tx.update(products).set({ onSale: false }).where(eq(products.id, a.id)));
    rebuilt = await afterChange();
    expect((await ask(urls.a)).status).toBe(404);
    expect(rebuilt).toContain('listingB');
    expect(rebuilt).not.toContain('b');

    // A promotion price: the promotion's listing shows it; the promotion itself and b's page are kept.
    await change(promoted.id, (tx) =>
      tx
        .update(promotionProducts)
        .set({ promotionPriceCents: 1 })
        .where(eq(promotionProducts.productId, promoted.id)),
    );
    rebuilt = await afterChange();
    expect(rebuilt).toContain('promotion');
    expect(rebuilt).not.toContain('promotionDetail');
    if (promoted.id !== b.id) expect(rebuilt).not.toContain('b');
  }, 120_000);
});
