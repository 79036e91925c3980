import { BoundedQueue } from '#server/bounded-queue';
import { AppError } from '#server/errors';

/** How long a refused uploader is asked to wait: an upload in flight ends within seconds. */
export const UPLOAD_RETRY_SECONDS = 5;

export interface UploadSlotLimits {
  /** Uploads one account (a shopper, a staff member) may have in flight at once. */
  perUser: number;
  /** Uploads in flight at once, everyone's together. */
  total: number;
}

/**
 * A bound on uploads in flight, per uploader and in all, taken when the handler starts and held
 * until the picture is stored: past it the upload is refused at once, before its body is read —
 * 429 for an uploader at their own bound, 503 when the shop's is reached — both with Retry-After.
 * Each bound is a BoundedQueue with no waiting line, so nothing queues while holding a body.
 */
export class UploadSlots {
  private readonly everyone: BoundedQueue;
  private readonly uploaders = new Map<string, BoundedQueue>();

  constructor(readonly limits: UploadSlotLimits) {
    this.everyone = new BoundedQueue({ running: limits.total, waiting: 0 }, uploadsBusy);
  }

  /** Runs `task` in one of `who`'s slots and one of everyone's; throws the 429 or 503 when none is free. */
  async run<T>(who: string, task: () => Promise<T>): Promise<T> {
    const own = this.uploaderQueue(who);
    try {
      return await own.run(() => this.everyone.run(task));
    } finally {
      if (own.load.running === 0) this.uploaders.delete(who);
    }
  }

  private uploaderQueue(who: string): BoundedQueue {
    let queue = this.uploaders.get(who);
    if (!queue) {
      const max = this.limits.perUser;
      queue = new BoundedQueue({ running: max, waiting: 0 }, () => refused(429, 'errors:uploads.yours', max));
      this.uploaders.set(who, queue);
    }
    return queue;
  }
}

/** The shop's uploads are at their bound: a 503 with Retry-After. */
export function uploadsBusy(): AppError {
  return refused(503, 'errors:uploads.busy');
}

function refused(status: 429 | 503, key: string, max?: number): AppError {
  return new AppError(
    status,
    key,
    { seconds: UPLOAD_RETRY_SECONDS, ...(max === undefined ? {} : { max }) },
    { 'retry-after': String(UPLOAD_RETRY_SECONDS) },
  );
}
