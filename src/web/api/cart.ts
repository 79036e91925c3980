import {
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type {
  CartChange,
  CartItem,
  CartKept,
  SubstituteChoice,
  SubstituteSuggestion,
  WhenMissing,
} from '#shared/schemas/cart';
import { lineLimit } from '#shared/schemas/cart.rules';
import { apiGet, apiRequest, messageOf } from '../lib/api-client';
import { useSignedIn } from '../lib/auth';
import { useOnline } from '../lib/online';
import type { SignInIntent } from '../lib/sign-in-intent';

const COUNT_KEY = ['cart', 'count'] as const;
const LINES_KEY = ['cart', 'lines'] as const;
const ADD_KEY = ['cart', 'add'] as const;
/**
 * Every write to the cart (add, set an amount, remove a line) reaches the server one at a time, in
 * the order the shopper made them, so their answers come back in that order too: a slower answer
 * can neither undo a later change nor put back an older count. Placing an order joins the queue
 * too (order.ts): an amount typed just before must not reach the server after the order and put
 * the ordered line back in the cart.
 */
export const CART_WRITES = { id: 'cart-writes' };

/**
 * The badge takes the server's count from the last cart write only: an earlier one's count is
 * already out of date when another write is queued behind it (that one is still optimistic).
 */
function setCountIfLast(client: QueryClient, count: number) {
  const writing = client.isMutating({ predicate: (m) => m.options.scope?.id === CART_WRITES.id });
  if (writing <= 1) client.setQueryData<number>(COUNT_KEY, count);
}

/** Moves the badge by `delta` before the server knows (a removal that can still be undone). */
export function shiftCartCount(client: QueryClient, delta: number) {
  client.setQueryData<number>(COUNT_KEY, (count) =>
    count === undefined ? count : Math.max(count + delta, 0),
  );
}

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
 * An add: the badge moves at once (optimistic), is corrected by the server's `count`, and is rolled
 * back on failure.
 */
export function addToCartOptions(client: QueryClient) {
  return mutationOptions({
    mutationKey: ADD_KEY,
    scope: CART_WRITES,
    mutationFn: ({ uuid, amount }: { uuid: string; amount: number }) =>
      apiRequest<CartChange>('/api/cart', { method: 'POST', form: { amount, uuid } }),
    onMutate: async ({ amount }) => {
      await client.cancelQueries({ queryKey: COUNT_KEY });
      const before = client.getQueryData<number>(COUNT_KEY);
      client.setQueryData<number>(COUNT_KEY, (before ?? 0) + amount);
      return { before };
    },
    onSuccess: (change) => setCountIfLast(client, change.count),
    // Back to what it was, then the server's count: the cart may have changed elsewhere.
    onError: (_error, _vars, context) => {
      client.setQueryData<number | undefined>(COUNT_KEY, context?.before);
      void client.invalidateQueries({ queryKey: COUNT_KEY });
    },
    onSettled: () => client.invalidateQueries({ queryKey: LINES_KEY }),
  });
}

/**
 * Add-to-cart as every screen does it: a visitor goes to /account (docs/product.md §4) with what
 * they meant to add and the page they were on (lib/sign-in-intent.ts), to be added once signed in; a signed-in
 * shopper's add is `addToCartOptions`. `message` words the last failure for the shopper
 * (`messageOf`) and is gone as soon as the next add starts. Offline, an add is not sent (nor left
 * waiting): `message` says it cannot be added until the connection is back, and goes when it is.
 */
export function useAddToCart() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const { t } = useTranslation('common');
  const online = useOnline();
  const [triedOffline, setTriedOffline] = useState(false);
  if (online && triedOffline) setTriedOffline(false);
  const mutation = useMutation(addToCartOptions(client));
  const add = useCallback(
    (uuid: string, amount = 1, onAdded?: () => void) => {
      if (!signedIn) {
        const path = `${location.pathname}${location.search}${location.hash}`;
        const intent: SignInIntent = { path, add: { uuid, amount } };
        navigate('/account', { state: { intent } });
        return;
      }
      if (!navigator.onLine) {
        mutation.reset();
        setTriedOffline(true);
        return;
      }
      mutation.mutate({ uuid, amount }, { onSuccess: onAdded });
    },
    [signedIn, navigate, location, mutation.mutate, mutation.reset],
  );
  const message = triedOffline
    ? t('offline.cannotAdd')
    : mutation.error
      ? messageOf(mutation.error, t)
      : undefined;
  return { add, pending: mutation.isPending, error: mutation.error, message };
}

/**
 * What a change of a line does to the cached lines. A read of the lines under way (e.g. the one an
 * add starts) would bring back the old amount, so the change cancels it. Cancelling leaves the
 * cache as it was before that read (which may lack a line added a moment before), and a read that
 * starts while the change is on its way (the cart page opened from the badge) may also answer the
 * old amount: so once the last queued write is done, the lines are read again.
 */
