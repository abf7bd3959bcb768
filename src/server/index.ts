/**
 * The process entry: reads the config, opens and migrates the database (then moves handles the
 * migrations could not transliterate), seeds the demo catalogue
 * into an empty database, makes sure the configured admin exists, serves the shop, and shuts down
 * cleanly on SIGTERM/SIGINT. A new embedded database is first made by a child process (see
 * `prepareInChildProcess`).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { startBackgroundJobs } from './jobs';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { repairTransliteratedHandles } from './modules/catalog/handles';
import { DEMO_ADMIN, ensureAdmin, ensureDemoImageTwins, seedDemoCatalog } from './db/seed/seed';

/** HOST values only this machine can reach (the startup lines say whether the demo is exposed). */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** The argument that makes this entry prepare the database, then exit without serving. */
const PREPARE_ONLY = '--prepare-database';

/**
 * Migrates the database, seeds the demo catalogue into an empty one (SEED_DEMO) and makes sure the
 * configured or demo admin exists. Returns the demo admin's sign-in when that is the admin.
 */
async function prepareDatabase(config: AppConfig, handle: DatabaseHandle): Promise<{ email: string; password: string } | undefined> {
  await handle.migrate();
  const rehandled = await repairTransliteratedHandles(handle.db);
  if (rehandled) console.log(`Gave ${rehandled} products with titles in other scripts readable addresses (old ones answer 301).`);
  let demoAdmin: { email: string; password: string } | undefined;
  if (config.seedDemo) {
    const mediaDir = path.join(config.dataDir, 'media');
    const seeded = await seedDemoCatalog(handle.db, { mediaDir });
    if (seeded) console.log(`Seeded the demo catalogue (${seeded.products} products).`);
    else await ensureDemoImageTwins(mediaDir);
    if (!config.admin) {
      await ensureAdmin(handle.db, { ...DEMO_ADMIN, name: 'Demo Admin' });
      demoAdmin = DEMO_ADMIN;
    }
  }
  if (config.admin) await ensureAdmin(handle.db, { ...config.admin, name: 'Store Admin' });
  return demoAdmin;
}

/**
 * Runs this entry with PREPARE_ONLY in a child process and waits for it. Used when the
 * embedded database does not exist yet: making it (initdb, the migrations' first compilations) and
 * drawing the demo pictures (sharp) leave 250-300 MB in glibc's per-thread allocation arenas, which
 * a live process keeps for good but an exiting one gives back; the shop then opens the finished
 * database. Rejects when the child fails.
 */
async function prepareInChildProcess(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), PREPARE_ONLY], { stdio: 'inherit' });
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code !== 0) throw new Error(`preparing the embedded database failed (${signal ?? `exit code ${code}`})`);
}

async function main() {
  const config = loadConfig();
  const pgliteDir = path.join(config.dataDir, 'db');
  const prepareOnly = process.argv.includes(PREPARE_ONLY);
  if (!prepareOnly && !config.databaseUrl && !existsSync(path.join(pgliteDir, 'PG_VERSION'))) await prepareInChildProcess();
  const handle = await openDatabase({ url: config.databaseUrl, pgliteDir, poolSize: config.databasePoolSize });
  const demoAdmin = await prepareDatabase(config, handle);
  if (prepareOnly) {
    await handle.close();
    process.exit(0);
  }
  if (config.razorpay.sandbox) {
    config.razorpay.apiBase = `http://127.0.0.1:${config.port}/razorpay-sandbox`;
  }
  if (config.shiprocket.standIn) {
    config.shiprocket.apiBase = `http://127.0.0.1:${config.port}/shiprocket-sandbox`;
  }
  // `npm run dev` sets WEB_DEV=vite (scripts/dev.mjs): pages and modules come from Vite, not the build.
  const webDev = process.env.WEB_DEV === 'vite';
  const webBuildDir = webDev ? undefined : fileURLToPath(new URL('..', import.meta.url));
  const dev = config.isProduction ? undefined : await import('./dev-log');
  const app = await buildApp({
    config,
    db: handle.db,
    webBuildDir,
    webDev,
    // Production: JSON lines for a log shipper; elsewhere one readable line each.
    logger: dev ? { level: config.logLevel, stream: await dev.devLogStream() } : { level: config.logLevel },
    // Production logs errors and slow requests only, unless LOG_LEVEL asks for debug detail.
    requestLogging: dev ? 'line' : config.logLevel === 'debug' || config.logLevel === 'trace' ? 'each' : 'slow',
    announceCode: dev?.announceCode,
  });
  await app.listen({ port: config.port, host: config.host });
  const stopJobs = startBackgroundJobs(app);

  const url = `http://localhost:${config.port}`;
  console.log(`\n  Rangmanch is open at ${url}`);
  console.log(
    `  Database: ${handle.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL (DATABASE_URL)'}`,
  );
  if (config.razorpay.sandbox) {
    console.log('  Payments: SIMULATED by the built-in Razorpay sandbox (no RAZORPAY_KEY_ID / RAZORPAY_KEY_SECRET):');
    console.log('            every checkout is marked paid and no money moves; every page shows "Demo shop: payments are simulated"');
    console.log(
      LOOPBACK.has(config.host)
        ? `  Listening on ${config.host} only (this machine); set HOST=0.0.0.0 to let other devices in`
        : `  WARNING: listening on ${config.host}: anyone who reaches it can place orders marked paid without paying`,
    );
  } else {
    console.log(`  Payments: Razorpay (key ${config.razorpay.keyId})`);
  }
  if (!config.smtpUrl) console.log(`  Mail: written to ${path.join(config.dataDir, 'outbox')}`);
  if (demoAdmin) console.log(`  Demo admin: ${demoAdmin.email} / ${demoAdmin.password}`);
  console.log('');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    // Jobs start no new run; the ones running finish before the pool closes.
    const jobsStopped = stopJobs();
    app.shuttingDown = true;
    // Stops accepting connections, lets in-flight requests finish, then closes Redis and the pool.
    // Keep-alive sockets that finish a request while closing are closed as soon as they go idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(sweep);
    await jobsStopped;
    await handle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('The shop could not start:', err);
  }
  process.exit(1);
});
