/**
 * GET /api/admin/dashboard: the admin dashboard's figures, low stock by the shop's
 * threshold (settings).
 */
import { answers, dashboardSummarySchema } from '../../../core/schemas/answers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getDashboard } from './service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/dashboard',
    { config: { permission: 'dashboard.read' }, schema: { response: answers({ 200: dashboardSummarySchema }) } },
    async () => getDashboard(app.db, app.authDeps.now(), (await app.settings.get()).inventory.lowStockThreshold),
  );
};
