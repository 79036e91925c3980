import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Me, NoAnswer, SignInAnswer } from '#shared/schemas/admin/staff.zod';
import { adminRequest } from '../lib/api-client';
import { useLanguage } from '../lib/i18n';
import { saveToken, useToken } from '../lib/session';
import { type When, whenOn } from '../lib/shop-clock';

/** The signed-in staff member (`GET /api/admin/me`), per token. */
export const meQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['admin', 'me', token],
    queryFn: ({ signal }) => adminRequest<Me>('/api/admin/me', { signal }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });

export function useMe() {
  return useQuery(meQueryOptions(useToken()));
}

/** The staff member the console shows; only called under RequireStaff, which waits for it. */
export function useStaff(): Me {
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

/** Signs in: keeps the token and what the answer says about the staff member. */
export function useSaveSession() {
  const client = useQueryClient();
  return (session: SignInAnswer) => {
    const me: Me = { ...session.staff, time_zone: session.time_zone };
    client.setQueryData(meQueryOptions(session.token).queryKey, me);
    saveToken(session.token);
  };
}

/** Signs out: the server revokes the session; the console forgets it either way. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest<NoAnswer>('/api/admin/sign-out', { method: 'POST' }).catch(() => null),
    onSettled: () => {
      saveToken(null, 'signedOut');
      client.removeQueries({ queryKey: ['admin'] });
    },
  });
}
