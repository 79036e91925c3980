import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';
import {
  adminRouteProblems,
  auditWriterProblems,
  consoleDialogProblems,
  cssImportsOf,
  looseFeatureFiles,
} from './layout-rules';

/**
 * The import rules of docs/architecture.md §1, made mechanical. Reads every .ts/.tsx file under
 * src/, resolves its imports (relative paths, index files, .ts/.tsx, `.js` written for `.ts`, and the
 * package.json aliases `#shared/*`, `#server/*`, `#web/*`) and fails on:
 *
 * - a web feature importing another feature (scripts and stylesheets alike);
 * - web code below the features (lib, api, components) importing a feature or the app shell, or a
 *   feature importing the app shell: only `src/web/app` composes features;
 * - the web importing the server, or the server the web;
 * - the operator console (src/admin) importing the server, or anything of the web but its shared
 *   layers (`src/web/lib`, `src/web/components/ui`, the design tokens in `src/web/app/styles`);
 *   the web or the server importing the console; within the console the same layering as the
 *   web's (its features never import each other; only `src/admin/app` composes them);
 * - shared code importing anything outside `src/shared`, or a Node built-in module;
 * - the web or the console importing a zod schema (`src/shared/schemas/*.zod.ts`, a barrel, or an
 *   answer schema in `src/shared/schemas/admin/`) for more than its types: the browser takes the
 *   plain field rules (`*.rules.ts`) and never loads zod;
 * - an import it cannot resolve (a relative path or alias that names no file);
 * - an import cycle anywhere in src, between files or between the server's modules (each folder of
 *   `src/server/modules/` taken as one: `card` using `payment` and `payment` using `card` is a
 *   cycle even when no single file closes the loop; tests and fixtures, which sit above the
 *   modules, are left out of that one). Type-only imports (`import type`, `export type`) count: they
 *   vanish from the JavaScript, but they still tie one module's design to another's, and a cycle
 *   through them is as hard to pull apart as any other.
 *
 * `node --import tsx scripts/check-imports.ts [root]` prints one line per problem and exits 1 if
 * there is any (`npm run check:imports`; part of `npm test`'s lint step).
 */

export interface Edge {
  /** Importing file, relative to the root, with `/` separators. */
  from: string;
  /** What the file wrote. */
  specifier: string;
  /** The file it names, relative to the root; undefined for packages and Node modules. */
  to?: string;
  line: number;
  /** `import type` / `export type`: erased from the JavaScript. */
  typeOnly: boolean;
}

export interface Report {
  files: number;
  /** Rule breaks, one line each: `file:line: message`. */
  problems: string[];
  /** Each group of files that import each other in a loop. */
  cycles: Cycle[];
  /** The same between server modules (folders of src/server/modules). */
  moduleCycles: Cycle[];
}

export interface Cycle {
  /** Every file (or module) of the loop, sorted. */
  members: string[];
  /** One shortest way round it, from the first member back to itself. */
  path: string[];
}

const SOURCE = /\.(ts|tsx|css)$/;
const RESOLVE_EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
const ALIASES: Record<string, string> = {
  '#shared/': 'src/shared/',
  '#server/': 'src/server/',
  '#web/': 'src/web/',
  '#admin/': 'src/admin/',
};
/**
 * The shared request and answer schemas built with zod (`*.zod.ts`, and the barrels that re-export
 * them), and the console's answer schemas (`admin/<segment>.zod.ts`).
 */
const ZOD_SCHEMAS = /^src\/shared\/schemas\/(?:admin\/)?[^/]+(?<!\.rules)\.ts$/;
const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** The file a relative or aliased specifier names (absolute), or undefined if none. */
function resolveLocal(root: string, fromFile: string, specifier: string): string | undefined {
  const bare = specifier.replace(/\?.*$/, ''); // Vite's `?raw`, `?url`
  const alias = Object.keys(ALIASES).find((prefix) => bare.startsWith(prefix));
  const base = alias
    ? resolve(root, ALIASES[alias] + bare.slice(alias.length))
    : resolve(dirname(fromFile), bare);
  if (isFile(base)) return base;
  const candidates = [
    ...RESOLVE_EXTENSIONS.map((ext) => base + ext),
    ...(/\.(js|jsx|mjs)$/.test(base)
      ? [base.replace(/\.m?jsx?$/, '.ts'), base.replace(/\.m?jsx?$/, '.tsx')]
      : []),
  ];
  return candidates.find(isFile);
}

const isLocal = (specifier: string) => specifier.startsWith('.') || specifier.startsWith('#');

