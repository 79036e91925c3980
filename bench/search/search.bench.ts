/**
 * Search benchmark (docs/architecture.md §9): p95 per query ≤ 5 ms in-process at 10,000 products and ≤ 25 ms
 * at 100,000, two-character Chinese terms included.
 *
 *   node --import tsx bench/search/search.bench.ts
 */
import { pathToFileURL } from 'node:url';
import { buildSearchIndex } from '#server/modules/search/search.engine';
import { ADJECTIVES, BRANDS, CATEGORIES, generateCatalogue, PRODUCE, prng } from './catalogue';

export interface SearchBenchResult {
  size: number;
  buildMs: number;
  p50: number;
  p95: number;
  max: number;
  /** p95 of the process CPU time per query: what the search costs when the machine is shared */
  cpuP95: number;
  /** p95 budget in ms for this size */
  budget: number;
  queries: number;
}

const BUDGETS: readonly [size: number, p95Ms: number][] = [
  [10_000, 5],
  [100_000, 25],
];
const QUERY_COUNT = 600;
const PASSES = 3;

const PINYIN: readonly [full: string, spaced: string, initials: string][] = [
  ['pingguo', 'ping guo', 'pg'],
  ['jinzhengu', 'jin zhen gu', 'jzg'],
  ['xiangjiao', 'xiang jiao', 'xj'],
  ['shanghaiqing', 'shang hai qing', 'shq'],
  ['caomei', 'cao mei', 'cm'],
  ['niunai', 'niu nai', 'nn'],
  ['jidan', 'ji dan', 'jd'],
  ['shuijiao', 'shui jiao', 'sj'],
  ['haoyou', 'hao you', 'hy'],
  ['doufu', 'dou fu', 'df'],
  ['lvdou', 'lv dou', 'ld'],
  ['laoganma', 'lao gan ma', 'lgm'],
  ['mangguo', 'mang guo', 'mg'],
  ['tudou', 'tu dou', 'td'],
];
const TRADITIONAL = [
  '蘋果',
  '雞蛋',
  '金針菇',
  '豬肉',
  '醬油',
  '鮮蝦',
  '麵',
  '龍眼',
  '鳳梨',
  '蔥油餅',
  '綠茶',
  '牛腩',
];
const MISSES = ['xylophone', 'zzqqxx', '不存在的东西', 'qwertyuiop', '🍕', '100%', 'snack_pack', '钢琴'];
const CHINESE_1_2 = [
  '菇',
  '果',
  '蛋',
  '肉',
  '茶',
  '苹果',
  '牛奶',
  '豆腐',
  '蔬菜',
  '辣椒',
  '饺子',
  '有机',
  '进口',
  '鸡蛋',
];

/** A deterministic mix of ≥ 500 queries of every kind a shopper types. */
export function benchQueries(count = QUERY_COUNT, seed = 7): string[] {
  const rnd = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const words = PRODUCE.flatMap(([en]) => en.toLowerCase().split(' ')).filter((w) => w.length > 2);
  const kinds: (() => string)[] = [
    () => pick(words), // english word
    () => `${pick(words)}${rnd() < 0.5 ? 's' : ''}`.toUpperCase(), // case and plurals
    () => pick(words).slice(0, 2 + Math.floor(rnd() * 3)), // typing a prefix
    () => `${pick(ADJECTIVES)[0].toLowerCase()} ${pick(words)}`, // two words
    () => pick(CHINESE_1_2), // 1–2 Chinese characters
    () => pick(PRODUCE)[1].slice(0, 3 + Math.floor(rnd() * 2)), // 3–4 Chinese characters
    () => pick(PINYIN)[0],
    () => pick(PINYIN)[1],
    () => pick(PINYIN)[2],
    () => pick(TRADITIONAL),
    () => (rnd() < 0.5 ? pick(BRANDS)[0] : pick(BRANDS)[1]),
    () => pick(pick(Object.values(CATEGORIES))), // a category name, either language
    () => pick(MISSES),
  ];
  return Array.from({ length: count }, (_, i) => (kinds[i % kinds.length] as () => string)());
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function runSearchBench(): Promise<SearchBenchResult[]> {
  const queries = benchQueries();
  const results: SearchBenchResult[] = [];
  for (const [size, budget] of BUDGETS) {
    const docs = generateCatalogue(size);
    const t0 = performance.now();
    const index = buildSearchIndex(docs);
    const buildMs = performance.now() - t0;
    for (const q of queries) index.search(q); // warm up the JIT
    // Three timed passes; the median pass's figures are reported (the machine may be shared).
    const passes: { p50: number; p95: number; max: number; cpuP95: number }[] = [];
    for (let pass = 0; pass < PASSES; pass++) {
      const times: number[] = [];
      const cpu: number[] = [];
      for (const q of queries) {
        const cpuStart = process.cpuUsage();
        const start = performance.now();
        index.search(q);
        times.push(performance.now() - start);
        const used = process.cpuUsage(cpuStart);
        cpu.push((used.user + used.system) / 1000);
      }
      times.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      passes.push({
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        max: times[times.length - 1] ?? 0,
        cpuP95: percentile(cpu, 95),
      });
    }
    const median = (pick: (p: (typeof passes)[number]) => number) =>
      passes.map(pick).sort((a, b) => a - b)[Math.floor(PASSES / 2)] ?? 0;
    results.push({
      size,
      buildMs,
      p50: median((p) => p.p50),
      p95: median((p) => p.p95),
      max: median((p) => p.max),
      cpuP95: median((p) => p.cpuP95),
      budget,
      queries: queries.length,
    });
    await new Promise((resolve) => setImmediate(resolve));
  }
  return results;
}

export function formatSearchBench(results: readonly SearchBenchResult[]): string {
  const ms = (n: number) => n.toFixed(3).padStart(8);
  const lines = [
    'search (in-process, ms, median of 3 passes; wall clock, and CPU time per query)',
    '   products   build ms   queries      p50      p95      max  cpu p95   p95/budget',
    ...results.map(
      (r) =>
        `  ${String(r.size).padStart(9)}  ${r.buildMs.toFixed(0).padStart(9)}  ${String(r.queries).padStart(8)} ${ms(r.p50)} ${ms(r.p95)} ${ms(r.max)} ${ms(r.cpuP95)}   ${(r.p95 / r.budget).toFixed(2)} of ${r.budget} ms`,
    ),
  ];
  return lines.join('\n');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await runSearchBench();
  console.log(formatSearchBench(results));
}
