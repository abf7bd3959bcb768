/**
 * Accounts: signup with an e-mailed one-time code, login, password reset.
 * One-time codes (docs/architecture.md#accounts-and-sign-in): 6 digits from a CSPRNG, stored as an HMAC, valid 10
 * minutes, void after 5 wrong tries, resend no sooner than 30 s; signup creates the account only
 * once the code is verified; forgot-password answers the same for unknown e-mails.
 * Password-reset codes (docs/decisions/0020-login-limits.md): one live code per e-mail, a new start
 * reusing it without new tries, and at most RESET_TRIES_PER_HOUR wrong tries per e-mail an hour
 * over all its codes; each try is counted by one UPDATE before the code is compared.
 * Throws AppError (400 bad/expired code, 409 e-mail taken, 429 resend too soon or
 * too many wrong reset codes, with `retryAfterSeconds`).
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { User } from '../../../core/api-types';
import { OTP } from '../../../core/constants';
import { isStaff, permissionsOf } from '../../../core/permissions';
import type { Database } from '../../db/client';
import { oneTimeCodes, shopSettings, users } from '../../db/schema';
import { AppError, badGateway, badRequest, conflict, isUuid, tooManyRequests } from '../../errors';
import type { Mailer } from '../../integrations/mail/mailer';
import type { MailQueue } from '../../integrations/mail/outbox';
import { otpMail, passwordChangedMail } from '../../integrations/mail/templates';
import type { UserRow } from '../../plugins/auth';
import { recordAudit } from '../audit/record';
import { dummyHash, hashPassword, verifyPassword } from './password';
import { endAllSessions } from './sessions';

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
const EXHAUSTED = 'Too many wrong attempts. Please request a new code.';

/** Wrong password-reset codes allowed per e-mail an hour, over all its codes (docs/decisions/0020-login-limits.md). */
export const RESET_TRIES_PER_HOUR = 10;
const HOUR_MS = 60 * 60_000;

/** A 429 whose Retry-After (seconds) the route sends. */
export class TooManyTries extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/**
 * Maps a user row to the API shape (never the password hash or two-step secret), with its role's
 * permissions (core/permissions.ts); `twoStepSetupRequired` when the shop requires two-step
 * sign-in of this staff account and it has none.
 */
export function toUser(row: UserRow, twoStepSetupRequired = false): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: isStaff(row.role) ? row.role : 'customer',
    permissions: permissionsOf(row.role),
    address: row.address ?? null,
    twoStepEnabled: row.totpEnabledAt !== null,
    twoStepSetupRequired,
    whatsappUpdates: row.whatsappUpdates,
    whatsappOffers: row.whatsappOffers,
    emailOffers: row.emailOffers,
  };
}

/** True when the shop requires two-step sign-in of its staff (shop settings, set by the owner). */
export async function staffTwoStepRequired(db: Database): Promise<boolean> {
  const [settings] = await db.select({ required: shopSettings.staffTwoStepRequired }).from(shopSettings).where(eq(shopSettings.id, 1));
  return settings?.required ?? false;
}

/** True when the shop requires two-step sign-in of staff and `row` is staff without it. */
export async function mustSetUpTwoStep(db: Database, row: UserRow): Promise<boolean> {
  return isStaff(row.role) && !row.totpEnabledAt && (await staffTwoStepRequired(db));
}

const newCode = () => String(randomInt(0, 10 ** OTP.length)).padStart(OTP.length, '0');
const hashCode = (pepper: string, id: string, code: string) => createHmac('sha256', pepper).update(`${id}:${code}`).digest('hex');

/**
 * Puts a new code on a record (valid OTP.ttlMs from now) and mails it when `sendMail`. A signup
 * code starts with fresh tries; a reset code keeps the tries its record has used (one allowance
 * per live code, whatever the number of mails). Throws 502 when the mail cannot be sent.
 */
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
      ...(record.purpose === 'signup' ? { attempts: 0 } : {}),
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

/** Wrong reset codes tried for `email` within the hour before `now`, on codes other than `exceptId`, and when the oldest leaves the hour. */
async function resetTriesOfHour(deps: AuthDeps, email: string, now: Date, exceptId: string | null) {
  // A try falls before its code's expiry, so codes that expired over an hour ago hold none of the
  // last hour's; a reused code's earlier tries count on (an over-count, never an under-count).
  const since = new Date(now.getTime() - HOUR_MS);
  const [row] = await deps.db
    .select({
      tries: sql<number>`coalesce(sum(${oneTimeCodes.attempts}), 0)::int`,
      oldest: sql<Date | null>`min(${oneTimeCodes.expiresAt})`,
    })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.email, email),
        eq(oneTimeCodes.purpose, 'reset'),
        gt(oneTimeCodes.expiresAt, since),
        gt(oneTimeCodes.attempts, 0),
        exceptId ? sql`${oneTimeCodes.id} <> ${exceptId}` : undefined,
      ),
    );
  const oldest = row?.oldest ? new Date(row.oldest) : now;
  return { tries: Number(row?.tries ?? 0), freeInMs: Math.max(60_000, oldest.getTime() + HOUR_MS - now.getTime()) };
}

