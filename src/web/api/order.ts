import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubstituteChoice, WhenMissing } from '#shared/schemas/cart';
import type { BuyAgainAnswer, CancelOrderAnswer, OrderDetail, OrderSummary } from '#shared/schemas/order';
import type { ProposalAnswer } from '#shared/schemas/packing.rules';
import { apiGet, apiRequest } from '../lib/api-client';
import { CART_WRITES, type ChoiceForm, choiceFields } from './cart';

// The order module's calls (docs/api.md): place an order, list them, read one.

export interface PlaceOrderInput {
  address: string;
  coupon: string;
  /** `when_missing`: what the shop does if the item is missing at packing (the cart line's choice). */
  lines: { id: number; num: number; when_missing?: WhenMissing }[];
  /** The chosen delivery window's start, if any. */
  slot?: string | undefined;
}

/** `POST /api/order` as a form: uuid, coupon, items[i][id], items[i][num]; answers the order number. */
export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    // After the cart writes made before it, so the server's cart is the one the shopper sees, and
    // before any made after (CART_WRITES).
    scope: CART_WRITES,
    mutationFn: ({ address, coupon, lines, slot }: PlaceOrderInput) => {
      const form: Record<string, string | number> = { uuid: address, coupon: coupon.trim() };
      if (slot) form.slot = slot;
      lines.forEach((line, i) => {
        form[`items[${i}][id]`] = line.id;
        form[`items[${i}][num]`] = line.num;
        if (line.when_missing) form[`items[${i}][when_missing]`] = line.when_missing;
      });
      return apiRequest<string>('/api/order', { method: 'POST', form });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['cart'] });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
    // A window may have filled while the shopper chose: the picker shows it as it is now.
    onSettled: () => void client.invalidateQueries({ queryKey: ['delivery-slots'] }),
  });
}

export function ordersQueryOptions() {
  return queryOptions({
    queryKey: ['orders'],
    queryFn: ({ signal }) => apiGet<OrderSummary[]>('/api/order', undefined, signal),
  });
}

export function orderQueryOptions(orderNo: string) {
  return queryOptions({
    queryKey: ['orders', orderNo],
    queryFn: ({ signal }) =>
      apiGet<OrderDetail>(`/api/order/${encodeURIComponent(orderNo)}`, undefined, signal),
  });
}

export const useOrders = () => useQuery(ordersQueryOptions());
export const useOrder = (orderNo: string) => useQuery(orderQueryOptions(orderNo));

/**
 * `POST /api/order/{no}/cancel`: the shopper cancels an unpaid order (docs/api.md). The orders,
 * the cart's slot picker and the products' stock are read again afterwards.
 */
export function useCancelOrder(orderNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<CancelOrderAnswer>(`/api/order/${encodeURIComponent(orderNo)}/cancel`, { method: 'POST' }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['orders'] });
      void client.invalidateQueries({ queryKey: ['delivery-slots'] });
    },
  });
}

/**
 * `POST /api/order/{no}/again`: the order's available products back in the cart (docs/api.md).
 * The cart's lines and badge are read again afterwards.
 */
export function useBuyAgain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderNo: string) =>
      apiRequest<BuyAgainAnswer>(`/api/order/${encodeURIComponent(orderNo)}/again`, { method: 'POST' }),
    onSuccess: (answer) => {
      client.setQueryData<number>(['cart', 'count'], answer.count);
      void client.invalidateQueries({ queryKey: ['cart'] });
    },
  });
}

/**
 * `PATCH /api/order/{no}/lines/{id}`: the line's substitution choice, until packing starts
 * (docs/api.md, Substitutions); the order is read again afterwards.
 */
export function useSetOrderLineChoice(orderNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ line, choice }: { line: number; choice: ChoiceForm }) =>
      apiRequest<SubstituteChoice>(`/api/order/${encodeURIComponent(orderNo)}/lines/${line}`, {
        method: 'PATCH',
        form: choiceFields(choice),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['orders', orderNo] }),
  });
}

/** `POST /api/order/{no}/lines/{id}/answer`: approve or decline the substitute proposed for a line. */
export function useAnswerProposal(orderNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ line, answer }: { line: number; answer: ProposalAnswer }) =>
      apiRequest<unknown>(`/api/order/${encodeURIComponent(orderNo)}/lines/${line}/answer`, {
        method: 'POST',
        form: { answer },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['orders', orderNo] }),
  });
}
