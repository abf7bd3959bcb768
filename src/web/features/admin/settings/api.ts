/**
 * The shop settings calls: GET and PUT /api/admin/settings, through TanStack Query.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopSettings, ShopSettingsData } from '../../../../core/schemas/settings';
import { apiFetch } from '../../../lib/api';

const KEY = ['admin', 'settings'] as const;

/** The current settings (rupees). */
export function useShopSettings() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      apiFetch<ShopSettings>('/api/admin/settings', { auth: true, fallbackMessage: 'Failed to load settings', signal }),
  });
}

/** Saves valid settings; the answer (as stored) replaces the cached ones. */
export function useSaveShopSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopSettingsData) =>
      apiFetch<ShopSettings>('/api/admin/settings', { method: 'PUT', body, auth: true, fallbackMessage: 'Failed to save settings' }),
    onSuccess: (saved) => client.setQueryData(KEY, saved),
  });
}
