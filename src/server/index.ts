/**
 * The process entry: reads the config, opens and migrates the database, seeds the demo catalogue
 * into an empty database, makes sure the configured admin exists, serves the shop, and shuts down
 * cleanly on SIGTERM/SIGINT.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { startBackgroundJobs } from './jobs';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DEMO_ADMIN, ensureAdmin, ensureDemoImageTwins, seedDemoCatalog } from './db/seed/seed';

async function main() {
  const config = loadConfig();
  const handle = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  await handle.migrate();
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
    logger: dev ? { level: config.logLevel, stream: dev.devLogStream() } : { level: config.logLevel },
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
  if (config.razorpay.sandbox) console.log('  Payments: Razorpay sandbox (no keys set; no money moves)');
  if (!config.smtpUrl) console.log(`  Mail: written to ${path.join(config.dataDir, 'outbox')}`);
  if (demoAdmin) console.log(`  Demo admin: ${demoAdmin.email} / ${demoAdmin.password}`);
  console.log('');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    stopJobs();
    app.shuttingDown = true;
    // Stops accepting connections, lets in-flight requests finish, then closes Redis and the pool.
    // Keep-alive sockets that finish a request while closing are closed as soon as they go idle.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(sweep);
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
