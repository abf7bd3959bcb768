/**
 * Accounts: signup with an e-mailed one-time code, login, password reset (storefront sections 4,
 * 5, 7). One-time codes follow DESIGN.md: 6 digits from a CSPRNG, stored as an HMAC, valid 10
 * minutes, void after 5 wrong tries, resend no sooner than 30 s; signup creates the account only
 * once the code is verified; forgot-password answers the same for unknown e-mails.
 * Throws AppError (400 bad/expired code, 401 bad login, 409 e-mail taken, 429 resend too soon).
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { User } from '../../../core/api-types';
import { OTP } from '../../../core/constants';
import type { Database } from '../../db/client';
import { oneTimeCodes, users } from '../../db/schema';
import { AppError, badGateway, badRequest, conflict, isUuid, tooManyRequests, unauthorized } from '../../errors';
import type { Mailer } from '../../integrations/mail/mailer';
import type { MailQueue } from '../../integrations/mail/outbox';
import { otpMail, passwordChangedMail } from '../../integrations/mail/templates';
import type { UserRow } from '../../plugins/auth';
import { dummyHash, hashPassword, verifyPassword } from './password';

export interface AuthDeps {
  db: Database;
  mailer: Mailer;
  /** Durable mail for notices that must not be lost (the password-change notice). */
  mailQueue: MailQueue;
  /** Key for hashing codes at rest. */
  codePepper: string;
  now: () => Date;
  /** Called with each new code outside production (the demo logs it). */
  onCodeIssued?: (email: string, code: string, purpose: 'signup' | 'reset') => void;
}

export const INVALID_CODE = 'Invalid or expired code. Please try again.';

/** Maps a user row to the API shape (never the password hash). */
export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role === 'admin' ? 'admin' : 'customer',
    address: row.address ?? null,
  };
}

const newCode = () => String(randomInt(0, 10 ** OTP.length)).padStart(OTP.length, '0');
const hashCode = (pepper: string, id: string, code: string) => createHmac('sha256', pepper).update(`${id}:${code}`).digest('hex');

async function issueCode(
  deps: AuthDeps,
  record: { id: string; email: string; purpose: 'signup' | 'reset' },
  name: string,
  sendMail: boolean,
): Promise<string> {
  const code = newCode();
  const now = deps.now();
  await deps.db
    .update(oneTimeCodes)
    .set({
      codeHash: hashCode(deps.codePepper, record.id, code),
      attempts: 0,
      expiresAt: new Date(now.getTime() + OTP.ttlMs),
      lastSentAt: now,
      verifiedAt: null,
    })
    .where(eq(oneTimeCodes.id, record.id));
  if (sendMail) {
    // Codes are sent at once (they expire in minutes); if the mail server is down the shopper is
    // told and can ask for a new code.
    await deps.mailer.send(otpMail({ to: record.email, name, code, purpose: record.purpose })).catch(() => {
      throw badGateway('We could not send the code right now. Please try again in a minute.');
    });
    deps.onCodeIssued?.(record.email, code, record.purpose);
  }
  return code;
}

async function findCode(deps: AuthDeps, verificationId: string, purpose: 'signup' | 'reset') {
  if (!isUuid(verificationId)) return null;
  const [row] = await deps.db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.id, verificationId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)));
  return row ?? null;
}

/**
 * Checks a code against its record, counting wrong tries; throws 400 with a message for a missing,
 * expired, exhausted or wrong code.
 */
async function checkCode(deps: AuthDeps, verificationId: string, code: string, purpose: 'signup' | 'reset') {
  const row = await findCode(deps, verificationId, purpose);
  if (!row) throw badRequest(INVALID_CODE);
  if (row.expiresAt.getTime() <= deps.now().getTime()) {
    throw badRequest('This code has expired. Please request a new one.');
  }
  if (row.attempts >= OTP.maxAttempts) {
    throw badRequest('Too many wrong attempts. Please request a new code.');
  }
  const expected = Buffer.from(row.codeHash, 'hex');
  const actual = Buffer.from(hashCode(deps.codePepper, row.id, code), 'hex');
  if (!row.userId && purpose === 'reset') {
    // A reset for an unknown e-mail: never verifiable, but counted like any other.
    actual.fill(0);
  }
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    const attempts = row.attempts + 1;
    await deps.db.update(oneTimeCodes).set({ attempts }).where(eq(oneTimeCodes.id, row.id));
    const left = OTP.maxAttempts - attempts;
    throw badRequest(
      left > 0 ? `Invalid code. ${left} attempt${left === 1 ? '' : 's'} left.` : 'Too many wrong attempts. Please request a new code.',
    );
  }
  return row;
}

