import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopSettingsAnswer } from '#shared/schemas/admin/settings.zod';
import { adminRequest } from '../../../lib/api-client';

/* The Settings page's calls (docs/api.md, Admin: settings). */

export type { ShopSettingsAnswer } from '#shared/schemas/admin/settings.zod';

/** The form's fields as the console sends them. */
export interface SettingsDraft {
  weight_unit: 'lb' | 'kg';
  hold_buffer_percent: string;
  substitution_answer_minutes: string;
}

const KEY = ['admin', 'settings'] as const;

export const settingsQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => adminRequest<ShopSettingsAnswer>('/api/admin/settings', { signal }),
  });

/** Saves the settings; the page then shows what the server kept. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: SettingsDraft) =>
      adminRequest<ShopSettingsAnswer>('/api/admin/settings', { method: 'PUT', body: { ...draft } }),
    onSuccess: (saved) => client.setQueryData(KEY, saved),
  });
}
