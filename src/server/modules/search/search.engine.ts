/**
 * In-memory product search (docs/architecture.md §5). Pure: the catalogue service builds it from product rows
 * and asks it for ranked product ids.
 *
 * Documents are numbered best-selling first (sold_count desc, id asc). Each searchable field is a
 * token vocabulary with posting lists (search.fields.ts). Every query word gives each document its
 * best tier; words are ANDed (a document's tier is its worst word's); results are bucketed by tier
 * in document order, so they need no sort. Brands and categories: search.facets.ts. Products found
 * only through their category's name are left out when other products match by name or brand,
 * unless the query is a whole category name ("fruit", "水果"): "apple" must not bring the pears of
 * "Apples & Pears".
 *
 * A query is also searched in its other forms (search.variants.ts: synonyms, folded spaces, typo
 * corrections); a product takes its best tier over them, corrections' matches ranking below all.
 */
import { nextTurn } from '#server/next-turn';
import { buildFacets, type Facets, markFacets, matchFacets, startsSyllable } from './search.facets';
import {
  buildField,
  clearHits,
  type Field,
  type Hits,
  makeHits,
  NONE,
  type QueryWord,
  scanField,
  Tier,
  tierIn,
} from './search.fields';
import {
  foldText,
  isLetters,
  keySyllableStarts,
  normaliseQuery,
  type PinyinForm,
  pinyinOf,
  pinyinQuery,
  queryTerms,
  stemText,
} from './search.normalise';
import {
  byNearness,
  correctedQuery,
  countWords,
  latinWords,
  type Synonyms,
  synonymsOf,
  type Variant,
  Vocabulary,
  variantsOf,
  type Words,
} from './search.variants';

export { Tier } from './search.fields';

export interface SearchDocument {
  id: number;
  en_name: string;
  zn_name: string;
  brand_en_name: string;
  brand_zn_name: string;
  /** the product's category and its parent, joined with a space */
  category_en_name: string;
  category_zn_name: string;
  /** the category's and its parent's names, each whole, in both languages */
  category_names?: readonly string[];
  /** other names shoppers use for the product ("pak choi" for 上海青): as strong as its name */
  aliases?: readonly string[];
  sold_count: number;
}

export interface SearchIndex {
  /** Product ids, best first; [] for an empty or blank query. */
  search(query: string): number[];
  readonly size: number;
  /**
   * A copy that searches `docs` (added, or replacing the documents of the same ids) and no longer
   * finds the products of `removed`, without rebuilding: this index is left as it was, so a search
   * being answered from it is not disturbed. Answers exactly what an index built afresh from the
   * same documents would (while sold counts are those the documents were given).
   */
  patched(docs: readonly SearchDocument[], removed: Iterable<number>): SearchIndex;
  /**
   * For a query that finds nothing: a query close to it that finds something ("bnanana" →
   * "banana", "青菜汤" → "青菜"), or undefined.
   */
  suggestion(query: string): string | undefined;
}

/** Matches of a query with their tiers, best tier first, in document order within a tier. */
interface Matches {
  ids: number[];
  tiers: number[];
}

const TIERS = 7;

export interface SearchIndexOptions {
  /**
   * After the first word of a query, a word is checked against each remaining candidate when there
   * are at most this many, instead of walking every document it occurs in (each check costs about
   * as much as walking 10–20 postings). Default 200. Both ways give the same answer.
   */
  verifyBelow?: number;
  /** Groups of terms searched as one another ("青菜", "上海青", "bok choy"): search_synonyms. */
  synonyms?: readonly (readonly string[])[];
}

const asText = (s: unknown): string => (typeof s === 'string' ? s : s == null ? '' : String(s));
const spaceTokens = (s: string): string[] => (s === '' ? [] : s.split(' '));
const withoutApostrophes = (key: string): string => key.replaceAll("'", '');

function queryWord(term: string): QueryWord {
  return { term, stem: stemText(term), letters: isLetters(term), py: pinyinQuery(term) };
}

/** An index of `reuse` holding this very document, and its number there; [undefined, -1] when none does. */
function builtFrom(
  reuse: readonly TokenSearchIndex[],
  doc: SearchDocument,
): [TokenSearchIndex | undefined, number] {
  for (const index of reuse) {
    const at = index.documentNumber(doc);
    if (at >= 0) return [index, at];
  }
  return [undefined, -1];
}

/** What an index works out of one document alone: most of the work of building it. */
interface DocumentForms {
  en: string;
  enStemmed: string | undefined;
  zh: string;
  pinyin: PinyinForm;
  names: string[];
}

