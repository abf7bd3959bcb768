/**
 * Staff management (docs/architecture.md#staff-and-roles): the staff list, invitations by e-mail
 * (a random token, only its SHA-256 hash stored, valid INVITATION_HOURS, one pending per e-mail),
 * role changes and removal (both end every session of the member: token version bump), accepting
 * an invitation (one time, in one transaction with the account it creates or promotes). The shop
 * always keeps an owner: a change that would demote or remove the last one locks every owner row
 * first, so two owners demoting each other at once leave one (409 LAST_OWNER_MESSAGE).
 * Every write records its audit row in its own transaction (modules/audit/record.ts).
 * Throws AppError: 404 unknown member or invitation, 409 e-mail already staff, last owner, already
 * staff on accept, 400 password rule, 401 wrong current password.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import type { User } from '../../../core/api-types';
import { isStaff, STAFF_ROLES, type StaffRole } from '../../../core/permissions';
import { strongPasswordField } from '../../../core/schemas/common';
import type { InvitationPreview, StaffInvitation, StaffList, StaffMember } from '../../../core/schemas/staff';
import { INVITATION_GONE_MESSAGE, LAST_OWNER_MESSAGE, ROLE_LABELS } from '../../../core/staff-roles';
import type { Database, Tx } from '../../db/client';
import { mailOutbox, staffInvitations, userSessions, users } from '../../db/schema';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../errors';
import type { MailQueue } from '../../integrations/mail/outbox';
import { endAllSessions } from '../auth/sessions';
import { recordAudit, type AuditActor } from '../audit/record';
import { hashPassword, verifyPassword } from '../auth/password';
import { toUser } from '../auth/service';
import type { UserRow } from '../../plugins/auth';
import { staffInvitationMail } from './mail';

/** How long an invitation link works, hours. */
export const INVITATION_HOURS = 72;
const HOUR_MS = 3_600_000;

export interface StaffDeps {
  db: Database;
  mailQueue: MailQueue;
  now: () => Date;
  log?: { error(obj: object, msg: string): void };
}

/** The SHA-256 (hex) of an invitation token: what the table keeps. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const MEMBER_NOT_FOUND = 'Staff member not found';
const rank = (role: string) => STAFF_ROLES.indexOf(role as StaffRole);

/** GET /api/admin/staff: staff accounts (owners first, then by name) and pending invitations (newest first). */
export async function listStaff(db: Database, now: Date): Promise<StaffList> {
  const lastSignIn = db
    .select({ userId: userSessions.userId, at: max(userSessions.createdAt).as('at') })
    .from(userSessions)
    .groupBy(userSessions.userId)
    .as('last_sign_in');
  const [members, pending] = await Promise.all([
    db
      .select({ user: users, lastSignInAt: lastSignIn.at })
      .from(users)
      .leftJoin(lastSignIn, eq(lastSignIn.userId, users.id))
      .where(inArray(users.role, [...STAFF_ROLES]))
      .orderBy(asc(users.name)),
    db
      .select({ invitation: staffInvitations, inviter: users.name })
      .from(staffInvitations)
      .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
      .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, now)))
      .orderBy(desc(staffInvitations.createdAt)),
  ]);
  const staff: StaffMember[] = members
    .map(({ user, lastSignInAt }) => ({
      _id: user.id,
      name: user.name,
      email: user.email,
      role: user.role as StaffRole,
      twoStep: user.totpEnabledAt !== null,
      lastSignInAt: lastSignInAt ? new Date(lastSignInAt).toISOString() : null,
    }))
    .sort((a, b) => rank(a.role) - rank(b.role));
  return { staff, invitations: pending.map((p) => toInvitation(p.invitation, p.inviter)) };
}

