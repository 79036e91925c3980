import { describe, expect, it } from 'vitest';
import { PasswordHasher, SCRYPT_PARAMS } from './password';

const cheap = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashing', () => {
  it("uses OWASP's scrypt cost unless told otherwise", () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(new PasswordHasher().params).toEqual(SCRYPT_PARAMS);
  });

  it('stores a salted hash with its parameters, and checks it at those parameters', async () => {
    const hasher = new PasswordHasher(cheap);
    const first = await hasher.hash('correct horse 1');
    const second = await hasher.hash('correct horse 1');
    expect(first).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(second).not.toBe(first);
    // A hasher set to another cost still checks hashes made at the old one.
    const raised = new PasswordHasher({ ...cheap, N: 2 ** 11 });
    expect(await raised.verify('correct horse 1', first)).toBe(true);
    expect(await raised.verify('correct horse 2', first)).toBe(false);
  });

  it('never matches the decoy or a malformed hash', async () => {
    const hasher = new PasswordHasher(cheap);
    expect(await hasher.verify('', undefined)).toBe(false);
    expect(await hasher.verify('correct horse 1', undefined)).toBe(false);
    for (const stored of ['', 'none', 'scrypt$x$8$1$abc$def', 'scrypt$0$8$1$abc$def', 'bcrypt$1$2$3$4$5']) {
      expect(await hasher.verify('correct horse 1', stored)).toBe(false);
    }
  });
});