function formsOf(doc: SearchDocument): DocumentForms {
  const en = foldText(asText(doc.en_name));
  const stemmed = stemText(en);
  const zh = foldText(asText(doc.zn_name));
  return {
    en,
    enStemmed: stemmed === en ? undefined : stemmed,
    zh,
    pinyin: pinyinOf(zh),
    names: (doc.category_names ?? []).map((name) => stemText(foldText(asText(name)))),
  };
}

/** Everything a `TokenSearchIndex` is made of (see its fields). */
interface IndexData {
  sorted: SearchDocument[];
  ids: number[];
  sold: number[];
  docOf: Map<number, number>;
  namesOf: string[][];
  enNames: string[];
  enStemmed: (string | undefined)[];
  zhNames: string[];
  pinyin: PinyinForm[];
  en: Field;
  plural: Field;
  zh: Field;
  py: Field;
  initials: Field;
  brands: Facets;
  categories: Facets;
  aliases: AliasEntry[];
  categoryNames: Set<string>;
  words: Vocabulary;
}

/**
 * Builds an index's parts in steps, pausing (`yield`) after each: the documents' own forms
 * `slice` documents at a time, then each field, the facets, the aliases. Built in one go or with
 * turns for others between the steps, the index is the same: the steps do not depend on the pauses.
 */
function* indexSteps(
  docs: readonly SearchDocument[],
  reuse: readonly TokenSearchIndex[],
  slice: number,
): Generator<void, IndexData> {
  const n = docs.length;
  const soldOf = new Float64Array(n);
  const idOf = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    soldOf[i] = Number(docs[i]?.sold_count) || 0;
    idOf[i] = Number(docs[i]?.id);
  }
  const order = new Uint32Array(n).map((_, i) => i);
  order.sort((a, b) => (soldOf[b] ?? 0) - (soldOf[a] ?? 0) || (idOf[a] ?? 0) - (idOf[b] ?? 0));
  const sorted = Array.from(order, (i) => docs[i] as SearchDocument);
  const ids = sorted.map((doc) => doc.id);
  const enNames = new Array<string>(n);
  const enStemmed = new Array<string | undefined>(n);
  const zhNames = new Array<string>(n);
  const pinyin = new Array<PinyinForm>(n);
  const namesOf = new Array<string[]>(n);
  for (let start = 0; start < n; start += slice) {
    yield;
    for (let d = start; d < Math.min(n, start + slice); d++) {
      const doc = sorted[d] as SearchDocument;
      const [index, at] = builtFrom(reuse, doc);
      const forms = index ? index.formsOf(at) : formsOf(doc);
      enNames[d] = forms.en;
      enStemmed[d] = forms.enStemmed;
      zhNames[d] = forms.zh;
      pinyin[d] = forms.pinyin;
      namesOf[d] = forms.names;
    }
  }
  yield;
  const en = buildField(n, (d) => spaceTokens(enNames[d] ?? ''));
  yield;
  const plural = buildField(n, (d) => {
    const stemmed = enStemmed[d];
    if (stemmed === undefined) return [];
    const raw = spaceTokens(enNames[d] ?? '');
    return spaceTokens(stemmed).map((t, i) => (t === raw[i] ? null : t));
  });
  yield;
  const zh = buildField(n, (d) => spaceTokens(zhNames[d] ?? ''), { byFirst: true });
  yield;
  const pinyinKeys = { textOf: withoutApostrophes, syllableStarts: keySyllableStarts };
  const py = buildField(n, (d) => pinyin[d]?.keys ?? [], pinyinKeys);
  yield;
  const initials = buildField(n, (d) => spaceTokens(pinyin[d]?.initials ?? ''), { byFirst: true });
  yield;
  const brands = buildFacets(sorted.map((doc) => [asText(doc.brand_en_name), asText(doc.brand_zn_name)]));
  const categories = buildFacets(
    sorted.map((doc) => [asText(doc.category_en_name), asText(doc.category_zn_name)]),
  );
  yield;
  const aliases = aliasEntries(sorted);
  const categoryNames = new Set(namesOf.flat());
  const words = new Vocabulary(fieldWords([en, plural], aliases));
  yield;
  return {
    sorted,
    ids,
    sold: sorted.map((doc) => Number(doc.sold_count) || 0),
    docOf: new Map(ids.map((id, d) => [id, d])),
    namesOf,
    enNames,
    enStemmed,
    zhNames,
    pinyin,
    en,
    plural,
    zh,
    py,
    initials,
    brands,
    categories,
    aliases,
    categoryNames,
    words,
  };
}

