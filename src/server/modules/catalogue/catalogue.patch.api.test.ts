import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Tx } from '#server/db/client';
import { categories, productImages, products, promotionProducts } from '#server/db/schema';
import { freshDatabase } from '../../../../tests/helpers/test-database';
import { type CatalogueTouched, withCatalogueChange } from './catalogue.changes';
import { patchSnapshot, readProductChange } from './catalogue.patch';
import { type CatalogueSnapshot, loadCatalogueSnapshot } from './catalogue.snapshot';

/**
 * Property: whatever sequence of product changes is applied one by one to a snapshot
 * (catalogue.patch.ts), the result answers exactly like a snapshot loaded afresh from the database,
 * and the snapshot each patch started from is left as it was (requests answered from it see it whole).
 */
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
const now = new Date();
/** Changes per run (PATCH_STEPS, PATCH_SEED to explore further). */
const STEPS = Number(process.env.PATCH_STEPS ?? 40);

beforeAll(async () => {
  fresh = await freshDatabase();
  db = fresh.database.db;
});
afterAll(async () => {
  await fresh?.drop();
});

/** A small seeded random source, so a failure can be replayed. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  return { next, int, pick };
}

/** Everything a snapshot answers with, as plain data (map keys sorted), searches included. */
function view(s: CatalogueSnapshot, queries: readonly string[]) {
  const sorted = <K, V>(m: ReadonlyMap<K, V>) =>
    [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.parse(
    JSON.stringify({
      version: s.version,
      nextChangeAt: s.nextChangeAt,
      banners: s.banners,
      categories: s.categories,
      plates: s.plates,
      categoryById: sorted(s.categoryById).map(([id, e]) => [
        id,
        e.category,
        [...e.ids],
        e.products.map((p) => p.id),
      ]),
      products: s.products.map((p) => ({ ...p })),
      productById: sorted(s.productById).map(([id, p]) => [id, p.card.uuid]),
      productByUuid: sorted(s.productByUuid).map(([uuid, p]) => [uuid, p.id]),
      promotions: sorted(s.promotionById).map(([id, e]) => [
        id,
        e.promotion,
        e.products.map((p) => p.id),
        [...e.priceCents],
      ]),
      searchSize: s.search.size,
      searches: queries.map((q) => [q, s.search.search(q)]),
    }),
  );
}

const NAMES = [
  ['Fuji Apples', '富士苹果'],
  ['Apple', '苹果'],
  ['Green Tea', '绿茶'],
  ['Fruit', '水果'],
  ['Frozen Dumplings', '速冻饺子'],
  ['Jasmine Rice', '茉莉香米'],
  ['Soy Sauce', '酱油'],
  ['Pears', '梨'],
] as const;

describe('applying product changes to a snapshot', () => {
  it('equals a fresh load after every change of a random sequence', async () => {
    const rnd = randomSource(Number(process.env.PATCH_SEED ?? 18));
    let snapshot = await loadCatalogueSnapshot(db, now);
    const categoryIds = (await db.select({ id: categories.id }).from(categories)).map((c) => c.id);
    const allIds = async () => (await db.select({ id: products.id }).from(products)).map((p) => p.id);
    const words = new Set<string>([
      'apple',
      'fruit',
      '水果',
      'ping guo',
      'pg',
      'a',
      'tea',
      '茶',
      'rice noodles',
    ]);
    for (const [en, zn] of NAMES) words.add(en.toLowerCase()).add(zn);
    for (const c of snapshot.categoryById.values()) words.add(c.category.en_name).add(c.category.zn_name);
    for (const p of snapshot.products.slice(0, 40))
      words.add(p.card.en_name.split(' ')[0] ?? '').add(p.detail.brand_en_name);
    const queries = [...words].filter(Boolean);

    const kinds = [
      'rename',
      'price',
      'publish',
      'move',
      'delete',
      'add',
      'picture',
      'brand',
      'promotion',
      'several',
    ];
    let applied = 0;
    for (let step = 0; step < STEPS; step++) {
      const ids = await allIds();
      const kind = kinds[step % kinds.length] as string;
      const target = rnd.pick(ids);
      let touched: CatalogueTouched | undefined;
      const told = {
        changed: async (t?: CatalogueTouched) => {
          touched = t;
        },
      };
      const change = (work: (tx: Tx, t: CatalogueTouched) => Promise<void>) =>
        withCatalogueChange(db, told, work).catch(() => undefined);

      await change(async (tx, t) => {
        const names = rnd.pick(NAMES);
        switch (kind) {
          case 'rename':
            await tx
              .update(products)
              .set({ enName: names[0], znName: names[1] })
              .where(eq(products.id, target));
            break;
          case 'price':
            await tx
              .update(products)
              .set({ priceCents: 50 + rnd.int(5000) })
              .where(eq(products.id, target));
            break;
          case 'publish': {
            const [row] = await tx
              .select({ onSale: products.onSale })
              .from(products)
              .where(eq(products.id, target));
            await tx.update(products).set({ onSale: !row?.onSale }).where(eq(products.id, target));
            break;
          }
          case 'move':
            await tx
              .update(products)
              .set({ categoryId: rnd.pick(categoryIds) })
              .where(eq(products.id, target));
            break;
          case 'delete':
            // Refused (and rolled back) when orders refer to it: then nothing changed.
            await tx.delete(products).where(eq(products.id, target));
            break;
          case 'add': {
            const [row] = await tx
              .insert(products)
              .values({
                uuid: randomUUID(),
                key: `patch-test-${step}`,
                categoryId: rnd.pick(categoryIds),
                enName: names[0],
                znName: names[1],
                brandEnName: 'Test Brand',
                priceCents: 199,
                realStock: 5,
                productImage: '/media/test.webp',
              })
              .returning({ id: products.id });
            t.product(row?.id ?? 0);
            return;
          }
          case 'picture':
            await tx
              .insert(productImages)
              .values({ productId: target, link: `/media/p${step}.webp`, sort: rnd.int(3) });
            break;
          case 'brand':
            await tx
              .update(products)
              .set({ brandEnName: rnd.pick(['Lee Kum Kee', 'Apple', '']) })
              .where(eq(products.id, target));
            break;
          case 'promotion': {
            const lines = await tx.select().from(promotionProducts).limit(20);
            const line = lines.length > 0 ? rnd.pick(lines) : undefined;
            if (!line) break;
            await tx
              .update(promotionProducts)
              .set({ promotionPriceCents: 10 + rnd.int(100) })
              .where(
                and(
                  eq(promotionProducts.promotionId, line.promotionId),
                  eq(promotionProducts.productId, line.productId),
                ),
              );
            t.product(line.productId);
            return;
          }
          case 'several': {
            const more = [target, rnd.pick(ids), rnd.pick(ids)];
            await tx
              .update(products)
              .set({ categoryId: rnd.pick(categoryIds), onSale: true })
              .where(inArray(products.id, more));
            for (const id of more) t.product(id);
            return;
          }
        }
        t.product(target);
      });
      if (!touched?.version) continue;
      applied++;
      const before = view(snapshot, queries);
      const previous = snapshot;
      snapshot = patchSnapshot(
        snapshot,
        await readProductChange(db, snapshot, [...touched.productIds]),
        touched.version,
      );
      expect(view(previous, queries), `step ${step} (${kind}) left the old snapshot alone`).toEqual(before);
      const loaded = await loadCatalogueSnapshot(db, now);
      expect(view(snapshot, queries), `step ${step} (${kind}) of product ${target}`).toEqual(
        view(loaded, queries),
      );
    }
    expect(applied).toBeGreaterThan(STEPS / 2);
  }, 300_000);
});
