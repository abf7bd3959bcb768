/**
 * Runs real shop processes (the production build, NODE_ENV=production) for the resilience tests:
 * a fresh PostgreSQL database, a Razorpay stand-in on loopback, shared Redis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startRazorpaySandbox } from '../../src/server/integrations/razorpay/sandbox';

export const ADMIN = { email: 'owner@example.in', password: 'Owner@12345' };

/** A valid Kolkata delivery address for the shoppers these tests create. */
export const SHIPPING_ADDRESS = {
  firstName: 'Ira',
  lastName: 'Das',
  email: 'ira@example.in',
  phone: '9876543210',
  line1: '3 Camac Street',
  line2: '',
  city: 'Kolkata',
  state: 'West Bengal',
  pincode: '700016',
};
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Creates a throw-away PostgreSQL database; `drop` removes it. */
export async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `store_resilience_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface Shop {
  url: string;
  process: ChildProcess;
  logs: string[];
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Shared settings of one deployment: every instance gets the same secrets and services. */
export async function createDeployment(databaseUrl: string) {
  const keySecret = randomBytes(16).toString('hex');
  const sandbox = await startRazorpaySandbox({ keyId: 'rzp_test_resilience', keySecret });
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    // The tests stand in for a load balancer on this machine: X-Forwarded-For names the client.
    TRUST_PROXY: 'loopback',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    JWT_SECRET: randomBytes(32).toString('hex'),
    RAZORPAY_KEY_ID: 'rzp_test_resilience',
    RAZORPAY_KEY_SECRET: keySecret,
    RAZORPAY_WEBHOOK_SECRET: 'whsec_resilience',
    RAZORPAY_API_BASE: sandbox.baseUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  };
  return { sandbox, env };
}

/**
 * Starts `node build/node/main.js` and waits until /readyz answers 200 (within `readyWithinMs`,
 * default 60 s). `dataDir` reuses a data folder; by default each start gets a new one.
 */
export async function startShop(
  env: Record<string, string>,
  opts: { port?: number; databaseUrl?: string; dataDir?: string; readyWithinMs?: number } = {},
): Promise<Shop> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'shop-instance-'));
  const child = spawn(process.execPath, ['build/node/main.js'], {
    env: { ...process.env, ...env, ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}), PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  child.stdout.on('data', (d: Buffer) => logs.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => logs.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.readyWithinMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop exited early:\n${logs.join('')}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`shop did not become ready:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    process: child,
    logs,
    stop(signal = 'SIGTERM') {
      return new Promise((resolve) => {
        // A process killed by a signal has no exit code, only a signal code.
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      });
    },
  };
}

/** JSON over HTTP with an optional bearer token. */
export async function call<T = unknown>(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
