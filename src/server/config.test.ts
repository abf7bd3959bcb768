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

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless set (request.ip is the socket address)', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '' }).trustProxy).toBe(false);
  });

  it('takes addresses, CIDR ranges and proxy-addr names separated by commas', () => {
    expect(load({ TRUST_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(load({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8']);
    expect(load({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual(['loopback', 'uniquelocal']);
  });

  // true and hop counts would believe a client that reaches the server directly (Fastify's docs).
  it.each([
    'true',
    'yes',
    '1',
    '2',
    '0',
    'lb.internal',
    '10.0.0.0/33',
    '10.0.0.1/',
    '300.1.1.1',
    '10.0.0.0/8,',
    '-1',
    'fd00::/129',
    '0.0.0.0/0',
    '::/0',
  ])('refuses %s, naming the variable', (value) => {
    expect(() => load({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => load({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});
