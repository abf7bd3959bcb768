/**
 * Liveness and readiness for load balancers: `/healthz` answers while the process is up;
 * `/readyz` answers 200 only when the database is reachable and every committed migration is
 * applied, else 503 with a message.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import { migrationsFolder } from '../../db/client';

/** Number of migrations committed with this build (drizzle's journal). */
function committedMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** What the probes answer: 'ok', 'ready', or why not ('stopping', 'migrating', 'unavailable'). */
const status = z.object({ status: z.string() });

export const healthRoutes: FastifyPluginAsync = async (app) => {
  const expected = committedMigrations();

  app.get('/healthz', { logLevel: 'warn', schema: { response: { 200: status } } }, async () => ({ status: 'ok' }));

  app.get(
    '/readyz',
    { logLevel: 'warn', schema: { response: { 200: status, 503: status.extend({ message: z.string() }) } } },
    async (_request, reply) => {
      // A load balancer stops sending traffic to an instance that is shutting down.
      if (app.shuttingDown) return reply.status(503).send({ status: 'stopping', message: 'Shutting down' });
      try {
        const result = await app.db.execute<{ applied: number }>(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
        const applied = Number(result.rows[0]?.applied ?? 0);
        if (applied < expected) {
          return reply.status(503).send({ status: 'migrating', message: `Database migrations pending (${applied}/${expected})` });
        }
        return { status: 'ready' };
      } catch {
        return reply.status(503).send({ status: 'unavailable', message: 'Database unavailable' });
      }
    },
  );
};
