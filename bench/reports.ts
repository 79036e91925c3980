/**
 * The owner's books at scale (docs/architecture.md §9): 100,000 paid orders over a year (three
 * lines, a tax row and a payment each; one in twenty partly refunded), written by a few bulk SQL
 * statements (generate_series), then the report over the whole year, over one month and the CSV of
 * the year's orders, each timed (median of 3 after a warm-up). Target: the year's report within
 * 1 s, on PGlite files and on PostgreSQL when one answers at 127.0.0.1:5432.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { salesReport } from '#server/admin/views/reports';
import { csvText, reportCsv } from '#server/admin/views/reports-csv';
import { systemClock } from '#server/clock';
import type { Config } from '#server/config';
import { openDatabase } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';
import { createPostgresDatabase } from './lib/postgres';
import type { PartResult, Target } from './lib/report';
import { fmtInt, fmtMs, median } from './lib/stats';

const ORDERS = 100_000;
const ZONE = 'America/Los_Angeles';
const YEAR = { from: '2026-01-01', to: '2026-12-31' };
const MONTH = { from: '2026-06-01', to: '2026-06-30' };
const RUNS = 3;
const TARGET_MS = 1_000;

type Db = Awaited<ReturnType<typeof openDatabase>>;

/** 100,000 orders paid through 2026 by one shopper, with lines, tax rows, payments and refunds. */
export async function seedOrders(database: Db): Promise<void> {
  const { db } = database;
  await db.execute(sql`
    insert into users (uuid, email, name, password_hash, created_at)
    values (gen_random_uuid(), 'bench.reports@example.com', 'Bench', 'x', now())`);
  await db.execute(sql`
    insert into orders (order_no, user_id, status, total_count, subtotal_cents, discount_cents, tax_cents,
      total_cents, delivery_fee_cents, ship_name, ship_surname, ship_phone, ship_address, ship_area,
      ship_city, ship_province, ship_zip, created_at, expires_at, updated_at, paid_at)
    select 'B' || lpad(g::text, 9, '0'), (select id from users where email = 'bench.reports@example.com'),
      2, 3, s, d, floor(((s - d) * 450 + 5000) / 10000)::int,
      s - d + floor(((s - d) * 450 + 5000) / 10000)::int + f, f,
      'Bench', 'Shopper', '5550100', '1 Main St', 'Area', 'City', 'CA', '94000', t, t, t, t
    from (
      select g, 1000 + (g * 37) % 9000 as s, case when g % 5 = 0 then 200 else 0 end as d,
        case when g % 3 = 0 then 499 else 0 end as f,
        timestamptz '2026-01-01 08:00:00Z' + (g * interval '315 seconds') as t
      from generate_series(1, ${ORDERS}) g
    ) x`);
  // Three lines a order adding up to its subtotal, on the first 60 products.
  await db.execute(sql`
    insert into order_lines (order_id, product_id, product_uuid, en_name, zn_name, image, price_cents, num)
    select o.id, p.id, p.uuid, p.en_name, p.zn_name, p.product_image,
      case k when 1 then o.subtotal_cents - 2 * (o.subtotal_cents / 3) else o.subtotal_cents / 3 end, 1
    from orders o cross join generate_series(1, 3) k
    join (select *, row_number() over (order by id) as rn from products) p on p.rn = 1 + (o.id + k) % 60
    where o.order_no like 'B%'`);
  await db.execute(sql`
    insert into order_taxes (order_id, rate_ppm, taxable_cents, tax_cents)
    select id, 45000, subtotal_cents - discount_cents, tax_cents from orders where order_no like 'B%'`);
  await db.execute(sql`
    insert into payments (order_id, kind, vendor, gateway, reference, status, amount_cents, created_at, updated_at)
    select id, 'card', (array['creditcard', 'wechatpay', 'alipay'])[1 + id % 3], 'sandbox', order_no,
      'succeeded', total_cents, paid_at, paid_at
    from orders where order_no like 'B%'`);
  await db.execute(sql`
    insert into refunds (order_id, payment_id, amount_cents, reason, status, created_at, updated_at)
    select o.id, p.id, 100, 'bench', 'succeeded', o.paid_at + interval '2 days', o.paid_at + interval '2 days'
    from orders o join payments p on p.order_id = o.id
    where o.order_no like 'B%' and o.id % 20 = 0`);
  await db.execute(sql`analyze`);
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function medianOf(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timed(run));
  return median(times);
}

async function measure(
  name: string,
  database: Config['database'],
): Promise<{ row: string[]; yearMs: number }> {
  const opened = await openDatabase(database);
  try {
    await prepareDatabase(opened, { seed: 'demo' }, systemClock);
    const seedMs = await timed(() => seedOrders(opened));
    const now = new Date('2026-12-31T20:00:00Z');
    let orders = 0;
    const yearMs = await medianOf(async () => {
      orders = (await salesReport(opened.db, YEAR, ZONE, now)).totals.orders;
    });
    const monthMs = await medianOf(() => salesReport(opened.db, MONTH, ZONE, now));
    const csvMs = await medianOf(() =>
      reportCsv(opened.db, 'orders', YEAR, ZONE).then((file) => csvText(file.chunks)),
    );
    return {
      row: [name, fmtInt(orders), fmtMs(seedMs), fmtMs(yearMs), fmtMs(monthMs), fmtMs(csvMs)],
      yearMs,
    };
  } finally {
    await opened.close();
  }
}

export async function runReports(): Promise<PartResult> {
  const rows: string[][] = [];
  const targets: Target[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'bench-reports-'));
  const judge = (name: string, ms: number) =>
    targets.push({
      name: `${name}: the year's report over ${fmtInt(ORDERS)} orders ≤ ${fmtMs(TARGET_MS)}`,
      status: ms <= TARGET_MS ? 'met' : 'not met',
      figure: fmtMs(ms),
    });
  try {
    const lite = await measure('PGlite (files)', { kind: 'files', dir: join(dir, 'db') });
    rows.push(lite.row);
    judge('PGlite', lite.yearMs);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const pg = await createPostgresDatabase('bench_reports');
  if (pg) {
    try {
      const result = await measure(`PostgreSQL ${pg.version}`, { kind: 'postgres', url: pg.url });
      rows.push(result.row);
      judge('PostgreSQL', result.yearMs);
    } finally {
      await pg.drop();
    }
  } else {
    targets.push({
      name: 'PostgreSQL: the year’s report',
      status: 'skipped',
      figure: 'no server at 127.0.0.1:5432',
    });
  }
  return {
    id: 'reports',
    title: `sales report over ${fmtInt(ORDERS)} paid orders`,
    columns: [
      'database',
      'orders in the year',
      'seeding',
      'report: year',
      'report: one month',
      'orders CSV: year',
    ],
    rows,
    targets,
    notes: [`Medians of ${RUNS} runs after a warm-up, in process (no HTTP); days in ${ZONE}.`],
  };
}
