/**
 * Account calls: login (and its two-step code), logout, signup start, one-time code verify and
 * resend, password reset.
 */
import type { User } from '../../../core/api-types';
import { ApiRequestError, apiFetch } from '../../lib/api';

/** POST /api/auth/login -> {token, user}, or {twoStepRequired, challenge} when the account has two-step sign-in on. */
export function login(body: { email: string; password: string }) {
  return apiFetch<{ token: string; user: User } | { twoStepRequired: true; challenge: string }>('/api/auth/login', {
    method: 'POST',
    body,
    fallbackMessage: 'Login failed',
  });
}

/** The verification of a login's 409 'password-not-set' (an account moved from the old shop), or null. */
export function passwordNotSet(error: unknown): { verificationId: string } | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return null;
  const body = error.body as { code?: unknown; verificationId?: unknown } | null;
  return body?.code === 'password-not-set' && typeof body.verificationId === 'string' ? { verificationId: body.verificationId } : null;
}

/** POST /api/auth/login/two-step: the challenge with a code of the app or a recovery code -> {token, user}. */
export function loginTwoStep(body: { challenge: string; code?: string; recoveryCode?: string }) {
  return apiFetch<{ token: string; user: User }>('/api/auth/login/two-step', {
    method: 'POST',
    body,
    fallbackMessage: 'That code is not right.',
  });
}

/** POST /api/users/me/sign-out: ends this device's session on the server (best effort: the token goes anyway). */
export function logoutSession() {
  return apiFetch<{ message: string }>('/api/users/me/sign-out', { method: 'POST', fallbackMessage: 'Could not sign out' });
}

/** POST /api/auth/register-start -> {verificationId, message} */
export function registerStart(body: { name: string; email: string; phone: string; password: string }) {
  return apiFetch<{ verificationId: string; message: string }>('/api/auth/register-start', {
    method: 'POST',
    body,
    fallbackMessage: 'Failed to send OTP',
  });
}

/** POST /api/auth/verify-otp: creates the account when the code is right and signs it in -> {token, user}. */
export function verifyOtp(body: { verificationId: string; code: string }) {
  return apiFetch<{ message: string; token: string; user: User }>('/api/auth/verify-otp', {
    method: 'POST',
    body,
    fallbackMessage: 'Invalid or expired code. Please try again.',
  });
}

/** POST /api/auth/resend-otp: sends a fresh code (no sooner than 30 s after the last). */
export function resendOtp(body: { verificationId: string }) {
  return apiFetch<unknown>('/api/auth/resend-otp', {
    method: 'POST',
    body,
    fallbackMessage: 'Could not resend code. Please try again.',
  });
}

/** POST /api/auth/forgot-password-start -> {verificationId, message} (the same for unknown e-mails). */
export function forgotPasswordStart(body: { email: string }) {
  return apiFetch<{ verificationId: string; message: string }>('/api/auth/forgot-password-start', {
    method: 'POST',
    body,
    fallbackMessage: 'Failed to send reset email. Please try again.',
  });
}

/** POST /api/auth/verify-reset-otp: checks the reset code without using it up. */
export function verifyResetOtp(body: { verificationId: string; code: string }) {
  return apiFetch<{ message: string }>('/api/auth/verify-reset-otp', {
    method: 'POST',
    body,
    fallbackMessage: 'Invalid or expired code. Please try again.',
  });
}

/** POST /api/auth/reset-password: sets the new password and signs every device out. */
export function resetPassword(body: { verificationId: string; code: string; newPassword: string }) {
  return apiFetch<{ message: string }>('/api/auth/reset-password', {
    method: 'POST',
    body,
    fallbackMessage: 'Failed to reset password. Please try again.',
  });
}
