import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeFor = (email: string) =>
  [...t.mails]
    .reverse()
    .find((m) => m.to === email)
    ?.text.match(/\b(\d{6})\b/)?.[1];

describe('password reset', () => {
  it('answers the same for a registered and an unknown e-mail, mailing only the registered one', async () => {
    const { user } = await createUser(t.app, t.db, { email: 'meera@example.in' });
    const known = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password-start', payload: { email: user.email } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password-start', payload: { email: 'nobody@example.in' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(Object.keys(known.json())).toEqual(Object.keys(unknown.json()));
    expect(known.json().message).toBe(unknown.json().message);
    expect(unknown.json().verificationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.mails.filter((m) => m.to === 'nobody@example.in')).toHaveLength(0);
    expect(codeFor('meera@example.in')).toMatch(/^\d{6}$/);
    // No code can ever verify for the unknown e-mail.
    for (const code of ['000000', '123456']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-reset-otp',
        payload: { verificationId: unknown.json().verificationId, code },
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('resets the password with the code, ends every earlier token, and mails a notice', async () => {
    const { user, headers } = await createUser(t.app, t.db, { email: 'dev@example.in' });
    expect((await t.app.inject({ url: '/api/users/me', headers })).statusCode).toBe(200);
    const start = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password-start', payload: { email: 'DEV@example.in' } });
    const { verificationId } = start.json();
    const code = codeFor(user.email)!;
    const checked = await t.app.inject({ method: 'POST', url: '/api/auth/verify-reset-otp', payload: { verificationId, code } });
    expect(checked.statusCode).toBe(200);

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { verificationId, code, newPassword: 'password' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password must contain one uppercase letter, one number, one special character');

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { verificationId, code, newPassword: 'N3w!Passw0rd' },
    });
    expect(res.statusCode).toBe(200);
    expect(t.mails.at(-1)).toMatchObject({ to: user.email, subject: 'Your Rangmanch password was changed' });

    // The old token is dead; the old password is dead; the new one works; the code is used up.
    expect((await t.app.inject({ url: '/api/users/me', headers })).statusCode).toBe(401);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'N3w!Passw0rd' },
    });
    expect(newLogin.statusCode).toBe(200);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { verificationId, code, newPassword: 'An0ther!Pass' },
    });
    expect(replay.statusCode).toBe(400);
  });
});

