/**
 * Lighthouse (docs/architecture.md §9): the storefront's home, a category, a product and a search page, each
 * audited 3 times with Lighthouse's default (mobile, simulated throttling) config on the real
 * server (DATABASE_URL=memory:) serving the built web app. Medians of the category scores and of
 * LCP / TBT / CLS. Targets: performance ≥ 98 (100 on home), accessibility and best practices 100.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { ensureWebBuild } from './bundle';
import { getBytes } from './lib/net';
import { type PartResult, type Target, target } from './lib/report';
import { ROOT, type Shop, startShop } from './lib/shop';
import { fmtMs, median } from './lib/stats';

const RUNS = 3;
const RUN_TIMEOUT_MS = 90_000;
const CHROME_PATH = '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type Category = (typeof CATEGORIES)[number];
const CATEGORY_LABEL: Record<Category, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
};
/** Where each run's full report (JSON) is kept, for finding the cause of a miss. */
const REPORT_DIR = join(tmpdir(), 'bench-lighthouse');

interface Page {
  name: string;
  path: string;
}

interface PageFigures {
  page: Page;
  scores: Record<Category, number[]>;
  lcp: number[];
  tbt: number[];
  cls: number[];
  results: Result[];
  retries: number;
}

const live = new Set<chromeLauncher.LaunchedChrome>();
function killChromes(): void {
  for (const chrome of live) {
    try {
      process.kill(-chrome.pid, 'SIGKILL');
    } catch {
      try {
        chrome.kill();
      } catch {
        // already gone
      }
    }
  }
  live.clear();
}
process.once('exit', killChromes);

/** Installs the CJK fonts when none are there and we may: Chinese text renders to pixels. */
function ensureCjkFonts(): string | undefined {
  const list = spawnSync('fc-list', { encoding: 'utf8' });
  if (/Noto Sans CJK/i.test(list.stdout ?? '')) return undefined;
  if (process.getuid?.() !== 0) return 'Noto Sans CJK is not installed (not root: left as is).';
  console.log('  installing fonts-noto-cjk');
  const res = spawnSync('apt-get', ['install', '-y', 'fonts-noto-cjk'], {
    stdio: 'ignore',
    timeout: 600_000,
  });
  return res.status === 0
    ? 'installed fonts-noto-cjk first.'
    : `apt-get install fonts-noto-cjk failed (${res.status}).`;
}

async function getJson<T>(url: string): Promise<T> {
  const res = await getBytes(url, 10_000);
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return (JSON.parse(res.body.toString('utf8')) as { data: T }).data;
}

/** The four pages, from what the seeded shop has. */
async function pages(base: string): Promise<Page[]> {
  const categories = await getJson<{ id: number; parent_id: number | null }[]>(
    `${base}/api/product_category`,
  );
  const top = categories.find((c) => c.parent_id === null) ?? categories[0];
  if (!top) throw new Error('GET /api/product_category: no categories');
  const products = await getJson<{ list: { uuid: string; en_name: string }[] }>(
    `${base}/api/index_product?page_size=1`,
  );
  const product = products.list[0];
  if (!product) throw new Error('GET /api/index_product?page_size=1: no products');
  // The search page carries its term as ?q= (search-page.tsx); a word of a real product's name.
  const term = product.en_name.split(/\s+/).pop()?.toLowerCase() ?? product.en_name;
  return [
    { name: 'home', path: '/home' },
    { name: 'category', path: `/category/${top.id}` },
    { name: 'product', path: `/product/${product.uuid}` },
    { name: 'search', path: `/search?q=${encodeURIComponent(term)}` },
  ];
}

