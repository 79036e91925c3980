import { describe, expect, it } from 'vitest';
import { PatchedMap } from './patched-map';

/** Entries as plain pairs sorted by key, to compare with a Map. */
const pairs = (m: ReadonlyMap<number, string>) => [...m.entries()].sort(([a], [b]) => a - b);

describe('a patched map', () => {
  it('answers as a Map changed the same way would, through many changes, and leaves each earlier map as it was', () => {
    const start = new Map(Array.from({ length: 300 }, (_, i) => [i, `v${i}`] as [number, string]));
    const expected = new Map(start);
    let map = PatchedMap.of(start);
    let state = 7;
    const next = (n: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state % n;
    };
    // Past the layer's limit (256 changed keys) at least twice, so flattening is covered.
    for (let step = 0; step < 800; step++) {
      const before = map;
      const beforePairs = pairs(before);
      const removed = [next(400), next(400)];
      const set: [number, string][] = [[next(400), `s${step}`]];
      for (const key of removed) expected.delete(key);
      for (const [key, value] of set) expected.set(key, value);
      map = map.with(removed, set);
      expect(pairs(map)).toEqual(pairs(expected));
      expect(map.size).toBe(expected.size);
      const wrong = [];
      for (let key = -1; key < 401; key++)
        if (map.get(key) !== expected.get(key) || map.has(key) !== expected.has(key)) wrong.push(key);
      expect(wrong).toEqual([]);
      expect(pairs(before)).toEqual(beforePairs);
    }
    expect([...map.keys()].sort((a, b) => a - b)).toEqual([...expected.keys()].sort((a, b) => a - b));
    expect([...map.values()].sort()).toEqual([...expected.values()].sort());
    const seen: [number, string][] = [];
    map.forEach((value, key) => {
      seen.push([key, value]);
    });
    expect(seen.sort(([a], [b]) => a - b)).toEqual(pairs(expected));
    expect(start.size).toBe(300);
  });
});
