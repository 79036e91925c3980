/** `n` calls started at once (for races), their answers in call order. */
export const parallel = <T>(n: number, call: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => call(i)));

/** How many answers had each status, e.g. `{ 200: 1, 409: 19 }`. */
export function tally(results: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
