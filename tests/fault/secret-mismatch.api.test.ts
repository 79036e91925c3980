import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSecretFingerprint } from '#server/secret-fingerprint';
import { type FaultDatabase, faultDatabase } from './fault-database';
import { freePort, startShopProcess } from './shop-process';

/**
 * The real server process (dist/server/server.js) refuses to start with a secret other than the
 * one the shop's database was first started with, and says what to do, before it serves anyone
 * (one with another secret would tell shoppers their mailed codes were wrong). PGlite files by
 * default, PostgreSQL with TEST_DATABASE_URL.
 */
const FIRST = 'the secret the shop first started with, 32+ chars';
const OTHER = 'a different secret, also thirty-two characters';

let store: FaultDatabase;
beforeAll(async () => {
  store = await faultDatabase();
  // What the first process's start left: the fingerprint of its secret.
  await store.use((database) =>
    checkSecretFingerprint(database, Buffer.from(FIRST), { secret: FIRST, secretFile: '' }, new Date()),
  );
}, 120_000);
afterAll(async () => store?.drop());

describe('a process with another secret', () => {
  it('refuses to start, naming SHOP_SECRET and what to do', { timeout: 180_000 }, async () => {
    const start = startShopProcess(await freePort(), { ...store.settings, SHOP_SECRET: OTHER });
    await expect(start).rejects.toThrow(/the server exited \(1\).*\(SHOP_SECRET\)/s);
    await expect(start).rejects.toThrow('set the same SHOP_SECRET on every process');
  });
});