/** Every import and re-export of one file, static and dynamic. */
export function importsOf(root: string, file: string): Edge[] {
  const code = readFileSync(file, 'utf8');
  const from = toPosix(relative(root, file));
  if (file.endsWith('.css')) return cssEdges(root, file, from, code);
  const { module } = parseSync(file, code);
  const lineOf = (offset: number) => code.slice(0, offset).split('\n').length;
  const edge = (specifier: string, start: number, statement: string): Edge => {
    const target = isLocal(specifier) ? resolveLocal(root, file, specifier) : undefined;
    return {
      from,
      specifier,
      ...(target ? { to: toPosix(relative(root, target)) } : {}),
      line: lineOf(start),
      typeOnly: /^(import|export)\s+type\b/.test(statement),
    };
  };
  const edges: Edge[] = [];
  for (const item of module.staticImports) {
    edges.push(edge(item.moduleRequest.value, item.start, code.slice(item.start, item.end)));
  }
  for (const item of module.staticExports) {
    const request = item.entries.find((entry) => entry.moduleRequest)?.moduleRequest;
    if (request) edges.push(edge(request.value, item.start, code.slice(item.start, item.end)));
  }
  for (const item of module.dynamicImports) {
    const literal = /^\s*(['"`])([^'"`]*)\1\s*$/.exec(
      code.slice(item.moduleRequest.start, item.moduleRequest.end),
    );
    // A computed path (`import(name)`, a template with `${…}`) names no one file: nothing to check.
    if (literal?.[2] !== undefined && !literal[2].includes('${'))
      edges.push(edge(literal[2], item.start, ''));
  }
  return edges;
}

const toPosix = (path: string) => path.split(sep).join('/');

/** A stylesheet's `@import`s, relative like a script's (a package's stylesheet names no file of ours). */
function cssEdges(root: string, file: string, from: string, code: string): Edge[] {
  return cssImportsOf(code).map(({ specifier, line }) => {
    const local = specifier.startsWith('.') || specifier.startsWith('/');
    const target = local ? resolveLocal(root, file, specifier) : undefined;
    return {
      from,
      specifier,
      ...(target ? { to: toPosix(relative(root, target)) } : {}),
      line,
      typeOnly: false,
    };
  });
}

type Root = 'shared' | 'server' | 'web' | 'admin';
/** The two browser apps: the storefront and the operator console, layered alike. */
const APPS = new Set<Root>(['web', 'admin']);
/** What the console may take from the storefront: code and styles meant to be shared, no screen. */
const WEB_SHARED_WITH_ADMIN = /^src\/web\/(?:lib|components\/ui|app\/styles)\//;

/** The part of src a file belongs to, for the rules. */
function areaOf(path: string): { root?: Root; feature?: string; layer?: string } {
  const match = /^src\/(shared|server|web|admin)\/(?:([^/]+)\/)?/.exec(path);
  if (!match) return {};
  const root = match[1] as Root;
  if (!APPS.has(root)) return { root };
  // The app's entry (src/admin/main.tsx) sits beside the folders, at the top with src/<app>/app.
  const layer = match[2] ?? 'app';
  const feature = layer === 'features' ? /^src\/\w+\/features\/([^/]+)\//.exec(path)?.[1] : undefined;
  return { root, ...(layer ? { layer } : {}), ...(feature ? { feature } : {}) };
}

/** The console's own rules: it stands on src/shared and the storefront's shared layers, nothing else. */
function adminRuleBroken(edge: Edge & { to: string }, from: Root | undefined, to: Root | undefined) {
  if (to === 'admin' && from !== 'admin') return `only the console imports the console: ${edge.to}`;
  if (from !== 'admin') return undefined;
  if (to === 'server') return `the console never imports the server: ${edge.to}`;
  if (to === 'web' && !WEB_SHARED_WITH_ADMIN.test(edge.to))
    return `the console takes from the storefront only src/web/lib, src/web/components/ui and src/web/app/styles: ${edge.to}`;
  return undefined;
}

const serverModule = (path: string) => /^src\/server\/modules\/([^/]+)\//.exec(path)?.[0].slice(0, -1);

/** Tests and their fixtures: they sit above the modules, as app.ts does, and may use several. */
const TEST_CODE = /\.(test|fixture)\.tsx?$/;

/** Why an import breaks a rule, or undefined if it keeps them. */
export function ruleBroken(edge: Edge): string | undefined {
  const from = areaOf(edge.from);
  if (!edge.to) {
    if (isLocal(edge.specifier)) return `cannot resolve '${edge.specifier}'`;
    if (from.root === 'shared' && BUILTINS.has(edge.specifier))
      return `src/shared runs in the browser too: no Node module ('${edge.specifier}')`;
    return undefined;
  }
  const to = areaOf(edge.to);
  if (from.root === 'shared' && to.root !== 'shared')
    return `src/shared imports only src/shared: '${edge.specifier}' is ${edge.to}`;
  if (from.root === 'web' && to.root === 'server') return `the web never imports the server: ${edge.to}`;
  if (from.root === 'server' && to.root === 'web') return `the server never imports the web: ${edge.to}`;
  if (serverModule(edge.from) && !TEST_CODE.test(edge.from) && edge.to.startsWith('src/server/admin/'))
    return `a domain module never imports the admin layer (src/server/admin sits above the modules): ${edge.to}`;
  const admin = adminRuleBroken({ ...edge, to: edge.to }, from.root, to.root);
  if (admin) return admin;
  if (from.root && APPS.has(from.root) && from.root === to.root) {
    const app = `src/${from.root}`;
    if (from.feature && to.feature && from.feature !== to.feature)
      return `feature '${from.feature}' imports feature '${to.feature}' (${edge.to}): lift what they share into ${app}/components/ui, ${app}/lib or ${app}/api`;
    if (to.layer === 'features' && from.layer !== 'app' && from.layer !== 'features')
      return `only ${app}/app composes features: ${app}/${from.layer} imports ${edge.to}`;
    if (to.layer === 'app' && from.layer !== 'app')
      return `${app}/app is the top: ${edge.to} is imported from below it`;
  }
  if (from.root && APPS.has(from.root) && !edge.typeOnly && ZOD_SCHEMAS.test(edge.to))
    return `the browser does not load zod: take the field rules from src/shared/schemas/*.rules.ts, and types with \`import type\` (${edge.to})`;
  return undefined;
}

/** Strongly connected groups of two or more files (Tarjan), each with one cycle through it. */
export function findCycles(edges: Edge[]): Cycle[] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!to) continue;
    if (!next.has(from)) next.set(from, new Set());
    next.get(from)?.add(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || next.get(node)?.has(node)) groups.push(group);
    }
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return groups
    .map((group) => ({ members: [...group].sort(), path: cycleThrough(group, next) }))
    .sort((a, b) => (a.path[0] ?? '').localeCompare(b.path[0] ?? ''));
}

