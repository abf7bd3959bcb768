/**
 * The shop settings calls: GET and PUT /api/admin/settings and PUT /api/admin/settings/staff-policy,
 * through TanStack Query.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShopSettings, ShopSettingsData, StaffPolicy } from '../../../../core/schemas/settings';
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

/**
 * Saves the refund limits and two-step rule (the owner); only the cached settings' `staffPolicy` is
 * replaced, so the settings form above keeps what is being typed in it.
 */
export function useSaveStaffPolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffPolicy) =>
      apiFetch<ShopSettings>('/api/admin/settings/staff-policy', {
        method: 'PUT',
        body,
        auth: true,
        fallbackMessage: 'Failed to save the staff policy',
      }),
    onSuccess: (saved) => client.setQueryData<ShopSettings>(KEY, (old) => (old ? { ...old, staffPolicy: saved.staffPolicy } : saved)),
  });
}
