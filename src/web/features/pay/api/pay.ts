import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedCard } from '../../../../shared/schemas/card';
import type {
  BillingField,
  CardPaymentResult,
  PaymentStatusAnswer,
  WalletStartResult,
} from '../../../../shared/schemas/payment';
import { apiGet, apiRequest } from '../../../lib/api-client';

export const CARDS_KEY = ['cards'] as const;

export function useSavedCards(enabled = true) {
  return useQuery({
    queryKey: CARDS_KEY,
    queryFn: ({ signal }) => apiGet<SavedCard[]>('/api/credit_card', undefined, signal),
    enabled,
  });
}

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

/** Groups typed digits in fours, as a card shows them. */
export function groupCardNumber(text: string): string {
  return text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Formats a typed expiry as MM/YY: the slash comes by itself after two digits. */
export function typeExpiry(text: string, previous: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  if (digits.length < 2) return digits;
  if (digits.length === 2 && previous.length === 3 && text.length < previous.length)
    return digits.slice(0, 1);
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}
