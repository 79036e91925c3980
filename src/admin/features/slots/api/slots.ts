import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SlotSettings } from '#shared/schemas/admin/slots.zod';
import { adminRequest } from '../../../lib/api-client';

/* The Delivery slots page's calls (docs/api.md, Admin: delivery slots). */

export type { SlotSettings } from '#shared/schemas/admin/slots.zod';

const KEY = ['admin', 'delivery-slots'] as const;

export const slotSettingsQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => adminRequest<SlotSettings>('/api/admin/delivery/slots', { signal }),
  });

export type SlotSettingsBody = {
  offered: boolean;
  required: boolean;
  capacity: string;
  cutoff_hours: string;
  days_ahead: string;
  windows: { weekday: number; start: string; end: string }[];
  closed_dates: string[];
};

/** Saves the whole settings; the page shows the server's answer. */
export function useSaveSlotSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SlotSettingsBody) =>
      adminRequest<SlotSettings>('/api/admin/delivery/slots', { method: 'POST', body }),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
}
