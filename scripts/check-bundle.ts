import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Bundle budget (docs/architecture.md §9): the home route's initial JavaScript ≤ 150 KB gzip, and every lazy
 * route chunk — with whatever it imports that the first load did not already bring — ≤ 30 KB gzip.
 * Reads Vite's manifest and index.html in dist/web after `npx vite build`; prints the figures
 * (`--json` for a machine-readable line) and exits 1 when over budget.
 */
const WEB_DIR = resolve(process.argv.find((a) => a.startsWith('--dir='))?.slice(6) ?? 'dist/web');
const INITIAL_BUDGET_KB = 150;
const CHUNK_BUDGET_KB = 30;

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const manifest = JSON.parse(readFileSync(join(WEB_DIR, '.vite/manifest.json'), 'utf8')) as Manifest;
const gzipCache = new Map<string, number>();

function gzipKb(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(WEB_DIR, file))).length;
    gzipCache.set(file, size);
  }
  return size / 1024;
}

/** The chunk's file and every file it imports statically, transitively. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}

/** Every chunk reachable from `key`, through static and lazy imports alike. */
function closureWithLazy(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) closureWithLazy(dep, seen);
  return seen;
}

const sum = (files: Iterable<string>) => [...files].reduce((total, f) => total + gzipKb(f), 0);
/** The storefront's entry; the build's other entry is the operator console (src/admin), measured apart. */
const STOREFRONT_ENTRY = 'index.html';
const CONSOLE_ENTRY = 'admin/index.html';
const entryKey = manifest[STOREFRONT_ENTRY]?.isEntry ? STOREFRONT_ENTRY : undefined;
if (!entryKey)
  throw new Error(`no ${STOREFRONT_ENTRY} entry in ${WEB_DIR}/.vite/manifest.json: run npx vite build first`);

/**
 * What index.html makes the browser fetch before the app runs: module scripts and modulepreloads.
 * Vite derives them from the entry's static imports; reading them too keeps the figure honest if a
 * preload is ever added by hand or by `build.modulePreload`.
 */
function htmlScripts(page = 'index.html'): string[] {
  const html = readFileSync(join(WEB_DIR, page), 'utf8');
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => /\btype="module"/.test(tag) || /\brel="modulepreload"/.test(tag))
    .map((tag) => /\b(?:src|href)="\/?([^"]+\.js)"/.exec(tag)?.[1])
    .filter((file): file is string => file !== undefined);
}

const initial = closure(entryKey);
for (const file of htmlScripts()) initial.add(file);
const initialKb = sum(initial);
const storefrontChunks = closureWithLazy(STOREFRONT_ENTRY);
const lazy = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isDynamicEntry && storefrontChunks.has(chunk.file))
  .map(([key, chunk]) => {
    const extra = [...closure(key)].filter((f) => !initial.has(f));
    return { route: chunk.src ?? key, file: chunk.file, kb: sum(extra), ownKb: gzipKb(chunk.file) };
  })
  .sort((a, b) => b.kb - a.kb);

/**
 * The console's first load (its entry, what it imports and what its page preloads) and how much of it
 * the storefront's first load shares (the vendor chunk): reported, not budgeted. Lazy chunks only
 * the console reaches are left out of the storefront's routes above.
 */
const consoleFiles = manifest[CONSOLE_ENTRY] ? closure(CONSOLE_ENTRY) : undefined;
if (consoleFiles) for (const file of htmlScripts(CONSOLE_ENTRY)) consoleFiles.add(file);
const consoleKb = consoleFiles ? sum(consoleFiles) : undefined;
const consoleOwnKb = consoleFiles ? sum([...consoleFiles].filter((f) => !initial.has(f))) : undefined;

const over = [
  ...(initialKb > INITIAL_BUDGET_KB ? [`home initial ${initialKb.toFixed(1)} KB`] : []),
  ...lazy.filter((c) => c.kb > CHUNK_BUDGET_KB).map((c) => `${c.route} ${c.kb.toFixed(1)} KB`),
];

if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify({
      initialKb: Number(initialKb.toFixed(2)),
      initialBudgetKb: INITIAL_BUDGET_KB,
      chunkBudgetKb: CHUNK_BUDGET_KB,
      lazy: lazy.map((c) => ({ route: c.route, kb: Number(c.kb.toFixed(2)) })),
      ...(consoleKb !== undefined && consoleOwnKb !== undefined
        ? { consoleKb: Number(consoleKb.toFixed(2)), consoleOwnKb: Number(consoleOwnKb.toFixed(2)) }
        : {}),
      ok: over.length === 0,
    }),
  );
} else {
  console.log(`home route initial JS: ${initialKb.toFixed(1)} KB gzip (budget ${INITIAL_BUDGET_KB} KB)`);
  for (const file of initial) console.log(`  ${file.padEnd(44)} ${gzipKb(file).toFixed(1).padStart(6)} KB`);
  console.log(`lazy route chunks, with what they add to the first load (budget ${CHUNK_BUDGET_KB} KB each):`);
  for (const c of lazy) console.log(`  ${c.route.padEnd(44)} ${c.kb.toFixed(1).padStart(6)} KB`);
  if (consoleKb !== undefined && consoleOwnKb !== undefined)
    console.log(
      `operator console (/admin) initial JS: ${consoleKb.toFixed(1)} KB gzip, ${consoleOwnKb.toFixed(1)} KB of it not shared with the storefront (no budget)`,
    );
  if (over.length > 0) console.error(`over budget: ${over.join('; ')}`);
}
process.exit(over.length === 0 ? 0 : 1);
