import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deriveKey, loadShopSecret } from './secret';

const dirs: string[] = [];
function secretFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-secret-'));
  dirs.push(dir);
  return join(dir, 'nested', 'secret');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadShopSecret', () => {
  it('makes a secret once, keeps it private, and reads the same one back', () => {
    const file = secretFile();
    const first = loadShopSecret({ secret: undefined, secretFile: file });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadShopSecret({ secret: undefined, secretFile: file }).equals(first)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(first.toString('utf8'));
  });

  it('takes SHOP_SECRET over the file, and different shops get different secrets', () => {
    const a = loadShopSecret({ secret: undefined, secretFile: secretFile() });
    const b = loadShopSecret({ secret: undefined, secretFile: secretFile() });
    expect(a.equals(b)).toBe(false);
    const set = 'x'.repeat(40);
    expect(loadShopSecret({ secret: set, secretFile: secretFile() }).toString()).toBe(set);
  });

  it('derives a different key for each purpose', () => {
    const secret = Buffer.from('s'.repeat(32));
    expect(deriveKey(secret, 'a').equals(deriveKey(secret, 'b'))).toBe(false);
    expect(deriveKey(secret, 'a').equals(deriveKey(secret, 'a'))).toBe(true);
  });
});
