import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CartChange, CartItem } from '#shared/schemas/cart';
import { apiGet, apiRequest, messageOf } from '../lib/api-client';
import { useSignedIn } from '../lib/auth';

const COUNT_KEY = ['cart', 'count'] as const;
const LINES_KEY = ['cart', 'lines'] as const;

/** `GET /api/goods/count` (docs/product.md §7, Cart): only asked for while a token is held. */
export function cartCountQueryOptions() {
  return queryOptions({
    queryKey: COUNT_KEY,
    queryFn: ({ signal }) => apiGet<number>('/api/goods/count', undefined, signal),
  });
}

/** `GET /api/cart`: the lines with current price, stock and availability. */
export function cartLinesQueryOptions() {
  return queryOptions({
    queryKey: LINES_KEY,
    queryFn: ({ signal }) => apiGet<CartItem[]>('/api/cart', undefined, signal),
  });
}

export function useCartLines(enabled: boolean) {
  return useQuery({ ...cartLinesQueryOptions(), enabled });
}

/**
 * The cart badge's number: the server's count for a signed-in shopper; undefined (no badge) for a
 * visitor, and while the count is not known (asking, or the call failed): never a made-up 0.
 */
export function useCartCount(): number | undefined {
  const signedIn = useSignedIn();
  const { data } = useQuery({ ...cartCountQueryOptions(), enabled: signedIn });
  return signedIn && typeof data === 'number' ? data : undefined;
}

/**
 * Add-to-cart as every screen does it: a visitor goes to /account (docs/product.md §4). For a signed-in
 * shopper the badge moves at once (optimistic), is corrected by the server's `count`, and is
 * rolled back on failure. `message` words the last failure for the shopper (`messageOf`) and is gone
 * as soon as the next add starts.
 */
export function useAddToCart() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { t } = useTranslation('common');
  const mutation = useMutation({
    mutationFn: ({ uuid, amount }: { uuid: string; amount: number }) =>
      apiRequest<CartChange>('/api/cart', { method: 'POST', form: { amount, uuid } }),
    onMutate: async ({ amount }) => {
      await client.cancelQueries({ queryKey: COUNT_KEY });
      const before = client.getQueryData<number>(COUNT_KEY);
      client.setQueryData<number>(COUNT_KEY, (before ?? 0) + amount);
      return { before };
    },
    onSuccess: (change) => client.setQueryData<number>(COUNT_KEY, change.count),
    onError: (_error, _vars, context) => client.setQueryData<number | undefined>(COUNT_KEY, context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: LINES_KEY }),
  });
  const add = useCallback(
    (uuid: string, amount = 1) => {
      if (!signedIn) {
        navigate('/account');
        return;
      }
      mutation.mutate({ uuid, amount });
    },
    [signedIn, navigate, mutation.mutate],
  );
  const message = mutation.error ? messageOf(mutation.error, t) : undefined;
  return { add, pending: mutation.isPending, error: mutation.error, message };
}

/** Sets a line's quantity (`type=cart`); the lines and the badge take the server's answer. */
export function useSetCartAmount() {
  const client = useQueryClient();
  return useMutation({
    // One at a time, in order: typed digits must not arrive out of order.
    scope: { id: 'cart-set' },
    mutationFn: ({ uuid, amount }: { uuid: string; amount: number }) =>
      apiRequest<CartChange>('/api/cart', { method: 'POST', form: { amount, uuid, type: 'cart' } }),
    onMutate: ({ uuid, amount }) => {
      client.setQueryData<CartItem[]>(LINES_KEY, (lines) =>
        lines?.map((line) => (line.uuid === uuid ? { ...line, amount } : line)),
      );
    },
    onSuccess: (change) => client.setQueryData<number>(COUNT_KEY, change.count),
    onError: () => client.invalidateQueries({ queryKey: ['cart'] }),
  });
}

/** `DELETE /api/cart/{id}`. */
export function useRemoveCartLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ count: number }>(`/api/cart/${id}`, { method: 'DELETE' }),
    onSuccess: (answer, id) => {
      client.setQueryData<number>(COUNT_KEY, answer.count);
      client.setQueryData<CartItem[]>(LINES_KEY, (lines) => lines?.filter((line) => line.id !== id));
    },
    onError: () => client.invalidateQueries({ queryKey: ['cart'] }),
  });
}