async function cancelLinesRead(client: QueryClient): Promise<void> {
  await client.cancelQueries({ queryKey: LINES_KEY });
}

function readAgainIfLast(client: QueryClient) {
  const writing = client.isMutating({ predicate: (m) => m.options.scope?.id === CART_WRITES.id });
  if (writing <= 1) void client.invalidateQueries({ queryKey: LINES_KEY });
}

/** Sets a line's quantity (`type=cart`); the lines and the badge take the server's answer. */
export function setCartAmountOptions(client: QueryClient) {
  return mutationOptions({
    // One at a time, in order: typed digits must not arrive out of order.
    scope: CART_WRITES,
    mutationFn: ({ uuid, amount }: { uuid: string; amount: number }) =>
      apiRequest<CartChange>('/api/cart', { method: 'POST', form: { amount, uuid, type: 'cart' } }),
    onMutate: async ({ uuid, amount }) => {
      await cancelLinesRead(client);
      client.setQueryData<CartItem[]>(LINES_KEY, (lines) =>
        lines?.map((line) => (line.uuid === uuid ? { ...line, amount } : line)),
      );
    },
    onSuccess: (change) => setCountIfLast(client, change.count),
    onError: () => client.invalidateQueries({ queryKey: ['cart'] }),
    onSettled: () => readAgainIfLast(client),
  });
}

/** `DELETE /api/cart/{id}`; the line's product rides along, for saying which left the cart. */
export function removeCartLineOptions(client: QueryClient) {
  return mutationOptions({
    // After the amounts set before it: a slower "1" must not put back a line just removed.
    scope: CART_WRITES,
    mutationFn: ({ id }: Pick<CartItem, 'id' | 'uuid'>) =>
      apiRequest<{ count: number }>(`/api/cart/${id}`, { method: 'DELETE' }),
    onMutate: () => cancelLinesRead(client),
    onSuccess: (answer, { id }) => {
      setCountIfLast(client, answer.count);
      client.setQueryData<CartItem[]>(LINES_KEY, (lines) => lines?.filter((line) => line.id !== id));
    },
    onError: () => client.invalidateQueries({ queryKey: ['cart'] }),
    onSettled: () => readAgainIfLast(client),
  });
}

/**
 * `PUT /api/cart/{id}/kept`: 'Keep' on a short or sold-out line, saved on the line so it holds
 * after a reload and on another device. Shown at once; queued with the other cart writes.
 */
export function keepCartLineOptions(client: QueryClient) {
  return mutationOptions({
    scope: CART_WRITES,
    mutationFn: ({ id, kept }: { id: number; kept: boolean }) =>
      apiRequest<CartKept>(`/api/cart/${id}/kept`, { method: 'PUT', form: { kept: String(kept) } }),
    onMutate: async ({ id, kept }) => {
      await cancelLinesRead(client);
      client.setQueryData<CartItem[]>(LINES_KEY, (lines) =>
        lines?.map((line) => (line.id === id ? { ...line, kept } : line)),
      );
    },
    onError: () => client.invalidateQueries({ queryKey: LINES_KEY }),
    onSettled: () => readAgainIfLast(client),
  });
}

/** A line's substitution choice as the browser sends it (docs/api.md, Substitutions). */
export interface ChoiceForm {
  when_missing: WhenMissing;
  /** A specific substitute's uuid; '' for the packer's best match. */
  substitute: string;
  ask_first: boolean;
  fallback: boolean;
}

/** The form fields of a choice. */
export const choiceFields = (choice: ChoiceForm) => ({
  when_missing: choice.when_missing,
  substitute: choice.when_missing === 'replace' ? choice.substitute : '',
  ask_first: String(choice.ask_first),
  fallback: String(choice.fallback),
});

/**
 * `PATCH /api/cart/{id}`: what the shop does with the line's item if it is missing at packing
 * (refund, best match or a specific substitute, and whether to ask first). Shown at once; queued
 * with the other cart writes, so a later read cannot undo it.
 */
export function setWhenMissingOptions(client: QueryClient) {
  return mutationOptions({
    scope: CART_WRITES,
    mutationFn: ({ id, choice }: { id: number; choice: ChoiceForm }) =>
      apiRequest<SubstituteChoice>(`/api/cart/${id}`, { method: 'PATCH', form: choiceFields(choice) }),
    onMutate: async ({ id, choice }) => {
      await cancelLinesRead(client);
      client.setQueryData<CartItem[]>(LINES_KEY, (lines) =>
        lines?.map((line) => (line.id === id ? { ...line, when_missing: choice.when_missing } : line)),
      );
    },
    onSuccess: (answer, { id }) =>
      client.setQueryData<CartItem[]>(LINES_KEY, (lines) =>
        lines?.map((line) => (line.id === id ? { ...line, substitution: answer } : line)),
      ),
    onError: () => client.invalidateQueries({ queryKey: LINES_KEY }),
    onSettled: () => readAgainIfLast(client),
  });
}

