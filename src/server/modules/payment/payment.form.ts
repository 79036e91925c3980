import type { BillingAddress, CardDetails } from '#server/gateways/gateway';
import type { WalletVendorName } from '#shared/schemas/payment';

/*
 * What the payment services take. The pay calls' input is parsed by their request schemas
 * (src/shared/schemas/payment.zod.ts, declared on the routes); their output must be these.
 */

/** The pay form's fields, checked; the card number and code never leave this value but to the gateway. */
export type CardPaymentRequest = { orderNo: string; code: string } & (
  | { kind: 'card'; card: CardDetails; billing: BillingAddress }
  | { kind: 'saved'; cardUuid: string }
);

export interface WalletPaymentRequest {
  orderNo: string;
  vendor: WalletVendorName;
  terminal: 'ONLINE' | 'WAP';
}
