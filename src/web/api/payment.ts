import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ORDER_STATUS } from '#shared/schemas/order.rules';
import type {
  BillingField,
  CardPaymentResult,
  PaymentStatusAnswer,
  WalletStartResult,
} from '#shared/schemas/payment';
import { apiGet, apiRequest } from '../lib/api-client';

// The payment module's calls (docs/api.md): pay by card or wallet, and ask how a payment went.

export interface NewCardPayment {
  number: string;
  date: string;
  code: string;
  billing: Record<BillingField, string>;
}

/**
 * How long a card payment may take: longer than the server waits for the card gateway (15 s), so
 * the browser never gives up on a payment the server then completes (docs/product.md §7).
 */
export const CARD_PAY_TIMEOUT_MS = 20_000;

/** `POST /api/authorize/pay` with a new card (its number without spaces) or a saved one; secrets in the body. */
export function useCardPay(orderNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewCardPayment | { cardUuid: string; code: string }) => {
      const form: Record<string, string> = { order: orderNo, code: input.code };
      if ('cardUuid' in input) form.card_uuid = input.cardUuid;
      else {
        form.card = input.number.replace(/\D/g, '');
        form.date = input.date;
        for (const [field, value] of Object.entries(input.billing)) form[`billing[${field}]`] = value.trim();
      }
      return apiRequest<CardPaymentResult>('/api/authorize/pay', {
        method: 'POST',
        form,
        timeoutMs: CARD_PAY_TIMEOUT_MS,
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/** `POST /api/yuansfer/pay`: the wallet's cashier page, or why there is none. */
export function useWalletPay(orderNo: string) {
  return useMutation({
    mutationFn: (vendor: 'wechatpay' | 'alipay') =>
      apiRequest<WalletStartResult>('/api/yuansfer/pay', {
        method: 'POST',
        form: { vendor, reference: orderNo, terminal: 'ONLINE' },
      }),
  });
}

/** How often the pay page asks again while the wallet has not said how the payment went. */
export const PAYMENT_POLL_MS = 3000;

/**
 * `GET /api/order/{no}/payment`: the order's status and how its latest wallet payment went, once
 * the shopper is back from the wallet or presses 'Paid Already'. Asked again every PAYMENT_POLL_MS
 * while the wallet has not answered and `polling` holds.
 */
export function usePaymentOutcome(orderNo: string, polling: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['payment', orderNo],
    queryFn: async ({ signal }) => {
      const path = `/api/order/${encodeURIComponent(orderNo)}/payment`;
      const answer = await apiGet<PaymentStatusAnswer>(path, undefined, signal);
      // The order moved on (paid, expired): what the app holds of it is out of date.
      if (answer.status !== ORDER_STATUS.pending) await client.invalidateQueries({ queryKey: ['orders'] });
      return answer;
    },
    gcTime: 0,
    refetchInterval: (query) =>
      polling && query.state.data?.attempt?.outcome === 'pending' ? PAYMENT_POLL_MS : false,
  });
}