function toInvitation(row: typeof staffInvitations.$inferSelect, inviter: string | null): StaffInvitation {
  return {
    _id: row.id,
    email: row.email,
    role: row.role as StaffRole,
    invitedBy: inviter ?? 'A former staff member',
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * POST /api/admin/staff/invitations: revokes the e-mail's pending invitation, stores a new one and
 * mails its link (`origin` + /accept-invitation?token=...) through the outbox after the commit.
 * 409 when the e-mail already has a staff account.
 */
export async function inviteStaff(
  deps: StaffDeps,
  actor: AuditActor,
  input: { email: string; role: StaffRole },
  origin: string,
): Promise<StaffInvitation> {
  const now = deps.now();
  const token = randomBytes(32).toString('base64url');
  const { invitation, mail } = await deps.db.transaction(async (tx) => {
    // One invitation at a time per e-mail: a second invite of the same e-mail waits here.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-invitation:${input.email}`}))`);
    const [member] = await tx
      .select({ role: users.role })
      .from(users)
      .where(eq(sql`lower(${users.email})`, input.email));
    if (member && isStaff(member.role)) {
      throw conflict(
        `${input.email} already has a staff account (${ROLE_LABELS[member.role]}). Change their role in the staff list instead.`,
      );
    }
    const revoked = await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sql`lower(${staffInvitations.email})`, input.email),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      )
      .returning({ id: staffInvitations.id });
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        email: input.email,
        role: input.role,
        tokenHash: tokenHash(token),
        invitedBy: actor.id,
        expiresAt: new Date(now.getTime() + INVITATION_HOURS * HOUR_MS),
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'staff.invite',
      entity: 'staff-invitation',
      entityId: row.id,
      summary: `Invited ${input.email} as ${ROLE_LABELS[input.role]}${revoked.length > 0 ? ' (the earlier invitation revoked)' : ''}`,
      changes: { email: { before: null, after: input.email }, role: { before: null, after: input.role } },
    });
    const staged = deps.mailQueue.stage(
      staffInvitationMail({
        to: input.email,
        inviter: actor.name,
        role: input.role,
        link: `${origin}/accept-invitation?token=${token}`,
        validHours: INVITATION_HOURS,
      }),
    );
    await tx.insert(mailOutbox).values(staged);
    return { invitation: row, mail: staged };
  });
  deps.mailQueue.deliver(mail).catch((err: unknown) => deps.log?.error({ err, mailId: mail.id }, 'staff invitation mail not delivered'));
  return toInvitation(invitation, actor.name);
}

/** DELETE /api/admin/staff/invitations/{id}: revokes a pending invitation; 404 when none is pending. */
export async function revokeInvitation(deps: StaffDeps, actor: AuditActor, id: string): Promise<{ message: string }> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffInvitations)
      .set({ revokedAt: now })
      .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
      .returning();
    if (!row) throw notFound('Pending invitation not found');
    await recordAudit(tx, actor, {
      action: 'staff.invitation-revoke',
      entity: 'staff-invitation',
      entityId: row.id,
      summary: `Revoked the invitation of ${row.email} as ${ROLE_LABELS[row.role as StaffRole]}`,
    });
  });
  return { message: 'Invitation revoked' };
}

/**
 * Sets staff member `id`'s role to `role` ('customer' removes staff access), ending every session
 * of theirs (auth/sessions.ts `endAllSessions`: sessions marked ended, token version bumped). Every owner row is locked first (in id order, as every such
 * change does), so the count of the other owners is exact until the commit. Returns the row
 * before and after; throws 404 for an account that is not staff, 409 LAST_OWNER_MESSAGE.
 */
async function setRole(tx: Tx, id: string, role: StaffRole | 'customer', now: Date) {
  const owners = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'owner')).orderBy(asc(users.id)).for('update');
  const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!before || !isStaff(before.role)) throw notFound(MEMBER_NOT_FOUND);
  if (before.role === 'owner' && role !== 'owner' && !owners.some((o) => o.id !== id)) throw conflict(LAST_OWNER_MESSAGE);
  await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, id));
  await endAllSessions(tx, id, now);
  const [after] = await tx.select().from(users).where(eq(users.id, id));
  return { before, after };
}

/** PATCH /api/admin/staff/{id}: changes a staff member's role (setRole's rules and errors). */
export async function changeRole(deps: StaffDeps, actor: AuditActor, id: string, role: StaffRole): Promise<StaffMember> {
  const now = deps.now();
  const after = await deps.db.transaction(async (tx) => {
    const change = await setRole(tx, id, role, now);
    await recordAudit(tx, actor, {
      action: 'staff.role-change',
      entity: 'staff',
      entityId: id,
      summary: `Changed ${change.before.name}'s role from ${ROLE_LABELS[change.before.role as StaffRole]} to ${ROLE_LABELS[role]}`,
      changes: { role: { before: change.before.role, after: role } },
    });
    return change.after;
  });
  return {
    _id: after.id,
    name: after.name,
    email: after.email,
    role,
    twoStep: after.totpEnabledAt !== null,
    lastSignInAt: null,
  };
}

