import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('request ids', () => {
  it('answers every request with a request id, keeping a well-formed one from the load balancer', async () => {
    const fresh = await t.app.inject('/healthz');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-1234-abcd' } });
    expect(kept.headers['x-request-id']).toBe('lb-1234-abcd');
    const hostile = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'x\n{"level":60,"msg":"forged"}' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
