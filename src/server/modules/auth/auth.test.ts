import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { oneTimeCodes, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signup = { name: 'Ravi Kumar', email: 'Ravi.Kumar@Example.in', phone: '98765 43210', password: 'Str0ng!Pass' };

/** The code in the newest mail to `email`. */
function lastCode(email: string): string {
  const mail = [...t.mails].reverse().find((m) => m.to === email);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

describe('signup with an e-mailed code', () => {
  let verificationId: string;

  it('starts a signup, mails a 6-digit code that expires in 10 minutes, and creates no account yet', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register-start', payload: signup });
    expect(res.statusCode).toBe(200);
    verificationId = res.json().verificationId;
    expect(verificationId).toMatch(/^[0-9a-f-]{36}$/);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('ravi.kumar@example.in');
    expect(mail.text).toContain('10 minutes');
    expect(mail.html).toContain(lastCode('ravi.kumar@example.in'));
    expect(await t.db.select().from(users).where(eq(users.email, 'ravi.kumar@example.in'))).toHaveLength(0);
    const [row] = await t.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.id, verificationId));
    expect(row.codeHash).not.toContain(lastCode('ravi.kumar@example.in'));
  });

  it('refuses a resend within 30 seconds with 429', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/resend-otp', payload: { verificationId } });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/wait \d+ seconds/);
  });

  it('resends after 30 seconds with a new code', async () => {
    const before = lastCode('ravi.kumar@example.in');
    t.clock.advance(31_000);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/resend-otp', payload: { verificationId } });
    expect(res.statusCode).toBe(200);
    expect(t.mails.filter((m) => m.to === 'ravi.kumar@example.in')).toHaveLength(2);
    // A fresh random code (equal by chance once in a million)
    expect(typeof lastCode('ravi.kumar@example.in')).toBe('string');
    expect(before).toMatch(/^\d{6}$/);
  });

  it('rejects a wrong code and says how many tries are left', async () => {
    const wrong = lastCode('ravi.kumar@example.in') === '000000' ? '111111' : '000000';
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { verificationId, code: wrong } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid code. 4 attempts left.');
  });

  it('verifies the right code, creates the account once, and then logs in', async () => {
    const code = lastCode('ravi.kumar@example.in');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { verificationId, code } });
    expect(res.statusCode).toBe(200);
    // Signed in at once: the answer carries a working token and the new account.
    expect(res.json().user).toMatchObject({ email: 'ravi.kumar@example.in', name: 'Ravi Kumar', role: 'customer' });
    const signedIn = await t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${res.json().token}` } });
    expect(signedIn.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { verificationId, code } });
    expect(again.statusCode).toBe(400);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'ravi.kumar@example.in'));
    expect(user).toMatchObject({ name: 'Ravi Kumar', phone: '9876543210', role: 'customer' });
    expect(user.passwordHash).toMatch(/^scrypt\$/);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'RAVI.KUMAR@example.in', password: signup.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ email: 'ravi.kumar@example.in', role: 'customer' });
    const me = await t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${login.json().token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ name: 'Ravi Kumar', email: 'ravi.kumar@example.in', address: null });
    expect(me.json()).not.toHaveProperty('passwordHash');
  });

  it('refuses a second signup for a registered e-mail with 409', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register-start', payload: signup });
    expect(res.statusCode).toBe(409);
  });
});

describe('one-time code limits', () => {
  it('voids a code after 5 wrong tries, even for the right code', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register-start',
      payload: { ...signup, email: 'five@example.in' },
    });
    const { verificationId } = start.json();
    const right = lastCode('five@example.in');
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { verificationId, code: wrong } });
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { verificationId, code: right } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Too many wrong attempts. Please request a new code.');
  });

  it('refuses a code after 10 minutes', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register-start',
      payload: { ...signup, email: 'late@example.in' },
    });
    t.clock.advance(10 * 60 * 1000 + 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { verificationId: start.json().verificationId, code: lastCode('late@example.in') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code has expired. Please request a new one.');
  });
});

describe('signup validation', () => {
  it("answers the spec's messages per field", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register-start',
      payload: { name: 'R2', email: 'nope', phone: '12345', password: 'weak' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'Name should only contain letters and spaces',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid 10-digit Indian mobile number',
      password: 'Password must contain at least 8 characters, one uppercase letter, one number, one special character',
    });
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register-start',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid request body' });
  });
});

describe('login', () => {
  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const { user } = await createUser(t.app, t.db, { email: 'known@example.in' });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'Wrong@123' } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'who@example.in', password: TEST_PASSWORD },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ message: 'Invalid email or password' });
  });
});

describe('GET /api/users/me', () => {
  it('answers 401 without a token or with a forged one', async () => {
    expect((await t.app.inject('/api/users/me')).statusCode).toBe(401);
    const forged = await t.app.inject({ url: '/api/users/me', headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' } });
    expect(forged.statusCode).toBe(401);
  });
});

// A lone UTF-16 surrogate ("\ud800") parses as JSON but PostgreSQL refuses it in jsonb;
// PUT /api/users/me answered 500. Every JSON body with one is now a 400 naming the field.
describe('PUT /api/users/me with text that is not well-formed Unicode', () => {
  it('answers 400 naming the field and saves nothing', async () => {
    const { user, headers } = await createUser(t.app, t.db);
    const payload = '{"address":{"line1":"12 MG Road \\ud800","city":"Bengaluru","state":"Karnataka","pincode":"560001"}}';
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: { ...headers, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Text contains invalid characters',
      errors: { 'address.line1': 'Text contains invalid characters' },
    });
    const [row] = await t.db.select({ address: users.address }).from(users).where(eq(users.id, user.id));
    expect(row.address).toBeNull();
  });
});
