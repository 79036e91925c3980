import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '#shared/constants';
import type { AlertChoices } from '#shared/schemas/admin/staff.zod';
import type { AlertKind } from '#shared/schemas/staff.rules';
import { adminRequest } from '../../../lib/api-client';

/** The alerts by mail the signed-in member gets, those their role may choose, and their language. */
export type { AlertChoices };

export const alertsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'me', 'alerts'],
    queryFn: ({ signal }) => adminRequest<AlertChoices>('/api/admin/me/alerts', { signal }),
  });

export function useSaveAlerts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { alerts: AlertKind[]; language: Language }) =>
      adminRequest<AlertChoices>('/api/admin/me/alerts', {
        method: 'POST',
        body: { alerts: input.alerts.join(','), language: input.language },
      }),
    onSuccess: (saved) => client.setQueryData(alertsQueryOptions().queryKey, saved),
  });
}
