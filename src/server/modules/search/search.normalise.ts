/**
 * Text normalisation for product search (docs/architecture.md §5). Pure functions, no I/O.
 *
 * Everything that is compared — product fields at build time and queries at search time — goes
 * through `foldText`, so both sides agree: NFKD compatibility folding (full-width → ASCII),
 * lower case, Latin accents removed, control/format characters dropped, whitespace collapsed,
 * traditional Chinese → simplified (opencc-js, HK and TW variants), hyphens and dashes read as
 * spaces ("bok-choy" is "bok choy").
 */
import * as OpenCC from 'opencc-js';
import { pinyin, polyphonic } from 'pinyin-pro';

export const MAX_QUERY_LENGTH = 100;
/** A query keeps at most this many distinct words (a pasted paragraph must not cost 50 scans). */
export const MAX_QUERY_TERMS = 8;

const FORMAT_CHARS = /[\p{Cf}\p{Cs}]/gu; // zero-width, bidi marks, soft hyphen, lone surrogates
const SPACE_RUNS = /[\s\p{Cc}\p{Z}]+/gu; // incl. NUL and other controls
const SPACES = / {2,}/g;
/** Hyphens and dashes between words: "bok-choy", "semi‑skimmed". */
const DASHES = /[-\u2010-\u2015\u2212]/g;
const LATIN_MARKS = /[\u0300-\u036f]/g;
const LETTERS = /[a-z]+/g;
const PLURAL_CANDIDATE = /[a-z]{3}s(?![a-z])/;
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
};
const SPECIAL_RE = /[ßæœøđðłıþ]/g;

/** CJK Unified Ideographs, Extension A and Compatibility Ideographs (BMP). */
export function isHanCode(c: number): boolean {
  return (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0xf900 && c <= 0xfaff);
}

export function hasHan(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (isHanCode(s.charCodeAt(i))) return true;
  return false;
}

/** Letters and digits (any script) join into words; spaces and ASCII/CJK punctuation split them. */
export function isWordChar(c: number): boolean {
  if (c < 0x80) return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a);
  return c >= 0xc0 && (c < 0x2000 || c > 0x2bff) && (c < 0x3000 || c > 0x303f) && (c < 0xfe30 || c > 0xfe4f);
}

// ---- traditional → simplified -------------------------------------------------------------

let converters: ((s: string) => string)[] | undefined;
/**
 * 1 for every BMP code unit that some dictionary entry changes. A string without any of them is
 * left unchanged by the converters, so they need not run (most product names are simplified).
 */
let tradGate: Uint8Array | undefined;

function initOpenCC(): void {
  converters = [OpenCC.Converter({ from: 'tw', to: 'cn' }), OpenCC.Converter({ from: 'hk', to: 'cn' })];
  const gate = new Uint8Array(0x10000);
  const mark = (key: string, value: string) => {
    const sameLength = key.length === value.length;
    for (let i = 0; i < key.length; i++) {
      if (!sameLength || key.charCodeAt(i) !== value.charCodeAt(i)) gate[key.charCodeAt(i)] = 1;
    }
  };
  const groups = [
    ...(OpenCC.Locale.from.tw ?? []),
    ...(OpenCC.Locale.from.hk ?? []),
    ...(OpenCC.Locale.to.cn ?? []),
  ];
  for (const group of groups) {
    for (const dict of group) {
      if (typeof dict !== 'string') {
        for (const [key, value] of dict) mark(key, value.split(' ')[0] ?? '');
        continue;
      }
      for (const entry of dict.split('|')) {
        const space = entry.indexOf(' ');
        if (space > 0) mark(entry.slice(0, space), entry.slice(space + 1).split(' ')[0] ?? '');
      }
    }
  }
  tradGate = gate;
}

/** Fold traditional (HK/TW) characters to simplified; strings without any convertible character are returned as is. */
export function toSimplified(s: string): string {
  if (tradGate === undefined) initOpenCC();
  const gate = tradGate as Uint8Array;
  let convertible = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x2e80 && (gate[c] === 1 || (c >= 0xd800 && c <= 0xdbff))) {
      convertible = true;
      break;
    }
  }
  if (!convertible) return s;
  let out = s;
  for (const convert of converters ?? []) out = convert(out);
  return out;
}

// ---- folding --------------------------------------------------------------------------------

/** Printable ASCII and unified Han only: NFKD would change nothing but letter case. */
function isPlain(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 || c > 0x7e) && (c < 0x3400 || c > 0x9fff)) return false;
  }
  return true;
}

/** The one normal form for comparing text (documents and queries alike). */
export function foldText(s: string): string {
  if (isPlain(s)) {
    const t = s.toLowerCase().replace(DASHES, ' ').replace(SPACES, ' ').trim();
    return hasHan(t) ? toSimplified(t) : t;
  }
  let t = s.replace(FORMAT_CHARS, '').replace(SPACE_RUNS, ' ').toLowerCase();
  t = t.normalize('NFKD').replace(LATIN_MARKS, '').normalize('NFC');
  t = t.replace(SPECIAL_RE, (m) => SPECIAL_LETTERS[m] ?? m).replace(DASHES, ' ');
  if (hasHan(t)) t = toSimplified(t);
  return t.replace(SPACE_RUNS, ' ').trim();
}

/** Keep at most `max` code points without splitting a surrogate pair. */
export function capCodePoints(s: string, max: number): string {
  if (s.length <= max) return s;
  let i = 0;
  for (let n = 0; n < max && i < s.length; n++) {
    const c = s.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < s.length ? 2 : 1;
  }
  return s.slice(0, i);
}

