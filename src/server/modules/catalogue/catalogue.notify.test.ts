import { describe, expect, it } from 'vitest';
import {
  type CatalogueMessage,
  decodeMessage,
  encodeMessage,
  MAX_NOTIFIED_PRODUCTS,
} from './catalogue.notify';

describe('catalogue change messages', () => {
  it('carry a version with its products, "all", or a stock change', () => {
    for (const message of [
      { kind: 'change', version: 7, products: [3, 5] },
      { kind: 'change', version: 8, products: 'all' },
      { kind: 'stock' },
    ] satisfies CatalogueMessage[])
      expect(decodeMessage(encodeMessage(message))).toEqual(message);
  });

  it('tell a change of too many products as "all", staying far below PostgreSQL’s 8000 bytes', () => {
    const many = Array.from({ length: MAX_NOTIFIED_PRODUCTS + 1 }, (_, i) => 1_000_000_000 + i);
    expect(decodeMessage(encodeMessage({ kind: 'change', version: 9, products: many }))).toEqual({
      kind: 'change',
      version: 9,
      products: 'all',
    });
    const most = many.slice(0, MAX_NOTIFIED_PRODUCTS);
    expect(encodeMessage({ kind: 'change', version: 2 ** 40, products: most }).length).toBeLessThan(8000);
  });

  it('ignore anything else', () => {
    for (const payload of [
      undefined,
      '',
      'x',
      '{}',
      '{"v":0,"p":"all"}',
      '{"v":1,"p":[]}',
      '{"v":1,"p":[1.5]}',
    ])
      expect(decodeMessage(payload)).toBeUndefined();
  });
});
