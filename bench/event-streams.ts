/**
 * Idle live streams (docs/architecture.md, Live order events): the built server, one core, the
 * demo catalogue in memory; 1,000 Server-Sent Event streams opened by 10 signed-in shoppers and
 * left idle. Reports the server's RSS before, with them open, and after they close, and the growth
 * per open stream. Each stream is its own TCP connection (no pooling), as browsers' are.
 */
import { get, type IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { SmtpCatcher } from '../tests/fakes/smtp-catcher';
import { rssKb, signUp } from './lib/load-world';
import { type PartResult, target } from './lib/report';
import { startShop } from './lib/shop';
import { dataOf, ShopClient } from './lib/shop-client';
import { fmtInt, median } from './lib/stats';

const STREAMS = 1000;
const SHOPPERS = 10;
/** Each idle stream may cost at most this much server memory (its send buffer is capped at 64 KiB). */
const BUDGET_KB = 64;
const SETTLE_MS = 3000;

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
  const catcher = new SmtpCatcher();
  const smtp = await catcher.start();
  try {
    const shop = await startShop({
      cpu: 0,
      env: {
        DATABASE_URL: 'memory:',
        SEED: 'demo',
        SMTP_URL: smtp,
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
      // Warm the code paths once (a stream opened and closed), so the figure is of streams alone.
      (await openStream(shop.url, await ticket(0))).destroy();
      const before = await steadyRss(pid);
      const started = performance.now();
      const open: IncomingMessage[] = [];
      for (let i = 0; i < STREAMS; i++) open.push(await openStream(shop.url, await ticket(i)));
      const openMs = performance.now() - started;
      const during = await steadyRss(pid);
      // One more is refused cleanly: the cap holds.
      const refused = await openStream(shop.url, await ticket(0)).then(
        (res) => {
          res.destroy();
          return false;
        },
        () => true,
      );
      for (const res of open) res.destroy();
      const after = await steadyRss(pid);
      const perStream = (during - before) / STREAMS;
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
          `Built server (dist/server) on core 0, DATABASE_URL=memory:, SEED=demo; ${SHOPPERS} shoppers signed up through the API, ${STREAMS / SHOPPERS} streams each, each stream its own connection (node:http, no agent), opened one after another, each with a fresh ticket, and counted once the server said \`ready\`.`,
          `RSS is the median of 5 readings 0.5 s apart after ${SETTLE_MS / 1000} s of quiet, read from /proc/<pid>/status; "per stream" is (with them open − before) / ${STREAMS}.`,
        ],
      };
    } finally {
      await shop.stop();
    }
  } finally {
    await catcher.stop();
  }
}
