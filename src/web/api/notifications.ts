import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  NotificationList,
  OrderTimeline,
  ShopperEvent,
  StreamTicket,
} from '#shared/schemas/notification';
import { STREAM_EVENT } from '#shared/schemas/notification.rules';
import { apiGet, apiRequest } from '../lib/api-client';
import { apiUrl } from '../lib/api-core';
import { useUser } from '../lib/auth';

// Following orders (docs/api.md, Following orders): the bell, an order's timeline, the live stream.

/** How often the lists are read while no stream is open (refused, or the connection dropped). */
const POLL_MS = 3000;
/** How long after a refused or dropped stream a new one is asked for. */
const RECONNECT_MS = 15_000;
const LIVE_KEY = ['live-events'] as const;

/** Whether a live stream is open now: the lists poll only when it is not. */
function useLive(): boolean {
  return (
    useQuery({
      queryKey: LIVE_KEY,
      queryFn: () => false,
      staleTime: Number.POSITIVE_INFINITY,
      initialData: false,
    }).data === true
  );
}

export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: ['notifications'],
    queryFn: ({ signal }) => apiGet<NotificationList>('/api/notifications', undefined, signal),
  });
}

/** The bell's list and unread count, for a signed-in shopper. */
export function useNotifications() {
  const signedIn = useUser() !== null;
  const live = useLive();
  return useQuery({
    ...notificationsQueryOptions(),
    enabled: signedIn,
    refetchInterval: live ? false : POLL_MS,
  });
}

export function orderTimelineQueryOptions(orderNo: string) {
  return queryOptions({
    // Under the order's key: whatever refreshes the order refreshes its timeline.
    queryKey: ['orders', orderNo, 'events'],
    queryFn: ({ signal }) =>
      apiGet<OrderTimeline>(`/api/order/${encodeURIComponent(orderNo)}/events`, undefined, signal),
  });
}

export function useOrderTimeline(orderNo: string) {
  const live = useLive();
  return useQuery({ ...orderTimelineQueryOptions(orderNo), refetchInterval: live ? false : POLL_MS });
}

/** `POST /api/notifications/read`: everything up to the newest shown is read. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) =>
      apiRequest<null>('/api/notifications/read', { method: 'POST', form: { up_to: upTo } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

/**
 * Keeps a live stream open while a shopper is signed in (mounted once, in the shell): each event
 * refreshes the bell and its order; `ready` (opened, or opened again) refreshes both lists, so
 * nothing written meanwhile is missed. A stream needs a fresh ticket each time (it is good for a
 * minute), so a dropped one is closed and asked for again rather than left to EventSource's own
 * retry; while there is none, the lists poll.
 */
export function useLiveEvents(): void {
  const token = useUser()?.token;
  const client = useQueryClient();
  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const setLive = (live: boolean) => client.setQueryData(LIVE_KEY, live);
    const again = () => {
      source?.close();
      source = undefined;
      setLive(false);
      if (!stopped) retry = setTimeout(connect, RECONNECT_MS);
    };
    const connect = async () => {
      let ticket: string;
      try {
        ticket = (await apiRequest<StreamTicket>('/api/notifications/ticket', { method: 'POST' })).ticket;
      } catch {
        again();
        return;
      }
      if (stopped) return;
      source = new EventSource(apiUrl('/api/notifications/stream', { ticket }));
      source.addEventListener('ready', () => {
        setLive(true);
        void client.invalidateQueries({ queryKey: ['notifications'] });
        void client.invalidateQueries({ queryKey: ['orders'] });
      });
      source.addEventListener(STREAM_EVENT, (message) => {
        const event = JSON.parse((message as MessageEvent<string>).data) as ShopperEvent;
        void client.invalidateQueries({ queryKey: ['notifications'] });
        void client.invalidateQueries({ queryKey: ['orders', event.order_no] });
      });
      source.onerror = again;
    };
    void connect();
    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      source?.close();
      setLive(false);
    };
  }, [token, client]);
}