/** Trim, collapse whitespace, cap at 100 characters, fold. Never throws; '' for blank input. */
export function normaliseQuery(q: string): string {
  if (typeof q !== 'string') return '';
  const compact = capCodePoints(q.replace(SPACE_RUNS, ' ').trim(), MAX_QUERY_LENGTH);
  return capCodePoints(foldText(compact), MAX_QUERY_LENGTH).trim();
}

/** Distinct words of a normalised query, in order, at most MAX_QUERY_TERMS. */
export function queryTerms(normalised: string): string[] {
  const terms: string[] = [];
  for (const word of normalised.split(' ')) {
    if (word !== '' && !terms.includes(word)) terms.push(word);
    if (terms.length === MAX_QUERY_TERMS) break;
  }
  return terms;
}

// ---- English plurals -----------------------------------------------------------------------

/** berries→berry, tomatoes→tomato, peaches→peach, boxes→box, apples→apple; glass, hummus unchanged. */
export function stemWord(w: string): string {
  const n = w.length;
  if (n < 4 || w.charCodeAt(n - 1) !== 0x73) return w;
  if (n > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (n > 4 && /(?:sses|shes|ches|xes|oes)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('ss') || w.endsWith('us')) return w;
  return w.slice(0, -1);
}

/** Stem every run of ASCII letters in folded text. */
export function stemText(s: string): string {
  return PLURAL_CANDIDATE.test(s) ? s.replace(LETTERS, stemWord) : s;
}

// ---- pinyin ---------------------------------------------------------------------------------

export interface PinyinForm {
  /** tone-less syllables without spaces; runs of Han separated by ' ' (ü written u) */
  full: string;
  /** first letter of each syllable, runs separated by ' ' */
  initials: string;
  /** offsets in `full` where a syllable starts */
  starts: number[];
  /** each run's syllables joined by "'" ("ping'guo"): tells "xi'an" from "xian" */
  keys: string[];
}

const EMPTY_PINYIN: PinyinForm = { full: '', initials: '', starts: [], keys: [] };
const SYLLABLE = /^[a-z]+$/;
const CACHE_LIMIT = 300_000;
const runCache = new Map<string, RunPinyin>();
/** a character's only tone-less reading, or null when it has several (its reading depends on the word) */
const charCache = new Map<string, string | null>();

function soleReading(char: string): string | null {
  let reading = charCache.get(char);
  if (reading === undefined) {
    const readings = polyphonic(char, { toneType: 'none', type: 'array', v: 'u' })[0] ?? [];
    reading = readings.length === 1 ? (readings[0] ?? null) : null;
    charCache.set(char, reading);
  }
  return reading;
}

interface RunPinyin {
  /** syllables joined */
  text: string;
  initials: string;
  /** syllables joined by "'"; '' when the run has no readable syllable */
  key: string;
  starts: number[];
}

function readRun(run: string): RunPinyin {
  const fast: string[] = [];
  for (const char of run) {
    const reading = soleReading(char);
    if (reading === null) break;
    fast.push(reading);
  }
  // pinyin-pro segments the run into words to choose the reading of 行, 长, 重 …; it costs ~20 µs a call.
  const syllables =
    fast.length === run.length ? fast : pinyin(run, { toneType: 'none', type: 'array', v: 'u' });
  const out: RunPinyin = { text: '', initials: '', key: '', starts: [] };
  for (const syllable of syllables) {
    // A character without a reading (rare) is dropped; its neighbours stay one run.
    if (!SYLLABLE.test(syllable)) continue;
    out.starts.push(out.text.length);
    out.key = out.key === '' ? syllable : `${out.key}'${syllable}`;
    out.text += syllable;
    out.initials += syllable[0];
  }
  return out;
}

function runPinyin(run: string): RunPinyin {
  let cached = runCache.get(run);
  if (cached === undefined) {
    cached = readRun(run);
    if (runCache.size > CACHE_LIMIT) runCache.clear();
    runCache.set(run, cached);
  }
  return cached;
}

/** Pinyin of the Han characters of folded (simplified) text; other characters separate runs. */
export function pinyinOf(s: string): PinyinForm {
  if (!hasHan(s)) return EMPTY_PINYIN;
  let full = '';
  let initials = '';
  const starts: number[] = [];
  const keys: string[] = [];
  let i = 0;
  while (i < s.length) {
    if (!isHanCode(s.charCodeAt(i))) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < s.length && isHanCode(s.charCodeAt(j))) j++;
    const run = runPinyin(s.slice(i, j));
    i = j;
    if (run.key === '') continue;
    if (full !== '') {
      full += ' ';
      initials += ' ';
    }
    for (const at of run.starts) starts.push(full.length + at);
    full += run.text;
    initials += run.initials;
    keys.push(run.key);
  }
  return { full, initials, starts, keys };
}

/** Syllable offsets of a pinyin key ("ping'guo" → [0, 4]). */
export function keySyllableStarts(key: string): number[] {
  const starts = [0];
  let removed = 0;
  for (let i = 0; i < key.length; i++) {
    if (key.charCodeAt(i) === 0x27) {
      removed++;
      starts.push(i + 1 - removed);
    }
  }
  return starts;
}

/** Pinyin never uses v except for ü, which documents spell u: fold a query's v to u. */
export function pinyinQuery(term: string): string {
  return term.replace(/v/g, 'u');
}

export function isLetters(term: string): boolean {
  return /^[a-z]+$/.test(term);
}
