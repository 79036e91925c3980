import { z } from 'zod';

/** A saved card in `GET /api/credit_card`. */
export const SavedCard = z.object({
  uuid: z.string(),
  brand: z.string(),
  last4: z.string(),
  card_no: z.string(),
  expiration_time: z.string(),
  name: z.string(),
});
export type SavedCard = z.infer<typeof SavedCard>;

/** `POST /api/authorize/pay` (spec §4): status 2 paid; status 1 with the reason to show. */
export const CardPaymentResult = z.union([
  z.object({ status: z.literal(2), order_no: z.string() }),
  z.object({
    status: z.literal(1),
    message: z.object({ message: z.array(z.object({ text: z.string() })) }),
  }),
]);
export type CardPaymentResult = z.infer<typeof CardPaymentResult>;

/** `POST /api/yuansfer/pay` (spec §7): the cashier page to open, or why there is none. */
export const WalletStartResult = z.union([z.object({ url: z.string() }), z.object({ ret_msg: z.string() })]);
export type WalletStartResult = z.infer<typeof WalletStartResult>;

/** `GET /api/order/{orderNo}/payment`: the order's status after asking the gateway ("Paid Already"). */
export const PaymentStatusAnswer = z.object({ status: z.number().int() });
export type PaymentStatusAnswer = z.infer<typeof PaymentStatusAnswer>;
