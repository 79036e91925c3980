import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffView, TotpSetup } from '#shared/schemas/admin/staff.zod';
import { adminRequest } from '../../../lib/api-client';

/** A new authenticator secret, as the app shows it: the QR code (SVG), the secret and its URI. */
export type { TotpSetup };

export function useStartTotp() {
  return useMutation({
    mutationFn: () => adminRequest<TotpSetup>('/api/admin/totp/start', { method: 'POST' }),
  });
}

/** Confirms the app with one of its codes; the staff member's view then says two-factor is on. */
export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      adminRequest<StaffView>('/api/admin/totp/confirm', { method: 'POST', body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'me'] }),
  });
}

/** Turns two-factor off with a current code; the server refuses owners, who must keep it. */
export function useDisableTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      adminRequest<StaffView>('/api/admin/totp/disable', { method: 'POST', body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'me'] }),
  });
}
