import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  RecoveryCodesAnswer,
  RecoveryCodesLeft,
  StaffView,
  TotpConfirmed,
  TotpSetup,
} from '#shared/schemas/admin/staff.zod';
import { adminRequest } from '../../../lib/api-client';

/** A new authenticator secret, as the app shows it: the QR code (SVG), the secret and its URI. */
export type { TotpSetup };

const RECOVERY_KEY = ['admin', 'recovery-codes'] as const;

export function useStartTotp() {
  return useMutation({
    mutationFn: () => adminRequest<TotpSetup>('/api/admin/totp/start', { method: 'POST' }),
  });
}

/**
 * Confirms the app with one of its codes: the answer holds the recovery codes, shown once; the
 * staff member's view then says two-factor is on.
 */
export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      adminRequest<TotpConfirmed>('/api/admin/totp/confirm', { method: 'POST', body: { code } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: RECOVERY_KEY });
      return client.invalidateQueries({ queryKey: ['admin', 'me'] });
    },
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

/** How many unused recovery codes the signed-in staff member has left. */
export const recoveryLeftQueryOptions = () =>
  queryOptions({
    queryKey: RECOVERY_KEY,
    queryFn: ({ signal }) => adminRequest<RecoveryCodesLeft>('/api/admin/totp/recovery-codes', { signal }),
  });

/** New recovery codes for a current authenticator code; the old ones stop working. */
export function useRenewRecoveryCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      adminRequest<RecoveryCodesAnswer>('/api/admin/totp/recovery-codes', { method: 'POST', body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: RECOVERY_KEY }),
  });
}