/** POST /api/auth/register-start: holds the signup and mails a code. 409 when the e-mail has an account. */
export async function registerStart(
  deps: AuthDeps,
  input: { name: string; email: string; phone: string; password: string },
): Promise<{ verificationId: string; message: string }> {
  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) throw conflict('An account with this email already exists. Please log in.');
  const now = deps.now();
  const [row] = await deps.db
    .insert(oneTimeCodes)
    .values({
      purpose: 'signup',
      email: input.email,
      codeHash: '',
      payload: { name: input.name, phone: input.phone, passwordHash: await hashPassword(input.password) },
      expiresAt: now,
      lastSentAt: now,
    })
    .returning();
  await issueCode(deps, { id: row.id, email: row.email, purpose: 'signup' }, input.name, true);
  return { verificationId: row.id, message: `We sent a 6-digit code to ${input.email}.` };
}

/** POST /api/auth/resend-otp (and the reset flow's resend): a new code, no sooner than 30 s after the last. */
export async function resendCode(deps: AuthDeps, verificationId: string): Promise<{ message: string }> {
  const row = isUuid(verificationId)
    ? (
        await deps.db
          .select()
          .from(oneTimeCodes)
          .where(and(eq(oneTimeCodes.id, verificationId), isNull(oneTimeCodes.consumedAt)))
      )[0]
    : undefined;
  if (!row) throw badRequest('Verification not found. Please start again.');
  const waitMs = row.lastSentAt.getTime() + OTP.resendCooldownMs - deps.now().getTime();
  if (waitMs > 0) {
    throw tooManyRequests(`Please wait ${Math.ceil(waitMs / 1000)} seconds before requesting a new code.`);
  }
  await issueCode(
    deps,
    { id: row.id, email: row.email, purpose: row.purpose },
    row.payload?.name ?? '',
    row.purpose === 'signup' || Boolean(row.userId),
  );
  return { message: 'A new code is on its way.' };
}

/** POST /api/auth/verify-otp: checks the signup code and creates the account. */
export async function verifySignup(deps: AuthDeps, verificationId: string, code: string): Promise<{ message: string }> {
  const row = await checkCode(deps, verificationId, code, 'signup');
  const payload = row.payload;
  if (!payload) throw badRequest(INVALID_CODE);
  await deps.db.transaction(async (tx) => {
    const consumed = await tx
      .update(oneTimeCodes)
      .set({ consumedAt: deps.now() })
      .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt)))
      .returning({ id: oneTimeCodes.id });
    if (consumed.length === 0) throw badRequest(INVALID_CODE);
    const created = await tx
      .insert(users)
      .values({ name: payload.name, email: row.email, phone: payload.phone, passwordHash: payload.passwordHash })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created.length === 0) throw conflict('An account with this email already exists. Please log in.');
  });
  return { message: 'Email verified successfully. Please log in.' };
}

/** POST /api/auth/login: the same 401 for an unknown e-mail and a wrong password. */
export async function login(
  deps: AuthDeps,
  input: { email: string; password: string },
  signToken: (user: UserRow) => string,
): Promise<{ token: string; user: User }> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email));
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !ok) throw unauthorized('Invalid email or password');
  return { token: signToken(user), user: toUser(user) };
}

export const RESET_STARTED = 'If an account exists for this email, we have sent a reset code to it.';

/** POST /api/auth/forgot-password-start: the same answer whether or not the e-mail has an account. */
export async function forgotPasswordStart(deps: AuthDeps, email: string): Promise<{ verificationId: string; message: string }> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  const now = deps.now();
  const [row] = await deps.db
    .insert(oneTimeCodes)
    .values({ purpose: 'reset', email, userId: user?.id ?? null, codeHash: '', expiresAt: now, lastSentAt: now })
    .returning();
  await issueCode(deps, { id: row.id, email, purpose: 'reset' }, user?.name ?? '', Boolean(user));
  return { verificationId: row.id, message: RESET_STARTED };
}

/** POST /api/auth/verify-reset-otp: checks the code without using it up. */
export async function verifyResetCode(deps: AuthDeps, verificationId: string, code: string): Promise<{ message: string }> {
  const row = await checkCode(deps, verificationId, code, 'reset');
  await deps.db.update(oneTimeCodes).set({ verifiedAt: deps.now() }).where(eq(oneTimeCodes.id, row.id));
  return { message: 'Code verified. Choose a new password.' };
}

/**
 * POST /api/auth/reset-password: sets the new password, uses the code up and ends every earlier
 * token of the account (token version bump); mails a notice.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { verificationId: string; code: string; newPassword: string },
): Promise<{ message: string }> {
  const row = await checkCode(deps, input.verificationId, input.code, 'reset');
  if (!row.userId) throw badRequest(INVALID_CODE);
  const passwordHash = await hashPassword(input.newPassword);
  const user = await deps.db.transaction(async (tx) => {
    const consumed = await tx
      .update(oneTimeCodes)
      .set({ consumedAt: deps.now() })
      .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt)))
      .returning({ id: oneTimeCodes.id });
    if (consumed.length === 0) throw badRequest(INVALID_CODE);
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: deps.now() })
      .where(eq(users.id, row.userId!))
      .returning();
    if (!updated) throw new AppError(400, INVALID_CODE);
    return updated;
  });
  await deps.mailQueue.enqueue(passwordChangedMail({ to: user.email, name: user.name }));
  return { message: 'Password reset successfully. Please log in with your new password.' };
}
