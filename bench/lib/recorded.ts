import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Target } from './report';

/**
 * The figures a part last wrote to bench/RESULTS.md, read before this run replaces its section, so
 * a run can print them beside its own. Always the committed file, even when BENCH_RESULTS sends a
 * trial run's tables elsewhere: "last recorded" means what the repository holds.
 */
export const RECORDED_RESULTS = fileURLToPath(new URL('../RESULTS.md', import.meta.url));

export interface Recorded {
  /** The section's machine line: date, node, CPU, load average at start. */
  machine: string;
  /** Each table row as column name → cell. */
  rows: Record<string, string>[];
}

const cellsOf = (line: string): string[] =>
  line
    .replace(/^\|\s*/, '')
    .replace(/\s*\|\s*$/, '')
    .split(/\s*\|\s*/);

/** The part's section (bench/lib/report.ts writes it between `<!-- part:ID -->` markers), or undefined. */
export function recordedPart(id: string, path = RECORDED_RESULTS): Recorded | undefined {
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, 'utf8');
  const section = new RegExp(`<!-- part:${id} -->\\n([\\s\\S]*?)\\n<!-- /part:${id} -->`).exec(text)?.[1];
  if (!section) return undefined;
  const lines = section.split('\n');
  const table = lines.filter((l) => l.startsWith('|'));
  const [head, , ...body] = table;
  if (!head) return undefined;
  const columns = cellsOf(head);
  return {
    machine: lines.find((l) => / UTC · node /.test(l))?.trim() ?? '',
    rows: body.map((line) => Object.fromEntries(cellsOf(line).map((cell, i) => [columns[i] ?? '', cell]))),
  };
}

/** The recorded row whose first cell starts with `label`'s first word (PGlite, PostgreSQL). */
export function recordedRow(
  recorded: Recorded | undefined,
  label: string,
): Record<string, string> | undefined {
  const kind = label.split(' ')[0] ?? label;
  return recorded?.rows.find((row) => (Object.values(row)[0] ?? '').startsWith(kind));
}

/** "86.1/s, p95 401.8 ms" from a recorded row's rate and p95 columns; "none" when it has none. */
export function recordedFigures(row: Record<string, string> | undefined, rateColumn: string): string {
  const rate = row?.[rateColumn];
  return rate ? `${rate}/s, p95 ${row.p95 ?? '?'}` : 'none';
}

/** A recorded rate as a number ("1,292.5" → 1292.5), NaN when absent. */
export const recordedNumber = (cell: string | undefined): number =>
  cell === undefined ? Number.NaN : Number(cell.replace(/,/g, '').replace(/[^\d.]/g, ''));

/** Machine line shortened to date and load, for a note: "2026-12-01 22:31 UTC, load 1.88". */
export function recordedWhen(recorded: Recorded | undefined): string {
  if (!recorded) return 'nothing recorded';
  const date = /^(\S+ \S+ UTC)/.exec(recorded.machine)?.[1] ?? '?';
  const load = /load average ([\d.]+)/.exec(recorded.machine)?.[1] ?? '?';
  return `${date}, load ${load}`;
}

/** The goal for PGlite against PostgreSQL on the same run: its sustained rate at least this share. */
export const PGLITE_SHARE_TARGET = 0.6;

/**
 * The PGlite/PostgreSQL target from this run's two rates, with the recorded rows' ratio beside
 * (`rateColumn` names the rate in the recorded table); skipped when one database did not run.
 */
export function pgliteShareTarget(
  what: string,
  rates: { pglite?: number; postgres?: number },
  recorded: Recorded | undefined,
  rateColumn: string,
): Target {
  const name = `PGlite's ${what} ≥ ${PGLITE_SHARE_TARGET}× PostgreSQL's, same run`;
  const { pglite, postgres } = rates;
  const before =
    recordedNumber(recordedRow(recorded, 'PGlite')?.[rateColumn]) /
    recordedNumber(recordedRow(recorded, 'PostgreSQL')?.[rateColumn]);
  const last = Number.isFinite(before)
    ? `last recorded ${before.toFixed(2)}× (${recordedWhen(recorded)})`
    : 'no ratio recorded';
  if (pglite === undefined || postgres === undefined || !(postgres > 0))
    return { name, status: 'skipped', figure: `both databases must run; ${last}` };
  const ratio = pglite / postgres;
  return {
    name,
    status: ratio >= PGLITE_SHARE_TARGET ? 'met' : 'not met',
    figure: `${ratio.toFixed(2)}× (${pglite.toFixed(1)}/s against ${postgres.toFixed(1)}/s); ${last}`,
  };
}

/** What a bench needs of its part's last recorded section: read it once, before the run replaces it. */
export interface LastRecorded {
  /** Date and load of the recorded section. */
  when: string;
  /** The recorded rate and p95 of the row for this database (label's first word). */
  figuresFor(label: string): string;
  /** pgliteShareTarget with this record. */
  shareTarget(what: string, rates: { pglite?: number; postgres?: number }): Target;
}

/** The part's last recorded section, whose rate is in column `rateColumn`. */
export function lastRecorded(id: string, rateColumn: string): LastRecorded {
  const recorded = recordedPart(id);
  return {
    when: recordedWhen(recorded),
    figuresFor: (label) => recordedFigures(recordedRow(recorded, label), rateColumn),
    shareTarget: (what, rates) => pgliteShareTarget(what, rates, recorded, rateColumn),
  };
}
