import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invited, NoAnswer, StaffPage, StaffView } from '#shared/schemas/admin/staff.zod';
import type { StaffRole } from '#shared/schemas/staff.rules';
import { adminRequest } from '../../../lib/api-client';

/** A staff member as the staff list shows them. */
export type StaffMember = StaffView;

/** The list answers a page (`{list, …}`). */
type StaffAnswer = StaffPage;

const STAFF_KEY = ['admin', 'staff'] as const;
const STAFF_PAGE_SIZE = 200;

export const staffQueryOptions = () =>
  queryOptions({
    queryKey: STAFF_KEY,
    queryFn: async ({ signal }) => {
      // A shop's staff fit one page: the list asks for up to STAFF_PAGE_SIZE of them at once.
      const query = { page: 1, page_size: STAFF_PAGE_SIZE };
      const answer = await adminRequest<StaffAnswer>('/api/admin/staff', { query, signal });
      return Array.isArray(answer) ? answer : answer.list;
    },
  });

export interface Invitation {
  email: string;
  name: string;
  role: StaffRole;
}

/** Invites a staff member: the answer holds the one-time link that sets their password. */
export function useInviteStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Invitation) =>
      adminRequest<Invited>('/api/admin/staff', {
        method: 'POST',
        body: { ...input },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: StaffRole }) =>
      adminRequest<StaffView>(`/api/admin/staff/${id}/role`, { method: 'POST', body: { role } }),
    onSettled: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

export function useRemoveStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminRequest<NoAnswer>(`/api/admin/staff/${id}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

/** Resets another member's two-factor sign-in: their sessions end and they enrol again. */
export function useResetTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      adminRequest<StaffView>(`/api/admin/staff/${id}/reset-2fa`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}
