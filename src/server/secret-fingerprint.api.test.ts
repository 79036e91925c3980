import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, templateRef } from '../../tests/helpers/test-database';
import { shopSecret } from './db/schema';
import { checkSecretFingerprint, SecretMismatch, secretFingerprint } from './secret-fingerprint';

/**
 * Processes of one shop must share its secret (docs/architecture.md, Several processes): the first start keeps a fingerprint of it
 * in the database, and a process with another secret refuses to start, saying what to do, however
 * many start at once. On PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  fresh = await freshDatabase(templateRef());
});
afterAll(async () => fresh?.drop());

const secretA = Buffer.from('the first shop secret, of at least 32 characters');
const secretB = Buffer.from('another shop secret, also 32 characters or more');
const fromEnv = { secret: 'set', secretFile: '/srv/shop/data/secret' };
const fromFile = { secret: undefined, secretFile: '/srv/shop/data/secret' };
const now = new Date('2026-12-07T02:00:00Z');

async function stored(): Promise<string[]> {
  const rows = await fresh.database.db.select({ fingerprint: shopSecret.fingerprint }).from(shopSecret);
  return rows.map((r) => r.fingerprint);
}

describe('the secret’s fingerprint', () => {
  it('is kept at the first start, neither the secret nor a key made from it', async () => {
    await fresh.database.db.delete(shopSecret);
    await checkSecretFingerprint(fresh.database, secretA, fromEnv, now);
    const [fingerprint] = await stored();
    expect(fingerprint).toBe(secretFingerprint(secretA));
    expect(fingerprint).not.toContain(secretA.toString('base64url'));
    expect(secretFingerprint(secretB)).not.toBe(fingerprint);
    // The same secret starts again, as often as it likes.
    await checkSecretFingerprint(fresh.database, secretA, fromFile, now);
    expect(await stored()).toEqual([fingerprint]);
  });

  it('refuses another secret, naming it and saying what to do', async () => {
    const refusal = checkSecretFingerprint(fresh.database, secretB, fromEnv, now);
    await expect(refusal).rejects.toBeInstanceOf(SecretMismatch);
    await expect(refusal).rejects.toThrow(/\(SHOP_SECRET\).*set the same SHOP_SECRET on every process/);
    await expect(checkSecretFingerprint(fresh.database, secretB, fromFile, now)).rejects.toThrow(
      '(the file /srv/shop/data/secret)',
    );
    expect(await stored()).toEqual([secretFingerprint(secretA)]);
  });

  it('lets exactly one secret win when processes with two start at once on a new database', async () => {
    await fresh.database.db.delete(shopSecret);
    const starts = [secretA, secretB, secretA, secretB, secretA, secretB].map((secret) =>
      checkSecretFingerprint(fresh.database, secret, fromEnv, now).then(
        () => secret,
        (err: unknown) => err,
      ),
    );
    const outcomes = await Promise.all(starts);
    const started = outcomes.filter((o): o is Buffer => Buffer.isBuffer(o));
    const winner = started[0];
    expect(winner).toBeDefined();
    expect(started.every((s) => s.equals(winner as Buffer))).toBe(true);
    expect(started).toHaveLength(3);
    expect(outcomes.filter((o) => o instanceof SecretMismatch)).toHaveLength(3);
    expect(await stored()).toEqual([secretFingerprint(winner as Buffer)]);
  });
});
