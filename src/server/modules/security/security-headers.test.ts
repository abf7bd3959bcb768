import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { helmetHeaders, securityHeadersPlugin } from '../../plugins/security-headers';

/** What every answer must carry, with the values this shop chose. */
const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'SAMEORIGIN',
  'origin-agent-cluster': '?1',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ cacheTtlMs: 60_000 });
});
afterAll(() => t.close());

describe('security headers', () => {
  it('come on every answer: a read, the same read from the response cache, a 404 and a refused body', async () => {
    const first = await t.app.inject('/api/products');
    const hit = await t.app.inject('/api/products');
    expect(hit.headers['x-cache']).toBe('hit');
    const missing = await t.app.inject('/api/products/not-an-id');
    expect(missing.statusCode).toBe(404);
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 1 } });
    expect(refused.statusCode).toBe(400);
    for (const res of [first, hit, missing, refused]) {
      expect(res.headers).toMatchObject(EXPECTED);
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['content-security-policy']).toBeUndefined(); // the pages set their own (ssr.ts)
      expect(res.headers['strict-transport-security']).toBeUndefined(); // not in production
    }
  });

  it('adds HSTS only when asked (production), and lets a route replace a header', async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, { hsts: true });
    app.get('/widget', async (_req, reply) => reply.header('cross-origin-resource-policy', 'cross-origin').send('ok'));
    const res = await app.inject('/widget');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });

  it('are what helmet itself sets, and refuse options helmet refuses', () => {
    expect(helmetHeaders({})).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN' });
    expect(helmetHeaders({ xFrameOptions: { action: 'deny' } })['x-frame-options']).toBe('DENY');
    expect(() => helmetHeaders({ referrerPolicy: { policy: 'no-such-policy' as never } })).toThrow();
  });
});
