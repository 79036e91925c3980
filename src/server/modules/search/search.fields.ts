/**
 * A searchable field of every document, as a token vocabulary with posting lists.
 *
 * A query word never contains a space, so it can only occur inside one space-separated token of a
 * field. Each distinct token is stored once in `text` (tokens separated by '\n') and a query word
 * is found there with `String#indexOf`; each hit is mapped to its token by binary search and the
 * token's documents come from its posting list. The cost follows the vocabulary and the number of
 * matching documents, not the catalogue size.
 */
import { isWordChar } from './search.normalise';

/** Ranking tiers, best first. `fuzzy`: found only as a typo's correction (search.variants.ts). */
export const Tier = { exact: 0, prefix: 1, word: 2, substring: 3, brand: 4, category: 5, fuzzy: 6 } as const;
export const NONE = 255;

/** A query word in the forms the fields are searched with. */
export interface QueryWord {
  term: string;
  /** plural stem (= term when nothing to strip) */
  stem: string;
  /** only a–z: may be pinyin or initials */
  letters: boolean;
  /** pinyin form (v for ü read as u) */
  py: string;
}

const FIRST = 1; // the token starts the field
const ONLY = 2; // the token is the whole field

export interface Field {
  text: string;
  /** token t spans text[starts[t], starts[t + 1] - 1) */
  starts: Int32Array;
  /**
   * For big vocabularies (Chinese, pinyin, initials): where a hit may start, ascending, keyed by
   * the first character (key c) and by the first two (key -(c1 * 0x10000 + c2)). A word only
   * checks the positions of its first characters instead of scanning the text. In pinyin, only
   * syllable starts are listed: a hit must start a syllable.
   */
  byFirst: Map<number, Int32Array> | undefined;
  /** postings of token t: docs[postings[t] … postings[t + 1]) */
  postings: Int32Array;
  docs: Int32Array;
  flags: Uint8Array;
}

export interface FieldOptions {
  /** what a key is searched as (itself by default) */
  textOf?: (key: string) => string;
  /** list hit positions by first character (see Field.byFirst) */
  byFirst?: boolean;
  /** pinyin: a key's syllable offsets in its text ("ping'guo" → [0, 4]); implies byFirst */
  syllableStarts?: (key: string) => readonly number[];
}

/**
 * `keys(d)` lists document d's tokens; a null keeps a token's place without indexing it (so a
 * field of plural stems knows which stem comes from the first word). Pinyin keys keep syllables
 * apart ("xi'an" and "xian" both read "xian").
 */
export function buildField(
  count: number,
  keys: (d: number) => readonly (string | null)[],
  options: FieldOptions = {},
): Field {
  const { textOf, syllableStarts } = options;
  const ids = new Map<string, number>();
  const vocabulary: string[] = [];
  const sizes: number[] = [];
  const tokenIds: number[] = []; // every document's token ids, in document order
  const tokenFlags: number[] = [];
  for (let d = 0; d < count; d++) {
    const list = keys(d);
    for (let i = 0; i < list.length; i++) {
      const key = list[i];
      if (key === null || key === undefined) continue;
      let id = ids.get(key);
      if (id === undefined) {
        id = vocabulary.length;
        ids.set(key, id);
        vocabulary.push(key);
        sizes.push(0);
      }
      sizes[id] = (sizes[id] ?? 0) + 1;
      tokenIds.push(id, d);
      tokenFlags.push((i === 0 ? FIRST : 0) | (list.length === 1 ? ONLY : 0));
    }
  }
  const texts = textOf ? vocabulary.map(textOf) : vocabulary;
  const starts = new Int32Array(texts.length + 1);
  for (let i = 0; i < texts.length; i++) starts[i + 1] = (starts[i] ?? 0) + (texts[i] ?? '').length + 1;
  const postings = new Int32Array(texts.length + 1);
  for (let i = 0; i < texts.length; i++) postings[i + 1] = (postings[i] ?? 0) + (sizes[i] ?? 0);
  const docs = new Int32Array(tokenFlags.length);
  const flags = new Uint8Array(tokenFlags.length);
  const fill = postings.slice(0, texts.length);
  for (let k = 0; k < tokenFlags.length; k++) {
    const id = tokenIds[2 * k] ?? 0;
    const at = fill[id] ?? 0;
    docs[at] = tokenIds[2 * k + 1] ?? 0;
    flags[at] = tokenFlags[k] ?? 0;
    fill[id] = at + 1;
  }
  const text = texts.join('\n');
  let byFirst: Map<number, Int32Array> | undefined;
  if (syllableStarts || options.byFirst) {
    const positions: number[] = [];
    vocabulary.forEach((key, i) => {
      const start = starts[i] ?? 0;
      if (syllableStarts) for (const at of syllableStarts(key)) positions.push(start + at);
      else for (let at = 0; at < (texts[i] ?? '').length; at++) positions.push(start + at);
    });
    byFirst = groupByFirstChar(text, positions);
  }
  return { text, starts, byFirst, postings, docs, flags };
}

/** Bucket key of a position: its first character, or its first two (`pair`). */
function keyAt(text: string, p: number, pair: boolean): number {
  return pair ? text.charCodeAt(p) * 0x10000 + (text.charCodeAt(p + 1) || 0) : text.charCodeAt(p);
}