/** One Lighthouse run in a fresh Chromium, killed after RUN_TIMEOUT_MS. */
async function auditOnce(url: string): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
    handleSIGINT: false,
  });
  live.add(chrome);
  let timer: NodeJS.Timeout | undefined;
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    };
    const run = lighthouse(url, flags);
    run.catch(() => undefined); // when the timeout wins, the run fails later as Chromium goes
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Lighthouse on ${url} took over ${RUN_TIMEOUT_MS / 1000} s`)),
        RUN_TIMEOUT_MS,
      );
    });
    const result = await Promise.race([run, timeout]);
    if (!result) throw new Error(`Lighthouse on ${url} returned nothing`);
    const lhr = result.lhr;
    if (lhr.runtimeError)
      throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    clearTimeout(timer);
    try {
      chrome.kill();
    } catch {
      // already gone
    }
    live.delete(chrome);
  }
}

const numeric = (lhr: Result, id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
const score100 = (lhr: Result, cat: Category): number => Math.round((lhr.categories[cat]?.score ?? 0) * 100);

async function auditPage(base: string, page: Page): Promise<PageFigures> {
  const figures: PageFigures = {
    page,
    scores: { performance: [], accessibility: [], 'best-practices': [] },
    lcp: [],
    tbt: [],
    cls: [],
    results: [],
    retries: 0,
  };
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    let lhr: Result;
    try {
      lhr = await auditOnce(`${base}${page.path}`);
    } catch (err) {
      // One retry: a run now and then fails to paint when the machine is overloaded.
      console.log(
        `  ${page.name} run ${i + 1} failed, once more: ${err instanceof Error ? err.message : err}`,
      );
      figures.retries++;
      lhr = await auditOnce(`${base}${page.path}`);
    }
    writeFileSync(join(REPORT_DIR, `${page.name}-${i + 1}.json`), JSON.stringify(lhr));
    for (const cat of CATEGORIES) figures.scores[cat].push(score100(lhr, cat));
    figures.lcp.push(numeric(lhr, 'largest-contentful-paint'));
    figures.tbt.push(numeric(lhr, 'total-blocking-time'));
    figures.cls.push(numeric(lhr, 'cumulative-layout-shift'));
    figures.results.push(lhr);
    console.log(
      `  ${page.name} run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${score100(lhr, c)}`).join(', ')} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  return figures;
}

/**
 * The audits of `cat` that fell short in at least one run: the weighted ones (the metrics) heaviest
 * first, then the top unweighted ones (opportunities, diagnostics) by their estimated savings.
 */
function shortfalls(f: PageFigures, cat: Category): string[] {
  interface Shortfall {
    weight: number;
    worst: number;
    runs: number;
    savings: number;
    title: string;
    value: string;
  }
  const seen = new Map<string, Shortfall>();
  for (const lhr of f.results) {
    for (const ref of lhr.categories[cat]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
      const entry = seen.get(ref.id) ?? {
        weight: ref.weight,
        worst: 1,
        runs: 0,
        savings: 0,
        title: audit.title,
        value: '',
      };
      entry.worst = Math.min(entry.worst, audit.score);
      entry.runs++;
      const savings = Object.values(audit.metricSavings ?? {}).reduce<number>((a, b) => a + (b ?? 0), 0);
      entry.savings = Math.max(entry.savings, savings);
      if (audit.displayValue) entry.value = audit.displayValue;
      seen.set(ref.id, entry);
    }
  }
  const all = [...seen.entries()];
  const weighted = all.filter(([, e]) => e.weight > 0).sort(([, a], [, b]) => b.weight - a.weight);
  const others = all
    .filter(([, e]) => e.weight === 0)
    .sort(([, a], [, b]) => b.savings - a.savings || a.worst - b.worst)
    .slice(0, 5);
  return [
    ...weighted.map(([id, e]) => `${id} (weight ${e.weight}, worst score ${e.worst.toFixed(2)})`),
    ...others.map(
      ([id, e]) =>
        `${id}${e.value ? ` (${e.value})` : ''}${e.savings > 0 ? ` ~${Math.round(e.savings)} ms metric savings` : ''}`,
    ),
  ].map((line) => line.replace(/\s+/g, ' '));
}

function pageTargets(f: PageFigures): { targets: Target[]; notes: string[] } {
  const targets: Target[] = [];
  const notes: string[] = [];
  for (const cat of CATEGORIES) {
    const min = cat === 'performance' && f.page.name !== 'home' ? 98 : 100;
    const mid = median(f.scores[cat]);
    const met = mid >= min;
    targets.push(
      target(
        `${f.page.name}: ${CATEGORY_LABEL[cat]} ${min === 100 ? '= 100' : `≥ ${min}`}`,
        met,
        String(mid),
      ),
    );
    if (!met || f.scores[cat].some((s) => s < min)) {
      const why = shortfalls(f, cat);
      if (why.length)
        notes.push(`${f.page.name}, ${CATEGORY_LABEL[cat]} short of ${min}: ${why.join('; ')}.`);
    }
  }
  return { targets, notes };
}

export async function runLighthouse(): Promise<PartResult> {
  const notes: string[] = [];
  const fontNote = ensureCjkFonts();
  if (fontNote) notes.push(fontNote);
  notes.push(await ensureWebBuild());
  mkdirSync(REPORT_DIR, { recursive: true });

  // The server serves a copy of dist/web: @fastify/static lists the files when it starts, so a
  // rebuild of dist/web by other work during the runs would otherwise break every page after it.
  const webCopy = mkdtempSync(join(tmpdir(), 'bench-lighthouse-web-'));
  cpSync(join(ROOT, 'dist/web'), webCopy, { recursive: true });
  let shop: Shop | undefined;
  const figures: PageFigures[] = [];
  const failed: string[] = [];
  try {
    shop = await startShop({ env: { DATABASE_URL: 'memory:', WEB_DIR: webCopy }, timeoutMs: 120_000 });
    for (const page of await pages(shop.url)) {
      try {
        figures.push(await auditPage(shop.url, page));
      } catch (err) {
        failed.push(page.name);
        const message = err instanceof Error ? err.message : String(err);
        console.error(`  ${page.name} failed: ${message}`);
        notes.push(`${page.name} (${page.path}) failed: ${message.split('\n')[0]}`);
      }
    }
  } finally {
    killChromes();
    await shop?.stop();
    rmSync(webCopy, { recursive: true, force: true });
  }

  const rows = figures.map((f) => [
    `${f.page.name} \`${f.page.path}\``,
    ...CATEGORIES.map((c) => String(median(f.scores[c]))),
    fmtMs(median(f.lcp), 0),
    fmtMs(median(f.tbt), 0),
    median(f.cls).toFixed(3),
  ]);
  const targets: Target[] = failed.map((name) => target(`${name}: Lighthouse ran`, false, 'failed'));
  for (const f of figures) {
    const t = pageTargets(f);
    targets.push(...t.targets);
    notes.push(...t.notes);
  }
  const bench = figures.flatMap((f) => f.results.map((r) => Math.round(r.environment.benchmarkIndex)));
  const retries = figures.reduce((n, f) => n + f.retries, 0);
  if (retries > 0) notes.push(`${retries} run(s) failed and were run once more.`);
  notes.push(
    `runs (performance / accessibility / best practices): ${figures
      .map(
        (f) =>
          `${f.page.name} ${f.scores.performance.map((p, i) => `${p}/${f.scores.accessibility[i]}/${f.scores['best-practices'][i]}`).join(', ')}`,
      )
      .join('; ')}.`,
    `Lighthouse ${figures[0]?.results[0]?.lighthouseVersion ?? '?'}, default config (mobile: Moto G Power emulation, simulated slow 4G and 4× CPU), ${RUNS} runs per page, each in a fresh headless Chromium (${CHROME_PATH}); server: node dist/server/server.js, DATABASE_URL=memory:, LOG_LEVEL=warn, serving a copy of dist/web taken as the part started (WEB_DIR). Chromium's benchmarkIndex (Lighthouse's CPU speed figure, higher is faster) ${bench.length ? `${Math.min(...bench)}–${Math.max(...bench)}` : 'unknown'}. Full reports (JSON, replaced by the next run): ${REPORT_DIR}/<page>-<run>.json.`,
  );
  return {
    id: 'lighthouse',
    title: 'Lighthouse (mobile): medians of 3 runs',
    columns: ['page', 'performance', 'accessibility', 'best practices', 'LCP', 'TBT', 'CLS'],
    rows,
    targets,
    notes,
  };
}
