/**
 * Accounts for the browser tests, made through the API: the demo admin, unique e-mail addresses,
 * log-in, and shoppers signed up with the code read from the mail outbox.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { readCodeFromOutbox } from './outbox';

/** The demo admin the e2e server seeds (README). */
export const DEMO_ADMIN = { email: 'admin@rangmanch.in', password: 'Admin@12345' } as const;

/** A signed-up, verified shopper and a token for them. */
export interface Shopper {
  name: string;
  email: string;
  phone: string;
  password: string;
  token: string;
}

let sequence = 0;

/** An e-mail address no earlier test (or run, or worker) has used. */
export function uniqueEmail(tag = 'shopper'): string {
  sequence += 1;
  return `${tag}-${Date.now()}-${process.pid}-${sequence}@example.in`;
}

/** The Bearer header of a token. */
export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/**
 * The demo admin's token, once per worker: every admin spec signs in as the same account, and the
 * shop allows ten sign-in attempts per account in 15 minutes, which the specs together pass.
 */
let demoAdminToken: Promise<string> | null = null;

/** POST /api/auth/login; returns the token (the demo admin's is fetched once per worker). */
export async function logIn(request: APIRequestContext, email: string, password: string): Promise<string> {
  const once = async () => {
    const res = await request.post('/api/auth/login', { data: { email, password } });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { token: string }).token;
  };
  if (email !== DEMO_ADMIN.email || password !== DEMO_ADMIN.password) return once();
  demoAdminToken ??= once().catch((err: unknown) => {
    demoAdminToken = null;
    throw err;
  });
  return demoAdminToken;
}

/** Signs a new shopper up (register-start, the mailed code, verify-otp) and logs them in. */
export async function signUpShopper(request: APIRequestContext, overrides: Partial<Omit<Shopper, 'token'>> = {}): Promise<Shopper> {
  const details = { name: 'Asha Verma', email: uniqueEmail(), phone: '9876543210', password: 'Kurta@2026', ...overrides };
  const started = await request.post('/api/auth/register-start', { data: details });
  expect(started.status(), await started.text()).toBe(200);
  const { verificationId } = (await started.json()) as { verificationId: string };
  const code = await readCodeFromOutbox(details.email);
  const verified = await request.post('/api/auth/verify-otp', { data: { verificationId, code } });
  expect(verified.status(), await verified.text()).toBe(200);
  return { ...details, token: await logIn(request, details.email, details.password) };
}
