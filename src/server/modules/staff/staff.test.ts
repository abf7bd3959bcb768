import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffInvitation, StaffList } from '../../../core/schemas/staff';
import { INVITATION_GONE_MESSAGE, LAST_OWNER_MESSAGE } from '../../../core/staff-roles';
import { auditLog, staffInvitations, userSessions, users } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { INVITATION_HOURS } from './service';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, t.db, { role: 'owner', name: 'Priya Owner' });
});
afterAll(() => t.close());

const unique = () => Math.random().toString(36).slice(2, 8);
const NEW_PASSWORD = 'Packer@2026';

async function invite(email: string, role = 'fulfilment', headers = owner.headers) {
  return t.app.inject({ method: 'POST', url: '/api/admin/staff/invitations', headers, payload: { email, role } });
}

/** The token of the last invitation mail to `email` (the mail is delivered just after the commit). */
async function mailedToken(email: string): Promise<string> {
  return vi.waitFor(() => {
    const mail = t.mails.findLast((m) => m.to === email);
    const token = mail?.text.match(/accept-invitation\?token=([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error('no invitation mail yet');
    return token;
  });
}

const auditRows = (action: string, entityId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

describe('inviting staff', () => {
  it('stores only the hash of the token, mails a one-time link valid 72 hours and records staff.invite', async () => {
    const email = `packer-${unique()}@example.in`;
    const res = await invite(email.toUpperCase());
    expect(res.statusCode).toBe(201);
    const body = res.json<StaffInvitation>();
    expect(body).toMatchObject({ email, role: 'fulfilment', invitedBy: 'Priya Owner' });
    const token = await mailedToken(email);
    const mail = t.mails.findLast((m) => m.to === email)!;
    expect(mail.subject).toBe('Priya Owner invited you to join Rangmanch');
    expect(mail.text).toContain('Priya Owner invited you to join Rangmanch as Fulfilment.');
    expect(mail.text).toMatch(/^http:\/\/localhost(:\d+)?\/accept-invitation\?token=/m);
    const [row] = await t.db.select().from(staffInvitations).where(eq(staffInvitations.id, body._id));
    expect(row.tokenHash).not.toContain(token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(INVITATION_HOURS * 3_600_000, -4);
    const [audit] = await auditRows('staff.invite', body._id);
    expect(audit).toMatchObject({ actorId: owner.user.id, entity: 'staff-invitation' });
    expect(JSON.stringify(audit.changes)).not.toContain(token);

    const list = await t.app.inject({ url: '/api/admin/staff', headers: owner.headers });
    expect(list.statusCode).toBe(200);
    const { staff, invitations } = list.json<StaffList>();
    expect(invitations.filter((i) => i.email === email)).toHaveLength(1);
    expect(staff.find((s) => s._id === owner.user.id)).toMatchObject({ role: 'owner', twoStep: false });
  });

  it('a new invitation to the same e-mail revokes the older one', async () => {
    const email = `twice-${unique()}@example.in`;
    const first = (await invite(email, 'support')).json<StaffInvitation>();
    const firstToken = await mailedToken(email);
    const second = (await invite(email, 'content')).json<StaffInvitation>();
    await vi.waitFor(async () => expect(await mailedToken(email)).not.toBe(firstToken));
    const old = await t.app.inject({ url: `/api/staff-invitations/${firstToken}` });
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(INVITATION_GONE_MESSAGE);
    const { invitations } = (await t.app.inject({ url: '/api/admin/staff', headers: owner.headers })).json<StaffList>();
    expect(invitations.filter((i) => i.email === email).map((i) => i._id)).toEqual([second._id]);
    expect(first._id).not.toBe(second._id);
  });

  it('refuses an e-mail that already has a staff account (409), accepts a customer one', async () => {
    const member = await createUser(t.app, t.db, { role: 'support' });
    const res = await invite(member.user.email, 'manager');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `${member.user.email} already has a staff account (Support). Change their role in the staff list instead.`,
    );
    const shopper = await createUser(t.app, t.db);
    expect((await invite(shopper.user.email)).statusCode).toBe(201);
  });

  it('refuses a bad e-mail or role with a message', async () => {
    const bad = await invite('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('valid email');
    const role = await invite(`r-${unique()}@example.in`, 'customer');
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toContain('Choose a role');
  });

  it('revokes a pending invitation (staff.invitation-revoke); a second revoke is 404', async () => {
    const email = `revoke-${unique()}@example.in`;
    const inv = (await invite(email)).json<StaffInvitation>();
    const token = await mailedToken(email);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/staff/invitations/${inv._id}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(await auditRows('staff.invitation-revoke', inv._id)).toHaveLength(1);
    expect((await t.app.inject({ url: `/api/staff-invitations/${token}` })).statusCode).toBe(404);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/staff/invitations/${inv._id}`, headers: owner.headers });
    expect(again.statusCode).toBe(404);
  });
});

describe('accepting an invitation', () => {
  it('creates the account with the role, signs it in, and the link works once', async () => {
    const email = `new-${unique()}@example.in`;
    await invite(email, 'fulfilment');
    const token = await mailedToken(email);
    const preview = await t.app.inject({ url: `/api/staff-invitations/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ email, role: 'fulfilment', invitedBy: 'Priya Owner', hasAccount: false });

    const weak = await t.app.inject({
      method: 'POST',
      url: `/api/staff-invitations/${token}/accept`,
      payload: { name: 'Ravi Packer', password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toMatch(/^Password must contain/);
    const noName = await t.app.inject({
      method: 'POST',
      url: `/api/staff-invitations/${token}/accept`,
      payload: { password: NEW_PASSWORD },
    });
    expect(noName.statusCode).toBe(400);

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff-invitations/${token}/accept`,
      payload: { name: 'Ravi Packer', password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const { token: bearer, user } = res.json();
    expect(user).toMatchObject({ email, name: 'Ravi Packer', role: 'fulfilment' });
    expect(user.permissions).toContain('orders.ship');
    const me = await t.app.inject({ url: '/api/admin/dashboard', headers: { authorization: `Bearer ${bearer}` } });
    expect(me.statusCode).toBe(200);
    const [audit] = await auditRows('staff.invitation-accept', user._id);
    expect(audit).toMatchObject({ actorId: user._id, actorName: 'Ravi Packer', actorRole: 'fulfilment', entity: 'staff' });

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/staff-invitations/${token}/accept`,
      payload: { name: 'Ravi Packer', password: NEW_PASSWORD },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(INVITATION_GONE_MESSAGE);
    expect((await t.app.inject({ url: `/api/staff-invitations/${token}` })).statusCode).toBe(404);
  });

  it('gives an existing customer account the role after its current password; a wrong one is 401', async () => {
    const shopper = await createUser(t.app, t.db, { name: 'Meera Shah' });
    await invite(shopper.user.email, 'support');
    const token = await mailedToken(shopper.user.email);
    expect((await t.app.inject({ url: `/api/staff-invitations/${token}` })).json().hasAccount).toBe(true);
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/staff-invitations/${token}/accept`,
      payload: { password: 'Wrong@1234' },
    });
    expect(wrong.statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: `/api/staff-invitations/${token}/accept`, payload: { password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ _id: shopper.user.id, name: 'Meera Shah', role: 'support' });
    const [row] = await t.db.select().from(users).where(eq(users.id, shopper.user.id));
    expect(row.passwordHash).toBe(shopper.user.passwordHash);
  });

  it('an expired link is 404 with the same message', async () => {
    const email = `late-${unique()}@example.in`;
    await invite(email);
    const token = await mailedToken(email);
    t.clock.advance(INVITATION_HOURS * 3_600_000 + 1000);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/staff-invitations/${token}/accept`,
        payload: { name: 'Late Comer', password: NEW_PASSWORD },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(INVITATION_GONE_MESSAGE);
      expect((await t.app.inject({ url: `/api/staff-invitations/${token}` })).statusCode).toBe(404);
    } finally {
      t.clock.advance(-(INVITATION_HOURS * 3_600_000 + 1000));
    }
  });

  it('an unknown or malformed token is 404', async () => {
    for (const token of ['x', 'A'.repeat(43), '%00']) {
      const res = await t.app.inject({ url: `/api/staff-invitations/${token}` });
      expect(res.statusCode, token).toBe(404);
      expect(res.json().message).toBe(INVITATION_GONE_MESSAGE);
    }
  });
});

describe('changing roles and removing staff', () => {
  it("changes a role, records before and after, and ends the member's sessions", async () => {
    const member = await createUser(t.app, t.db, { role: 'support', name: 'Sunil Support' });
    expect((await t.app.inject({ url: '/api/admin/dashboard', headers: member.headers })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${member.user.id}`,
      headers: owner.headers,
      payload: { role: 'manager' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: member.user.id, role: 'manager' });
    expect((await t.app.inject({ url: '/api/admin/dashboard', headers: member.headers })).statusCode).toBe(401);
    const [audit] = await auditRows('staff.role-change', member.user.id);
    expect(audit.changes).toEqual({ role: { before: 'support', after: 'manager' } });
  });

  it('removes staff access: the account stays a customer and its sessions end', async () => {
    const member = await createUser(t.app, t.db, { role: 'content' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/staff/${member.user.id}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row.role).toBe('customer');
    expect(row.tokenVersion).toBe(member.user.tokenVersion + 1);
    expect((await t.app.inject({ url: '/api/users/me', headers: member.headers })).statusCode).toBe(401);
    // Its sessions are marked ended too, so no list shows them open.
    const open = await t.db
      .select()
      .from(userSessions)
      .where(and(eq(userSessions.userId, member.user.id), isNull(userSessions.revokedAt)));
    expect(open).toEqual([]);
    expect(await auditRows('staff.remove', member.user.id)).toHaveLength(1);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/admin/staff/${member.user.id}`, headers: owner.headers });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to demote or remove the last owner (409), allows it with a second owner', async () => {
    const solo = await createTestApp();
    try {
      const only = await createUser(solo.app, solo.db, { role: 'owner' });
      const demote = await solo.app.inject({
        method: 'PATCH',
        url: `/api/admin/staff/${only.user.id}`,
        headers: only.headers,
        payload: { role: 'manager' },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().message).toBe(LAST_OWNER_MESSAGE);
      const remove = await solo.app.inject({ method: 'DELETE', url: `/api/admin/staff/${only.user.id}`, headers: only.headers });
      expect(remove.statusCode).toBe(409);
      expect(remove.json().message).toBe(LAST_OWNER_MESSAGE);
      const second = await createUser(solo.app, solo.db, { role: 'owner' });
      const ok = await solo.app.inject({
        method: 'PATCH',
        url: `/api/admin/staff/${second.user.id}`,
        headers: only.headers,
        payload: { role: 'manager' },
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await solo.close();
    }
  });

  it('answers 404 for an account that is not staff and 400 for a bad role', async () => {
    const shopper = await createUser(t.app, t.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${shopper.user.id}`,
      headers: owner.headers,
      payload: { role: 'manager' },
    });
    expect(res.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/staff/${owner.user.id}`,
      headers: owner.headers,
      payload: { role: 'customer' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('who may manage staff', () => {
  it('a manager gets 403 naming staff.manage on every staff route', async () => {
    const manager = await createUser(t.app, t.db, { role: 'manager' });
    const id = owner.user.id;
    const routes = [
      { method: 'GET', url: '/api/admin/staff' },
      { method: 'POST', url: '/api/admin/staff/invitations', payload: { email: 'x@example.in', role: 'owner' } },
      { method: 'DELETE', url: `/api/admin/staff/invitations/${id}` },
      { method: 'PATCH', url: `/api/admin/staff/${id}`, payload: { role: 'content' } },
      { method: 'DELETE', url: `/api/admin/staff/${id}` },
    ] as const;
    for (const route of routes) {
      const res = await t.app.inject({ ...route, headers: manager.headers });
      expect(res.statusCode, route.url).toBe(403);
      expect(res.json().message).toBe('You need the staff.manage permission for this');
    }
  });
});

describe('the dashboard without dashboard.revenue', () => {
  it('answers a fulfilment member the counts without any money figure; an owner gets them all', async () => {
    const packer = await createUser(t.app, t.db, { role: 'fulfilment' });
    const theirs = (await t.app.inject({ url: '/api/admin/dashboard', headers: packer.headers })).json();
    expect(theirs.today).toEqual({ orders: expect.any(Number) });
    expect(theirs.month).toEqual({ orders: expect.any(Number) });
    expect(theirs).not.toHaveProperty('revenueByDay');
    expect(theirs).not.toHaveProperty('codToCollect');
    expect(theirs.ordersByStatus).toBeDefined();
    const mine = (await t.app.inject({ url: '/api/admin/dashboard', headers: owner.headers })).json();
    expect(mine.today).toHaveProperty('revenue');
    expect(mine.revenueByDay).toHaveLength(30);
    expect(mine.codToCollect).toHaveProperty('amount');
  });
});
