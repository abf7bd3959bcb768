import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { auditLog, shopSettings, userSessions, users } from '../../db/schema';
import { demoShopSettings } from '../../db/seed/demo-catalog';
import { TWO_STEP_SETUP_FIRST } from '../../plugins/auth';
import { PASSWORD_NOT_SET } from './service';
import { decryptSecret, twoStepKeys } from './two-step';

let t: TestApp;
beforeAll(async () => {
  // Three wrong passwords or codes per account and address: enough to see a wrong code counted.
  t = await createTestApp({ loginLimits: { accountIpFailures: 3 } });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const login = (
  email: string,
  password = TEST_PASSWORD,
  userAgent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0 Safari/537.36',
) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { 'user-agent': userAgent } });
const tokenOf = async (email: string, userAgent?: string) => {
  const res = await login(email, TEST_PASSWORD, userAgent);
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
};
const me = (token: string) => t.app.inject({ url: '/api/users/me', headers: bearer(token) });
const auditOf = (userId: string) => t.db.select().from(auditLog).where(eq(auditLog.entityId, userId));

/** Turns two-step on for the account of `token`; answers the app's secret and the recovery codes. */
async function enrol(token: string) {
  const begun = await t.app.inject({ method: 'POST', url: '/api/users/me/two-step/begin', headers: bearer(token) });
  expect(begun.statusCode).toBe(200);
  const { secret, uri } = begun.json();
  expect(uri).toMatch(/^otpauth:\/\/totp\/Rangmanch:/);
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const code = () => totp.generate({ timestamp: t.clock.now.getTime() });
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/users/me/two-step/confirm',
    headers: bearer(token),
    payload: { code: code() },
  });
  expect(confirmed.statusCode).toBe(200);
  const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
  // Each code counts once: the next one comes from the next 30 seconds.
  t.clock.advance(30_000);
  return { secret, code, recoveryCodes };
}

/** Stores the shop's settings with staff two-step sign-in required or not. */
async function requireTwoStep(owner: string, required: boolean) {
  const [row] = await t.db.select().from(shopSettings);
  if (!row) {
    const saved = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: bearer(owner), payload: demoShopSettings });
    expect(saved.statusCode).toBe(200);
  }
  await t.db.update(shopSettings).set({ staffTwoStepRequired: required });
}

