/**
 * Two-step sign-in with an authenticator app (docs/architecture.md#accounts-and-sign-in; RFC 6238
 * TOTP through `otpauth`: SHA-1, 6 digits, 30 s, one step either side accepted).
 *
 * - The secret (20 random bytes) is stored encrypted in `users.totp_secret`: AES-256-GCM with a key
 *   derived from JWT_SECRET by HKDF-SHA256, the user id as additional data, `v1.<iv>.<tag>.<data>`
 *   (base64url). It is never logged; an audit row names only that two-step changed.
 * - Enrolling: `beginEnrolment` stores a new secret (not yet on), `confirmEnrolment` turns it on with
 *   a right code and gives 10 recovery codes, shown once and stored as HMAC-SHA256 hashes.
 * - A code is accepted once: a time step at or before the last accepted one for the account is
 *   refused (RFC 6238 §5.2). The last step is `users.totp_last_step`, moved forward by one
 *   conditional UPDATE, so no instance accepts a code another one already took.
 * - A recovery code works once: it is taken out of the stored list by one UPDATE that only matches
 *   while the list still holds it.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { BRAND } from '../../../core/constants';
import type { Database, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import type { UserRow } from '../../plugins/auth';

export const TOTP_PERIOD_S = 30;
export const RECOVERY_CODE_COUNT = 10;
/** How long the password step's challenge is good for (ms). */
export const CHALLENGE_TTL_MS = 5 * 60_000;

export const WRONG_CODE = 'That code is not right. Check the time on your phone and try the newest code.';
export const WRONG_RECOVERY_CODE = 'That recovery code is not right or was used already.';

/** A 32-byte key for `purpose`, derived from the JWT secret (HKDF-SHA256), so one secret in the config serves all. */
export function derivedKey(jwtSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'rangmanch', purpose, 32));
}

/** The keys two-step sign-in uses, from the JWT secret. */
export interface TwoStepKeys {
  /** Encrypts the TOTP secrets at rest. */
  secretKey: Buffer;
  /** Hashes recovery codes. */
  recoveryKey: Buffer;
}

export function twoStepKeys(jwtSecret: string): TwoStepKeys {
  return { secretKey: derivedKey(jwtSecret, 'totp-secret'), recoveryKey: derivedKey(jwtSecret, 'recovery-codes') };
}

/** Encrypts a base32 TOTP secret for `userId` (AES-256-GCM, the user id as additional data). */
export function encryptSecret(key: Buffer, userId: string, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId));
  const data = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** Decrypts what `encryptSecret` wrote; throws when it was altered or belongs to another user. */
export function decryptSecret(key: Buffer, userId: string, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('unreadable two-step secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

function totpOf(base32: string, email: string): TOTP {
  return new TOTP({
    issuer: BRAND.name,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(base32),
  });
}

/**
 * True when `code` is the account's current code (or one step either side) and no code of that
 * step or later was accepted before: the account's last step moves forward in one UPDATE that
 * only matches while it is behind, so two requests (on any instances) cannot both use a code.
 * `nowMs` is the app's clock.
 */
export async function checkTotp(
  db: Database | Tx,
  keys: TwoStepKeys,
  user: Pick<UserRow, 'id' | 'email' | 'totpSecret'>,
  code: string,
  nowMs: number,
): Promise<boolean> {
  if (!user.totpSecret) return false;
  const totp = totpOf(decryptSecret(keys.secretKey, user.id, user.totpSecret), user.email);
  const delta = totp.validate({ token: code, timestamp: nowMs, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(nowMs / 1000 / TOTP_PERIOD_S) + delta;
  const taken = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return taken.length > 0;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A new recovery code as shown, `abcd-efgh` (8 characters of 31: about 40 bits). */
function newRecoveryCode(): string {
  let out = '';
  for (let i = 0; i < 8; i++) out += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${out.slice(0, 4)}-${out.slice(4)}`;
}

/** The stored hash of a recovery code, typed in any case, with or without its dash. */
export function hashRecoveryCode(keys: TwoStepKeys, code: string): string {
  return createHmac('sha256', keys.recoveryKey)
    .update(code.toLowerCase().replace(/[\s-]+/g, ''))
    .digest('hex');
}

/** Ten new recovery codes and their hashes. */
function newRecoveryCodes(keys: TwoStepKeys): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: codes.map((c) => hashRecoveryCode(keys, c)) };
}

/**
 * Uses up one recovery code of the account: true when it was there (and is now gone). One
 * UPDATE that only matches while the list holds the code, so two requests cannot both use it.
 */
export async function useRecoveryCode(db: Database | Tx, keys: TwoStepKeys, userId: string, code: string): Promise<boolean> {
  const hash = hashRecoveryCode(keys, code);
  const taken = await db
    .update(users)
    .set({ recoveryCodeHashes: sql`${users.recoveryCodeHashes} - ${hash}::text` })
    .where(and(eq(users.id, userId), isNotNull(users.totpEnabledAt), sql`${users.recoveryCodeHashes} @> jsonb_build_array(${hash}::text)`))
    .returning({ id: users.id });
  return taken.length > 0;
}

/**
 * POST /api/users/me/two-step/begin: stores a new secret for the account (two-step stays off until
 * confirmed) and answers it in base32 with its otpauth:// address. 409 when two-step is already on.
 */
export async function beginEnrolment(db: Database, keys: TwoStepKeys, user: UserRow): Promise<{ secret: string; uri: string }> {
  if (user.totpEnabledAt) throw conflict('Two-step sign-in is already on. Turn it off first to use another phone.');
  const secret = new Secret({ size: 20 }).base32;
  await db
    .update(users)
    .set({ totpSecret: encryptSecret(keys.secretKey, user.id, secret) })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)));
  return { secret, uri: totpOf(secret, user.email).toString() };
}

/**
 * Turns two-step on with a right code of the secret `beginEnrolment` stored, inside `tx`; answers
 * the 10 recovery codes (shown once). 400 without a started enrolment or with a wrong code, 409
 * when already on.
 */
export async function confirmEnrolment(tx: Tx, keys: TwoStepKeys, user: UserRow, code: string, now: Date): Promise<string[]> {
  if (user.totpEnabledAt) throw conflict('Two-step sign-in is already on.');
  if (!user.totpSecret) throw badRequest('Start setting up two-step sign-in first.');
  if (!(await checkTotp(tx, keys, user, code, now.getTime()))) throw badRequest(WRONG_CODE, { code: WRONG_CODE });
  const { codes, hashes } = newRecoveryCodes(keys);
  const done = await tx
    .update(users)
    .set({ totpEnabledAt: now, recoveryCodeHashes: hashes, updatedAt: now })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt), eq(users.totpSecret, user.totpSecret)))
    .returning({ id: users.id });
  if (done.length === 0) throw conflict('Two-step sign-in changed meanwhile. Please start again.');
  return codes;
}

/** Replaces the account's recovery codes with 10 new ones (inside `tx`) and answers them. */
export async function replaceRecoveryCodes(tx: Tx, keys: TwoStepKeys, userId: string, now: Date): Promise<string[]> {
  const { codes, hashes } = newRecoveryCodes(keys);
  await tx.update(users).set({ recoveryCodeHashes: hashes, updatedAt: now }).where(eq(users.id, userId));
  return codes;
}

/** Turns two-step off for `userId` (secret, date and recovery codes cleared), inside `tx`. */
export async function clearTwoStep(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx.update(users).set({ totpSecret: null, totpEnabledAt: null, recoveryCodeHashes: [], updatedAt: now }).where(eq(users.id, userId));
}