/** Latin words of the names, stems and aliases, one per occurrence in a document (`documentWords`). */
function fieldWords(fields: readonly Field[], aliases: readonly AliasEntry[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const field of fields) {
    const tokens = field.text === '' ? [] : field.text.split('\n');
    tokens.forEach((token, t) => {
      const n = (field.postings[t + 1] ?? 0) - (field.postings[t] ?? 0);
      for (const word of latinWords(token)) counts.set(word, (counts.get(word) ?? 0) + n);
    });
  }
  for (const alias of aliases) {
    for (const word of latinWords(alias.text)) counts.set(word, (counts.get(word) ?? 0) + alias.docs.length);
  }
  return counts;
}

/** The texts whose words one document adds to `fieldWords`. */
function documentWords(forms: DocumentForms, doc: SearchDocument): string[] {
  const raw = spaceTokens(forms.en);
  const stems =
    forms.enStemmed === undefined ? [] : spaceTokens(forms.enStemmed).filter((t, i) => t !== raw[i]);
  const aliases = new Set((doc.aliases ?? []).map((a) => normaliseQuery(asText(a))));
  return [forms.en, ...stems, ...aliases];
}

/** What a search index (whole or patched) offers for searching a query in its other forms. */
interface VariantSource {
  readonly words: Words;
  readonly synonyms: Synonyms;
  /** every match of a normalised query, category-only ones included, best tier first */
  matches(normalised: string): Matches;
  /** `normalised` is a whole category name of some product ("fruit") */
  isCategoryName(normalised: string): boolean;
  soldOf(id: number): number;
}

/** Matches without the category-only ones when others are left (unless the query is a category's name). */
function withoutCategoryOnly(m: Matches, wholeCategory: boolean): Matches {
  if (wholeCategory || !m.tiers.some((t) => t < Tier.category)) return m;
  const ids: number[] = [];
  const tiers: number[] = [];
  m.ids.forEach((id, k) => {
    if (m.tiers[k] === Tier.category) return;
    ids.push(id);
    tiers.push(m.tiers[k] ?? NONE);
  });
  return { ids, tiers };
}

/**
 * Products of all of a query's forms, each at its best tier (a correction's at `Tier.fuzzy`),
 * in tier, sold count (desc), id order: the order one index gives.
 */
function searchVariants(source: VariantSource, variants: readonly Variant[]): number[] {
  const best = new Map<number, number>();
  for (const variant of variants) {
    const m = withoutCategoryOnly(source.matches(variant.text), source.isCategoryName(variant.text));
    m.ids.forEach((id, k) => {
      const tier = variant.fuzzy ? Tier.fuzzy : (m.tiers[k] ?? NONE);
      if (tier < (best.get(id) ?? NONE)) best.set(id, tier);
    });
  }
  const found = Array.from(best, ([id, tier]) => ({ id, tier, sold: source.soldOf(id) }));
  found.sort((a, b) => a.tier - b.tier || b.sold - a.sold || a.id - b.id);
  return found.map((f) => f.id);
}

