import { ORDER_STATUS } from '#shared/schemas/order.rules';
import type { PaymentStatusAnswer } from '#shared/schemas/payment';

/** What the pay page shows once the shopper is back from the wallet (docs/product.md §2 Pay). */
export type WalletOutcomeView = 'paid' | 'failed' | 'waiting' | 'closed' | 'none';

const PAID: number[] = [ORDER_STATUS.processing, ORDER_STATUS.shipped, ORDER_STATUS.completed];

/**
 * paid: the order is paid (go to its confirmation); closed: it can no longer be paid (expired,
 * cancelled, refunded); failed: the latest wallet attempt failed; waiting: the wallet has not said
 * yet; none: no wallet payment was started, so there is nothing to wait for.
 */
export function walletOutcomeView(answer: PaymentStatusAnswer): WalletOutcomeView {
  if (PAID.includes(answer.status)) return 'paid';
  if (answer.status !== ORDER_STATUS.pending) return 'closed';
  if (!answer.attempt) return 'none';
  return answer.attempt.outcome === 'failed' ? 'failed' : 'waiting';
}
