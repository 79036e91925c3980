import { createHmac, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Config } from './config';

const SECRET_BYTES = 32;

/**
 * The shop's secret: SHOP_SECRET when set, otherwise 32 random bytes written to DATA_DIR/secret
 * the first time (readable by the shop's user only) and read back on every later start. Processes
 * that share one database share it through the environment or a shared DATA_DIR; two processes
 * starting at once both end with the file the first one wrote.
 */
export function loadShopSecret(config: Pick<Config, 'secret' | 'secretFile'>): Buffer {
  if (config.secret) return Buffer.from(config.secret, 'utf8');
  const existing = readSecretFile(config.secretFile);
  if (existing) return existing;
  mkdirSync(dirname(config.secretFile), { recursive: true });
  // Written whole under a name of our own, then linked into place: linking fails if another
  // process got there first, and nobody ever reads a half-written file.
  const partial = `${config.secretFile}.${process.pid}.partial`;
  writeFileSync(partial, randomBytes(SECRET_BYTES).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(partial, config.secretFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(partial, { force: true });
  }
  const written = readSecretFile(config.secretFile);
  if (!written) throw new Error(`${config.secretFile} holds no secret: delete it and start again`);
  return written;
}

function readSecretFile(path: string): Buffer | undefined {
  try {
    const text = readFileSync(path, 'utf8').trim();
    return text.length >= 32 ? Buffer.from(text, 'utf8') : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * A key for one purpose, derived from the shop's secret, so a key that leaks (or is shown to a
 * gateway double) reveals neither the secret nor the keys for other purposes.
 */
export function deriveKey(secret: Buffer, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`fresh-market:${purpose}`).digest();
}
