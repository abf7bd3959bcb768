/**
 * Builds the real app on a fresh database for one test file: in-memory PGlite started from the
 * migrated template (./pglite-template.ts), or (TEST_DB=postgres)
 * a new PostgreSQL database created from TEST_DATABASE_URL and dropped afterwards. Razorpay is a
 * real sandbox server on loopback; mail is captured in memory.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import type { Mailer, MailMessage } from '../../src/server/integrations/mail/mailer';
import { startRazorpaySandbox } from '../../src/server/integrations/razorpay/sandbox';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: AppConfig;
  mails: MailMessage[];
  sandbox: Awaited<ReturnType<typeof startRazorpaySandbox>>;
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Starts a test app; `overrides` tweak build options (e.g. a lower auth rate limit). */
export async function createTestApp(overrides: Partial<BuildOptions> = {}, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
  const keySecret = randomBytes(16).toString('hex');
  const sandbox = await startRazorpaySandbox({ keyId: 'rzp_test_key', keySecret });
  const pgDb = process.env.TEST_DB === 'postgres' ? await createPostgresDatabase() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    RAZORPAY_KEY_ID: 'rzp_test_key',
    RAZORPAY_KEY_SECRET: keySecret,
    RAZORPAY_WEBHOOK_SECRET: 'whsec_test',
    RAZORPAY_API_BASE: sandbox.baseUrl,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const handle = await openDatabase(
    pgDb ? { url: pgDb.url, poolSize: 10 } : { pgliteDir: 'memory://', pgliteDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) },
  );
  await handle.migrate();
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    target: 'memory',
    async send(message) {
      mails.push(message);
    },
  };
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const app = await buildApp({
    config,
    db: handle.db,
    mailer,
    now: () => clock.now,
    authRateLimitMax: 1000,
    authAccountLimitMax: 1000,
    ...overrides,
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    mails,
    sandbox,
    clock,
    async close() {
      await app.close();
      await handle.close();
      await sandbox.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
