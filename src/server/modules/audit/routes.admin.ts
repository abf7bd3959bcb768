/**
 * The audit log's admin routes (docs/architecture.md#audit-log), owners only ('audit.read'):
 * GET /api/admin/activity (a filtered page, newest first, keyset cursor), GET
 * /api/admin/activity.csv (every matching row as a CSV download; the download is itself recorded,
 * 'audit.export') and GET /api/admin/activity/people (who appears in the log, for the person filter).
 */
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { istDate } from '../../../core/india-time';
import { answers } from '../../../core/schemas/answers';
import { activityFiltersSchema, activityPageSchema, activityPeopleSchema, activityQuerySchema } from '../../../core/schemas/audit';
import { auditActor, recordAudit } from './record';
import { activityCsv, listActivity, listActivityPeople } from './service';

/** The filters set on an export, as its audit row's summary names them ('entity=order, from=2026-12-01'). */
const filtersText = (filters: Record<string, string | undefined>) =>
  Object.entries(filters)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');

/** Registers the activity log routes. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/activity',
    {
      config: { permission: 'audit.read' },
      schema: { querystring: activityQuerySchema, response: answers({ 200: activityPageSchema }) },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listActivity(app.db, req.query);
    },
  );

  app.get(
    '/api/admin/activity.csv',
    {
      config: { permission: 'audit.read' },
      schema: {
        querystring: activityFiltersSchema,
        response: answers({ 200: z.unknown().describe('The matching audit rows as a CSV download (text/csv), streamed') }),
      },
    },
    async (req, reply) => {
      const filters = filtersText(req.query);
      await app.db.transaction((tx) =>
        recordAudit(tx, auditActor(req), {
          action: 'audit.export',
          entity: 'audit',
          summary: filters ? `Downloaded the activity log as CSV (${filters})` : 'Downloaded the whole activity log as CSV',
        }),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="activity-${istDate(new Date())}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(activityCsv(app.db, req.query)));
    },
  );

  app.get(
    '/api/admin/activity/people',
    { config: { permission: 'audit.read' }, schema: { response: answers({ 200: activityPeopleSchema }) } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return listActivityPeople(app.db);
    },
  );
};
