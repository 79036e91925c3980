import { amountToCents } from '#shared/money';
import type { WalletNotification, WalletNotificationStatus, WalletTransaction } from './gateway';
import { hasValidYuansferSignature } from './yuansfer-sign';

const REQUIRED = ['reference', 'transactionNo', 'status', 'amount', 'currency', 'verifySign'] as const;

/** Yuansfer's transaction statuses (init, dealing, pending, success, failed, closed, …) folded. */
export function walletStatusOf(raw: string): WalletNotificationStatus {
  switch (raw) {
    case 'success':
      return 'success';
    case 'init':
    case 'dealing':
    case 'pending':
      return 'pending';
    case 'failed':
    case 'fail':
      return 'failed';
    case 'closed':
    case 'reversed':
      return 'closed';
    default:
      return 'other';
  }
}

/** What a query answer's status means for an order. */
export function transactionStatusOf(raw: string): WalletTransaction['status'] {
  const status = walletStatusOf(raw);
  return status === 'success' ? 'paid' : status === 'pending' ? 'pending' : 'failed';
}

/**
 * A Yuansfer IPN form checked against `token`: every required field present, the signature right
 * (constant time), the amount a money amount. Undefined otherwise; the reason is not told to callers
 * on purpose, as a forger would learn from it.
 */
export function parseYuansferNotification(
  form: Record<string, string>,
  token: string,
): WalletNotification | undefined {
  if (typeof form !== 'object' || form === null) return undefined;
  for (const name of REQUIRED) {
    if (typeof form[name] !== 'string' || form[name] === '') return undefined;
  }
  if (!hasValidYuansferSignature(form, token)) return undefined;
  const amountCents = amountToCents(form.amount as string);
  if (amountCents === undefined) return undefined;
  return {
    reference: form.reference as string,
    transactionNo: form.transactionNo as string,
    status: walletStatusOf(form.status as string),
    rawStatus: form.status as string,
    amountCents,
    currency: form.currency as string,
  };
}

/** "20260115200000": Yuansfer writes notification times as YYYYMMDDHHMMSS in UTC+8. */
export function yuansferTime(now: Date): string {
  const shifted = new Date(now.getTime() + 8 * 3_600_000);
  return shifted.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}
