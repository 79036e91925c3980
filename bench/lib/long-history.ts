/**
 * Shoppers with a long past: thousands of orders each, written straight into the
 * database in a few set-based statements (not through HTTP, which would take hours), so benches
 * and EXPLAINs can see whether the checkout's cost grows with a shopper's history. Every order
 * looks like one the shop made: two lines copied from real products, a timeline, its mails, and
 * for the paid ones a succeeded card payment; one in five paid ones used `coupon`, when given.
 */
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { products } from '#server/db/schema';

export interface HistoryInput {
  userIds: number[];
  /** Orders each shopper gets. */
  perShopper: number;
  /** Products the order lines copy, in turn (at least one). */
  productIds: number[];
  /** The newest history order is an hour before this; each earlier one an hour before the next. */
  now: Date;
  /**
   * Each shopper's newest this-many orders are still waiting for payment (status 1, not yet due),
   * as a bench that places orders without paying leaves them; 0 by default.
   */
  pendingPerShopper?: number;
  /** A coupon (id and code) the history's paid orders used, one in five. */
  coupon?: { id: number; code: string };
}

const intArray = (ids: number[]): SQL =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;

/**
 * Order numbers of the history: `0`, the user id in 7 digits, the order's index in 8. Real ones
 * start with the date (YYMMDD), so the two can never meet before the year 2100.
 */
const HISTORY_ORDER_NO = sql`'0' || lpad(u.id::text, 7, '0') || lpad(g::text, 8, '0')`;

/**
 * Statuses as a shop's history has them: mostly completed, some shipped, processing, cancelled
 * (expired) and refunded; the newest `pending` ones waiting for payment.
 */
const historyStatus = (
  pending: number,
) => sql`(case when g <= ${pending} then 1 when g % 20 = 0 then 5 when g % 50 = 1 then 6
  when g % 10 = 3 then 3 when g % 25 = 7 then 2 else 4 end)::smallint`;

/**
 * Writes `perShopper` orders for each shopper (see the file's comment); answers how many orders
 * it wrote. Runs in one transaction; ANALYZE afterwards, as autovacuum would in time.
 */
export async function seedOrderHistory(db: Db, input: HistoryInput): Promise<number> {
  const { userIds, perShopper, productIds, now, coupon } = input;
  const pending = input.pendingPerShopper ?? 0;
  if (productIds.length === 0) throw new Error('the history needs at least one product');
  const lineProducts = intArray(productIds);
  const users = intArray(userIds);
  const at = now.toISOString();
  const count = productIds.length;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into orders (order_no, user_id, status, total_count, subtotal_cents, discount_cents,
        tax_cents, total_cents, coupon_id, coupon_code, ship_name, ship_surname, ship_phone,
        ship_address, ship_area, ship_city, ship_province, ship_zip, created_at, expires_at,
        updated_at, paid_at)
      select ${HISTORY_ORDER_NO}, u.id, ${historyStatus(pending)}, 2, 1000, 0, 45, 1045, null, null,
        'Mei', 'Lin', '415-555-0132', '88 Grant Avenue', 'Apt 3B', 'San Francisco', 'CA', '94108',
        ${at}::timestamptz - g * interval '1 hour',
        case when g <= ${pending} then ${at}::timestamptz + interval '10 minutes'
          else ${at}::timestamptz - g * interval '1 hour' + interval '10 minutes' end,
        ${at}::timestamptz - g * interval '1 hour' + interval '1 day',
        case when g <= ${pending} or g % 20 = 0 then null else ${at}::timestamptz - g * interval '1 hour' + interval '1 minute' end
      from unnest(${users}) as u(id), generate_series(1, ${perShopper}) as g`);
    const history = sql`(select id, user_id, status, created_at, paid_at, order_no,
      row_number() over (order by id) as n from orders
      where user_id = any(${users}) and order_no like '0%') as o`;
    // Two lines per order, each a copy of a product as the order took it.
    await tx.execute(sql`
      insert into order_lines (order_id, product_id, product_uuid, en_name, zn_name, image, price_cents, num)
      select o.id, p.id, p.uuid, p.en_name, p.zn_name, p.product_image, 500, 1
      from ${history}, generate_series(0, 1) as k,
        products p
      where p.id = (${lineProducts})[1 + ((o.n + k) % ${count})]`);
    await tx.execute(sql`
      insert into payments (order_id, kind, vendor, gateway, reference, status, amount_cents,
        card_last4, card_brand, transaction_id, created_at, updated_at)
      select o.id, 'card', 'creditcard', 'sandbox', o.order_no || '-1',
        case when o.status = 6 then 'refunded' else 'succeeded' end, 1045, '1111', 'Visa',
        'history-' || o.id, o.paid_at, o.paid_at
      from ${history} where o.paid_at is not null`);
    await tx.execute(sql`
      insert into order_events (order_id, kind, staff_id, details, at)
      select o.id, e.kind, null, '{}'::jsonb, o.created_at + e.after
      from ${history}, (values ('placed', interval '0'), ('paid', interval '1 minute'),
        ('expired', interval '10 minutes')) as e(kind, after)
      where e.kind = 'placed' or (e.kind = 'paid' and o.paid_at is not null)
        or (e.kind = 'expired' and o.status = 5)`);
    await tx.execute(sql`
      insert into mail_outbox (kind, order_id, user_id, "to", language, state, attempts,
        next_attempt_at, sent_at, created_at)
      select e.kind, e.order_id, o.user_id, 'history@example.com', 'en', 'sent', 1, e.at, e.at, e.at
      from order_events e join ${history} on o.id = e.order_id`);
    if (coupon) {
      await tx.execute(sql`
        update orders set coupon_id = ${coupon.id}, coupon_code = ${coupon.code}
        where user_id = any(${users}) and order_no like '0%' and paid_at is not null and id % 5 = 0`);
      await tx.execute(sql`
        insert into coupon_redemptions (coupon_id, user_id, order_id)
        select coupon_id, user_id, id from orders
        where user_id = any(${users}) and order_no like '0%' and coupon_id = ${coupon.id}`);
    }
  });
  await db.execute(sql`analyze`);
  return userIds.length * perShopper;
}

/** The first `n` products on sale, by id: what the benches buy and the history's lines copy. */
export function firstOnSale(db: Db, n: number): Promise<{ id: number; uuid: string }[]> {
  return db
    .select({ id: products.id, uuid: products.uuid })
    .from(products)
    .where(eq(products.onSale, true))
    .orderBy(asc(products.id))
    .limit(n);
}
