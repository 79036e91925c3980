import type { Db, Tx } from '#server/db/client';
import { withBuffer } from '#shared/schemas/payment.rules';
import { readShopSettings } from '../settings/shop-settings';
import type { OrderRow } from './payment.queries';

/**
 * What a weighed order's payment holds (docs/architecture.md §6, Weighed goods): its estimated
 * total plus the shop's buffer percent, in whole cents rounded half up. A card is authorized for
 * it and captured for the weighed amount after packing; a wallet pays it and gets the difference
 * back. Undefined for an order without weighed lines: it is charged its total, as before.
 */
export async function holdAmountOf(
  db: Db | Tx,
  order: Pick<OrderRow, 'weighed' | 'totalCents'>,
): Promise<number | undefined> {
  if (!order.weighed || order.totalCents === 0) return undefined;
  const { holdBufferPercent } = await readShopSettings(db);
  return withBuffer(order.totalCents, holdBufferPercent);
}