/** Positions (ascending) grouped by their first character, and again by their first two. */
function groupByFirstChar(text: string, positions: readonly number[]): Map<number, Int32Array> {
  const keys = new Float64Array(positions.length * 2);
  const sizes = new Map<number, number>();
  positions.forEach((p, i) => {
    keys[2 * i] = keyAt(text, p, false);
    keys[2 * i + 1] = -keyAt(text, p, true);
  });
  for (const key of keys) sizes.set(key, (sizes.get(key) ?? 0) + 1);
  const groups = new Map<number, { at: number; list: Int32Array }>();
  for (const [key, n] of sizes) groups.set(key, { at: 0, list: new Int32Array(n) });
  keys.forEach((key, i) => {
    const group = groups.get(key) as { at: number; list: Int32Array };
    group.list[group.at++] = positions[i >>> 1] ?? 0;
  });
  return new Map(Array.from(groups, ([key, group]) => [key, group.list]));
}

/** Token containing text position `pos`, searching from token `from` on. */
function locate(starts: Int32Array, pos: number, from: number): number {
  if (pos < (starts[from + 1] ?? 0)) return from;
  let lo = from + 1;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((starts[mid] ?? 0) <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The documents one query word reached, with their best tier; `tier` is NONE everywhere else. */
export interface Hits {
  tier: Uint8Array;
  docs: Int32Array;
  count: number;
}

export function makeHits(size: number): Hits {
  return { tier: new Uint8Array(size).fill(NONE), docs: new Int32Array(size), count: 0 };
}

export function clearHits(h: Hits): void {
  for (let i = 0; i < h.count; i++) h.tier[h.docs[i] ?? 0] = NONE;
  h.count = 0;
}

/** Give documents `docs[from … to)` at most tier `tier`. */
export function markAll(h: Hits, docs: Int32Array, from: number, to: number, tier: number): void {
  for (let k = from; k < to; k++) {
    const d = docs[k] ?? 0;
    const old = h.tier[d] ?? NONE;
    if (tier < old) {
      if (old === NONE) h.docs[h.count++] = d;
      h.tier[d] = tier;
    }
  }
}

/**
 * Record the best tier `term` reaches in each document's field.
 * `headTiers`: a field equal to / starting with the term ranks exact / prefix (single-word queries).
 * `syllables`: a pinyin field has no words; its hits are substrings (or exact / prefix).
 */
export function scanField(f: Field, term: string, h: Hits, headTiers: boolean, syllables: boolean): void {
  const { text, starts, postings, docs, flags } = f;
  const len = term.length;
  const bucket = f.byFirst?.get(len === 1 ? term.charCodeAt(0) : -keyAt(term, 0, true));
  if (f.byFirst !== undefined && bucket === undefined) return;
  let next = 0;
  /** first hit at or after `from` */
  const hitFrom = (from: number): number => {
    if (bucket === undefined) return text.indexOf(term, from);
    while (next < bucket.length) {
      const p = bucket[next++] ?? 0;
      if (p < from) continue;
      let i = len < 2 ? len : 2; // the bucket key already matched the first one or two
      while (i < len && text.charCodeAt(p + i) === term.charCodeAt(i)) i++;
      if (i === len) return p;
    }
    return -1;
  };
  let token = -1;
  let start = 0;
  let end = 0;
  let head = false;
  let whole = false;
  let inner: number = NONE;
  let pos = hitFrom(0);
  for (;;) {
    const t = pos === -1 ? -1 : locate(starts, pos, token < 0 ? 0 : token);
    if (t !== token && token >= 0) {
      // The previous token is done: its documents get its tier.
      const last = postings[token + 1] ?? 0;
      if (!headTiers || !head) markAll(h, docs, postings[token] ?? 0, last, inner);
      else {
        for (let k = postings[token] ?? 0; k < last; k++) {
          const flag = flags[k] ?? 0;
          const tier = (flag & FIRST) === 0 ? inner : whole && (flag & ONLY) !== 0 ? Tier.exact : Tier.prefix;
          markAll(h, docs, k, k + 1, tier);
        }
      }
    }
    if (pos === -1) return;
    if (t !== token) {
      token = t;
      start = starts[t] ?? 0;
      end = (starts[t + 1] ?? 0) - 1;
      head = pos === start;
      whole = head && pos + len === end;
      inner = NONE;
    }
    let tier: number = Tier.substring;
    if (!syllables) {
      const before = pos === start || !isWordChar(text.charCodeAt(pos - 1));
      const after = pos + len === end || !isWordChar(text.charCodeAt(pos + len));
      if (before && after) tier = Tier.word;
    }
    if (tier < inner) inner = tier;
    // Nothing better than a word can follow inside this token: go on to the next token.
    pos = inner <= Tier.word || syllables ? hitFrom(end + 1) : hitFrom(pos + 1);
  }
}

/** Word or substring tier of `term` in one document's text (several-word queries); NONE if absent. */
export function tierIn(text: string, term: string): number {
  let best: number = NONE;
  for (let pos = text.indexOf(term); pos !== -1; pos = text.indexOf(term, pos + 1)) {
    const before = pos === 0 || !isWordChar(text.charCodeAt(pos - 1));
    const after = pos + term.length === text.length || !isWordChar(text.charCodeAt(pos + term.length));
    if (before && after) return Tier.word;
    best = Tier.substring;
  }
  return best;
}
