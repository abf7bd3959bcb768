/**
 * Profile calls: GET and PUT /api/users/me.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../core/api-types';
import type { ProfileUpdateInput } from '../../../core/schemas/profile';
import { apiFetch } from '../../lib/api';
import { useIsSignedIn } from '../../lib/auth';

/** Query key of the signed-in shopper's profile. */
export const meQueryKey = ['me'] as const;

/** GET /api/users/me, while signed in. */
export function useMeQuery() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: meQueryKey,
    queryFn: () => apiFetch<User>('/api/users/me', { auth: true, fallbackMessage: 'Failed to load profile' }),
    enabled: signedIn,
  });
}

/** PUT /api/users/me: name, phone and address; answers the updated user. */
export function updateProfile(body: ProfileUpdateInput): Promise<User> {
  return apiFetch<User>('/api/users/me', {
    method: 'PUT',
    auth: true,
    body,
    fallbackMessage: 'Update failed',
  });
}

/** The profile update as a mutation that stores the answer as the cached profile. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => qc.setQueryData(meQueryKey, user),
  });
}
