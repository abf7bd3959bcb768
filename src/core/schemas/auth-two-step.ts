/**
 * Signed-in sessions and two-step sign-in (docs/architecture.md#accounts-and-sign-in): the bodies
 * of the two-step login and of enrolling, the answers of the sessions list and of the two-step
 * screens. Same schemas on both sides, so the same messages.
 */
import { z } from 'zod';
import { userSchema } from './answers/store';

/** A 6-digit code of an authenticator app (spaces typed between the digits are dropped). */
export const totpCodeField = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** A recovery code as shown (`abcd-efgh`); case, spaces and dashes do not matter. */
export const recoveryCodeField = z
  .string({ error: 'Enter one of your recovery codes' })
  .max(40, 'Enter one of your recovery codes')
  .transform((v) => v.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^[a-z0-9]{8}$/, 'Enter one of your recovery codes'));

/** POST /api/auth/login/two-step: the challenge of the password step and a code or a recovery code. */
export const twoStepLoginSchema = z
  .object({
    challenge: z.string({ error: 'Please log in again' }).min(1, 'Please log in again').max(2000, 'Please log in again'),
    code: totpCodeField.optional(),
    recoveryCode: recoveryCodeField.optional(),
  })
  .refine((v) => v.code !== undefined || v.recoveryCode !== undefined, {
    message: 'Enter the 6-digit code from your authenticator app',
    path: ['code'],
  });

/** POST /api/users/me/two-step/confirm and /recovery-codes: a current code of the app. */
export const twoStepCodeSchema = z.object({ code: totpCodeField });

/** POST /api/users/me/two-step/disable: a current code (or a recovery code), or the password. */
export const twoStepDisableSchema = z
  .object({
    code: totpCodeField.optional(),
    recoveryCode: recoveryCodeField.optional(),
    password: z.string().min(1, 'Enter your password').max(128, 'Enter your password').optional(),
  })
  .refine((v) => v.code !== undefined || v.recoveryCode !== undefined || v.password !== undefined, {
    message: 'Enter a code from your authenticator app or your password',
    path: ['code'],
  });

/** The password step's answer when the account has two-step sign-in on. */
export const twoStepRequiredSchema = z.object({
  twoStepRequired: z.literal(true),
  /** Signed, valid 5 minutes: send it back with the code. */
  challenge: z.string(),
});

/** POST /api/auth/login: signed in, or the two-step challenge. */
export const loginStepSchema = z.union([z.object({ token: z.string(), user: userSchema }), twoStepRequiredSchema]);

/** 409 of a login to an account that has no password yet (moved from the old shop). */
export const passwordNotSetSchema = z.object({
  message: z.string(),
  code: z.literal('password-not-set'),
  /** The password-reset code just mailed: continue on /verify-reset-otp with it. */
  verificationId: z.string(),
});

/** One signed-in session as its owner sees it. */
export const sessionSchema = z.object({
  _id: z.string(),
  /** The device in plain words, e.g. 'Chrome on Windows', 'Safari on iPhone'. */
  device: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.array(sessionSchema);

/** GET /api/users/me/two-step. */
export const twoStepStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number(),
  /** The shop requires two-step sign-in of staff and this is a staff account. */
  required: z.boolean(),
});
export type TwoStepStatus = z.infer<typeof twoStepStatusSchema>;

/** POST /api/users/me/two-step/begin: the new secret (base32) and the otpauth:// address for a QR code. */
export const twoStepBeginSchema = z.object({ secret: z.string(), uri: z.string() });

/** Recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
