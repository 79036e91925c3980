import { and, asc, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { categories, orderLines, orders, products } from '#server/db/schema';
import { choicesOf } from '#server/modules/catalogue/substitute-choices';
import { lineWeightView } from '#server/modules/order/order.queries';
import { marksOfOrders, type PackingLineRecord } from '#server/modules/packing/packing.changes';
import { readShopSettings } from '#server/modules/settings/shop-settings';
import { addDays, dayStart, shopDate } from '#server/shop-time';
import { centsToAmount } from '#shared/money';
import { personName } from '#shared/person-name';
import { ORDER_STATUS } from '#shared/schemas/order';

/**
 * The packer's day (docs/api.md, Admin: packing): paid orders grouped by delivery slot on one day
 * in the shop's time zone, each slot's orders with every line and its mark, then the orders without
 * a slot that are still to pack, by payment time. Money as amounts (dollars), as elsewhere.
 */

type OrderRecord = typeof orders.$inferSelect;

/** A line's mark as the console and the shopper's pages show it; null when not marked yet. */
export function markView(mark: PackingLineRecord | undefined) {
  if (!mark) return null;
  return {
    state: mark.state,
    short_num: mark.shortQty,
    replacement:
      mark.replacementUuid === null
        ? null
        : {
            uuid: mark.replacementUuid,
            en_name: mark.replacementEnName ?? '',
            zn_name: mark.replacementZnName ?? '',
            price: centsToAmount(mark.replacementPriceCents ?? 0),
            charged: centsToAmount(mark.chargedPriceCents ?? 0),
          },
    refund: centsToAmount(mark.refundCents),
    /** none | queued | sending | sent | failed */
    refund_state: mark.refundState,
    proposal:
      mark.proposalStatus === null
        ? null
        : {
            status: mark.proposalStatus,
            deadline: mark.proposalDeadline?.toISOString() ?? mark.markedAt.toISOString(),
          },
  };
}

export async function packingDay(db: Db, day: string | undefined, now: Date, timeZone: string) {
  const date = day ?? shopDate(now, timeZone);
  const start = dayStart(date, timeZone);
  const end = dayStart(addDays(date, 1), timeZone);
  const paid = eq(orders.status, ORDER_STATUS.processing);
  const found = await db
    .select()
    .from(orders)
    .where(
      or(
        and(paid, gte(orders.slotStartsAt, start), lt(orders.slotStartsAt, end)),
        and(paid, isNull(orders.slotStartsAt), isNull(orders.packedAt)),
      ),
    )
    .orderBy(asc(orders.slotStartsAt), asc(orders.paidAt), asc(orders.id));
  const ids = found.map((o) => o.id);
  const [lines, marks, settings] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({
            line: orderLines,
            productKey: products.key,
            barcode: products.barcode,
            scaleItemCode: products.scaleItemCode,
            aisle: categories.sort,
          })
          .from(orderLines)
          .innerJoin(products, eq(products.id, orderLines.productId))
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(inArray(orderLines.orderId, ids))
          // Aisle order (docs/product.md, Packing): the categories' own order, so a packer walks once.
          .orderBy(asc(categories.sort), asc(categories.id), asc(orderLines.id)),
    marksOfOrders(db, ids),
    readShopSettings(db),
  ]);
  const choices = await choicesOf(
    db,
    lines.map((l) => l.line),
    now,
  );
  const view = (o: OrderRecord) => ({
    order_no: o.orderNo,
    packed: o.packedAt !== null,
    paid_at: o.paidAt?.toISOString() ?? null,
    name: personName({ name: o.shipName, surname: o.shipSurname }),
    instructions: o.shipInstructions,
    total_count: o.totalCount,
    lines: lines
      .filter((l) => l.line.orderId === o.id)
      .map(({ line, productKey, barcode, scaleItemCode, aisle }) => ({
        id: line.id,
        key: productKey,
        barcode,
        scale_item_code: scaleItemCode,
        aisle,
        en_name: line.enName,
        zn_name: line.znName,
        price: centsToAmount(line.priceCents),
        num: line.num,
        when_missing: line.whenMissing,
        substitute: choices.get(line.id)?.substitute ?? null,
        ask_first: line.substituteAsk,
        fallback: line.substituteFallback,
        mark: markView(marks.get(line.id)),
        weight: lineWeightView(line),
      })),
  });
  const slots = new Map<
    string,
    { starts_at: string; ends_at: string | null; orders: ReturnType<typeof view>[] }
  >();
  const unslotted: ReturnType<typeof view>[] = [];
  for (const o of found) {
    if (!o.slotStartsAt) {
      unslotted.push(view(o));
      continue;
    }
    const key = o.slotStartsAt.toISOString();
    const slot = slots.get(key) ?? {
      starts_at: key,
      ends_at: o.slotEndsAt?.toISOString() ?? null,
      orders: [],
    };
    slot.orders.push(view(o));
    slots.set(key, slot);
  }
  return {
    day: date,
    time_zone: timeZone,
    // The unit the shop's scales print, which says how to read their labels (defaultScaleLayouts).
    weight_unit: settings.weightUnit,
    slots: [...slots.values()],
    no_slot: unslotted,
  };
}