/** Longest Han runs of a query first: the parts of "青菜汤" to try when it finds nothing. */
function* hanParts(normalised: string): Generator<string> {
  const runs = normalised.match(/[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g) ?? [];
  const longest = Math.min(8, Math.max(0, ...runs.map((r) => r.length)));
  for (let length = longest; length >= 2; length--) {
    for (const run of runs) {
      if (run.length < length || (length === run.length && runs.length === 1 && run === normalised)) continue;
      for (let at = 0; at + length <= run.length; at++) yield run.slice(at, at + length);
    }
  }
}

/** `SearchIndex.suggestion` for either kind of index. */
function suggestionFor(index: SearchIndex, words: Words, query: string): string | undefined {
  const normalised = normaliseQuery(query);
  if (normalised === '' || index.search(normalised).length > 0) return undefined;
  const corrected = correctedQuery(normalised, words);
  if (corrected !== undefined && index.search(corrected).length > 0) return corrected;
  for (const part of hanParts(normalised)) if (index.search(part).length > 0) return part;
  return undefined;
}

class TokenSearchIndex implements SearchIndex {
  readonly size: number;
  private readonly ids: number[];
  /** sold count of each document, in document order */
  private readonly sold: number[];
  /** document number of each product id */
  private readonly docOf: Map<number, number>;
  /** each document's whole category names, folded and stemmed */
  private readonly namesOf: string[][];
  private readonly enNames: string[];
  /** English names with plurals stemmed, where that changes them */
  private readonly enStemmed: (string | undefined)[];
  private readonly zhNames: string[];
  private readonly pinyin: PinyinForm[];
  private readonly en: Field;
  /** stems of the English words that change when stemmed ("dumplings" → "dumpling") */
  private readonly plural: Field;
  private readonly zh: Field;
  private readonly py: Field;
  private readonly initials: Field;
  private readonly brands: Facets;
  private readonly categories: Facets;
  /** whole category names, folded and stemmed */
  private readonly categoryNames: Set<string>;
  private readonly aliases: AliasEntry[];
  /** Latin words of the names and aliases, for typo corrections and folded spaces */
  readonly words: Vocabulary;
  readonly synonyms: Synonyms;
  private readonly verifyBelow: number;
  private readonly hits: Hits;
  /** documents matching every word so far, and their tiers (NONE for all others) */
  private readonly candidates: Int32Array;
  private readonly acc: Uint8Array;

  /** documents in document order */
  private readonly sorted: readonly SearchDocument[];

  /** `made`: what `indexSteps` worked out of `docs`. */
  private constructor(
    readonly docs: readonly SearchDocument[],
    readonly options: SearchIndexOptions,
    made: IndexData,
  ) {
    const n = docs.length;
    this.size = n;
    this.sorted = made.sorted;
    this.ids = made.ids;
    this.sold = made.sold;
    this.docOf = made.docOf;
    this.namesOf = made.namesOf;
    this.enNames = made.enNames;
    this.enStemmed = made.enStemmed;
    this.zhNames = made.zhNames;
    this.pinyin = made.pinyin;
    this.en = made.en;
    this.plural = made.plural;
    this.zh = made.zh;
    this.py = made.py;
    this.initials = made.initials;
    this.brands = made.brands;
    this.categories = made.categories;
    this.aliases = made.aliases;
    this.categoryNames = made.categoryNames;
    this.words = made.words;
    this.synonyms = synonymsOf(options.synonyms);
    this.verifyBelow = options.verifyBelow ?? 200;
    this.hits = makeHits(n);
    this.candidates = new Int32Array(n);
    this.acc = new Uint8Array(n).fill(NONE);
  }

  /**
   * An index of `docs` built in one go. `reuse`: indexes that may hold some of `docs` (the same
   * objects): what this one works out of each document alone (folded names, stems, pinyin) is
   * taken from them instead of worked out again.
   */
  static built(
    docs: readonly SearchDocument[],
    options: SearchIndexOptions,
    reuse: readonly TokenSearchIndex[] = [],
  ): TokenSearchIndex {
    const steps = indexSteps(docs, reuse, Math.max(1, docs.length));
    for (;;) {
      const step = steps.next();
      if (step.done) return new TokenSearchIndex(docs, options, step.value);
    }
  }

  /** The same index as `built`, with a turn for others between its steps (`indexSteps`). */
  static async builtInSlices(
    docs: readonly SearchDocument[],
    options: SearchIndexOptions,
    slice: number,
  ): Promise<TokenSearchIndex> {
    const steps = indexSteps(docs, [], slice);
    for (;;) {
      const step = steps.next();
      if (step.done) return new TokenSearchIndex(docs, options, step.value);
      await nextTurn();
    }
  }

  /** What this index worked out of its document number `d` alone. */
  formsOf(d: number): DocumentForms {
    return {
      en: this.enNames[d] as string,
      enStemmed: this.enStemmed[d],
      zh: this.zhNames[d] as string,
      pinyin: this.pinyin[d] as PinyinForm,
      names: this.namesOf[d] as string[],
    };
  }

  search(query: string): number[] {
    const normalised = normaliseQuery(query);
    if (normalised === '' || this.size === 0) return [];
    const variants = variantsOf(normalised, this.words, this.synonyms);
    if (variants.length > 1) return searchVariants(this, variants);
    return this.safely(() => {
      let count = this.gather(normalised);
      if (!this.isCategoryName(normalised)) count = this.dropCategoryOnly(count);
      return this.collect(count);
    });
  }

  suggestion(query: string): string | undefined {
    return suggestionFor(this, this.words, query);
  }

  isCategoryName(normalised: string): boolean {
    return this.categoryNames.has(stemText(normalised));
  }

  /** The texts whose Latin words product `id` adds to `words` ([] when absent). */
  wordsOf(id: number): string[] {
    const d = this.docOf.get(id);
    return d === undefined ? [] : documentWords(this.formsOf(d), this.sorted[d] as SearchDocument);
  }

  patched(docs: readonly SearchDocument[], removed: Iterable<number>): SearchIndex {
    return PatchedSearchIndex.over(this).patched(docs, removed);
  }

  /** Every match of a normalised query with its tier, category-only ones included. */
  matches(normalised: string): Matches {
    if (this.size === 0) return { ids: [], tiers: [] };
    return this.safely(() => {
      const tiers: number[] = [];
      return { ids: this.collect(this.gather(normalised), tiers), tiers };
    });
  }

  /** Sold count of a product as this index ranks it (0 when absent). */
  soldOf(id: number): number {
    return this.sold[this.docOf.get(id) ?? -1] ?? 0;
  }

  /** Whole category names (folded, stemmed) of a product's document ([] when absent). */
  categoryNamesOf(id: number): readonly string[] {
    return this.namesOf[this.docOf.get(id) ?? -1] ?? [];
  }

  has(id: number): boolean {
    return this.docOf.has(id);
  }

  /** The number of this very document (the same object) in this index, or -1. */
  documentNumber(doc: SearchDocument): number {
    const d = this.docOf.get(doc.id);
    return d !== undefined && this.sorted[d] === doc ? d : -1;
  }

  private safely<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      // Never leave stale tiers behind for the next query.
      this.acc.fill(NONE);
      this.hits.tier.fill(NONE);
      this.hits.count = 0;
      throw error;
    }
  }

  /** Marks every document matching the query with its tier in `acc`; returns how many. */
  private gather(normalised: string): number {
    const terms = queryTerms(normalised);
    const single = terms.length === 1;
    const { hits, acc, candidates } = this;
    // Longest (most selective) word first, so a miss ends the search early.
    const words = [...terms].sort((a, b) => b.length - a.length).map(queryWord);
    let count = 0;
    for (let t = 0; t < words.length && (t === 0 || count > 0); t++) {
      const w = words[t] as QueryWord;
      if (t > 0 && count <= this.verifyBelow) {
        count = this.verify(w, count);
        continue;
      }
      clearHits(hits);
      this.termTiers(w, single, hits);
      if (t === 0) {
        candidates.set(hits.docs.subarray(0, hits.count));
        count = hits.count;
        for (let i = 0; i < count; i++) acc[candidates[i] ?? 0] = hits.tier[candidates[i] ?? 0] ?? NONE;
        continue;
      }
      let kept = 0;
      for (let i = 0; i < count; i++) {
        const d = candidates[i] ?? 0;
        const tier = hits.tier[d] ?? NONE;
        if (tier === NONE) acc[d] = NONE;
        else {
          if (tier > (acc[d] ?? NONE)) acc[d] = tier;
          candidates[kept++] = d;
        }
      }
      count = kept;
    }
    if (!single && count > 0) this.upgradeWholeQuery(normalised, count);
    if (!single && terms.every(isLetters)) count = this.addJoinedPinyin(terms.join(''), count);
    if (this.aliases.length > 0) count = this.addAliases(normalised, count);
    clearHits(hits);
    return count;
  }

  /** Without the category-only candidates when any other candidate is left. Returns the new count. */
  private dropCategoryOnly(count: number): number {
    const { acc, candidates } = this;
    let better = false;
    for (let i = 0; i < count && !better; i++) better = (acc[candidates[i] ?? 0] ?? NONE) < Tier.category;
    if (!better) return count;
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const d = candidates[i] ?? 0;
      if (acc[d] === Tier.category) acc[d] = NONE;
      else candidates[kept++] = d;
    }
    return kept;
  }

  /** Best tier of one query word for every document it reaches. */
  private termTiers(w: QueryWord, single: boolean, h: Hits): void {
    scanField(this.en, w.term, h, single, false);
    if (w.stem !== w.term) scanField(this.en, w.stem, h, single, false);
    scanField(this.plural, w.stem, h, single, false);
    if (!w.letters) scanField(this.zh, w.term, h, single, false);
    if (w.letters) {
      scanField(this.py, w.py, h, single, true);
      if (w.term.length >= 2) scanField(this.initials, w.term, h, single, true);
    }
    // Name tiers are all better than brand and category ones, so marking them after is right.
    if (matchFacets(this.brands, w)) markFacets(this.brands, h, Tier.brand);
    if (matchFacets(this.categories, w)) markFacets(this.categories, h, Tier.category);
  }

  /** The same tiers as `termTiers` (several-word queries), checked for each candidate. Returns the new count. */
  private verify(w: QueryWord, count: number): number {
    const { acc, candidates, brands, categories } = this;
    const anyBrand = matchFacets(brands, w);
    const anyCategory = matchFacets(categories, w);
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const d = candidates[i] ?? 0;
      const en = this.enNames[d] ?? '';
      const stemmed = this.enStemmed[d];
      let tier = tierIn(en, w.term);
      if (tier > Tier.word && w.stem !== w.term) tier = Math.min(tier, tierIn(en, w.stem));
      if (tier > Tier.word && stemmed !== undefined) tier = Math.min(tier, tierIn(stemmed, w.stem));
      if (tier > Tier.word && !w.letters) tier = Math.min(tier, tierIn(this.zhNames[d] ?? '', w.term));
      if (tier === NONE && w.letters) {
        const py = this.pinyin[d] as PinyinForm;
        if (startsSyllable(py, w.py) || (w.term.length >= 2 && py.initials.includes(w.term)))
          tier = Tier.substring;
      }
      if (tier === NONE && anyBrand && brands.hit[brands.of[d] ?? -1] === 1) tier = Tier.brand;
      if (tier === NONE && anyCategory && categories.hit[categories.of[d] ?? -1] === 1) tier = Tier.category;
      if (tier === NONE) {
        acc[d] = NONE;
        continue;
      }
      if (tier > (acc[d] ?? NONE)) acc[d] = tier;
      candidates[kept++] = d;
    }
    return kept;
  }

  /** Several words: a name equal to, or starting with, the whole query ranks exact / prefix. */
  private upgradeWholeQuery(phrase: string, count: number): void {
    const { acc, candidates } = this;
    const stemmed = stemText(phrase);
    const first = phrase.charCodeAt(0);
    for (let i = 0; i < count; i++) {
      const d = candidates[i] ?? 0;
      // Only names that matched every word can equal or start with the whole query.
      if ((acc[d] ?? NONE) > Tier.substring) continue;
      const en = this.enNames[d] ?? '';
      const zh = this.zhNames[d] ?? '';
      if (en.charCodeAt(0) !== first && zh.charCodeAt(0) !== first) continue;
      const enStem = this.enStemmed[d] ?? en;
      if (en === phrase || zh === phrase || enStem === stemmed) acc[d] = Tier.exact;
      else if (en.startsWith(phrase) || zh.startsWith(phrase) || enStem.startsWith(stemmed))
        acc[d] = Tier.prefix;
    }
  }

  /** "ping guo", "jin zhen gu": the words run together may be pinyin. Returns the new count. */
  private addJoinedPinyin(joined: string, count: number): number {
    const { acc, candidates, hits } = this;
    clearHits(hits);
    scanField(this.py, pinyinQuery(joined), hits, true, true);
    scanField(this.initials, joined, hits, true, true);
    let n = count;
    for (let i = 0; i < hits.count; i++) {
      const d = hits.docs[i] ?? 0;
      const tier = hits.tier[d] ?? NONE;
      if (acc[d] === NONE) candidates[n++] = d;
      if (tier < (acc[d] ?? NONE)) acc[d] = tier;
    }
    return n;
  }

  /**
   * Products with an alias the whole query matches, ranked as a name would rank ("pak choi" →
   * 上海青; a Chinese alias also by its pinyin). Returns the new count.
   */
  private addAliases(query: string, count: number): number {
    const { acc, candidates } = this;
    const stem = stemText(query);
    const joined = query.replaceAll(' ', '');
    const letters = isLetters(joined) ? pinyinQuery(joined) : '';
    let n = count;
    for (const alias of this.aliases) {
      let tier: number = NONE;
      if (alias.text === query || alias.stem === stem) tier = Tier.exact;
      else if (alias.text.startsWith(query) || alias.stem.startsWith(stem)) tier = Tier.prefix;
      else if (query.length >= 2) tier = tierIn(alias.text, query);
      if (tier > Tier.prefix && letters !== '' && alias.pinyin !== '') {
        if (alias.pinyin === letters) tier = Tier.exact;
        else if (
          alias.pinyin.startsWith(letters) ||
          (letters.length >= 2 && alias.initials.startsWith(letters))
        )
          tier = Tier.prefix;
      }
      if (tier === NONE) continue;
      for (const d of alias.docs) {
        if (acc[d] === NONE) candidates[n++] = d;
        if (tier < (acc[d] ?? NONE)) acc[d] = tier;
      }
    }
    return n;
  }

  /**
   * Candidates bucketed by tier, in document (sold_count desc, id asc) order; resets `acc`. Each
   * one's tier goes into `tiers` at the same place, when given.
   */
  private collect(count: number, tiers?: number[]): number[] {
    const { acc, candidates, ids } = this;
    const offsets = new Array<number>(TIERS + 1).fill(0);
    for (let i = 0; i < count; i++) {
      const tier = acc[candidates[i] ?? 0] ?? 0;
      offsets[tier + 1] = (offsets[tier + 1] ?? 0) + 1;
    }
    for (let t = 1; t <= TIERS; t++) offsets[t] = (offsets[t] ?? 0) + (offsets[t - 1] ?? 0);
    const out = new Array<number>(count);
    const take = (d: number) => {
      const tier = acc[d] ?? 0;
      const at = offsets[tier] ?? 0;
      out[at] = ids[d] ?? 0;
      if (tiers) tiers[at] = tier;
      offsets[tier] = at + 1;
      acc[d] = NONE;
    };
    if (count > this.size >>> 3) {
      for (let d = 0; d < this.size; d++) if (acc[d] !== NONE) take(d);
    } else {
      const sorted = candidates.subarray(0, count).sort();
      for (let i = 0; i < count; i++) take(sorted[i] ?? 0);
    }
    return out;
  }
}

