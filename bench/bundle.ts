/**
 * Bundle budget (docs/architecture.md §9): the home route's initial JavaScript ≤ 150 KB gzip and every other
 * route chunk ≤ 30 KB gzip. Builds what `npm start` would build first (the web app when it is older
 * than its sources, scripts/build-plan.js), then asks scripts/check-bundle.ts (which runs on import and exits,
 * so it is run as a child) for its figures.
 */
import { runChild } from './lib/children';
import { type PartResult, target } from './lib/report';
import { ensureBuilt, ROOT } from './lib/shop';

const CHECK_SCRIPT = 'scripts/check-bundle.ts';

interface CheckJson {
  initialKb: number;
  initialBudgetKb: number;
  chunkBudgetKb: number;
  lazy: { route: string; kb: number }[];
  /** The operator console's first load, and the part of it the storefront does not share (no budget). */
  consoleKb?: number;
  consoleOwnKb?: number;
  ok: boolean;
}

/** Builds what is out of date (scripts/build-plan.js), as `npm start` would; returns a note saying which. */
export async function ensureWebBuild(): Promise<string> {
  return (await ensureBuilt()) ?? 'dist/web was newer than its sources (scripts/build-plan.js): reused it.';
}

async function checkBundle(extra: string[]): Promise<string> {
  const res = await runChild('check-bundle', process.execPath, ['--import', 'tsx', CHECK_SCRIPT, ...extra], {
    cwd: ROOT,
    timeoutMs: 60_000,
  });
  // Exit 1 only says "over budget"; anything else is a failure to measure.
  if (res.code !== 0 && res.code !== 1)
    throw new Error(`${CHECK_SCRIPT} failed (${res.code}):\n${res.output}`);
  return res.output;
}

/** The files of the first load, from the text output's "home route initial JS" block. */
function initialFiles(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith('home route initial JS'));
  const files: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const m = /^\s+(\S+)\s+([\d.]+) KB$/.exec(line);
    if (!m) break;
    files.push(`${m[1]} ${m[2]} KB`);
  }
  return files;
}

export async function runBundle(): Promise<PartResult> {
  const buildNote = await ensureWebBuild();
  const json = (await checkBundle(['--json'])).split('\n').find((l) => l.startsWith('{'));
  if (!json) throw new Error(`${CHECK_SCRIPT} --json printed no JSON line`);
  const data = JSON.parse(json) as CheckJson;
  const text = await checkBundle([]);
  const largest = [...data.lazy].sort((a, b) => b.kb - a.kb)[0];
  const kb = (n: number) => `${n.toFixed(1)} KB`;

  const rows = [
    ['home route, initial JavaScript', kb(data.initialKb), `≤ ${data.initialBudgetKb} KB`],
    ...(largest
      ? [[`largest other route: ${largest.route}`, kb(largest.kb), `≤ ${data.chunkBudgetKb} KB`]]
      : []),
    ...(data.consoleKb !== undefined && data.consoleOwnKb !== undefined
      ? [['operator console /admin, initial JavaScript', kb(data.consoleKb), `own ${kb(data.consoleOwnKb)}`]]
      : []),
  ];
  const overChunks = data.lazy.filter((c) => c.kb > data.chunkBudgetKb);
  return {
    id: 'bundle',
    title: 'Bundle size: JavaScript per route (gzip)',
    columns: ['what', 'gzip', 'budget'],
    rows,
    targets: [
      target(
        `home route initial JavaScript ≤ ${data.initialBudgetKb} KB gzip`,
        data.initialKb <= data.initialBudgetKb,
        kb(data.initialKb),
      ),
      target(
        `every other route chunk ≤ ${data.chunkBudgetKb} KB gzip (${data.lazy.length} routes)`,
        overChunks.length === 0,
        largest
          ? `largest ${kb(largest.kb)} (${largest.route})${overChunks.length ? `; ${overChunks.length} over` : ''}`
          : 'no lazy route chunks',
      ),
    ],
    notes: [
      buildNote,
      `Figures from ${CHECK_SCRIPT} on dist/web/.vite/manifest.json: the initial JavaScript is the entry, its static imports and every script index.html preloads; a route's figure is its chunk plus what it imports that the first load did not bring.`,
      `initial files: ${initialFiles(text).join('; ')}.`,
      `all routes: ${data.lazy.map((c) => `${c.route.replace(/^.*\//, '')} ${kb(c.kb)}`).join(', ')}.`,
    ],
  };
}
