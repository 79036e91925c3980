/**
 * Search that forgives (docs/architecture.md §5): the other forms a query is searched in besides
 * itself. Pure functions, no I/O.
 *
 * - synonyms: a whole query that is one of a synonym group's terms ("青菜") is also searched as
 *   each other term of its groups ("上海青", "bok choy");
 * - space folding: "bokchoy" is also searched as "bok choy" and "bok choy" as "bokchoy", when the
 *   catalogue has those words;
 * - typos: a Latin word that starts no word of the catalogue is also searched as the catalogue's
 *   nearest words, 1 edit away for 4–7 letters and 2 from 8 ("bananna" → "banana"). Those forms
 *   are marked `fuzzy`: what only they find ranks below every match of the query as typed.
 */
import { isLetters, normaliseQuery, queryTerms, stemText, stemWord } from './search.normalise';

/** One form a query is searched in. */
export interface Variant {
  text: string;
  /** reached by correcting a typo: its matches rank below every other match */
  fuzzy: boolean;
}

/** At most this many forms of one query are searched (the query itself included). */
export const MAX_VARIANTS = 8;
/** Corrections tried for one word. */
const NEAREST_PER_WORD = 3;

/** Edits a word of `length` letters may be away from the catalogue's word it is taken for. */
export function maxEdits(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/**
 * Edit distance (insertions, deletions, substitutions and swaps of two neighbours), or `max + 1`
 * as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  let before = new Array<number>(m + 1).fill(0);
  let previous = Array.from({ length: m + 1 }, (_, j) => j);
  let current = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1);
      let d = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (ca === cb ? 0 : 1),
      );
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb)
        d = Math.min(d, (before[j - 2] ?? 0) + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[m] ?? 0, max + 1);
}

/** The Latin words of a search index's names (and products' aliases), each with how often it occurs. */
export interface Words {
  has(word: string): boolean;
  /** some word starts with `prefix` (or is it) */
  startsAny(prefix: string): boolean;
  /** words `max` edits or fewer from `term`, nearest first, then most frequent, then alphabetical */
  near(term: string, max: number): string[];
}

/** Every run of a–z in `text` (folded). */
export function latinWords(text: string): string[] {
  return text.match(/[a-z]+/g) ?? [];
}

interface Near {
  word: string;
  distance: number;
  count: number;
}

export function byNearness(a: Near, b: Near): number {
  return a.distance - b.distance || b.count - a.count || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);
}

/** A fixed vocabulary: words sorted, and by length. */
export class Vocabulary implements Words {
  private readonly sorted: string[];
  private readonly byLength = new Map<number, string[]>();

  constructor(readonly counts: ReadonlyMap<string, number>) {
    this.sorted = [...counts.keys()].sort();
    for (const word of this.sorted) {
      const list = this.byLength.get(word.length) ?? [];
      list.push(word);
      this.byLength.set(word.length, list);
    }
  }

  count(word: string): number {
    return this.counts.get(word) ?? 0;
  }

  has(word: string): boolean {
    return this.counts.has(word);
  }

  /** Words starting with `prefix`, in order (the first ones enough for most callers). */
  *startingWith(prefix: string): Generator<string> {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.sorted[mid] ?? '') < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.sorted.length && (this.sorted[i] ?? '').startsWith(prefix); i++)
      yield this.sorted[i] ?? '';
  }

  startsAny(prefix: string): boolean {
    return !this.startingWith(prefix).next().done;
  }

  /** Words within `max` edits of `term`, unsorted, with their distance and count. */
  nearWords(term: string, max: number, visible: (word: string) => number = (w) => this.count(w)): Near[] {
    const found: Near[] = [];
    for (let length = term.length - max; length <= term.length + max; length++) {
      for (const word of this.byLength.get(length) ?? []) {
        const distance = editDistance(term, word, max);
        if (distance > max) continue;
        const count = visible(word);
        if (count > 0) found.push({ word, distance, count });
      }
    }
    return found;
  }

  near(term: string, max: number): string[] {
    return this.nearWords(term, max)
      .sort(byNearness)
      .map((n) => n.word);
  }
}

/** Word counts of a list of texts (folded), one per occurrence. */
export function countWords(texts: Iterable<string>, into = new Map<string, number>(), by = 1) {
  for (const text of texts) {
    for (const word of latinWords(text)) {
      const n = (into.get(word) ?? 0) + by;
      if (n === 0) into.delete(word);
      else into.set(word, n);
    }
  }
  return into;
}

