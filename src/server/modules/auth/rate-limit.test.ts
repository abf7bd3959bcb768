import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../../tests/helpers/factories';
import { createTestApp } from '../../../../tests/helpers/test-app';

const wrongLogin = (email: string, ip: string, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: '/api/auth/login',
  remoteAddress: ip,
  headers,
  payload: { email, password: 'Wrong@123' },
});
const rightLogin = (email: string, ip: string) => ({ ...wrongLogin(email, ip), payload: { email, password: TEST_PASSWORD } });
const ACCOUNT_MESSAGE = /^Too many attempts for this account\. Please try again in \d+ minutes?\.$/;

describe('auth rate limits', () => {
  it('limits each IP, answering 429 with Retry-After and a message', async () => {
    const t = await createTestApp({ authRateLimitMax: 3 });
    try {
      for (let i = 0; i < 3; i++) expect((await t.app.inject(wrongLogin(`a${i}@example.in`, '10.1.1.1'))).statusCode).toBe(401);
      const res = await t.app.inject(wrongLogin('a9@example.in', '10.1.1.1'));
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
      // Another IP is not affected.
      expect((await t.app.inject(wrongLogin('a9@example.in', '10.1.1.2'))).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('limits a client that sends a new forged X-Forwarded-For each time (no proxy trusted by default)', async () => {
    const t = await createTestApp({ authRateLimitMax: 3 });
    try {
      const forged = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });
      for (let i = 0; i < 3; i++) {
        expect((await t.app.inject(wrongLogin(`f${i}@example.in`, '10.1.2.1', forged(i)))).statusCode).toBe(401);
      }
      for (let i = 3; i < 8; i++) {
        expect((await t.app.inject(wrongLogin(`f${i}@example.in`, '10.1.2.1', forged(i)))).statusCode).toBe(429);
      }
    } finally {
      await t.close();
    }
  });

  it("with TRUST_PROXY set to the load balancer's address counts the address it appended, not what the client wrote", async () => {
    const t = await createTestApp({ authRateLimitMax: 3 }, { TRUST_PROXY: '10.0.0.0/24' });
    try {
      // The load balancer (10.0.0.5) appends the client it saw to whatever the client sent.
      const viaProxy = (email: string, client: string, forged: string) =>
        wrongLogin(email, '10.0.0.5', { 'x-forwarded-for': `${forged}, ${client}` });
      for (let i = 0; i < 3; i++) {
        expect((await t.app.inject(viaProxy(`p${i}@example.in`, '203.0.113.7', `198.51.100.${i}`))).statusCode).toBe(401);
      }
      expect((await t.app.inject(viaProxy('p3@example.in', '203.0.113.7', '198.51.100.99'))).statusCode).toBe(429);
      // Another client behind the same proxy has its own count.
      expect((await t.app.inject(viaProxy('p3@example.in', '203.0.113.8', '198.51.100.99'))).statusCode).toBe(401);
      // A client reaching the server directly is counted by its own address, whatever it forwards.
      const direct = (i: number) => wrongLogin(`d${i}@example.in`, '192.0.2.9', { 'x-forwarded-for': `198.51.100.${i}` });
      for (let i = 0; i < 3; i++) expect((await t.app.inject(direct(i))).statusCode).toBe(401);
      expect((await t.app.inject(direct(3))).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('login limits: failures per account and IP, never a lock-out by strangers', () => {
  it("refuses a stranger's 20 wrong tries for the admin with 429, while the owner still logs in", async () => {
    const t = await createTestApp({ authAccountLimitMax: 10 });
    try {
      const { user } = await createUser(t.app, t.db, { email: 'admin@rangmanch.in', role: 'admin' });
      const answers = [];
      for (let i = 0; i < 20; i++) answers.push(await t.app.inject(wrongLogin('Admin@Rangmanch.in', '10.2.0.66')));
      expect(answers.map((r) => r.statusCode)).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
      const last = answers[19];
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
      expect(last.json().message).toMatch(ACCOUNT_MESSAGE);

      const owner = await t.app.inject(rightLogin(user.email, '10.2.0.7'));
      expect(owner.statusCode).toBe(200);
      expect(owner.json().user.email).toBe('admin@rangmanch.in');
      // The stranger stays refused, even with the right password.
      expect((await t.app.inject(rightLogin(user.email, '10.2.0.66'))).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('does not count successful logins', async () => {
    const t = await createTestApp({ authAccountLimitMax: 3 });
    try {
      const { user } = await createUser(t.app, t.db);
      for (let i = 0; i < 8; i++) expect((await t.app.inject(rightLogin(user.email, '10.2.1.1'))).statusCode).toBe(200);
      // Two typos, then the right password: still in.
      for (let i = 0; i < 2; i++) expect((await t.app.inject(wrongLogin(user.email, '10.2.1.1'))).statusCode).toBe(401);
      expect((await t.app.inject(rightLogin(user.email, '10.2.1.1'))).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('limits wrong tries per IP across accounts, and every refusal ends when its window does', async () => {
    const t = await createTestApp({ authAccountLimitMax: 3, loginLimits: { ipFailures: 5 } });
    try {
      const { user } = await createUser(t.app, t.db);
      for (let i = 0; i < 5; i++) expect((await t.app.inject(wrongLogin(`s${i}@example.in`, '10.2.2.2'))).statusCode).toBe(401);
      const refused = await t.app.inject(rightLogin(user.email, '10.2.2.2'));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many attempts from your network\. Please try again in \d+ minutes?\.$/);
      // Never for good: 15 minutes later the same IP is let through again.
      t.clock.advance(15 * 60_000 + 1000);
      expect((await t.app.inject(rightLogin(user.email, '10.2.2.2'))).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('slows down, never blocks, an account that many addresses guess at', async () => {
    const t = await createTestApp({ authAccountLimitMax: 2, loginLimits: { accountFailuresBeforeDelay: 4, delayMs: 400 } });
    try {
      const { user } = await createUser(t.app, t.db);
      for (let i = 0; i < 6; i++) expect((await t.app.inject(wrongLogin(user.email, `10.2.3.${i}`))).statusCode).toBe(401);
      const started = performance.now();
      expect((await t.app.inject(rightLogin(user.email, '10.2.3.200'))).statusCode).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    } finally {
      await t.close();
    }
  });
});

// Runs where Redis is available (CI starts it and sets TEST_REDIS_URL).
describe.runIf(process.env.TEST_REDIS_URL)('auth rate limits shared through Redis', () => {
  const salt = () => randomBytes(4).toString('hex');
  const ipOf = (s: string) => `10.3.${parseInt(s.slice(0, 2), 16)}.${parseInt(s.slice(2, 4), 16)}`;

  it('counts attempts made on two instances together', async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL! };
    const a = await createTestApp({ authRateLimitMax: 3 }, env);
    const b = await createTestApp({ authRateLimitMax: 3 }, env);
    try {
      const ip = ipOf(salt());
      expect((await a.app.inject(wrongLogin('x1@example.in', ip))).statusCode).toBe(401);
      expect((await b.app.inject(wrongLogin('x2@example.in', ip))).statusCode).toBe(401);
      expect((await a.app.inject(wrongLogin('x3@example.in', ip))).statusCode).toBe(401);
      expect((await b.app.inject(wrongLogin('x4@example.in', ip))).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  }, 90_000);

  it("counts a stranger's wrong tries on two instances together, and lets the owner in on either", async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL! };
    const a = await createTestApp({ authAccountLimitMax: 4 }, env);
    const b = await createTestApp({ authAccountLimitMax: 4 }, { ...env, JWT_SECRET: a.config.jwtSecret });
    try {
      // Counters live in Redis for 15 minutes: a fresh account per run.
      const { user } = await createUser(a.app, a.db, { email: `owner-${salt()}@example.in` });
      await createUser(b.app, b.db, { email: user.email });
      const stranger = ipOf(salt());
      const codes: number[] = [];
      for (let i = 0; i < 8; i++) codes.push((await (i % 2 ? b : a).app.inject(wrongLogin(user.email, stranger))).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
      expect((await b.app.inject(rightLogin(user.email, ipOf(salt())))).statusCode).toBe(200);
      expect((await a.app.inject(rightLogin(user.email, stranger))).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  }, 90_000);
});
