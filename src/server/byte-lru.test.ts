import { describe, expect, it } from 'vitest';
import { ByteLru, ENTRY_OVERHEAD_BYTES } from './byte-lru';

/** What an entry of `bytes` under a one-character key is charged. */
const charged = (bytes: number) => bytes + 2 + ENTRY_OVERHEAD_BYTES;

describe('a byte-bounded LRU map', () => {
  it('charges each entry its bytes, its key and an overhead, and drops the least recently used over budget', () => {
    const lru = new ByteLru<string>(charged(100) * 3);
    lru.set('a', 'A', 100);
    lru.set('b', 'B', 100);
    lru.set('c', 'C', 100);
    expect(lru.bytes).toBe(charged(100) * 3);
    expect(lru.get('a')).toBe('A');
    lru.set('d', 'D', 100);
    expect(lru.get('b')).toBeUndefined();
    expect([lru.get('a'), lru.get('c'), lru.get('d')]).toEqual(['A', 'C', 'D']);
    expect(lru.bytes).toBe(charged(100) * 3);
  });

  it('bounds a flood of empty entries by their keys and overhead', () => {
    const lru = new ByteLru<number>(64 * 1024);
    for (let i = 0; i < 100_000; i++) lru.set(`key-${i}`.padEnd(200, 'x'), i, 0);
    expect(lru.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(lru.size).toBeLessThan(100);
  });

  it('refuses an entry larger than its whole budget and keeps the others', () => {
    const lru = new ByteLru<string>(charged(100) * 2);
    lru.set('a', 'A', 100);
    expect(lru.set('z', 'Z', 10_000)).toBe(false);
    expect(lru.get('z')).toBeUndefined();
    expect(lru.get('a')).toBe('A');
  });

  it('charges an entry that grows in place and evicts for it, but only while the key holds that value', () => {
    const lru = new ByteLru<string>(charged(100) * 3);
    lru.set('a', 'A', 100);
    lru.set('b', 'B', 100);
    expect(lru.charge('b', 'B', charged(100) + 1)).toBe(true);
    expect(lru.get('a')).toBeUndefined();
    expect(lru.bytes).toBe(charged(100) * 2 + 1);
    expect(lru.charge('b', 'another value', 50)).toBe(false);
    expect(lru.charge('a', 'A', 50)).toBe(false);
    expect(lru.take('b')).toBe('B');
    expect(lru.bytes).toBe(0);
  });

  it('still evicts the least recently used first when the newest entries are read again and again', () => {
    const lru = new ByteLru<string>(charged(100) * 4);
    for (const key of ['a', 'b', 'c', 'd']) lru.set(key, key.toUpperCase(), 100);
    for (let i = 0; i < 10; i++) expect([lru.get('d'), lru.get('c')]).toEqual(['D', 'C']);
    lru.get('a');
    lru.set('e', 'E', 100);
    expect(lru.get('b')).toBeUndefined();
    lru.set('f', 'F', 100);
    expect([lru.get('a'), lru.get('e'), lru.get('f')]).toEqual(['A', 'E', 'F']);
    expect(lru.size).toBe(4);
  });

  it('lists the most recently used keys first', () => {
    const lru = new ByteLru<number>(1024 * 1024);
    for (const key of ['a', 'b', 'c', 'd']) lru.set(key, 0, 1);
    lru.get('b');
    expect(lru.recentKeys(3)).toEqual(['b', 'd', 'c']);
  });
});