/** A distinct alias, folded, with the documents that have it. */
interface AliasEntry {
  text: string;
  stem: string;
  /** pinyin of a Chinese alias, syllables run together; '' otherwise */
  pinyin: string;
  initials: string;
  docs: number[];
}

function aliasEntries(sorted: readonly SearchDocument[]): AliasEntry[] {
  const byText = new Map<string, AliasEntry>();
  sorted.forEach((doc, d) => {
    for (const raw of doc.aliases ?? []) {
      const text = normaliseQuery(asText(raw));
      if (text === '') continue;
      let entry = byText.get(text);
      if (entry === undefined) {
        const py = pinyinOf(text);
        entry = {
          text,
          stem: stemText(text),
          pinyin: py.full.replaceAll(' ', ''),
          initials: py.initials.replaceAll(' ', ''),
          docs: [],
        };
        byText.set(text, entry);
      }
      if (entry.docs.at(-1) !== d) entry.docs.push(d);
    }
  });
  return [...byText.values()];
}

/**
 * Past this many documents patched in, the next patch builds a whole new index instead: every
 * search asks the patched documents apart and merges, which costs a little more as they grow.
 */
const REBUILD_AFTER_PATCHED = 128;

/**
 * A search index with some products replaced or taken out, without rebuilding it: a `base` index
 * whose `hidden` products are no longer found, and a small `overlay` index of the documents patched
 * in. A search asks both and merges their matches exactly as one index ranks them (tier, then sold
 * count, then id), then leaves out category-only matches as `TokenSearchIndex` does.
 */
