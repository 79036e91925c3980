import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { HashQueue, type HashQueueLimits } from './hash-queue';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt parameters: N = 2^17 (128 MiB), r = 8, p = 1; 16-byte salt, 32-byte key. */
export const SCRYPT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
/**
 * Two hashes at once and 32 callers waiting: at most 256 MiB of scrypt memory, and two of Node's
 * four thread-pool threads stay free for files and DNS.
 */
export const HASH_LIMITS: HashQueueLimits = { running: 2, waiting: 32 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

interface StoredHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

/** `scrypt$N$r$p$salt$hash`: salted, with its parameters, so they can be raised later. */
function formatHash({ params, salt, key }: StoredHash): string {
  const parts = [params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')];
  return ['scrypt', ...parts].join('$');
}

function parseHash(stored: string): StoredHash | undefined {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((v) => Number.isInteger(v) && v > 0)) return undefined;
  return { params, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/**
 * Hashes and checks passwords, every computation through one bounded queue (hash-queue.ts). The
 * cost is injected so tests run cheap; a stored hash is always checked at its own parameters.
 */
export class PasswordHasher {
  readonly queue: HashQueue;
  /** Checked for an unknown address: the same cost as a real check, and it never matches. */
  private readonly decoy: StoredHash;

  constructor(
    readonly params: ScryptParams = SCRYPT_PARAMS,
    limits: HashQueueLimits = HASH_LIMITS,
  ) {
    this.queue = new HashQueue(limits);
    this.decoy = { params, salt: randomBytes(SALT_LENGTH), key: randomBytes(KEY_LENGTH) };
  }

  /** A new salted hash; throws the queue's 503 when too many are waiting. */
  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await this.queue.run(() => derive(password, salt, this.params));
    return formatHash({ params: this.params, salt, key });
  }

  /**
   * Constant-time check of a password against a stored hash, or against the decoy when there is
   * none; a malformed hash never matches. Throws the queue's 503 when too many are waiting.
   */
  async verify(password: string, stored: string | undefined): Promise<boolean> {
    const expected = stored === undefined ? this.decoy : parseHash(stored);
    if (!expected) return false;
    const key = await this.queue.run(() => derive(password, expected.salt, expected.params));
    return key.length === expected.key.length && timingSafeEqual(key, expected.key);
  }
}
