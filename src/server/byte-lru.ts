/**
 * What an entry costs beyond the bytes it is charged: the map's slot, the objects around the bytes
 * and a buffer's own header. Charging it keeps a flood of tiny entries bounded too.
 */
export const ENTRY_OVERHEAD_BYTES = 256;

interface Entry<V> {
  value: V;
  bytes: number;
  /** The map's count of insertions when this entry last went to its newest end. */
  placed: number;
}

/**
 * A map bounded by the bytes its entries hold, not by their number: one catalogue answer is 100
 * bytes and another 3 MB, so a count says nothing about memory. The least recently used entry goes
 * first. Each entry is charged what its owner says it holds, plus its key (two bytes a character)
 * and ENTRY_OVERHEAD_BYTES.
 *
 * An entry read while surely in the newer half of the map keeps its place: moving it (a delete and
 * an insert, and the map's compaction they cause) was the costliest step of a catalogue read, and
 * the hot few entries are read over and over. So the order is least recently used but for
 * reorders within the newer half, which eviction, taking from the older end, never reaches first.
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private used = 0;
  /** Entries put at the newest end so far: an entry with `placed` within size/2 of it is in the newer half. */
  private placements = 0;

  constructor(readonly budget: number) {}

  /** Bytes charged to the entries held now; never above `budget`. */
  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value kept under `key`, which is then among the most recently used (see above). */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // At most `placements - entry.placed` entries are newer than this one.
    if (this.placements - entry.placed >= this.entries.size / 2) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      entry.placed = ++this.placements;
    }
    return entry.value;
  }

  /** Removes the entry under `key` and returns its value. */
  take(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.used -= entry.bytes;
    return entry.value;
  }

  /**
   * Keeps `value` as the most recently used entry, charged `bytes` plus its key and overhead, and
   * evicts the least recently used until the budget holds. An entry larger than the whole budget
   * is not kept (false).
   */
  set(key: string, value: V, bytes: number): boolean {
    this.take(key);
    const charged = bytes + key.length * 2 + ENTRY_OVERHEAD_BYTES;
    if (charged > this.budget) return false;
    this.entries.set(key, { value, bytes: charged, placed: ++this.placements });
    this.used += charged;
    this.evictOverBudget();
    return true;
  }

  /**
   * Charges the entry under `key` `delta` more bytes (its value grew or shrank in place), then
   * evicts until the budget holds. Nothing happens unless `key` still holds `value`.
   */
  charge(key: string, value: V, delta: number): boolean {
    const entry = this.entries.get(key);
    if (entry?.value !== value) return false;
    entry.bytes += delta;
    this.used += delta;
    this.evictOverBudget();
    return true;
  }

  /** Up to `count` keys, the most recently used first. */
  recentKeys(count: number): string[] {
    return [...this.entries.keys()].slice(-count).reverse();
  }

  private evictOverBudget(): void {
    for (const [key, entry] of this.entries) {
      if (this.used <= this.budget) return;
      this.entries.delete(key);
      this.used -= entry.bytes;
    }
  }
}