class PatchedSearchIndex implements SearchIndex {
  readonly size: number;

  private constructor(
    private readonly base: TokenSearchIndex,
    /** products of `base` it no longer finds (taken out, or replaced by a patched document) */
    private readonly hidden: ReadonlySet<number>,
    private readonly extra: ReadonlyMap<number, SearchDocument>,
    private readonly overlay: TokenSearchIndex,
    /** how many found documents have each whole category name (folded, stemmed) */
    private readonly nameCounts: ReadonlyMap<string, number>,
    /** occurrences of each Latin word in the `hidden` documents */
    private readonly hiddenWords: ReadonlyMap<string, number>,
  ) {
    this.size = base.size - hidden.size + extra.size;
    this.synonyms = base.synonyms;
    this.words = new PatchedWords(base.words, hiddenWords, overlay.words);
  }

  readonly words: Words;
  readonly synonyms: Synonyms;

  static over(base: TokenSearchIndex): PatchedSearchIndex {
    const counts = new Map<string, number>();
    for (const doc of base.docs) countNames(counts, base.categoryNamesOf(doc.id), 1);
    return new PatchedSearchIndex(
      base,
      new Set(),
      new Map(),
      TokenSearchIndex.built([], base.options),
      counts,
      new Map(),
    );
  }

  patched(docs: readonly SearchDocument[], removed: Iterable<number>): SearchIndex {
    const hidden = new Set(this.hidden);
    const extra = new Map(this.extra);
    const counts = new Map(this.nameCounts);
    const hiddenWords = new Map(this.hiddenWords);
    const takeOut = (id: number) => {
      const old = extra.get(id);
      if (old) {
        countNames(counts, wholeNames(old), -1);
        extra.delete(id);
      } else if (this.base.has(id) && !hidden.has(id)) {
        countNames(counts, this.base.categoryNamesOf(id), -1);
        countWords(this.base.wordsOf(id), hiddenWords);
        hidden.add(id);
      }
    };
    for (const id of removed) takeOut(id);
    for (const doc of docs) {
      takeOut(doc.id);
      extra.set(doc.id, doc);
      countNames(counts, wholeNames(doc), 1);
    }
    // Each document's own work (folding, stems, pinyin) is taken from the indexes that have it.
    const reuse = [this.overlay, this.base];
    if (extra.size > REBUILD_AFTER_PATCHED) {
      const kept = this.base.docs.filter((doc) => !hidden.has(doc.id));
      return TokenSearchIndex.built([...kept, ...extra.values()], this.base.options, reuse);
    }
    const overlay = TokenSearchIndex.built([...extra.values()], this.base.options, reuse);
    return new PatchedSearchIndex(this.base, hidden, extra, overlay, counts, hiddenWords);
  }

