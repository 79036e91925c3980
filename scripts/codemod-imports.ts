/**
 * One-off codemod (issue 15): rewrites every relative import that crosses into another top folder
 * of src/ to its package.json alias — `../../shared/money` → `#shared/money`,
 * `../../src/server/app` → `#server/app`, `../../../src/web/lib/i18n` → `#web/lib/i18n` — in
 * static imports, re-exports and `import()`. Imports within one top folder stay relative; so do
 * imports of other folders (seed/, tests/, public/…). A folder's index becomes `…/index`, since an
 * alias names a file. `#shared/*` and `#server/*` name `.ts` files only: an import of another kind
 * of file there is left as it is and listed.
 *
 *   node --import tsx scripts/codemod-imports.ts [--dry-run] [file …]
 *
 * Without files it rewrites every .ts/.tsx under src, seed, tests, bench and scripts; then run
 * `npx biome check --write .` to re-sort the imports.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const ALIASED = ['src/shared', 'src/server', 'src/web'] as const;
const SCANNED = ['src', 'seed', 'tests', 'bench', 'scripts'];
/** `from '…'`, `import '…'`, `import('…')`, `export … from '…'`: the quote and a relative path. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.\.?\/[^'"]+)\2/g;

/** `src/shared`, `src/server` or `src/web` for a path inside one of them, else its first folder. */
function topFolder(path: string): string {
  const rel = relative(ROOT, path).split(sep).join('/');
  return ALIASED.find((top) => rel === top || rel.startsWith(`${top}/`)) ?? rel.split('/')[0] ?? '';
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/** The alias for `target` (a resolved path without extension), or a reason it has none. */
function aliasFor(target: string, top: (typeof ALIASED)[number]): { alias: string } | { skip: string } {
  const name = top.slice('src/'.length);
  const inside = (path: string) => relative(join(ROOT, top), path).split(sep).join('/');
  if (top === 'src/web') {
    // Vite and tsc (tsconfig `paths`) find the extension, as for a relative import.
    const asFolder = ['ts', 'tsx'].some((ext) => isFile(join(target, `index.${ext}`)));
    const asFile = extname(target) !== '' || ['ts', 'tsx'].some((ext) => isFile(`${target}.${ext}`));
    return { alias: `#web/${inside(target)}${asFolder && !asFile ? '/index' : ''}` };
  }
  if (isFile(`${target}.ts`)) return { alias: `#${name}/${inside(target)}` };
  if (isFile(join(target, 'index.ts'))) return { alias: `#${name}/${inside(target)}/index` };
  if (target.endsWith('.ts') && isFile(target)) return { alias: `#${name}/${inside(target.slice(0, -3))}` };
  return { skip: `#${name}/* names .ts files only` };
}

export function rewrite(file: string, source: string): { text: string; changed: number; skipped: string[] } {
  const from = topFolder(file);
  let changed = 0;
  const skipped: string[] = [];
  const text = source.replace(SPECIFIER, (whole, lead: string, quote: string, spec: string) => {
    const target = resolve(dirname(file), spec);
    const top = topFolder(target);
    if (top === from || !(ALIASED as readonly string[]).includes(top)) return whole;
    const result = aliasFor(target, top as (typeof ALIASED)[number]);
    if ('skip' in result) {
      skipped.push(`${relative(ROOT, file)}: ${spec} (${result.skip})`);
      return whole;
    }
    changed++;
    return `${lead}${quote}${result.alias}${quote}`;
  });
  return { text, changed, skipped };
}

function sourcesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => join(e.parentPath, e.name));
}

function main(): void {
  const args = process.argv.slice(2);
  const dryRun = args.includes('--dry-run');
  const named = args.filter((a) => a !== '--dry-run').map((a) => resolve(a));
  const files = named.length > 0 ? named : SCANNED.flatMap((d) => sourcesUnder(join(ROOT, d)));
  let total = 0;
  let touched = 0;
  for (const file of files) {
    if (file === import.meta.filename) continue;
    const { text, changed, skipped } = rewrite(file, readFileSync(file, 'utf8'));
    for (const line of skipped) console.log(`left as it is: ${line}`);
    if (changed === 0) continue;
    total += changed;
    touched++;
    if (!dryRun) writeFileSync(file, text);
  }
  console.log(`${dryRun ? 'would rewrite' : 'rewrote'} ${total} imports in ${touched} files`);
}

if (import.meta.filename === resolve(process.argv[1] ?? '')) main();
