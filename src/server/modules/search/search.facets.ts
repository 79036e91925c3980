/**
 * Brands and categories: few distinct values shared by many products. Each distinct value is
 * matched once per query word and its products are marked through a posting list.
 */
import { type Hits, markAll, type QueryWord } from './search.fields';
import { foldText, isWordChar, type PinyinForm, pinyinOf, stemText } from './search.normalise';

/** A distinct brand or category, matched against each query word. */
interface Facet {
  en: string;
  enStem: string;
  zh: string;
  py: PinyinForm;
}

export interface Facets {
  list: Facet[];
  /** document → facet, -1 for none */
  of: Int32Array;
  /** facets the current query word matched */
  hit: Uint8Array;
  /** documents of facet i: docs[postings[i] … postings[i + 1]) */
  postings: Int32Array;
  docs: Int32Array;
}

export function buildFacets(values: readonly (readonly [string, string])[]): Facets {
  const byKey = new Map<string, number>();
  const list: Facet[] = [];
  const of = new Int32Array(values.length).fill(-1);
  values.forEach(([en, zh], d) => {
    if (en === '' && zh === '') return;
    const key = `${en}\n${zh}`;
    let at = byKey.get(key);
    if (at === undefined) {
      at = list.length;
      byKey.set(key, at);
      const enFold = foldText(en);
      const zhFold = foldText(zh);
      list.push({ en: enFold, enStem: stemText(enFold), zh: zhFold, py: pinyinOf(zhFold) });
    }
    of[d] = at;
  });
  const postings = new Int32Array(list.length + 1);
  for (const f of of) if (f >= 0) postings[f + 1] = (postings[f + 1] ?? 0) + 1;
  for (let i = 0; i < list.length; i++) postings[i + 1] = (postings[i + 1] ?? 0) + (postings[i] ?? 0);
  const fill = postings.slice(0, list.length);
  const docs = new Int32Array(postings[list.length] ?? 0);
  of.forEach((f, d) => {
    if (f < 0) return;
    docs[fill[f] ?? 0] = d;
    fill[f] = (fill[f] ?? 0) + 1;
  });
  return { list, of, hit: new Uint8Array(list.length), postings, docs };
}

function startsWord(text: string, term: string): boolean {
  for (let pos = text.indexOf(term); pos !== -1; pos = text.indexOf(term, pos + 1)) {
    if (pos === 0 || !isWordChar(text.charCodeAt(pos - 1))) return true;
  }
  return false;
}

/** `term` occurs at the start of a syllable. */
export function startsSyllable(py: PinyinForm, term: string): boolean {
  for (let pos = py.full.indexOf(term); pos !== -1; pos = py.full.indexOf(term, pos + 1)) {
    if (py.starts.includes(pos)) return true;
  }
  return false;
}

/**
 * Which facets `w` matches, into `f.hit`; whether any. Brand and category words must start a word
 * (English) or a syllable (pinyin); Chinese is a substring.
 */
export function matchFacets(f: Facets, w: QueryWord): boolean {
  let any = false;
  f.list.forEach((x, i) => {
    const hit =
      startsWord(x.en, w.term) ||
      (w.stem !== w.term && startsWord(x.enStem, w.stem)) ||
      (!w.letters && x.zh.includes(w.term)) ||
      (w.letters && (startsSyllable(x.py, w.py) || (w.term.length >= 2 && x.py.initials.includes(w.term))));
    f.hit[i] = hit ? 1 : 0;
    any ||= hit;
  });
  return any;
}

/** Give the documents of the matched facets at most `tier`. */
export function markFacets(f: Facets, h: Hits, tier: number): void {
  for (let i = 0; i < f.list.length; i++) {
    if (f.hit[i] === 1) markAll(h, f.docs, f.postings[i] ?? 0, f.postings[i + 1] ?? 0, tier);
  }
}
