import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoAnswer, StaffView } from '#shared/schemas/admin/staff.zod';
import { adminRequest } from '../lib/api-client';
import { saveToken, useToken } from '../lib/session';

/** The signed-in staff member (`GET /api/admin/me`), per token. */
export const meQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['admin', 'me', token],
    queryFn: ({ signal }) => adminRequest<StaffView>('/api/admin/me', { signal }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });

export function useMe() {
  return useQuery(meQueryOptions(useToken()));
}

/** The staff member the console shows; only called under RequireStaff, which waits for it. */
export function useStaff(): StaffView {
  const { data } = useMe();
  if (!data) throw new Error('useStaff outside a signed-in page');
  return data;
}

/** Signs in: keeps the token and what the answer says about the staff member. */
export function useSaveSession() {
  const client = useQueryClient();
  return (session: { token: string; staff: StaffView }) => {
    client.setQueryData(meQueryOptions(session.token).queryKey, session.staff);
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
