/**
 * Signed-in sessions (docs/architecture.md#accounts-and-sign-in): every sign-in writes a
 * `user_sessions` row and its token carries the row's id (`sid`); the auth plugin refuses a token
 * whose session is revoked. A session lives as long as its token (7 days from sign-in) unless it is
 * signed out, or every session ends at once with a token-version bump (`endAllSessions`).
 * Staff sign-ins and session ends are audited (`auth.sign-in`, `auth.session-revoke`); a shopper's
 * are not.
 */
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import Bowser from 'bowser';
import { isStaff } from '../../../core/permissions';
import type { SignedInSession } from '../../../core/schemas/auth-two-step';
import type { Tx } from '../../db/client';
import { userSessions, users } from '../../db/schema';
import { notFound } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record';

/** How long a token (and so its session) lasts after sign-in (ms); the JWT's `expiresIn` is the same. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60_000;
/** last_seen_at, ip and user_agent are written at most this often per session (ms). */
export const TOUCH_EVERY_MS = 60_000;

/** The device a sign-in came from. */
export interface Device {
  ip: string;
  userAgent: string;
}

/** The account whose sign-in it is, as the audit log names it. */
export type SigningInUser = Pick<typeof users.$inferSelect, 'id' | 'name' | 'email' | 'role'>;

/** The audit actor of a user acting on their own account from `ip`. */
export const selfActor = (user: SigningInUser, ip: string): AuditActor => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  ip,
});

/**
 * Writes a session for a sign-in of `user` from `device` and, for a staff account, its
 * 'auth.sign-in' audit row (`how` says which way, e.g. 'password', 'two-step code'), in one
 * transaction. Returns the session id the token carries.
 */
export async function startSession(db: Tx, user: SigningInUser, device: Device, how: string, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(userSessions)
      .values({ userId: user.id, ip: device.ip, userAgent: device.userAgent.slice(0, 500), createdAt: now, lastSeenAt: now })
      .returning({ id: userSessions.id });
    if (isStaff(user.role)) {
      await recordAudit(tx, selfActor(user, device.ip), {
        action: 'auth.sign-in',
        entity: 'user',
        entityId: user.id,
        summary: `Signed in (${how}) on ${deviceName(device.userAgent)}`,
      });
    }
    return row.id;
  });
}

/** A user agent in plain words: 'Chrome on Windows', 'Safari on iPhone', or 'Unknown device'. */
export function deviceName(userAgent: string): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const model = parsed.platform.model;
  const os = model === 'iPhone' || model === 'iPad' ? model : parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || 'Unknown device';
}

/** Sessions still open: not signed out and within a token's life. */
const open = (userId: string, now: Date) =>
  and(
    eq(userSessions.userId, userId),
    isNull(userSessions.revokedAt),
    gt(userSessions.createdAt, new Date(now.getTime() - SESSION_TTL_MS)),
  );

/** The open sessions of `userId`, last seen first; `currentId` is marked `current`. */
export async function listSessions(db: Tx, userId: string, currentId: string | null, now: Date): Promise<SignedInSession[]> {
  const rows = await db.select().from(userSessions).where(open(userId, now)).orderBy(desc(userSessions.lastSeenAt)).limit(100);
  return rows.map((r) => ({
    _id: r.id,
    device: deviceName(r.userAgent),
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: r.id === currentId,
  }));
}

/**
 * Signs one session of `user` out (its token stops working at once), audited for staff as
 * 'auth.session-revoke' by `actor`. 404 when `user` has no such open session.
 */
export async function revokeSession(db: Tx, user: SigningInUser, sessionId: string, actor: AuditActor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(userSessions)
      .set({ revokedAt: now })
      .where(and(eq(userSessions.id, sessionId), open(user.id, now)))
      .returning();
    if (!row) throw notFound('Open session not found');
    if (isStaff(user.role)) {
      await recordAudit(tx, actor, {
        action: 'auth.session-revoke',
        entity: 'user',
        entityId: user.id,
        summary: `Signed out ${deviceName(row.userAgent)} (${row.ip || 'unknown address'})`,
      });
    }
  });
}

/** Signs out every open session of `user` but `keepId`; answers how many ended. Audited for staff. */
export async function revokeOtherSessions(
  db: Tx,
  user: SigningInUser,
  keepId: string | null,
  actor: AuditActor,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(userSessions)
      .set({ revokedAt: now })
      .where(and(open(user.id, now), keepId ? ne(userSessions.id, keepId) : undefined))
      .returning({ id: userSessions.id });
    if (isStaff(user.role) && ended.length > 0) {
      await recordAudit(tx, actor, {
        action: 'auth.session-revoke',
        entity: 'user',
        entityId: user.id,
        summary: `Signed out ${ended.length} other session${ended.length === 1 ? '' : 's'}`,
      });
    }
    return ended.length;
  });
}

/**
 * Ends every session of `userId` inside `tx`: each open row is marked signed out and the token
 * version is bumped, so tokens from before sessions existed end too. Use it wherever every
 * sign-in of an account must end (password reset, two-step reset, the owner's sign-out-all, a
 * role change or removal). Answers how many open sessions ended.
 */
export async function endAllSessions(tx: Tx, userId: string, now: Date): Promise<number> {
  const ended = await tx.update(userSessions).set({ revokedAt: now }).where(open(userId, now)).returning({ id: userSessions.id });
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, userId));
  return ended.length;
}