describe('signed-in sessions', () => {
  it('lists where an account is signed in, and a session signed out ends its token at once', async () => {
    const { user } = await createUser(t.app, t.db);
    const laptop = await tokenOf(user.email);
    const phone = await tokenOf(
      user.email,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    );
    const list = await t.app.inject({ url: '/api/users/me/sessions', headers: bearer(laptop) });
    expect(list.statusCode).toBe(200);
    const sessions = list.json<{ _id: string; device: string; current: boolean; ip: string }[]>();
    // The third is the test factory's sign-in, which names no browser.
    expect(sessions.map((s) => s.device).sort()).toEqual(['Chrome on Windows', 'Safari on iPhone', 'Unknown device']);
    expect(sessions.filter((s) => s.current).map((s) => s.device)).toEqual(['Chrome on Windows']);
    expect(sessions.find((s) => s.current)?.ip).toBe('127.0.0.1');

    const phoneSession = sessions.find((s) => s.device === 'Safari on iPhone')!;
    const out = await t.app.inject({ method: 'DELETE', url: `/api/users/me/sessions/${phoneSession._id}`, headers: bearer(laptop) });
    expect(out.statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    // Another account's session is not yours to end.
    const other = await createUser(t.app, t.db);
    const theirs = (await t.app.inject({ url: '/api/users/me/sessions', headers: other.headers })).json()[0]._id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/me/sessions/${theirs}`, headers: bearer(laptop) })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: '/api/users/me', headers: other.headers })).statusCode).toBe(200);
  });

  it('signs out every other session, and logging out ends the current one', async () => {
    const { user } = await createUser(t.app, t.db);
    const [a, b, c] = [await tokenOf(user.email), await tokenOf(user.email), await tokenOf(user.email)];
    const res = await t.app.inject({ method: 'POST', url: '/api/users/me/sessions/sign-out-others', headers: bearer(a) });
    // b, c and the test factory's sign-in.
    expect(res.json().message).toBe('Signed out of 3 other sessions.');
    expect([(await me(a)).statusCode, (await me(b)).statusCode, (await me(c)).statusCode]).toEqual([200, 401, 401]);
    const own = (await t.app.inject({ url: '/api/users/me/sessions', headers: bearer(a) })).json<{ _id: string }[]>()[0]._id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/me/sessions/${own}`, headers: bearer(a) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/me/sign-out', headers: bearer(a) })).statusCode).toBe(200);
    expect((await me(a)).statusCode).toBe(401);
  });

  it('writes the last sight at most once a minute', async () => {
    const { user, headers } = await createUser(t.app, t.db);
    const token = headers.authorization.slice('Bearer '.length);
    const seen = async () => (await t.db.select().from(userSessions).where(eq(userSessions.userId, user.id)))[0];
    const first = await seen();
    t.clock.advance(30_000);
    await t.app.inject({
      url: '/api/users/me',
      headers: { ...bearer(token), 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
    });
    expect((await seen()).lastSeenAt).toEqual(first.lastSeenAt);
    t.clock.advance(31_000);
    await t.app.inject({
      url: '/api/users/me',
      headers: { ...bearer(token), 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' },
    });
    const later = await seen();
    expect(later.lastSeenAt.getTime()).toBe(t.clock.now.getTime());
    expect(later.userAgent).toContain('Firefox');
  });

  it("keeps a shopper's token from before sessions working, and refuses a staff member's", async () => {
    const shopper = await createUser(t.app, t.db);
    const staff = await createUser(t.app, t.db, { role: 'manager' });
    const old = (u: typeof shopper.user) => t.app.jwt.sign({ sub: u.id, tv: u.tokenVersion });
    expect((await me(old(shopper.user))).statusCode).toBe(200);
    expect((await me(old(staff.user))).statusCode).toBe(401);
  });

  it('lets the owner see and end a staff member’s sessions, audited; other roles may not', async () => {
    const owner = await createUser(t.app, t.db, { role: 'owner' });
    const manager = await createUser(t.app, t.db, { role: 'manager' });
    const packer = await createUser(t.app, t.db, { role: 'fulfilment' });
    const packerToken = await tokenOf(packer.user.email);
    const list = await t.app.inject({ url: `/api/admin/staff/${packer.user.id}/sessions`, headers: owner.headers });
    expect(list.json()).toHaveLength(2);
    expect((await t.app.inject({ url: `/api/admin/staff/${packer.user.id}/sessions`, headers: manager.headers })).statusCode).toBe(403);
    const shopper = await createUser(t.app, t.db);
    expect((await t.app.inject({ url: `/api/admin/staff/${shopper.user.id}/sessions`, headers: owner.headers })).statusCode).toBe(404);

    const out = await t.app.inject({
      method: 'POST',
      url: `/api/admin/staff/${packer.user.id}/sessions/sign-out-all`,
      headers: owner.headers,
    });
    expect(out.statusCode).toBe(200);
    expect((await me(packerToken)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users/me', headers: packer.headers })).statusCode).toBe(401);
    const rows = await auditOf(packer.user.id);
    expect(rows.find((r) => r.action === 'auth.session-revoke')).toMatchObject({ actorId: owner.user.id, actorRole: 'owner' });
  });
});

describe('two-step sign-in', () => {
  it('asks for a code after the password; the right code signs in, and the secret is stored encrypted', async () => {
    const owner = await createUser(t.app, t.db, { role: 'owner' });
    const { secret, code } = await enrol(await tokenOf(owner.user.email));
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row.totpSecret).not.toContain(secret);
    expect(decryptSecret(twoStepKeys(t.config.jwtSecret).secretKey, row.id, row.totpSecret!)).toBe(secret);

    const first = await login(owner.user.email);
    expect(first.json()).toEqual({ twoStepRequired: true, challenge: expect.any(String) });
    // The challenge is not a token.
    expect((await me(first.json().challenge)).statusCode).toBe(401);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/two-step',
      payload: { challenge: first.json().challenge, code: code() },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.twoStepEnabled).toBe(true);
    expect((await me(done.json().token)).statusCode).toBe(200);
    // The same code again is refused.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/two-step',
      payload: { challenge: first.json().challenge, code: code() },
    });
    expect(again.statusCode).toBe(401);

    const actions = (await auditOf(owner.user.id)).map((r) => r.action);
    expect(actions).toContain('auth.two-step-enable');
    expect(actions.filter((a) => a === 'auth.sign-in').length).toBeGreaterThanOrEqual(2);
  });

  it('takes a code once even when it is sent twice at the same moment (the step is kept in the database)', async () => {
    const owner = await createUser(t.app, t.db, { role: 'owner' });
    const { code } = await enrol(await tokenOf(owner.user.email));
    const challenge = (await login(owner.user.email)).json().challenge as string;
    const twice = await Promise.all(
      [1, 2].map(() => t.app.inject({ method: 'POST', url: '/api/auth/login/two-step', payload: { challenge, code: code() } })),
    );
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const [row] = await t.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row.totpLastStep).toBe(Math.floor(t.clock.now.getTime() / 30_000));
  });

  it('takes a recovery code once', async () => {
    const { user } = await createUser(t.app, t.db);
    const { recoveryCodes } = await enrol(await tokenOf(user.email));
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const finish = async (recoveryCode: string) => {
      const { challenge } = (await login(user.email)).json();
      return t.app.inject({ method: 'POST', url: '/api/auth/login/two-step', payload: { challenge, recoveryCode } });
    };
    expect((await finish(recoveryCodes[3].toUpperCase())).statusCode).toBe(200);
    const reused = await finish(recoveryCodes[3]);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe('That recovery code is not right or was used already.');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.recoveryCodeHashes).toHaveLength(9);
  });

  it('counts a wrong code like a wrong password, audited for staff with the e-mail and address', async () => {
    const staff = await createUser(t.app, t.db, { role: 'support' });
    const { code } = await enrol(await tokenOf(staff.user.email));
    const { challenge } = (await login(staff.user.email)).json();
    for (let i = 0; i < 3; i++) {
      const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login/two-step', payload: { challenge, code: '000000' } });
      expect(wrong.statusCode).toBe(401);
    }
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/login/two-step', payload: { challenge, code: code() } });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const failed = (await auditOf(staff.user.id)).filter((r) => r.action === 'auth.sign-in-failed');
    expect(failed).toHaveLength(3);
    expect(failed[0]).toMatchObject({ actorEmail: staff.user.email, ip: '127.0.0.1', actorId: null });
    expect(failed[0].summary).toContain('wrong two-step code');
  });

  it('refuses a challenge after 5 minutes', async () => {
    const { user } = await createUser(t.app, t.db);
    const { code } = await enrol(await tokenOf(user.email));
    const { challenge } = (await login(user.email)).json();
    t.clock.advance(5 * 60_000 + 1000);
    const late = await t.app.inject({ method: 'POST', url: '/api/auth/login/two-step', payload: { challenge, code: code() } });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe('Your sign-in took too long. Please log in again.');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/two-step',
      payload: { challenge: t.app.jwt.sign({ sub: user.id, tv: 0 }), code: code() },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('turns off with a current code or the password, not a wrong one', async () => {
    const staff = await createUser(t.app, t.db, { role: 'content' });
    const token = await tokenOf(staff.user.email);
    await enrol(token);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/two-step/disable',
      headers: bearer(token),
      payload: { password: 'Wrong@123' },
    });
    expect(wrong.statusCode).toBe(400);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/two-step/disable',
      headers: bearer(token),
      payload: { password: TEST_PASSWORD },
    });
    expect(off.statusCode).toBe(200);
    expect((await login(staff.user.email)).json().token).toEqual(expect.any(String));
    expect((await auditOf(staff.user.id)).map((r) => r.action)).toContain('auth.two-step-disable');
  });

  it('when the shop requires it, sends staff without it to set it up before any admin route', async () => {
    const owner = await createUser(t.app, t.db, { role: 'owner' });
    const ownerToken = await tokenOf(owner.user.email);
    await requireTwoStep(ownerToken, true);
    try {
      const manager = await createUser(t.app, t.db, { role: 'manager' });
      const signedIn = await login(manager.user.email);
      expect(signedIn.json().user.twoStepSetupRequired).toBe(true);
      const token = signedIn.json().token;
      const gated = await t.app.inject({ url: '/api/admin/dashboard', headers: bearer(token) });
      expect(gated.statusCode).toBe(403);
      expect(gated.json().message).toBe(TWO_STEP_SETUP_FIRST);
      expect((await me(token)).json().twoStepSetupRequired).toBe(true);
      const status = await t.app.inject({ url: '/api/users/me/two-step', headers: bearer(token) });
      expect(status.json()).toMatchObject({ enabled: false, required: true });
      await enrol(token);
      expect((await t.app.inject({ url: '/api/admin/dashboard', headers: bearer(token) })).statusCode).toBe(200);
      // Shoppers are not asked.
      const shopper = await createUser(t.app, t.db);
      expect((await t.app.inject({ url: '/api/users/me', headers: shopper.headers })).json().twoStepSetupRequired).toBe(false);
    } finally {
      await requireTwoStep(ownerToken, false);
    }
  });

  it('lets the owner reset a lost phone, which signs that person out everywhere', async () => {
    const owner = await createUser(t.app, t.db, { role: 'owner' });
    const packer = await createUser(t.app, t.db, { role: 'fulfilment' });
    const packerToken = await tokenOf(packer.user.email);
    await enrol(packerToken);
    const own = await t.app.inject({ method: 'POST', url: `/api/admin/staff/${owner.user.id}/two-step/reset`, headers: owner.headers });
    expect(own.statusCode).toBe(400);
    const reset = await t.app.inject({ method: 'POST', url: `/api/admin/staff/${packer.user.id}/two-step/reset`, headers: owner.headers });
    expect(reset.statusCode).toBe(200);
    expect((await me(packerToken)).statusCode).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, packer.user.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, recoveryCodeHashes: [] });
    expect((await login(packer.user.email)).json().token).toEqual(expect.any(String));
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, packer.user.id), eq(auditLog.action, 'auth.two-step-reset')));
    expect(audited).toMatchObject({ actorId: owner.user.id });
  });
});