export function useSetWhenMissing() {
  const client = useQueryClient();
  return useMutation(setWhenMissingOptions(client));
}

/** `GET /api/substitutes?uuid=`: same-category products to pick a specific substitute from. */
export function useSubstitutes(uuid: string, enabled: boolean) {
  return useQuery({
    queryKey: ['substitutes', uuid],
    queryFn: ({ signal }) => apiGet<SubstituteSuggestion[]>('/api/substitutes', { uuid }, signal),
    enabled,
    staleTime: 60_000,
  });
}

/** When the latest add-to-cart of any screen succeeded (for the shell's "Added" notice); undefined before any. */
export function useLastAddedAt(): number | undefined {
  const times = useMutationState({
    filters: { mutationKey: ADD_KEY, status: 'success' },
    select: (mutation) => mutation.state.submittedAt,
  });
  return times.length === 0 ? undefined : Math.max(...times);
}

/** A product's line as a card's stepper needs it. */
export interface InCart {
  amount: number;
  max: number;
  byStock: boolean;
}

/** A card's latest change that the server took: the product and its amount now (0: removed). */
export interface CardChange {
  uuid: string;
  amount: number;
}

/**
 * Setting a line's amount and removing a line, as the cart page and the cards do: `changed` is the
 * last change the server took (amount 0: removed), `failure` the last refusal, until a later change
 * of either kind succeeds.
 *
 * Both are set by the mutations' own callbacks, which run for every call. `mutate()`'s per-call
 * callbacks would not do: they are dropped once the observer moves on (a newer call, or a reset by
 * the other kind's success), so a quick "−, −" on a card took its line out without saying so.
 */
export function useCartLineWrites() {
  const client = useQueryClient();
  const [changed, setChanged] = useState<CardChange>();
  const [failure, setFailure] = useState<unknown>();
  const amountOptions = setCartAmountOptions(client);
  const setAmount = useMutation({
    ...amountOptions,
    onSuccess: (...args) => {
      amountOptions.onSuccess?.(...args);
      setChanged(args[1]);
      setFailure(undefined);
    },
    onError: (...args) => {
      amountOptions.onError?.(...args);
      setFailure(args[0]);
    },
  });
  const removeOptions = removeCartLineOptions(client);
  const remove = useMutation({
    ...removeOptions,
    onSuccess: (...args) => {
      removeOptions.onSuccess?.(...args);
      setChanged({ uuid: args[1].uuid, amount: 0 });
      setFailure(undefined);
    },
    onError: (...args) => {
      removeOptions.onError?.(...args);
      setFailure(args[0]);
    },
  });
  const keep = useMutation({
    ...keepCartLineOptions(client),
    onError: (error) => {
      void client.invalidateQueries({ queryKey: LINES_KEY });
      setFailure(error);
    },
  });
  const setLineAmount = useCallback(
    (uuid: string, amount: number) => setAmount.mutate({ uuid, amount }),
    [setAmount.mutate],
  );
  const keepLine = useCallback((id: number) => keep.mutate({ id, kept: true }), [keep.mutate]);
  return { setAmount: setLineAmount, remove: remove.mutate, keep: keepLine, changed, failure };
}

/**
 * What of each product is in the signed-in shopper's cart (lines at 0 count as not in it), and a
 * way to change it from a card: 0 removes the line. `message` words the last failure.
 */
export function useCardCart() {
  const signedIn = useSignedIn();
  const { t } = useTranslation('common');
  const lines = useCartLines(signedIn);
  const writes = useCartLineWrites();
  const byUuid = useMemo(
    () => new Map((lines.data ?? []).filter((l) => l.amount > 0).map((l) => [l.uuid, l])),
    [lines.data],
  );
  const inCart = useCallback(
    (uuid: string): InCart | undefined => {
      const line = byUuid.get(uuid);
      return line && { amount: line.amount, ...lineLimit(line) };
    },
    [byUuid],
  );
  const { setAmount, remove } = writes;
  const change = useCallback(
    (uuid: string, amount: number) => {
      const line = byUuid.get(uuid);
      if (!line) return;
      if (amount > 0) setAmount(uuid, amount);
      else remove(line);
    },
    [byUuid, setAmount, remove],
  );
  return {
    inCart,
    change,
    changed: writes.changed,
    message: writes.failure ? messageOf(writes.failure, t) : undefined,
  };
}
