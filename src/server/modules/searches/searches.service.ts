import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Changed } from '#server/audit';
import type { Clock } from '#server/clock';
import type { Db, Tx } from '#server/db/client';
import { categories, products, searchAliases, searchMisses, searchSynonyms } from '#server/db/schema';
import { BadInput, Conflict, NotFound } from '#server/errors';
import { shopDate } from '#server/shop-time';
import type { Language } from '#shared/constants';
import {
  type AliasTarget,
  MISS_LIST_MAX,
  type SearchAliasRow,
  type SearchMissRow,
  type SearchSynonymRow,
  SYNONYM_TERMS_MIN,
} from '#shared/schemas/search-admin.rules';
import type { NewAliasInput, SynonymsInput } from '#shared/schemas/search-admin.zod';
import type { CatalogueTouched } from '../catalogue/catalogue.changes';
import type { CatalogueSnapshot } from '../catalogue/catalogue.snapshot';
import { foldText, normaliseQuery } from '../search/search.normalise';
import type { SearchMisses } from '../search/search-misses';

/*
 * What staff do about searches (docs/api.md, Admin: searches): the searches that found nothing,
 * and the aliases that make them find something. Alias changes run inside the caller's catalogue
 * change and report their audit line for the caller to write.
 */

const DAY_MS = 86_400_000;
const ALIAS_LIST_MAX = 500;
const TARGETS_MAX = 8;

export interface MissesDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
  catalogue: { readonly snapshot: CatalogueSnapshot };
  /** The misses counted in memory, not yet written. */
  misses: Pick<SearchMisses, 'flush'>;
}

/**
 * The most-missed terms of the last `days` shop days, per language, most searched first (what was
 * counted in memory so far too). A term that finds products now (an alias or a product was added
 * since) is left out.
 */
export async function topMisses(deps: MissesDeps, days: number) {
  await deps.misses.flush();
  const now = deps.clock.now();
  const to = shopDate(now, deps.timeZone);
  const from = shopDate(new Date(now.getTime() - (days - 1) * DAY_MS), deps.timeZone);
  const perLanguage = async (language: Language): Promise<SearchMissRow[]> => {
    const total = sql<number>`sum(${searchMisses.count})::int`;
    const rows = await deps.db
      .select({ term: searchMisses.term, count: total, last: sql<string>`max(${searchMisses.day})::text` })
      .from(searchMisses)
      .where(and(eq(searchMisses.language, language), gte(searchMisses.day, from)))
      .groupBy(searchMisses.term)
      .orderBy(desc(total), searchMisses.term)
      .limit(MISS_LIST_MAX * 4);
    const search = deps.catalogue.snapshot.search;
    return rows
      .filter((r) => search.search(r.term).length === 0)
      .slice(0, MISS_LIST_MAX)
      .map((r) => ({ term: r.term, language, count: Number(r.count), last: r.last }));
  };
  return { from, to, en: await perLanguage('en'), zh: await perLanguage('zh') };
}

/** The aliases, newest first, with their product's or category's names. */
export async function listAliases(db: Db): Promise<SearchAliasRow[]> {
  const rows = await db
    .select({
      id: searchAliases.id,
      alias: searchAliases.alias,
      product_id: searchAliases.productId,
      category_id: searchAliases.categoryId,
      en_name: sql<string>`coalesce(${products.enName}, ${categories.enName}, '')`,
      zn_name: sql<string>`coalesce(${products.znName}, ${categories.znName}, '')`,
    })
    .from(searchAliases)
    .leftJoin(products, eq(products.id, searchAliases.productId))
    .leftJoin(categories, eq(categories.id, searchAliases.categoryId))
    .orderBy(desc(searchAliases.id))
    .limit(ALIAS_LIST_MAX);
  return rows;
}

/** Products (as the storefront's search finds them) and categories (by name) for the alias picker. */
export function aliasTargets(snapshot: CatalogueSnapshot, q: string): AliasTarget[] {
  const query = normaliseQuery(q);
  if (query === '') return [];
  const found: AliasTarget[] = [];
  for (const id of snapshot.search.search(query).slice(0, TARGETS_MAX)) {
    const p = snapshot.productById.get(id);
    if (p)
      found.push({
        kind: 'product',
        id,
        en_name: p.card.en_name,
        zn_name: p.card.zn_name,
        image: p.card.product_image,
      });
  }
  for (const { category } of snapshot.categoryById.values()) {
    if (found.length >= TARGETS_MAX * 2) break;
    if (foldText(category.en_name).includes(query) || foldText(category.zn_name).includes(query))
      found.push({
        kind: 'category',
        id: category.id,
        en_name: category.en_name,
        zn_name: category.zn_name,
        image: category.icon,
      });
  }
  return found;
}

