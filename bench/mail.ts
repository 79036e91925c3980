/**
 * Order mail across processes (docs/architecture.md, Several processes and Mail): two shop processes on one
 * PostgreSQL, each with its own data folder as on two machines, take 60 orders placed evenly over
 * ten seconds, alternately. Each order's mail must reach the SMTP server within 5 s of the order,
 * and once. The delay is the outbox row's `sent_at` less its `created_at` (both written by the
 * shop, on this machine's clock); arrivals are counted at the SMTP catcher.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { systemClock } from '#server/clock';
import { openDatabase } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';
import { mailOutbox, orders, products } from '#server/db/schema';
import { bumpCatalogueVersion } from '#server/modules/catalogue/catalogue.changes';
import { SmtpCatcher } from '../tests/fakes/smtp-catcher';
import { type FaultShopper, makeShoppers } from '../tests/fault/fault-database';
import { PLENTY } from './lib/load-world';
import { firstOnSale } from './lib/long-history';
import { createPostgresDatabase } from './lib/postgres';
import { type PartResult, target } from './lib/report';
import { type Shop, startShop } from './lib/shop';
import { dataOf, ShopClient } from './lib/shop-client';
import { fmtMs, percentile } from './lib/stats';

const ORDERS = 60;
const OVER_MS = 10_000;
const WITHIN_MS = 5_000;

interface Buyer {
  client: ShopClient;
  token: string;
  address: string;
  line: number;
  email: string;
}

export async function runMail(): Promise<PartResult> {
  const base = {
    id: 'mail',
    title: `order mail: ${ORDERS} orders over ${OVER_MS / 1000} s, two processes on PostgreSQL`,
    columns: ['orders', 'mails sent', 'arrived once', 'delay p50', 'delay p95', 'delay max'],
  };
  const pg = await createPostgresDatabase('bench_mail');
  if (!pg) {
    return {
      ...base,
      rows: [],
      targets: [{ name: 'mail within 5 s, once', status: 'skipped', figure: 'no server at 127.0.0.1:5432' }],
      notes: [],
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-mail-'));
  const catcher = new SmtpCatcher();
  const shops: Shop[] = [];
  try {
    const opened = await openDatabase({ kind: 'postgres', url: pg.url });
    let made: FaultShopper[];
    let productId: number;
    try {
      await prepareDatabase(opened, { seed: 'demo' }, systemClock);
      const [first] = await firstOnSale(opened.db, 1);
      if (!first) throw new Error('the demo catalogue has no product on sale');
      productId = first.id;
      await opened.db.transaction(async (tx) => {
        await tx
          .update(products)
          .set({ realStock: PLENTY })
          .where(inArray(products.id, [first.id]));
        await bumpCatalogueVersion(tx);
      });
      // Signed-in shoppers with an address and a cart line, made in SQL: sign-ups are not measured.
      made = await makeShoppers(opened, ORDERS, () => [[first.id, 1]]);
    } finally {
      await opened.close();
    }
    const smtp = await catcher.start();
    const secret = randomBytes(32).toString('base64url');
    for (const i of [0, 1]) {
      shops.push(
        await startShop({
          env: {
            DATABASE_URL: pg.url,
            DATA_DIR: join(dir, `machine-${i}`),
            SHOP_SECRET: secret,
            SMTP_URL: smtp,
            SEED: 'none',
          },
        }),
      );
    }
    const clients = shops.map((s) => new ShopClient(s.url));
    const buyers: Buyer[] = made.map((m, n) => ({
      client: clients[n % 2] as ShopClient,
      token: m.token,
      address: m.addressUuid,
      line: m.lines.get(productId)?.id ?? 0,
      email: m.email,
    }));

    const started = performance.now();
    const orderNos = await Promise.all(
      buyers.map(async (b, i) => {
        const at = started + (i * OVER_MS) / ORDERS;
        await new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));
        const form = { uuid: b.address, coupon: '', 'items[0][id]': b.line, 'items[0][num]': 1 };
        return String(dataOf<string>(await b.client.call('POST', '/api/order', form, b.token), 'order'));
      }),
    );
    const placedIn = performance.now() - started;
    // Every order's mail, or a minute's wait: one that never comes shows as missing below.
    const deadline = Date.now() + 60_000;
    const arrived = () =>
      buyers.filter((b, i) =>
        catcher.mails.some((m) => m.to === b.email && m.subject.includes(orderNos[i] ?? '-')),
      ).length;
    while (arrived() < ORDERS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));

    const delays = await (async () => {
      const db = await openDatabase({ kind: 'postgres', url: pg.url });
      try {
        const rows = await db.db
          .select({
            ms: sql<number>`extract(epoch from (${mailOutbox.sentAt} - ${mailOutbox.createdAt})) * 1000`,
          })
          .from(mailOutbox)
          .innerJoin(orders, sql`${orders.id} = ${mailOutbox.orderId}`)
          .where(inArray(orders.orderNo, orderNos));
        return rows
          .map((r) => (r.ms === null ? Number.POSITIVE_INFINITY : Number(r.ms)))
          .sort((a, b) => a - b);
      } finally {
        await db.close();
      }
    })();
    const once = buyers.filter(
      (b, i) =>
        catcher.mails.filter((m) => m.to === b.email && m.subject.includes(orderNos[i] ?? '-')).length === 1,
    ).length;
    const sent = delays.filter(Number.isFinite).length;
    const max = delays.at(-1) ?? Number.POSITIVE_INFINITY;
    return {
      ...base,
      rows: [
        [
          String(ORDERS),
          String(sent),
          String(once),
          fmtMs(percentile(delays, 50), 0),
          fmtMs(percentile(delays, 95), 0),
          Number.isFinite(max) ? fmtMs(max, 0) : 'never',
        ],
      ],
      targets: [
        target(
          `every mail within ${WITHIN_MS / 1000} s of its order`,
          sent === ORDERS && max <= WITHIN_MS,
          fmtMs(max, 0),
        ),
        target('each mail arrived once', once === ORDERS, `${once} of ${ORDERS}`),
      ],
      notes: [
        `The ${ORDERS} orders were placed in ${(placedIn / 1000).toFixed(1)} s, alternately on each process; neither process is held to a core.`,
        'Delay: the outbox row from its queuing to its sending (both on the shop’s clock); the mail poll is every 2 s, so a delay under that is the NOTIFY wake.',
      ],
    };
  } finally {
    await Promise.all(shops.map((s) => s.stop()));
    await catcher.stop();
    await pg.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
