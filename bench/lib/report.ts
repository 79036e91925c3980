import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

export type Status = 'met' | 'not met' | 'skipped';

export interface Target {
  /** e.g. "banners: app ≥ 0.8× ceiling" */
  name: string;
  status: Status;
  /** the figure it was judged on, e.g. "0.86×" */
  figure: string;
}

export interface PartResult {
  id: string;
  title: string;
  columns: string[];
  rows: string[][];
  targets: Target[];
  notes: string[];
  /** The machine as the part started; filled in by bench/run.ts. */
  machine?: Machine;
}

export interface Machine {
  date: string;
  node: string;
  cpu: string;
  cores: number;
  /** 1-minute load average when the part started: other work on the machine skews the figures. */
  load: number;
}

export function machine(): Machine {
  let cpu = cpus()[0]?.model ?? 'unknown';
  try {
    cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpu;
  } catch {
    // not Linux: keep os.cpus()
  }
  return {
    date: new Date().toISOString().slice(0, 16).replace('T', ' '),
    node: process.version,
    cpu,
    cores: cpus().length,
    load: loadavg()[0] ?? 0,
  };
}

export const describeMachine = (m: Machine): string =>
  `${m.date} UTC · node ${m.node} · ${m.cpu} · ${m.cores} cores · load average ${m.load.toFixed(2)} at start`;

export const target = (name: string, met: boolean, figure: string): Target => ({
  name,
  status: met ? 'met' : 'not met',
  figure,
});

export function textTable(columns: readonly string[], rows: readonly string[][]): string {
  const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function markdownTable(columns: readonly string[], rows: readonly string[][]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const align = columns.map((_, i) => (i === 0 ? '---' : '---:'));
  return [line(columns), line(align), ...rows.map(line)].join('\n');
}

const targetLine = (t: Target) =>
  `${t.status === 'met' ? 'met' : t.status.toUpperCase()}: ${t.name} — ${t.figure}`;

export function renderText(part: PartResult): string {
  return [
    `== ${part.title}`,
    describeMachine(part.machine ?? machine()),
    textTable(part.columns, part.rows),
    ...part.targets.map((t) => `  ${targetLine(t)}`),
    ...part.notes.map((n) => `  note: ${n}`),
  ].join('\n');
}

function renderMarkdown(part: PartResult): string {
  const m = part.machine ?? machine();
  return [
    `## ${part.title}`,
    '',
    describeMachine(m),
    '',
    markdownTable(part.columns, part.rows),
    '',
    ...part.targets.map((t) => `- ${targetLine(t)}`),
    ...(part.notes.length ? ['', ...part.notes.map((n) => `> ${n}  `)] : []),
  ].join('\n');
}

const HEADER = `# Benchmark results

Written by \`npm run bench\` (\`node --import tsx bench/run.ts [part …]\` runs some parts and replaces
only their sections). Targets are docs/architecture.md §9. Each section says the load average as it started:
above about 1, other work was sharing the 2 cores and the figures are low and noisy.
`;

/** Writes each part's section into RESULTS.md, keeping sections of parts not run this time. */
export function writeResults(path: string, parts: readonly PartResult[], order: readonly string[]): void {
  const sections = new Map<string, string>();
  if (existsSync(path)) {
    const old = readFileSync(path, 'utf8');
    for (const match of old.matchAll(/<!-- part:([\w-]+) -->\n([\s\S]*?)\n<!-- \/part:\1 -->/g)) {
      if (match[1] && match[2]) sections.set(match[1], match[2]);
    }
  }
  for (const part of parts) sections.set(part.id, renderMarkdown(part));
  const body = order
    .filter((id) => sections.has(id))
    .map((id) => `<!-- part:${id} -->\n${sections.get(id)}\n<!-- /part:${id} -->`);
  writeFileSync(path, `${HEADER}\n${body.join('\n\n')}\n`);
}