/** Adds an alias to a product or a category; the search honours it once the change commits. */
export async function addAlias(
  tx: Tx,
  touched: CatalogueTouched,
  input: NewAliasInput,
  now: Date,
): Promise<Changed<SearchAliasRow>> {
  const folded = normaliseQuery(input.alias);
  const [target] =
    input.productId !== null
      ? await tx
          .select({ en: products.enName, zn: products.znName })
          .from(products)
          .where(eq(products.id, input.productId))
      : await tx
          .select({ en: categories.enName, zn: categories.znName })
          .from(categories)
          .where(eq(categories.id, input.categoryId ?? 0));
  if (!target) throw new NotFound('errors:catalogueAdmin.searches.targetNotFound');
  const [row] = await tx
    .insert(searchAliases)
    .values({ ...input, folded, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: searchAliases.id });
  if (!row) throw new Conflict('errors:catalogueAdmin.searches.aliasTaken');
  if (input.productId !== null) touched.product(input.productId);
  else touched.all();
  const after = { alias: input.alias, product_id: input.productId, category_id: input.categoryId };
  const result = { id: row.id, ...after, en_name: target.en, zn_name: target.zn };
  return {
    result,
    audit: {
      action: 'search.alias.add',
      targetType: input.productId !== null ? 'product' : 'category',
      targetId: String(input.productId ?? input.categoryId),
      after,
    },
  };
}

/** Removes an alias. */
export async function removeAlias(tx: Tx, touched: CatalogueTouched, id: number): Promise<Changed<void>> {
  const [gone] = await tx.delete(searchAliases).where(eq(searchAliases.id, id)).returning();
  if (!gone) throw new NotFound('errors:catalogueAdmin.searches.aliasNotFound');
  if (gone.productId !== null) touched.product(gone.productId);
  else touched.all();
  return {
    result: undefined,
    audit: {
      action: 'search.alias.remove',
      targetType: gone.productId !== null ? 'product' : 'category',
      targetId: String(gone.productId ?? gone.categoryId),
      before: { alias: gone.alias, product_id: gone.productId, category_id: gone.categoryId },
    },
  };
}

// ---- synonyms -------------------------------------------------------------------------------

/** The synonym groups, newest first. */
export async function listSynonyms(db: Db): Promise<SearchSynonymRow[]> {
  return db
    .select({ id: searchSynonyms.id, terms: searchSynonyms.terms })
    .from(searchSynonyms)
    .orderBy(desc(searchSynonyms.id))
    .limit(ALIAS_LIST_MAX);
}

/** The terms once each as the search reads them ("Bok-Choy" and "bok choy" are one). */
function distinctTerms(input: SynonymsInput): string[] {
  const seen = new Set<string>();
  const terms = input.terms.filter((term) => {
    const folded = normaliseQuery(term);
    if (folded === '' || seen.has(folded)) return false;
    seen.add(folded);
    return true;
  });
  if (terms.length < SYNONYM_TERMS_MIN)
    throw new BadInput('errors:catalogueAdmin.searches.synonymCount', { field: 'terms' });
  return terms;
}

/** Adds a synonym group; the search reads its terms as one another once the change commits. */
export async function addSynonyms(
  tx: Tx,
  touched: CatalogueTouched,
  input: SynonymsInput,
  now: Date,
): Promise<Changed<SearchSynonymRow>> {
  const terms = distinctTerms(input);
  const [row] = await tx
    .insert(searchSynonyms)
    .values({ terms, createdAt: now })
    .returning({ id: searchSynonyms.id });
  const id = row?.id ?? 0;
  touched.all();
  return {
    result: { id, terms },
    audit: { action: 'search.synonyms.add', targetType: 'synonyms', targetId: String(id), after: { terms } },
  };
}

/** Replaces a synonym group's terms. */
export async function changeSynonyms(
  tx: Tx,
  touched: CatalogueTouched,
  id: number,
  input: SynonymsInput,
): Promise<Changed<SearchSynonymRow>> {
  const terms = distinctTerms(input);
  const [before] = await tx
    .select({ terms: searchSynonyms.terms })
    .from(searchSynonyms)
    .where(eq(searchSynonyms.id, id))
    .for('update');
  if (!before) throw new NotFound('errors:catalogueAdmin.searches.synonymsNotFound');
  await tx.update(searchSynonyms).set({ terms }).where(eq(searchSynonyms.id, id));
  touched.all();
  return {
    result: { id, terms },
    audit: {
      action: 'search.synonyms.update',
      targetType: 'synonyms',
      targetId: String(id),
      before: { terms: before.terms },
      after: { terms },
    },
  };
}

/** Removes a synonym group. */
export async function removeSynonyms(tx: Tx, touched: CatalogueTouched, id: number): Promise<Changed<void>> {
  const [gone] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning();
  if (!gone) throw new NotFound('errors:catalogueAdmin.searches.synonymsNotFound');
  touched.all();
  return {
    result: undefined,
    audit: {
      action: 'search.synonyms.remove',
      targetType: 'synonyms',
      targetId: String(id),
      before: { terms: gone.terms },
    },
  };
}
