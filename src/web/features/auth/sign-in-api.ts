/**
 * Calls of the "My sign-in" screen (docs/architecture.md#accounts-and-sign-in): the signed-in
 * sessions (list, sign one out, sign out everywhere else) and two-step sign-in (status, enrol,
 * confirm, new recovery codes, turn off).
 */
import { useQuery } from '@tanstack/react-query';
import type { SignedInSession, TwoStepStatus } from '../../../core/schemas/auth-two-step';
import { apiFetch } from '../../lib/api';

export const sessionsKey = ['me', 'sessions'] as const;
export const twoStepKey = ['me', 'two-step'] as const;

/** GET /api/users/me/sessions: where the account is signed in, this device marked `current`. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => apiFetch<SignedInSession[]>('/api/users/me/sessions', { auth: true, fallbackMessage: 'Could not load your sessions' }),
  });
}

/** DELETE /api/users/me/sessions/:id: that device is signed out at once. */
export function signOutSession(id: string) {
  return apiFetch<{ message: string }>(`/api/users/me/sessions/${id}`, {
    method: 'DELETE',
    auth: true,
    fallbackMessage: 'Could not sign it out',
  });
}

/** POST /api/users/me/sessions/sign-out-others: every session but this one ends. */
export function signOutOthers() {
  return apiFetch<{ message: string }>('/api/users/me/sessions/sign-out-others', {
    method: 'POST',
    auth: true,
    fallbackMessage: 'Could not sign the others out',
  });
}

/** GET /api/users/me/two-step. */
export function useTwoStep() {
  return useQuery({
    queryKey: twoStepKey,
    queryFn: () => apiFetch<TwoStepStatus>('/api/users/me/two-step', { auth: true, fallbackMessage: 'Could not load two-step sign-in' }),
  });
}

/** POST /api/users/me/two-step/begin -> the new secret (base32) and its otpauth:// address. */
export function beginTwoStep() {
  return apiFetch<{ secret: string; uri: string }>('/api/users/me/two-step/begin', {
    method: 'POST',
    auth: true,
    fallbackMessage: 'Could not start setting up two-step sign-in',
  });
}

/** POST /api/users/me/two-step/confirm: turns it on with a code of the app -> the recovery codes, shown once. */
export function confirmTwoStep(code: string) {
  return apiFetch<{ recoveryCodes: string[] }>('/api/users/me/two-step/confirm', {
    method: 'POST',
    auth: true,
    body: { code },
    fallbackMessage: 'That code is not right.',
  });
}

/** POST /api/users/me/two-step/recovery-codes: ten new recovery codes (the old ones stop working). */
export function newRecoveryCodes(code: string) {
  return apiFetch<{ recoveryCodes: string[] }>('/api/users/me/two-step/recovery-codes', {
    method: 'POST',
    auth: true,
    body: { code },
    fallbackMessage: 'That code is not right.',
  });
}

/** POST /api/users/me/two-step/disable: with a current code or the password. */
export function disableTwoStep(body: { code: string } | { password: string }) {
  return apiFetch<{ message: string }>('/api/users/me/two-step/disable', {
    method: 'POST',
    auth: true,
    body,
    fallbackMessage: 'Could not turn two-step sign-in off',
  });
}