  search(query: string): number[] {
    const normalised = normaliseQuery(query);
    if (normalised === '' || this.size === 0) return [];
    const variants = variantsOf(normalised, this.words, this.synonyms);
    if (variants.length > 1) return searchVariants(this, variants);
    return withoutCategoryOnly(this.matches(normalised), this.isCategoryName(normalised)).ids;
  }

  suggestion(query: string): string | undefined {
    return suggestionFor(this, this.words, query);
  }

  isCategoryName(normalised: string): boolean {
    return (this.nameCounts.get(stemText(normalised)) ?? 0) > 0;
  }

  soldOf(id: number): number {
    return this.extra.has(id) ? this.overlay.soldOf(id) : this.base.soldOf(id);
  }

  /** Matches of base and overlay merged as one index ranks them, category-only ones included. */
  matches(normalised: string): Matches {
    const fromBase = this.base.matches(normalised);
    const fromOverlay = this.overlay.matches(normalised);
    const ids: number[] = [];
    const tiers: number[] = [];
    const rank = (index: TokenSearchIndex, id: number) => index.soldOf(id);
    let i = 0;
    let j = 0;
    const skipHidden = () => {
      while (i < fromBase.ids.length && this.hidden.has(fromBase.ids[i] ?? 0)) i++;
    };
    skipHidden();
    while (i < fromBase.ids.length || j < fromOverlay.ids.length) {
      const a = fromBase.ids[i];
      const b = fromOverlay.ids[j];
      let takeBase = b === undefined;
      if (a !== undefined && b !== undefined) {
        const ta = fromBase.tiers[i] ?? NONE;
        const tb = fromOverlay.tiers[j] ?? NONE;
        const sa = rank(this.base, a);
        const sb = rank(this.overlay, b);
        takeBase = ta < tb || (ta === tb && (sa > sb || (sa === sb && a < b)));
      }
      if (takeBase) {
        ids.push(a ?? 0);
        tiers.push(fromBase.tiers[i] ?? NONE);
        i++;
        skipHidden();
      } else {
        ids.push(b ?? 0);
        tiers.push(fromOverlay.tiers[j] ?? NONE);
        j++;
      }
    }
    return { ids, tiers };
  }
}

