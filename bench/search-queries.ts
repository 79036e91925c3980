/**
 * Distinct, realistic search queries drawn from the names a shop really has: English words,
 * prefixes being typed, word pairs, 1–2 and 3–4 Chinese characters, pinyin (joined, spaced,
 * initials) and category names.
 */
import { pinyin } from 'pinyin-pro';
import { prng } from './search/catalogue';

export interface Names {
  products: { en_name: string; zn_name: string }[];
  categories: { en_name: string; zn_name: string }[];
}

type Rnd = () => number;

const pick = <T>(rnd: Rnd, list: readonly T[]): T | undefined => list[Math.floor(rnd() * list.length)];

/** A random run of `min`–`max` characters from `chars` (shorter if `chars` is). */
function slice(rnd: Rnd, chars: readonly string[], min: number, max: number): string {
  const len = Math.min(chars.length, min + Math.floor(rnd() * (max - min + 1)));
  const from = Math.floor(rnd() * (chars.length - len + 1));
  return chars.slice(from, from + len).join('');
}

function syllables(han: string, initials: boolean): string[] {
  return pinyin(han, { toneType: 'none', type: 'array', ...(initials ? { pattern: 'first' } : {}) }).map(
    (s) => s.replace(/ü/g, 'v'),
  );
}

function queryKinds(names: Names): ((rnd: Rnd) => string | undefined)[] {
  const enNames = names.products.map((p) =>
    p.en_name
      .toLowerCase()
      .split(/[^a-z'-]+/)
      .filter(Boolean),
  );
  const words = [...new Set(enNames.flat().filter((w) => w.length >= 3))];
  const hanRuns = names.products
    .flatMap((p) => p.zn_name.match(/\p{Script=Han}+/gu) ?? [])
    .map((r) => [...r]);
  const longRuns = hanRuns.filter((r) => r.length >= 3);
  const twoPlus = hanRuns.filter((r) => r.length >= 2);
  const multiWord = enNames.filter((n) => n.length >= 2);
  const cats = names.categories.flatMap((c) => [c.en_name, c.zn_name]);
  return [
    (r) => pick(r, words),
    (r) => pick(r, words)?.slice(0, 2 + Math.floor(r() * 4)),
    (r) => {
      const name = pick(r, multiWord) ?? [];
      const at = Math.floor(r() * (name.length - 1));
      return name.slice(at, at + 2).join(' ');
    },
    (r) => {
      const w = pick(r, words) ?? '';
      const plural = r() < 0.5 && /[a-rt-z]$/.test(w) ? 's' : '';
      return `${w[0]?.toUpperCase()}${w.slice(1)}${plural}`;
    },
    (r) => slice(r, pick(r, hanRuns) ?? [], 1, 2),
    (r) => slice(r, pick(r, longRuns) ?? [], 3, 4),
    (r) => syllables(slice(r, pick(r, twoPlus) ?? [], 2, 3), false).join(''),
    (r) => syllables(slice(r, pick(r, twoPlus) ?? [], 2, 3), false).join(' '),
    (r) => syllables(slice(r, pick(r, twoPlus) ?? [], 2, 4), true).join(''),
    (r) => pick(r, cats),
  ];
}

/** Up to `count` distinct queries, the kinds taking turns; deterministic for one catalogue. */
export function distinctQueries(names: Names, count: number, seed = 11): string[] {
  const rnd = prng(seed);
  const kinds = queryKinds(names);
  const seen = new Set<string>();
  for (let i = 0; seen.size < count && i < count * 50; i++) {
    const q = kinds[i % kinds.length]?.(rnd)?.trim();
    if (q && q.length > 0) seen.add(q);
  }
  return [...seen];
}
