import { asc, eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import type { banners, plates } from '#server/db/schema';
import { moveAmong, type Placed } from '../catalogue/sort-order';

/** The home's ordered lists: banners and plates, each shown in `sort` order. */
type OrderedTable = typeof banners | typeof plates;

/** The rows of `table` in their shown order, locked while a new one is placed or one moves. */
export const siblingsIn = (tx: Tx, table: OrderedTable): Promise<Placed[]> =>
  tx
    .select({ id: table.id, sort: table.sort })
    .from(table)
    .orderBy(asc(table.sort), asc(table.id))
    .for('update');

/** Moves row `id` of `table` one place up or down among its siblings. */
export async function moveIn(
  tx: Tx,
  table: OrderedTable,
  id: number,
  direction: 'up' | 'down',
): Promise<void> {
  await moveAmong(await siblingsIn(tx, table), id, direction, (other, sort) =>
    tx.update(table).set({ sort }).where(eq(table.id, other)),
  );
}

/** The audit line of publishing or unpublishing a banner or plate. */
export function publishAudit(kind: 'banner' | 'plate', id: number, before: boolean, after: boolean) {
  return {
    action: `${kind}.${after ? 'publish' : 'unpublish'}`,
    targetType: kind,
    targetId: id,
    before: { published: before },
    after: { published: after },
  };
}