describe('password-reset codes: one live code per account, tries limited across codes', () => {
  const start = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password-start', payload: { email } });
  const verify = (verificationId: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/verify-reset-otp', payload: { verificationId, code } });
  /** A code that is not `code` (the one mailed last). */
  const wrongFor = (code: string | undefined) => (code === '000000' ? '111111' : '000000');

  it('answers a new start with the live code, mailing a new code in its place, without new tries', async () => {
    const { user } = await createUser(t.app, t.db);
    const first = (await start(user.email)).json().verificationId;
    const firstCode = codeFor(user.email)!;
    for (let i = 0; i < 3; i++) expect((await verify(first, wrongFor(firstCode))).statusCode).toBe(400);
    t.clock.advance(31_000);
    const again = await start(user.email);
    expect(again.statusCode).toBe(200);
    expect(again.json().verificationId).toBe(first);
    const secondCode = codeFor(user.email)!;
    // The tries made on the code before carry over: 5 in all.
    const wrong = await verify(first, wrongFor(secondCode));
    expect(wrong.json().message).toBe('Invalid code. 1 attempt left.');
    // A start within 30 s of the last mail gives the same verification and sends nothing.
    const mails = t.mails.length;
    expect((await start(user.email)).json().verificationId).toBe(first);
    expect(t.mails).toHaveLength(mails);
    // The first code was replaced; the fifth wrong try ends this code.
    const fifth = await verify(first, secondCode === firstCode ? wrongFor(secondCode) : firstCode);
    expect(fifth.json().message).toBe('Too many wrong attempts. Please request a new code.');
    expect((await verify(first, secondCode)).statusCode).toBe(400);
  });

  it('allows 10 wrong tries per account an hour whatever the number of codes, the same for unknown e-mails', async () => {
    const { user } = await createUser(t.app, t.db);
    for (const email of [user.email, `nobody-${user.id}@example.in`]) {
      const statuses: number[] = [];
      for (let round = 0; round < 3; round++) {
        t.clock.advance(31_000);
        const id = (await start(email)).json().verificationId;
        for (let i = 0; i < 5; i++) statuses.push((await verify(id, wrongFor(codeFor(email)))).statusCode);
      }
      expect(statuses).toEqual([...Array(10).fill(400), ...Array(5).fill(429)]);
    }
    // Even the right code waits out the hour; then a new code works.
    t.clock.advance(31_000);
    const id = (await start(user.email)).json().verificationId;
    const refused = await verify(id, codeFor(user.email)!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many wrong codes\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Tries count until an hour after their code expired (codes live 10 minutes).
    t.clock.advance(71 * 60_000);
    const fresh = (await start(user.email)).json().verificationId;
    expect((await verify(fresh, codeFor(user.email)!)).statusCode).toBe(200);
  });

  // On PostgreSQL the requests run on separate connections at once: a read-then-write counter
  // would let most of them through.
  it('never lets parallel wrong tries past the allowance', async () => {
    const { user } = await createUser(t.app, t.db);
    const first = (await start(user.email)).json().verificationId;
    const bad = wrongFor(codeFor(user.email));
    const burst = await Promise.all(Array.from({ length: 20 }, () => verify(first, bad)));
    expect(burst.filter((r) => /^Invalid code\./.test(r.json().message))).toHaveLength(4);
    expect(burst.every((r) => r.statusCode === 400)).toBe(true);
    // A second code: the account has 5 tries left this hour, whatever the burst.
    t.clock.advance(31_000);
    const second = (await start(user.email)).json().verificationId;
    expect(second).not.toBe(first);
    const again = await Promise.all(Array.from({ length: 20 }, () => verify(second, wrongFor(codeFor(user.email)))));
    expect(again.filter((r) => r.json().message.startsWith('Invalid code.')).length).toBeLessThanOrEqual(5);
    const rows = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.email, user.email));
    expect(rows.reduce((sum, r) => sum + r.attempts, 0)).toBe(10);
    // Parallel starts still give one live code.
    t.clock.advance(71 * 60_000);
    const starts = await Promise.all(Array.from({ length: 8 }, () => start(user.email)));
    expect(new Set(starts.map((r) => r.json().verificationId)).size).toBe(1);
  });
});

describe('PUT /api/users/me', () => {
  it('saves name, phone and an Indian address; the e-mail and role stay', async () => {
    const { user, headers } = await createUser(t.app, t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers,
      payload: {
        name: 'Asha V',
        phone: '91234 56780',
        email: 'hacker@example.in',
        role: 'admin',
        address: { line1: '7 Lake Road', line2: '', city: 'Pune', state: 'Maharashtra', pincode: '411-001', country: 'India' },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Asha V',
      phone: '9123456780',
      email: user.email,
      role: 'customer',
      address: { line1: '7 Lake Road', city: 'Pune', state: 'Maharashtra', pincode: '411001', country: 'India' },
    });
  });

  it('saves an address alone (checkout\'s "save this address") and keeps name and phone', async () => {
    const { user, headers } = await createUser(t.app, t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers,
      payload: { address: { line1: '14 Park Street', city: 'Kolkata', state: 'West Bengal', pincode: '700016' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: user.name,
      phone: user.phone,
      address: { line1: '14 Park Street', line2: '', city: 'Kolkata', state: 'West Bengal', pincode: '700016', country: 'India' },
    });
  });

  it("answers the profile rules' messages", async () => {
    const { headers } = await createUser(t.app, t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers,
      payload: { name: 'A', phone: '12345', address: { line1: '', city: '', state: 'Narnia', pincode: '012345', country: 'Nepal' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'Name must be at least 2 characters',
      phone: 'Invalid Indian phone number',
      'address.line1': 'Address is required',
      'address.city': 'City is required',
      'address.state': 'State is required',
      'address.pincode': 'Invalid Indian pincode',
      'address.country': 'Only India is supported',
    });
  });
});
