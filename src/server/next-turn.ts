/**
 * Lets whatever else the server has to do (requests waiting, above all) run before the caller goes
 * on: long synchronous work is cut into slices with this between them.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
