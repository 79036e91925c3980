import { useMutation, useQueryClient } from '@tanstack/react-query';
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
      return apiRequest<CardPaymentResult>('/api/authorize/pay', { method: 'POST', form });
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

/** `GET /api/order/{no}/payment`: asks the gateway how the payment went ('Paid Already'). */
export function usePaymentCheck(orderNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiGet<PaymentStatusAnswer>(`/api/order/${encodeURIComponent(orderNo)}/payment`),
    onSettled: () => client.invalidateQueries({ queryKey: ['orders'] }),
  });
}
