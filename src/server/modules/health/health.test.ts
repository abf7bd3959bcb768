import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('answers /healthz and /readyz when the database is migrated', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 with a message, not 500, while the database cannot be reached', async () => {
    // A PostgreSQL URL where nothing listens: every query fails to connect.
    const handle = await openDatabase({ url: 'postgres://postgres@127.0.0.1:9/nothing', poolSize: 1 });
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: t.config.dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      RAZORPAY_KEY_ID: 'rzp_test_key',
      RAZORPAY_KEY_SECRET: 'secret',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, db: handle.db });
    try {
      const products = await app.inject('/api/products');
      expect(products.statusCode).toBe(503);
      expect(products.json()).toEqual({ message: 'The shop is briefly unavailable. Please try again in a few seconds.' });
      expect(products.headers['retry-after']).toBe('5');
      expect((await app.inject('/readyz')).statusCode).toBe(503);
      expect((await app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it('refuses text the database cannot store with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'Nul\u0000 Byte', email: 'nul@example.in', phone: '9876543210', comment: 'A message with a NUL byte in the name.' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Text contains invalid characters' });
  });
});
