import { timingSafeEqual } from 'node:crypto';
import type { Config } from './config';
import type { Database } from './db/client';
import { shopSecret } from './db/schema';
import { deriveKey } from './secret';

/** Thrown at start when this process's secret is not the one the shop's database was first started with. */
export class SecretMismatch extends Error {
  constructor(source: string) {
    super(
      `This process's secret (${source}) is not the one this shop's database was first started with, ` +
        'so codes, links and sign-ins made by the other processes would fail here. Every process of ' +
        'one shop needs the same secret: set the same SHOP_SECRET on every process (or give them the ' +
        'same DATA_DIR/secret file), then start again.',
    );
    this.name = 'SecretMismatch';
  }
}

/**
 * The secret's fingerprint: an HMAC of a constant under it (deriveKey), which shows whether two
 * secrets are the same and reveals neither the secret nor the keys made from it.
 */
export function secretFingerprint(secret: Buffer): string {
  return deriveKey(secret, 'secret-fingerprint').toString('base64url');
}

/**
 * Keeps the secret's fingerprint in the database the first time and, every time, throws
 * SecretMismatch when `secret` gives another. Processes starting at once agree: the first insert
 * wins, and every process compares with what is stored after its own.
 */
export async function checkSecretFingerprint(
  database: Pick<Database, 'db'>,
  secret: Buffer,
  config: Pick<Config, 'secret' | 'secretFile'>,
  now: Date,
): Promise<void> {
  const fingerprint = secretFingerprint(secret);
  await database.db
    .insert(shopSecret)
    .values({ id: 1, fingerprint, createdAt: now })
    .onConflictDoNothing({ target: shopSecret.id });
  const [stored] = await database.db.select({ fingerprint: shopSecret.fingerprint }).from(shopSecret);
  const same =
    stored !== undefined &&
    stored.fingerprint.length === fingerprint.length &&
    timingSafeEqual(Buffer.from(stored.fingerprint), Buffer.from(fingerprint));
  if (!same) throw new SecretMismatch(config.secret ? 'SHOP_SECRET' : `the file ${config.secretFile}`);
}
