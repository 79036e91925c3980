import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { UuidParam } from '../../../shared/schemas/common';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { BadInput, badField } from '../../errors';
import { ok, paramsOf, parseInput } from '../../http';
import type { StockListener } from '../catalogue/catalogue.changes';
import { expireOverdueOrders } from './order.expiry';
import { listOrders, orderDetail } from './order.queries';
import type { OrderService, PlaceOrderInput } from './order.service';

const MAX_LINES = 200;
const FLAT_ITEM = /^items\[(\d{1,3})\]\[(id|num)\]$/;
const positive = (max: number) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > max) ctx.addIssue({ code: 'custom', message: 'range' });
    return n;
  });
const Item = z.object({ id: positive(2_147_483_647), num: positive(99_999) });

/**
 * The order lines from `items[i][id]` / `items[i][num]` form fields (spec §7) or a JSON `items`
 * array; anything else is a 400.
 */
export function itemsOf(params: Record<string, unknown>): PlaceOrderInput['items'] {
  const raw: Record<string, Record<string, unknown>> = {};
  if (Array.isArray(params.items)) {
    params.items.forEach((item, i) => {
      raw[i] = item as Record<string, unknown>;
    });
  } else if (params.items !== undefined) {
    throw badField('items');
  }
  for (const [key, value] of Object.entries(params)) {
    const match = FLAT_ITEM.exec(key);
    if (!match) continue;
    const [, index = '', field = ''] = match;
    raw[index] = { ...raw[index], [field]: value };
  }
  const entries = Object.values(raw);
  if (entries.length === 0) throw new BadInput('errors:order.empty');
  if (entries.length > MAX_LINES) throw new BadInput('errors:order.badItems');
  return entries.map((entry) => {
    const parsed = Item.safeParse(entry);
    if (!parsed.success) throw new BadInput('errors:order.badItems');
    return parsed.data;
  });
}

/** Order calls of spec §7. Pending orders past their time are expired whenever orders are read. */
export async function orderRoutes(
  app: FastifyInstance,
  opts: { orders: OrderService; db: Db; clock: Clock; catalogue: StockListener },
) {
  const { orders, db, clock, catalogue } = opts;

  app.post('/api/order', async (request) => {
    const user = await request.requireUser();
    const params = paramsOf(request);
    const uuid = params.uuid;
    if (typeof uuid !== 'string' || uuid === '') throw new BadInput('errors:order.addressMissing');
    const { uuid: addressUuid } = parseInput(z.object({ uuid: UuidParam }), { uuid });
    const coupon = params.coupon ?? '';
    // PostgreSQL text cannot hold a NUL character.
    if (typeof coupon !== 'string' || coupon.length > 64 || coupon.includes('\u0000'))
      throw badField('coupon');
    const items = itemsOf(params);
    // Orders past their ten minutes no longer count against the shopper's unpaid-orders limit.
    await expireOverdueOrders({ db, clock, catalogue }, user.id);
    return ok(await orders.place(user.id, { addressUuid, coupon, items }));
  });

  app.get('/api/order', async (request) => {
    const user = await request.requireUser();
    await expireOverdueOrders({ db, clock, catalogue }, user.id);
    return ok(await listOrders(db, user.id));
  });

  app.get('/api/order/:orderNo', async (request) => {
    const user = await request.requireUser();
    const { orderNo } = parseInput(z.object({ orderNo: z.string().regex(/^\d{6,32}$/) }), request.params);
    await expireOverdueOrders({ db, clock, catalogue }, user.id);
    return ok(await orderDetail(db, user.id, orderNo));
  });
}
