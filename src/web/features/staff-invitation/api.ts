/**
 * The invitee's calls (docs/architecture.md#staff-and-roles): a look at a staff invitation and
 * accepting it. Kept out of features/admin so the accept page loads no admin code. A used, revoked
 * or expired link is a 404 with the server's message.
 */
import { useQuery } from '@tanstack/react-query';
import type { User } from '../../../core/api-types';
import type { AcceptInvitationInput, InvitationPreview } from '../../../core/schemas/staff';
import { apiFetch } from '../../lib/api';

/** GET /api/staff-invitations/{token}: who invited, as what; 404 once used or expired. */
export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: () =>
      apiFetch<InvitationPreview>(`/api/staff-invitations/${encodeURIComponent(token ?? '')}`, {
        fallbackMessage: 'Failed to load the invitation',
      }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
}

/** POST /api/staff-invitations/{token}/accept: answers a sign-in token like a login. */
export function acceptInvitation(token: string, body: AcceptInvitationInput): Promise<{ token: string; user: User }> {
  return apiFetch<{ token: string; user: User }>(`/api/staff-invitations/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    body,
    fallbackMessage: 'Failed to accept the invitation',
  });
}
