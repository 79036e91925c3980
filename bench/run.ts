/**
 * `npm run bench [reads|search|edits|import|cache-bound|orders|reports|load|memory|streams|mail|cold|bundle|lighthouse …]`: runs the benchmark parts (all by default), prints one
 * table per part and writes them to bench/RESULTS.md. Targets are docs/architecture.md §9.
 */
import { fileURLToPath } from 'node:url';
import { runBundle } from './bundle';
import { runCacheBound } from './cache-bound';
import { runCatalogueEdits } from './catalogue-edits';
import { runCatalogueImport } from './catalogue-import';
import { runCatalogueReads } from './catalogue-reads';
import { runColdStart } from './cold-start';
import { runEventStreams } from './event-streams';
import { installCleanup } from './lib/children';
import {
  describeMachine,
  type Machine,
  machine,
  type PartResult,
  renderText,
  writeResults,
} from './lib/report';
import { runLighthouse } from './lighthouse';
import { runLoad } from './load';
import { runMail } from './mail';
import { runMemory } from './memory';
import { runOrders } from './orders';
import { runReports } from './reports';
import { runSearch } from './search-suite';

const PARTS: Record<string, { title: string; run: () => Promise<PartResult> }> = {
  reads: { title: 'catalogue reads vs node:http ceiling (wrk)', run: runCatalogueReads },
  search: { title: 'search latency (in-process and HTTP)', run: runSearch },
  edits: {
    title: 'catalogue edits at 10,000 products: applying one, reads under edits',
    run: runCatalogueEdits,
  },
  import: { title: 'catalogue reads during a 5,000-row product import', run: runCatalogueImport },
  'cache-bound': { title: 'memory under 10,000 distinct catalogue queries', run: runCacheBound },
  orders: { title: 'order placement, 20 concurrent shoppers', run: runOrders },
  reports: { title: 'sales report over 100,000 paid orders', run: runReports },
  load: { title: 'load: 80% browse, 15% cart, 5% checkout', run: runLoad },
  memory: { title: 'memory of npm start on one core: idle and under the load mix', run: runMemory },
  streams: { title: '1,000 idle live-event streams: server RSS per stream', run: runEventStreams },
  mail: { title: 'order mail across two processes on PostgreSQL', run: runMail },
  cold: { title: 'cold start of npm start', run: runColdStart },
  bundle: { title: 'bundle size per route (gzip)', run: runBundle },
  lighthouse: { title: 'Lighthouse, mobile, 4 storefront pages', run: runLighthouse },
};
const ORDER = Object.keys(PARTS);
/** BENCH_RESULTS=FILE writes a trial run's tables elsewhere, leaving the recorded figures alone. */
const RESULTS = process.env.BENCH_RESULTS || fileURLToPath(new URL('./RESULTS.md', import.meta.url));

function chosenParts(argv: string[]): string[] {
  const unknown = argv.filter((a) => !(a in PARTS));
  if (unknown.length > 0) {
    console.error(`unknown part ${unknown.join(', ')}; choose from: ${ORDER.join(', ')}`);
    process.exit(2);
  }
  return argv.length > 0 ? ORDER.filter((id) => argv.includes(id)) : ORDER;
}

/** Figures taken while other work loads the machine are low and noisy; say so next to them. */
function busyNote(m: Machine): string[] {
  if (m.load < 1) return [];
  return [
    `The 1-minute load average was ${m.load.toFixed(2)} as this part started: other work was running, figures are noisy.`,
  ];
}

async function runPart(id: string): Promise<PartResult> {
  const part = PARTS[id];
  if (!part) throw new Error(`no part ${id}`);
  console.log(`\n▶ ${id}: ${part.title}`);
  const started = performance.now();
  const m = machine();
  try {
    const result = await part.run();
    console.log(`  (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    return { ...result, notes: [...result.notes, ...busyNote(m)], machine: m };
  } catch (err) {
    const message = err instanceof Error ? (err.stack ?? err.message) : String(err);
    console.error(`  ${id} failed: ${message}`);
    return {
      id,
      title: part.title,
      columns: ['part'],
      rows: [[id]],
      targets: [{ name: part.title, status: 'not met', figure: 'the benchmark failed to run' }],
      notes: [message.split('\n').slice(0, 12).join(' ⏎ ')],
      machine: m,
    };
  }
}

async function main(): Promise<void> {
  installCleanup();
  const ids = chosenParts(process.argv.slice(2));
  console.log(describeMachine(machine()));
  const results: PartResult[] = [];
  for (const id of ids) results.push(await runPart(id));
  console.log(`\n${results.map(renderText).join('\n\n')}\n`);
  writeResults(RESULTS, results, ORDER);
  console.log(`written to ${RESULTS}`);
  const failed = results.flatMap((r) => r.targets).filter((t) => t.status !== 'met').length;
  if (failed > 0) console.log(`${failed} target(s) not met or skipped`);
}

await main();
process.exit(0);
