/**
 * Router state handed between the account pages: signup -> /verify-email, and forgot password ->
 * /verify-reset-otp -> /reset-password. Read defensively: state can be anything.
 */

/** A started verification: its id, the e-mail it was sent to, and (after a reset code) the code. */
export interface VerificationState {
  verificationId: string;
  email: string;
  code: string | null;
}

/** The verification carried in router state, or null when there is none. */
export function readVerificationState(state: unknown): VerificationState | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as { verificationId?: unknown; email?: unknown; code?: unknown };
  if (typeof s.verificationId !== 'string' || !s.verificationId) return null;
  return {
    verificationId: s.verificationId,
    email: typeof s.email === 'string' ? s.email : '',
    code: typeof s.code === 'string' && /^\d{6}$/.test(s.code) ? s.code : null,
  };
}