/** DELETE /api/admin/staff/{id}: takes staff access away (role 'customer'); the account and its orders stay. */
export async function removeStaff(deps: StaffDeps, actor: AuditActor, id: string): Promise<{ message: string }> {
  const now = deps.now();
  const name = await deps.db.transaction(async (tx) => {
    const { before } = await setRole(tx, id, 'customer', now);
    await recordAudit(tx, actor, {
      action: 'staff.remove',
      entity: 'staff',
      entityId: id,
      summary: `Removed ${before.name}'s staff access (was ${ROLE_LABELS[before.role as StaffRole]})`,
      changes: { role: { before: before.role, after: 'customer' } },
    });
    return before.name;
  });
  return { message: `${name} no longer has staff access` };
}

/** The pending, unexpired invitation of `token` with its inviter's name; null otherwise. */
async function pendingInvitation(db: Tx, token: string, now: Date) {
  const [row] = await db
    .select({ invitation: staffInvitations, inviter: users.name })
    .from(staffInvitations)
    .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
    .where(
      and(
        eq(staffInvitations.tokenHash, tokenHash(token)),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    );
  return row ?? null;
}

const accountOf = async (db: Tx, email: string) =>
  (
    await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
  )[0] ?? null;

/** GET /api/staff-invitations/{token}: 404 INVITATION_GONE_MESSAGE when unknown, expired, revoked or used. */
export async function previewInvitation(deps: StaffDeps, token: string): Promise<InvitationPreview> {
  const found = await pendingInvitation(deps.db, token, deps.now());
  if (!found) throw notFound(INVITATION_GONE_MESSAGE);
  const { invitation, inviter } = found;
  return {
    email: invitation.email,
    role: invitation.role as StaffRole,
    invitedBy: toInvitation(invitation, inviter).invitedBy,
    expiresAt: invitation.expiresAt.toISOString(),
    hasAccount: (await accountOf(deps.db, invitation.email)) !== null,
  };
}

/**
 * POST /api/staff-invitations/{token}/accept. With no account for the e-mail: creates one with
 * `name` and `password` (the signup's password rule; 400 naming the field). With one: checks
 * `password` against it (401) and gives it the role; its name and password stay. The invitation
 * is claimed by one UPDATE in the same transaction (a second accept finds it used: 404).
 * Answers a sign-in token (a new session) and the user, like a login.
 */
export async function acceptInvitation(
  deps: StaffDeps,
  token: string,
  input: { name?: string; password: string },
  ip: string,
  signToken: (user: UserRow) => Promise<string>,
): Promise<{ token: string; user: User }> {
  const now = deps.now();
  const found = await pendingInvitation(deps.db, token, now);
  if (!found) throw notFound(INVITATION_GONE_MESSAGE);
  const existing = await accountOf(deps.db, found.invitation.email);
  let newHash: string | null = null;
  if (existing) {
    if (!(await verifyPassword(input.password, existing.passwordHash))) {
      throw unauthorized('That is not the password of this account. Use the password you sign in with.');
    }
  } else {
    if (!input.name) throw badRequest('Full name is required', { name: 'Full name is required' });
    const rule = strongPasswordField.safeParse(input.password);
    if (!rule.success) {
      const message = rule.error.issues[0]?.message ?? 'Password is too weak';
      throw badRequest(message, { password: message });
    }
    newHash = await hashPassword(input.password);
  }
  const member = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(staffInvitations)
      .set({ acceptedAt: now })
      .where(
        and(
          eq(staffInvitations.id, found.invitation.id),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
          gt(staffInvitations.expiresAt, now),
        ),
      )
      .returning();
    if (!claimed) throw notFound(INVITATION_GONE_MESSAGE);
    const role = claimed.role as StaffRole;
    let row: UserRow | undefined;
    if (existing) {
      [row] = await tx
        .update(users)
        .set({ role, updatedAt: now })
        .where(and(eq(users.id, existing.id), eq(users.role, 'customer')))
        .returning();
      if (!row) throw conflict('This account already has a staff role. Ask an owner to change it in the staff list.');
    } else {
      [row] = await tx
        .insert(users)
        .values({ name: input.name!, email: claimed.email, passwordHash: newHash!, role })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError(409, 'An account with this e-mail was just created. Please open the link again.');
    }
    await recordAudit(
      tx,
      { id: row.id, name: row.name, email: row.email, role, ip },
      {
        action: 'staff.invitation-accept',
        entity: 'staff',
        entityId: row.id,
        summary: `${row.name} joined as ${ROLE_LABELS[role]}${existing ? ' (existing account)' : ''}`,
        changes: { role: { before: existing ? existing.role : null, after: role } },
      },
    );
    return row;
  });
  return { token: await signToken(member), user: toUser(member) };
}