const minutes = (ms: number) => Math.ceil(ms / 60_000);
const tooManyResetTries = (freeInMs: number) =>
  new TooManyTries(
    `Too many wrong codes. Please try again in ${minutes(freeInMs)} minute${minutes(freeInMs) === 1 ? '' : 's'}.`,
    Math.ceil(freeInMs / 1000),
  );

/**
 * Checks a code against its record. The try is counted first, by one UPDATE that refuses once the
 * code has had OTP.maxAttempts tries or, for a reset code, once its e-mail has had
 * RESET_TRIES_PER_HOUR this hour (other codes of the e-mail are retired, so their tries cannot
 * change meanwhile: parallel tries never pass the allowance); a right code gives its try back.
 * Throws 400 with a message for a missing, expired, exhausted or wrong code, and 429
 * (TooManyTries) for a reset past the hour's allowance.
 */
async function checkCode(deps: AuthDeps, verificationId: string, code: string, purpose: 'signup' | 'reset') {
  const row = await findCode(deps, verificationId, purpose);
  if (!row) throw badRequest(INVALID_CODE);
  const now = deps.now();
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw badRequest('This code has expired. Please request a new one.');
  }
  const others = purpose === 'reset' ? (await resetTriesOfHour(deps, row.email, now, row.id)).tries : 0;
  const [counted] = await deps.db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(
        eq(oneTimeCodes.id, row.id),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, now),
        lt(oneTimeCodes.attempts, OTP.maxAttempts),
        purpose === 'reset' ? lt(sql`${oneTimeCodes.attempts} + ${others}`, RESET_TRIES_PER_HOUR) : undefined,
      ),
    )
    .returning();
  if (!counted) {
    const [fresh] = await deps.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, row.id));
    if (!fresh || fresh.consumedAt) throw badRequest(INVALID_CODE);
    if (fresh.expiresAt.getTime() <= now.getTime()) throw badRequest('This code has expired. Please request a new one.');
    if (fresh.attempts >= OTP.maxAttempts) throw badRequest(EXHAUSTED);
    throw tooManyResetTries((await resetTriesOfHour(deps, row.email, now, null)).freeInMs);
  }
  const expected = Buffer.from(counted.codeHash, 'hex');
  const actual = Buffer.from(hashCode(deps.codePepper, counted.id, code), 'hex');
  if (!counted.userId && purpose === 'reset') {
    // A reset for an unknown e-mail: never verifiable, but counted like any other.
    actual.fill(0);
  }
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
    await deps.db
      .update(oneTimeCodes)
      .set({ attempts: sql`greatest(${oneTimeCodes.attempts} - 1, 0)` })
      .where(eq(oneTimeCodes.id, counted.id));
    return counted;
  }
  const left = Math.min(
    OTP.maxAttempts - counted.attempts,
    purpose === 'reset' ? RESET_TRIES_PER_HOUR - counted.attempts - others : Infinity,
  );
  if (left > 0) throw badRequest(`Invalid code. ${left} attempt${left === 1 ? '' : 's'} left.`);
  if (counted.attempts >= OTP.maxAttempts) throw badRequest(EXHAUSTED);
  throw badRequest(`Invalid code. ${tooManyResetTries((await resetTriesOfHour(deps, row.email, now, null)).freeInMs).message}`);
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
  // A reset code keeps its tries through resends: once they are used up, only a new start helps.
  if (row.purpose === 'reset' && row.attempts >= OTP.maxAttempts) throw badRequest('Too many wrong attempts. Please start again.');
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

/**
 * POST /api/auth/verify-otp: checks the signup code, creates the account and signs the shopper in
 * (the same token and user as a login), so nobody types their e-mail and password a second time.
 */
export async function verifySignup(
  deps: AuthDeps,
  verificationId: string,
  code: string,
  signToken: (user: UserRow) => Promise<string>,
): Promise<{ message: string; token: string; user: User }> {
  const row = await checkCode(deps, verificationId, code, 'signup');
  const payload = row.payload;
  if (!payload) throw badRequest(INVALID_CODE);
  const user = await deps.db.transaction(async (tx) => {
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
      .returning();
    if (created.length === 0) throw conflict('An account with this email already exists. Please log in.');
    return created[0];
  });
  return { message: 'Email verified successfully.', token: await signToken(user), user: toUser(user) };
}

/** The password step of a login: right (the account), wrong, or an account with no password yet. */
export type PasswordStep =
  { outcome: 'right'; user: UserRow } | { outcome: 'wrong' } | { outcome: 'password-not-set'; verificationId: string; message: string };

export const PASSWORD_NOT_SET = "Your account moved from our old shop. We've e-mailed you a code to set your password.";

