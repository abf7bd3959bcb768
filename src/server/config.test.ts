import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rangmanch-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });

describe('DATABASE_POOL_SIZE', () => {
  it('is 20 connections unless set, and takes a whole number from 1 to 200', () => {
    expect(load({}).databasePoolSize).toBe(20);
    expect(load({ DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(20);
    expect(load({ DATABASE_POOL_SIZE: '6' }).databasePoolSize).toBe(6);
    expect(load({ DATABASE_POOL_SIZE: '200' }).databasePoolSize).toBe(200);
  });

  it.each(['0', '201', '2.5', 'many', '-3'])('refuses %s, naming the variable', (value) => {
    expect(() => load({ DATABASE_POOL_SIZE: value })).toThrow(ConfigError);
    expect(() => load({ DATABASE_POOL_SIZE: value })).toThrow(/DATABASE_POOL_SIZE/);
  });
});

describe('HOST', () => {
  const keys = { RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' };

  it('is localhost only while the Razorpay sandbox marks any checkout paid (README "Configuration")', () => {
    const demo = load({});
    expect(demo.razorpay.sandbox).toBe(true);
    expect(demo.host).toBe('127.0.0.1');
    expect(load({ NODE_ENV: 'development', HOST: '' }).host).toBe('127.0.0.1');
  });

  it('is every address with Razorpay keys, in production as before, and whatever HOST says when set', () => {
    expect(load(keys).host).toBe('0.0.0.0');
    expect(load({ ...keys, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).host).toBe('0.0.0.0');
    expect(load({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(load({ ...keys, HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });
});
