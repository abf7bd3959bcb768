/**
 * Staff management calls (docs/architecture.md#staff-and-roles): the owner's list, invitations,
 * role changes and removal, a member's sessions and two-step reset (the invitee's calls: features/staff-invitation/api.ts). Errors carry the
 * server's message (409 'The shop needs at least one owner').
 */
import { useQuery } from '@tanstack/react-query';
import type { StaffRole } from '../../../../core/permissions';
import type { SignedInSession } from '../../../../core/schemas/auth-two-step';
import type { StaffInvitation, StaffList, StaffMember } from '../../../../core/schemas/staff';
import { apiFetch } from '../../../lib/api';

/** Query key of the staff list. */
export const adminStaffKey = ['admin', 'staff'] as const;

/** Staff accounts and pending invitations. */
export function useAdminStaff() {
  return useQuery({
    queryKey: adminStaffKey,
    queryFn: () => apiFetch<StaffList>('/api/admin/staff', { auth: true, fallbackMessage: 'Failed to load staff' }),
  });
}

/** POST /api/admin/staff/invitations: mails a one-time link to `email`. */
export function inviteStaff(body: { email: string; role: StaffRole }): Promise<StaffInvitation> {
  return apiFetch<StaffInvitation>('/api/admin/staff/invitations', {
    method: 'POST',
    auth: true,
    body,
    fallbackMessage: 'Failed to send the invitation',
  });
}

/** DELETE /api/admin/staff/invitations/{id}. */
export function revokeInvitation(id: string): Promise<unknown> {
  return apiFetch(`/api/admin/staff/invitations/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
    fallbackMessage: 'Failed to revoke the invitation',
  });
}

/** PATCH /api/admin/staff/{id}: the member's sessions end. */
export function changeStaffRole(id: string, role: StaffRole): Promise<StaffMember> {
  return apiFetch<StaffMember>(`/api/admin/staff/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    auth: true,
    body: { role },
    fallbackMessage: 'Failed to change the role',
  });
}

/** DELETE /api/admin/staff/{id}: staff access ends; the account stays a customer's. */
export function removeStaff(id: string): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(`/api/admin/staff/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
    fallbackMessage: 'Failed to remove staff access',
  });
}

/** Query key of one member's signed-in sessions. */
export const memberSessionsKey = (id: string) => ['admin', 'staff', id, 'sessions'] as const;

/** GET /api/admin/staff/{id}/sessions: where the member is signed in (owner's view). */
export function useMemberSessions(id: string) {
  return useQuery({
    queryKey: memberSessionsKey(id),
    queryFn: () =>
      apiFetch<SignedInSession[]>(`/api/admin/staff/${encodeURIComponent(id)}/sessions`, {
        auth: true,
        fallbackMessage: 'Failed to load the sessions',
      }),
  });
}

/** POST /api/admin/staff/{id}/sessions/sign-out-all: ends every session of the member. */
export function signOutMemberEverywhere(id: string): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(`/api/admin/staff/${encodeURIComponent(id)}/sessions/sign-out-all`, {
    method: 'POST',
    auth: true,
    fallbackMessage: 'Failed to sign them out',
  });
}

/** POST /api/admin/staff/{id}/two-step/reset: a lost phone; two-step goes off and the member is signed out everywhere. */
export function resetMemberTwoStep(id: string): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(`/api/admin/staff/${encodeURIComponent(id)}/two-step/reset`, {
    method: 'POST',
    auth: true,
    fallbackMessage: 'Failed to reset two-step sign-in',
  });
}
