import type { CardTrier } from './card-tries';
import { type CardPaymentOutcome, payByCard } from './payment.card';
import type { PaymentDeps } from './payment.core';
import type { CardPaymentRequest, WalletPaymentRequest } from './payment.form';
import {
  handleWalletNotification,
  type NotificationAnswer,
  refreshPaymentStatus,
  startWalletPayment,
  type WalletStartOutcome,
} from './payment.wallet';

/**
 * Payments (DESIGN.md §6) behind one face for the routes: cards through the card gateway, wallets
 * through the wallet gateway, each order paid at most once (see applyPayment).
 */
export class PaymentService {
  constructor(readonly deps: PaymentDeps) {}

  /** Charges a card for the shopper's pending order (see payByCard). */
  payByCard(who: CardTrier, request: CardPaymentRequest): Promise<CardPaymentOutcome> {
    return payByCard(this.deps, who, request);
  }

  /** Starts a wallet payment and answers the cashier page (see startWalletPayment). */
  startWallet(userId: number, request: WalletPaymentRequest): Promise<WalletStartOutcome> {
    return startWalletPayment(this.deps, userId, request);
  }

  /** Handles the gateway's signed notification (see handleWalletNotification). */
  handleNotification(form: Record<string, string>): Promise<NotificationAnswer> {
    return handleWalletNotification(this.deps, form);
  }

  /** The order's status after asking the gateway about pending wallet attempts ("Paid Already"). */
  paymentStatus(userId: number, orderNo: string): Promise<{ status: number }> {
    return refreshPaymentStatus(this.deps, userId, orderNo);
  }
}