/** The words of a patched index: its base's less those of hidden documents, and its overlay's. */
class PatchedWords implements Words {
  constructor(
    private readonly base: Vocabulary,
    private readonly hidden: ReadonlyMap<string, number>,
    private readonly overlay: Vocabulary,
  ) {}

  private readonly count = (word: string): number =>
    this.base.count(word) - (this.hidden.get(word) ?? 0) + this.overlay.count(word);

  has(word: string): boolean {
    return this.count(word) > 0;
  }

  startsAny(prefix: string): boolean {
    for (const word of this.base.startingWith(prefix)) if (this.count(word) > 0) return true;
    return this.overlay.startsAny(prefix);
  }

  near(term: string, max: number): string[] {
    const found = new Map(this.base.nearWords(term, max, this.count).map((n) => [n.word, n]));
    for (const n of this.overlay.nearWords(term, max, this.count)) found.set(n.word, n);
    return [...found.values()].sort(byNearness).map((n) => n.word);
  }
}

function wholeNames(doc: SearchDocument): string[] {
  return (doc.category_names ?? []).map((name) => stemText(foldText(asText(name))));
}

function countNames(counts: Map<string, number>, names: readonly string[], by: 1 | -1): void {
  for (const name of names) {
    const n = (counts.get(name) ?? 0) + by;
    if (n > 0) counts.set(name, n);
    else counts.delete(name);
  }
}

export function buildSearchIndex(
  docs: readonly SearchDocument[],
  options: SearchIndexOptions = {},
): SearchIndex {
  return TokenSearchIndex.built(docs, options);
}

/**
 * Documents whose own forms (folded names, stems, pinyin: most of the work) `buildSearchIndexInSlices`
 * works out between two turns of the server's thread.
 */
const SLICE = 500;

/**
 * The index `buildSearchIndex` builds, without holding the thread for the whole of it: its steps
 * (`indexSteps`: the documents' forms a slice at a time, then each field) with a turn for others
 * between them.
 */
export function buildSearchIndexInSlices(
  docs: readonly SearchDocument[],
  options: SearchIndexOptions = {},
  slice = SLICE,
): Promise<SearchIndex> {
  return TokenSearchIndex.builtInSlices(docs, options, Math.max(1, slice));
}