/**
 * POST /api/auth/login, the password step: the same 'wrong' for an unknown e-mail and a wrong
 * password. A wrong password for a staff account is audited ('auth.sign-in-failed', the e-mail and
 * `ip`, never the password). An account with no password (moved in by the customer import,
 * password_hash '') gets the password-reset code flow started (`forgotPasswordStart`, its rules
 * and limits) and 'password-not-set' with the verification: it is told only to an account that
 * exists, and the code goes to its own inbox.
 */
export async function checkPassword(deps: AuthDeps, input: { email: string; password: string }, ip: string): Promise<PasswordStep> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email));
  if (user && user.passwordHash === '') {
    const { verificationId } = await forgotPasswordStart(deps, user.email);
    return { outcome: 'password-not-set', verificationId, message: PASSWORD_NOT_SET };
  }
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash()));
  if (user && ok) return { outcome: 'right', user };
  if (user) await recordFailedSignIn(deps.db, user, input.email, ip, 'wrong password');
  return { outcome: 'wrong' };
}

/**
 * Appends 'auth.sign-in-failed' for a staff account (`reason`, e.g. 'wrong password', 'wrong
 * two-step code'), naming the e-mail typed and the address; shoppers' failures are not audited.
 */
export async function recordFailedSignIn(db: Database, user: UserRow, email: string, ip: string, reason: string): Promise<void> {
  if (!isStaff(user.role)) return;
  await recordAudit(
    db,
    { id: null, name: '', email, role: '', ip },
    { action: 'auth.sign-in-failed', entity: 'user', entityId: user.id, summary: `Sign-in failed for ${email}: ${reason}` },
  );
}

export const RESET_STARTED = 'If an account exists for this email, we have sent a reset code to it.';

/**
 * POST /api/auth/forgot-password-start: the same answer whether or not the e-mail has an account.
 * One live code per e-mail (a unique index keeps it so): while it is usable, a start answers with
 * it and, no sooner than 30 s after its last mail, mails a new code in its place (its tries stay);
 * an expired or exhausted code is retired and a new one made.
 */
export async function forgotPasswordStart(deps: AuthDeps, email: string): Promise<{ verificationId: string; message: string }> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  const now = deps.now();
  const live = and(eq(oneTimeCodes.email, email), eq(oneTimeCodes.purpose, 'reset'), isNull(oneTimeCodes.consumedAt));
  // Two rounds: a start racing this one may retire or create the live code in between.
  for (let round = 0; round < 2; round++) {
    await deps.db
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(and(live, or(lte(oneTimeCodes.expiresAt, now), gte(oneTimeCodes.attempts, OTP.maxAttempts))));
    const [created] = await deps.db
      .insert(oneTimeCodes)
      // Written with its real expiry: a placeholder in the past would let a racing start retire it.
      .values({
        purpose: 'reset',
        email,
        userId: user?.id ?? null,
        codeHash: '',
        expiresAt: new Date(now.getTime() + OTP.ttlMs),
        lastSentAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (created) {
      await issueCode(deps, { id: created.id, email, purpose: 'reset' }, user?.name ?? '', Boolean(user));
      return { verificationId: created.id, message: RESET_STARTED };
    }
    const [resend] = await deps.db
      .update(oneTimeCodes)
      .set({ lastSentAt: now })
      .where(and(live, lte(oneTimeCodes.lastSentAt, new Date(now.getTime() - OTP.resendCooldownMs))))
      .returning({ id: oneTimeCodes.id });
    if (resend) {
      await issueCode(deps, { id: resend.id, email, purpose: 'reset' }, user?.name ?? '', Boolean(user));
      return { verificationId: resend.id, message: RESET_STARTED };
    }
    const [current] = await deps.db.select({ id: oneTimeCodes.id }).from(oneTimeCodes).where(live);
    if (current) return { verificationId: current.id, message: RESET_STARTED };
  }
  throw new AppError(409, 'Please try again.');
}

/** POST /api/auth/verify-reset-otp: checks the code without using it up. */
export async function verifyResetCode(deps: AuthDeps, verificationId: string, code: string): Promise<{ message: string }> {
  const row = await checkCode(deps, verificationId, code, 'reset');
  await deps.db.update(oneTimeCodes).set({ verifiedAt: deps.now() }).where(eq(oneTimeCodes.id, row.id));
  return { message: 'Code verified. Choose a new password.' };
}

/**
 * POST /api/auth/reset-password: sets the new password, uses the code up and ends every earlier
 * session and token of the account (endAllSessions: sessions signed out, token version bumped); mails a notice.
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
    const [updated] = await tx.update(users).set({ passwordHash, updatedAt: deps.now() }).where(eq(users.id, row.userId!)).returning();
    if (!updated) throw new AppError(400, INVALID_CODE);
    await endAllSessions(tx, updated.id, deps.now());
    return updated;
  });
  await deps.mailQueue.enqueue(passwordChangedMail({ to: user.email, name: user.name }));
  return { message: 'Password reset successfully. Please log in with your new password.' };
}
