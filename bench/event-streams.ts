/**
 * Idle live streams (docs/architecture.md, Live order events): the built server, one core, the
 * demo catalogue on PostgreSQL (in memory when none answers); 1,000 Server-Sent Event streams opened by 10 signed-in shoppers and
 * left idle. Reports the server's RSS before, with them open, and after they close, and the growth
 * per open stream. Each stream is its own TCP connection (no pooling), as browsers' are.
 */
import { get, type IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { SmtpCatcher } from '../tests/fakes/smtp-catcher';
import { rssKb, signUp } from './lib/load-world';
import { type BenchPostgres, createPostgresDatabase } from './lib/postgres';
import { type PartResult, target } from './lib/report';
import { startShop } from './lib/shop';
import { dataOf, ShopClient } from './lib/shop-client';
import { fmtInt, median } from './lib/stats';
import { SERVER_CPU } from './lib/wrk';

const STREAMS = 1000;
const SHOPPERS = 10;
/** Each idle stream may cost at most this much server memory (its send buffer is capped at 64 KiB). */
const BUDGET_KB = 64;
const SETTLE_MS = 3000;
const ROUNDS = 3;

/** The server's RSS as the median of five readings half a second apart, after things settle. */
async function steadyRss(pid: number): Promise<number> {
  await sleep(SETTLE_MS);
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    samples.push(rssKb(pid));
    await sleep(500);
  }
  return median(samples);
}

/** Opens one stream and resolves once the server said `ready`. */
function openStream(base: string, ticket: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = get(
      `${base}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`,
      { agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream refused: ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        const seen = (chunk: string) => {
          if (!chunk.includes('event: ready')) return;
          res.off('data', seen);
          resolve(res);
        };
        res.on('data', seen);
      },
    );
    req.on('error', reject);
  });
}

export async function runEventStreams(): Promise<PartResult> {
  // On PostgreSQL when one answers: PGlite runs inside the server's process, and its memory moving
  // by ±10 MB between readings would hide a few kB per stream.
  const postgres = await createPostgresDatabase('bench_streams');
  try {
    return await measure(postgres);
  } finally {
    await postgres?.drop();
  }
}

async function measure(postgres: BenchPostgres | undefined): Promise<PartResult> {
  const database = postgres ? postgres.url : 'memory:';
  const catcher = new SmtpCatcher();
  const smtp = await catcher.start();
  try {
    const shop = await startShop({
      cpu: SERVER_CPU,
      env: {
        DATABASE_URL: database,
        SEED: 'demo',
        SMTP_URL: smtp,
        // Sign-up's password hash at a cheap cost: the figure is about streams.
        PASSWORD_HASH_COST: '10',
        EVENT_STREAMS_PER_SHOPPER: String(STREAMS / SHOPPERS),
        EVENT_STREAMS_MAX: String(STREAMS),
      },
    });
    try {
      const pid = shop.child.proc.pid;
      if (pid === undefined) throw new Error('the server has no process id');
      const client = new ShopClient(shop.url, 4);
      const tokens: string[] = [];
      for (let n = 0; n < SHOPPERS; n++) tokens.push(await signUp(client, catcher, n));
      const ticket = async (i: number) =>
        dataOf<{ ticket: string }>(
          await client.call('POST', '/api/notifications/ticket', {}, tokens[i % SHOPPERS]),
          'ticket',
        ).ticket;
      // Tickets first (a database read each), so that opening streams touches no database and
      // the readings differ by the streams alone.
      const tickets = async () => {
        const all: string[] = [];
        for (let i = 0; i < STREAMS; i++) all.push(await ticket(i));
        return all;
      };
      const openAll = async (all: string[]) => {
        const open: IncomingMessage[] = [];
        for (const t of all) open.push(await openStream(shop.url, t));
        return open;
      };
      // A first round opened and closed warms every path (and the heap) up to its size with
      // streams, so the figure is of open streams alone, not of code first run.
      for (const res of await openAll(await tickets())) res.destroy();
      const rounds: { before: number; during: number; after: number; openMs: number }[] = [];
      let refused = false;
      for (let round = 0; round < ROUNDS; round++) {
        const all = await tickets();
        const spare = await ticket(0);
        const before = await steadyRss(pid);
        const started = performance.now();
        const open = await openAll(all);
        const openMs = performance.now() - started;
        const during = await steadyRss(pid);
        // One more is refused cleanly: the cap holds.
        refused = await openStream(shop.url, spare).then(
          (res) => {
            res.destroy();
            return false;
          },
          () => true,
        );
        for (const res of open) res.destroy();
        const after = await steadyRss(pid);
        rounds.push({ before, during, after, openMs });
        console.log(
          `  round ${round + 1}: ${fmtInt(before / 1024)} → ${fmtInt(during / 1024)} → ${fmtInt(after / 1024)} MB`,
        );
      }
      const growth = (r: (typeof rounds)[number]) => (r.during - r.before) / STREAMS;
      const perStream = median(rounds.map(growth));
      const mid = rounds.find((r) => growth(r) === perStream) ?? rounds[0];
      if (!mid) throw new Error('no rounds');
      const { before, during, after, openMs } = mid;
      return {
        id: 'streams',
        title: `${fmtInt(STREAMS)} idle live-event streams: server RSS`,
        columns: [
          'streams',
          'RSS before',
          'RSS with them open',
          'RSS after closing',
          'per stream',
          'opened in',
        ],
        rows: [
          [
            fmtInt(STREAMS),
            `${fmtInt(before / 1024)} MB`,
            `${fmtInt(during / 1024)} MB`,
            `${fmtInt(after / 1024)} MB`,
            `${perStream.toFixed(1)} kB`,
            `${(openMs / 1000).toFixed(1)} s`,
          ],
        ],
        targets: [
          target(
            `RSS growth per idle stream ≤ ${BUDGET_KB} kB`,
            perStream <= BUDGET_KB,
            `${perStream.toFixed(1)} kB`,
          ),
          target('stream 1,001 refused (EVENT_STREAMS_MAX)', refused, refused ? '429' : 'opened'),
        ],
        notes: [
          `Built server (dist/server) on core 0, ${postgres ? `PostgreSQL ${postgres.version}` : 'DATABASE_URL=memory: (no PostgreSQL answered)'}, SEED=demo; ${SHOPPERS} shoppers signed up through the API, ${STREAMS / SHOPPERS} streams each, each stream its own connection (node:http, no agent), opened one after another, each with a fresh ticket, and counted once the server said \`ready\`; a first round of 1,000 opened and closed before the "before" reading.`,
          `RSS is the median of 5 readings 0.5 s apart after ${SETTLE_MS / 1000} s of quiet, read from /proc/<pid>/status; each of ${ROUNDS} rounds takes its ${STREAMS} tickets first, reads RSS, opens the streams, reads, closes them, reads; "per stream" is the median over the rounds of (with them open − before) / ${STREAMS}; the row is the median round. Rounds: ${rounds.map((r) => `${fmtInt(r.before / 1024)} → ${fmtInt(r.during / 1024)} → ${fmtInt(r.after / 1024)} MB`).join('; ')}.`,
        ],
      };
    } finally {
      await shop.stop();
    }
  } finally {
    await catcher.stop();
  }
}
