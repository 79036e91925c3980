import { BoundedQueue, type BoundedQueueLimits } from '#server/bounded-queue';
import { AppError } from '#server/errors';

/** How long a refused caller is asked to wait: a full line drains in a few seconds at full cost. */
export const BUSY_RETRY_SECONDS = 5;

/** `running`: hashes at once, each holding its memory (128 MiB at OWASP's scrypt cost). */
export type HashQueueLimits = BoundedQueueLimits;

/**
 * Runs expensive password computations a few at a time (BoundedQueue), so a burst of sign-ins
 * can never hold more than `running` hashes' memory; a caller that finds the line full is refused
 * at once with a 503 and Retry-After, in the caller's language.
 */
export class HashQueue extends BoundedQueue {
  constructor(limits: HashQueueLimits) {
    super(limits, hashingBusy);
  }
}

function hashingBusy(): AppError {
  return new AppError(
    503,
    'errors:account.busy',
    { seconds: BUSY_RETRY_SECONDS },
    { 'retry-after': String(BUSY_RETRY_SECONDS) },
  );
}
