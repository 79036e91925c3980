/** A row with its place among its siblings. */
export interface Placed {
  id: number;
  sort: number;
}

/**
 * Moves `id` one place up or down among `siblings` (given in their shown order: sort, then id),
 * numbering them 0, 1, 2… as it goes so that equal or gapped sorts (the seed's, older rows') end
 * up in a clean order. `setSort` writes one row's new sort. False when `id` is already at that end.
 */
export async function moveAmong(
  siblings: readonly Placed[],
  id: number,
  direction: 'up' | 'down',
  setSort: (id: number, sort: number) => Promise<unknown>,
): Promise<boolean> {
  const at = siblings.findIndex((s) => s.id === id);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= siblings.length) return false;
  const order = [...siblings];
  const [moved] = order.splice(at, 1);
  if (moved) order.splice(to, 0, moved);
  for (const [i, row] of order.entries()) if (row.sort !== i) await setSort(row.id, i);
  return true;
}

/** The sort that puts a new row after all of `siblings`. */
export function sortAfter(siblings: readonly Placed[]): number {
  return siblings.reduce((max, s) => Math.max(max, s.sort + 1), 0);
}
