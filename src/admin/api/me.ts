import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { MeAnswer, NoAnswer, SignInAnswer } from '#shared/schemas/admin/staff.zod';
import { ApiError, adminRequest } from '../lib/api-client';
import { useLanguage } from '../lib/i18n';
import { endSession, startSession, useSessionEnded, wasSignedIn } from '../lib/session';
import { type When, whenOn } from '../lib/shop-clock';

/**
 * The signed-in staff member (`GET /api/admin/me`): how a new tab or a reload learns that the
 * browser's session cookie is signed in, and the session's CSRF token. A 401 means signed out.
 */
export const meQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: ['admin', 'me'],
    queryFn: async ({ signal }) => {
      try {
        const me = await adminRequest<MeAnswer>('/api/admin/me', { signal });
        startSession(me.csrf);
        return me;
      } catch (error) {
        // A reload or a new tab whose browser was signed in: the session ended meanwhile.
        if (error instanceof ApiError && error.kind === 'unauthorized' && wasSignedIn())
          endSession('expired');
        throw error;
      }
    },
    enabled,
    staleTime: 5 * 60_000,
    // A 401 is an answer (signed out), not a failure worth asking again.
    retry: false,
  });

/** `me`, asked unless this tab saw its session end. */
export function useMe() {
  return useQuery(meQueryOptions(!useSessionEnded()));
}

/** The staff member the console shows; only called under RequireStaff, which waits for it. */
export function useStaff(): MeAnswer {
  const { data } = useMe();
  if (!data) throw new Error('useStaff outside a signed-in page');
  return data;
}

/** The console's one way to show a moment (a hook): in the staff member's language, on the shop's clock. */
export function useWhen(): When {
  const zone = useMe().data?.time_zone;
  const language = useLanguage();
  return useMemo(() => whenOn(zone, language), [zone, language]);
}

/** Signs in: the browser keeps the cookie; the console keeps who signed in, the CSRF token and the shop's clock. */
export function useSaveSession() {
  const client = useQueryClient();
  return (session: SignInAnswer) => {
    const me: MeAnswer = { ...session.staff, csrf: session.csrf, time_zone: session.time_zone };
    client.setQueryData(meQueryOptions().queryKey, me);
    startSession(session.csrf);
  };
}

/** Signs out: the server deletes the session and clears the cookie, for every tab; this one forgets it either way. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest<NoAnswer>('/api/admin/sign-out', { method: 'POST' }).catch(() => null),
    onSettled: () => {
      endSession('signedOut');
      client.removeQueries({ queryKey: ['admin'] });
    },
  });
}