/** A shortest path from the group's first file (by name) back to itself, within the group. */
function cycleThrough(group: string[], next: Map<string, Set<string>>): string[] {
  const members = new Set(group);
  const start = [...group].sort()[0] ?? '';
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() ?? '';
    for (const target of [...(next.get(node) ?? [])].sort()) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0] ?? '') ?? start);
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/**
 * The imports between server modules, one edge per pair of folders. Test code is left out: a card
 * test paying an order through payment's fixture does not make card depend on payment.
 */
function moduleEdges(edges: Edge[]): Edge[] {
  return edges.flatMap((edge) => {
    if (TEST_CODE.test(edge.from)) return [];
    const from = serverModule(edge.from);
    const to = edge.to && serverModule(edge.to);
    return from && to && from !== to ? [{ ...edge, from, to }] : [];
  });
}

export function checkImports(root: string): Report {
  const files = sourceFiles(join(root, 'src')).sort();
  const edges = files.flatMap((file) => importsOf(root, file));
  const problems = [
    ...edges.flatMap((edge) => {
      const why = ruleBroken(edge);
      return why ? [`${edge.from}:${edge.line}: ${why}`] : [];
    }),
    ...adminRouteProblems(root),
    ...auditWriterProblems(root),
    ...looseFeatureFiles(root),
    ...consoleDialogProblems(root),
  ];
  return {
    files: files.length,
    problems,
    cycles: findCycles(edges),
    moduleCycles: findCycles(moduleEdges(edges)),
  };
}

function main() {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const report = checkImports(root);
  for (const line of report.problems) console.error(line);
  const describe = ({ members, path }: Cycle) => {
    const others = members.filter((member) => !path.includes(member));
    return `${path.join(' → ')}${others.length > 0 ? ` (the loop also takes in ${others.join(', ')})` : ''}`;
  };
  for (const cycle of report.cycles) console.error(`import cycle: ${describe(cycle)}`);
  for (const cycle of report.moduleCycles) console.error(`server module cycle: ${describe(cycle)}`);
  const count = report.problems.length + report.cycles.length + report.moduleCycles.length;
  if (count > 0) {
    console.error(`\n${count} import problem(s) in ${report.files} files (docs/architecture.md §1)`);
    process.exit(1);
  }
  console.log(`imports: ${report.files} files keep the rules, no cycle`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
