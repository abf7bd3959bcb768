/**
 * Abandoned-cart reminder routes (docs/architecture.md#abandoned-carts; service.ts):
 * - POST /api/cart/restore `{ reminderId, token }` (signed in): puts the reminded lines back into the
 *   shopper's cart and answers what was restored, what could not be and the coupon to use. A wrong
 *   token is 403 and changes nothing; another shopper's reminder is 403 with a clear message.
 * - GET /api/admin/cart-reminders/summary (permission dashboard.read): "Carts reminded" and "Orders
 *   recovered" over 30 days; the recovered value (rupees) only with dashboard.revenue.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can } from '../../../core/permissions';
import { answers } from '../../../core/schemas/answers';
import { cartReminderSummarySchema, cartRestoreBody, cartRestoreResultSchema } from '../../../core/schemas/cart-reminders';
import { requireUser } from '../../plugins/auth';
import { cartReminderSummary, restoreCart } from './service';

/** The shopper's restore. */
export const cartReminderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/cart/restore',
    { onRequest: app.authenticate, schema: { body: cartRestoreBody, response: answers({ 200: cartRestoreResultSchema }) } },
    async (req) => restoreCart(app.db, app.config.jwtSecret, requireUser(req).id, req.body),
  );
};

/** The dashboard's figures (inside the admin scope, setup/api.ts). */
export const adminCartReminderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/cart-reminders/summary',
    { config: { permission: 'dashboard.read' }, schema: { response: answers({ 200: cartReminderSummarySchema }) } },
    async (req) => {
      const { recoveredValue, ...counts } = await cartReminderSummary(app.db, app.authDeps.now());
      return can(req.currentUser?.role, 'dashboard.revenue') ? { ...counts, recoveredValue } : counts;
    },
  );
};