// ---- synonyms ---------------------------------------------------------------------------------

/** Synonym groups by each of their terms (normalised, and stemmed): the other terms. */
export type Synonyms = ReadonlyMap<string, readonly string[]>;

export const NO_SYNONYMS: Synonyms = new Map();

/** Synonym groups ("青菜", "上海青", "bok choy") as a lookup from each term to the others. */
export function synonymsOf(groups: readonly (readonly string[])[] | undefined): Synonyms {
  if (!groups || groups.length === 0) return NO_SYNONYMS;
  const map = new Map<string, string[]>();
  for (const group of groups) {
    const terms = [...new Set(group.map((t) => normaliseQuery(t)).filter((t) => t !== ''))];
    for (const term of terms) {
      for (const key of new Set([term, stemText(term)])) {
        const others = map.get(key) ?? [];
        for (const other of terms) if (other !== term && !others.includes(other)) others.push(other);
        map.set(key, others);
      }
    }
  }
  return map;
}

// ---- the forms of a query -------------------------------------------------------------------

/** "bokchoy" → "bok choy" when both halves are words of the catalogue (the longer first half). */
function splitWord(word: string, words: Words): string | undefined {
  for (let at = word.length - 2; at >= 2; at--) {
    const left = word.slice(0, at);
    const right = word.slice(at);
    if (words.has(left) && (words.has(right) || words.has(stemWord(right)))) return `${left} ${right}`;
  }
  return undefined;
}

/** The forms to search a normalised query in: itself first, then synonyms, folded spaces, corrections. */
export function variantsOf(normalised: string, words: Words, synonyms: Synonyms): Variant[] {
  const out: Variant[] = [{ text: normalised, fuzzy: false }];
  const seen = new Set([normalised]);
  const add = (text: string, fuzzy: boolean) => {
    if (out.length >= MAX_VARIANTS || seen.has(text)) return;
    seen.add(text);
    out.push({ text, fuzzy });
  };
  for (const other of synonyms.get(normalised) ?? synonyms.get(stemText(normalised)) ?? []) add(other, false);
  const terms = queryTerms(normalised);
  if (terms.length >= 2 && terms.every(isLetters)) {
    const joined = terms.join('');
    if (words.has(joined) || words.has(stemWord(joined))) add(joined, false);
  }
  // Each word that starts no word of the catalogue, with what it may have been meant as.
  const choices = terms.map((term): Variant[] => {
    if (!isLetters(term) || term.length < 4) return [];
    if (words.startsAny(term) || words.startsAny(stemWord(term))) return [];
    const split = splitWord(term, words);
    if (split) return [{ text: split, fuzzy: false }];
    return words
      .near(term, maxEdits(term.length))
      .slice(0, NEAREST_PER_WORD)
      .map((text) => ({ text, fuzzy: true }));
  });
  if (choices.every((c) => c.length === 0)) return out;
  const formOf = (pick: (i: number) => Variant | undefined) => {
    let fuzzy = false;
    const text = terms
      .map((term, i) => {
        const v = pick(i);
        if (!v) return term;
        fuzzy ||= v.fuzzy;
        return v.text;
      })
      .join(' ');
    add(text, fuzzy);
  };
  // Every word at its nearest, then each word at its next nearest.
  formOf((i) => choices[i]?.[0]);
  for (let k = 1; k < NEAREST_PER_WORD; k++) {
    choices.forEach((c, i) => {
      if (c[k]) formOf((j) => (j === i ? c[k] : choices[j]?.[0]));
    });
  }
  return out;
}

/**
 * "Did you mean": the query with each word that starts no catalogue word replaced by the nearest
 * one, allowing a few more edits than a search does (a third of the word, at least 2); undefined
 * when no word could be replaced.
 */
export function correctedQuery(normalised: string, words: Words): string | undefined {
  let changed = false;
  const text = queryTerms(normalised)
    .map((term) => {
      if (!isLetters(term) || term.length < 3 || words.startsAny(term)) return term;
      const nearest = words.near(term, Math.max(2, Math.floor(term.length / 3)))[0];
      if (nearest === undefined) return term;
      changed = true;
      return nearest;
    })
    .join(' ');
  return changed ? text : undefined;
}
