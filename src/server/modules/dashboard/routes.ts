/**
 * GET /api/admin/dashboard: the admin dashboard's figures, low stock by the shop's
 * threshold (settings). The money figures go only to a role with dashboard.revenue
 * (docs/decisions/0023-staff-roles.md); the others get the counts alone.
 */
import { answers, dashboardSummarySchema } from '../../../core/schemas/answers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can } from '../../../core/permissions';
import { getDashboard, withoutMoney } from './service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/dashboard',
    { config: { permission: 'dashboard.read' }, schema: { response: answers({ 200: dashboardSummarySchema }) } },
    async (req) => {
      const summary = await getDashboard(app.db, app.authDeps.now(), (await app.settings.get()).inventory.lowStockThreshold);
      return can(req.currentUser?.role, 'dashboard.revenue') ? summary : withoutMoney(summary);
    },
  );
};