describe('sign-in audit rows', () => {
  it("records staff sign-ins and failures (never the password), and no shopper's", async () => {
    const staff = await createUser(t.app, t.db, { role: 'manager' });
    const shopper = await createUser(t.app, t.db);
    await login(staff.user.email, 'Wrong@Pass1');
    await tokenOf(staff.user.email);
    await login(shopper.user.email, 'Wrong@Pass1');
    await tokenOf(shopper.user.email);
    const rows = await auditOf(staff.user.id);
    expect(rows.map((r) => r.action).sort()).toEqual(['auth.sign-in', 'auth.sign-in', 'auth.sign-in-failed']);
    expect(rows.find((r) => r.action === 'auth.sign-in-failed')).toMatchObject({ actorEmail: staff.user.email, ip: '127.0.0.1' });
    expect(JSON.stringify(rows)).not.toContain('Wrong@Pass1');
    expect(JSON.stringify(rows)).not.toContain(TEST_PASSWORD);
    expect(await auditOf(shopper.user.id)).toEqual([]);
  });
});

describe('an account moved from the old shop (no password)', () => {
  it('mails a code to set the password and says so, then the code sets it', async () => {
    const { user } = await createUser(t.app, t.db, { passwordHash: '', email: 'imported@example.in' });
    const res = await login(user.email, 'anything1');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: PASSWORD_NOT_SET, code: 'password-not-set', verificationId: expect.any(String) });
    const code = t.mails.at(-1)!.text.match(/\b(\d{6})\b/)![1];
    expect(t.mails.at(-1)!.to).toBe(user.email);
    // Again within 30 s: the same code, no second mail (the reset flow's rules).
    const mails = t.mails.length;
    expect((await login(user.email, 'anything1')).json().verificationId).toBe(res.json().verificationId);
    expect(t.mails.length).toBe(mails);
    const { verificationId } = res.json();
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { verificationId, code, newPassword: 'N3w!Passw0rd' },
    });
    expect(set.statusCode).toBe(200);
    expect((await login(user.email, 'N3w!Passw0rd')).statusCode).toBe(200);
    // An unknown e-mail is still the same 401 as a wrong password.
    const unknown = await login('nobody-here@example.in', 'anything1');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Invalid email or password');
  });
});
