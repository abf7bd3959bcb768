import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, startShop, type Shop } from './harness';

// A new embedded database (PGlite) is made, migrated and seeded by a child process of the
// shop, which then opens it; a later start opens the same database without preparing it again.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-embedded-'));
const running: Shop[] = [];
afterAll(async () => {
  for (const shop of running) await shop.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The zero-config demo shop: no DATABASE_URL, so PGlite in DATA_DIR/db. */
async function startEmbedded(): Promise<Shop> {
  const env: Record<string, string> = { NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true' };
  // The first start draws the demo pictures and runs initdb: minutes on a busy two-core machine.
  const shop = await startShop(env, { dataDir, readyWithinMs: 300_000 });
  running.push(shop);
  return shop;
}

describe('the embedded database on first start', () => {
  it('is prepared before the shop serves it, and opened as it is on the next start', async () => {
    expect(process.env.DATABASE_URL).toBeUndefined();
    const first = await startEmbedded();
    const seeded = await call<{ _id: string }[]>(first.url, 'GET', '/api/products?limit=100');
    expect(seeded.status).toBe(200);
    expect(seeded.body.length).toBeGreaterThan(40);
    expect(first.logs.join('')).toContain('Seeded the demo catalogue');
    expect(await first.stop()).toBe(0);

    const second = await startEmbedded();
    const again = await call<{ _id: string }[]>(second.url, 'GET', '/api/products?limit=100');
    expect(again.body.map((p) => p._id).sort()).toEqual(seeded.body.map((p) => p._id).sort());
    expect(second.logs.join('')).not.toContain('Seeded the demo catalogue');
    expect(await second.stop()).toBe(0);
  }, 660_000);
});
