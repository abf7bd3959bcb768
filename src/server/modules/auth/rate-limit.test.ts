import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/test-app';

const wrongLogin = (email: string, ip: string) => ({
  method: 'POST' as const,
  url: '/api/auth/login',
  remoteAddress: ip,
  payload: { email, password: 'Wrong@123' },
});

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

  it('limits each account whatever IP the attempts come from', async () => {
    const t = await createTestApp({ authAccountLimitMax: 4 });
    try {
      for (let i = 0; i < 4; i++) {
        expect((await t.app.inject(wrongLogin('Target@Example.in', `10.2.0.${i}`))).statusCode).toBe(401);
      }
      const res = await t.app.inject(wrongLogin('target@example.in', '10.2.0.99'));
      expect(res.statusCode).toBe(429);
      // A different account from the same IP still gets through.
      expect((await t.app.inject(wrongLogin('other@example.in', '10.2.0.99'))).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

// Runs where Redis is available (CI starts it and sets TEST_REDIS_URL).
describe.runIf(process.env.TEST_REDIS_URL)('auth rate limits shared through Redis', () => {
  it('counts attempts made on two instances together', async () => {
    const nameSpaceSalt = randomBytes(4).toString('hex');
    const env = { REDIS_URL: process.env.TEST_REDIS_URL! };
    const a = await createTestApp({ authRateLimitMax: 3 }, env);
    const b = await createTestApp({ authRateLimitMax: 3 }, env);
    try {
      const ip = `10.3.${parseInt(nameSpaceSalt.slice(0, 2), 16)}.${parseInt(nameSpaceSalt.slice(2, 4), 16)}`;
      expect((await a.app.inject(wrongLogin('x1@example.in', ip))).statusCode).toBe(401);
      expect((await b.app.inject(wrongLogin('x2@example.in', ip))).statusCode).toBe(401);
      expect((await a.app.inject(wrongLogin('x3@example.in', ip))).statusCode).toBe(401);
      expect((await b.app.inject(wrongLogin('x4@example.in', ip))).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  }, 90_000);
});
