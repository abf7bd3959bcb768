/**
 * Back-in-stock alert routes (docs/architecture.md#back-in-stock):
 * - POST /api/stock-alerts {variantId, email? | phone?, channel?}: guests and signed-in shoppers
 *   (whose identity comes from the token, never the body); 201 a new alert, 200 the live one already
 *   there; 404 an unknown or retired size, 409 a size in stock; per address 10 a minute.
 * - POST /api/stock-alerts/{id}/confirm {code}: a guest's code; 200 the alert, now waiting.
 * - GET /api/stock-alerts/mine?productId=: a signed-in shopper's live alerts on a product's sizes.
 * - DELETE /api/stock-alerts/{id}: a signed-in shopper leaves their alert.
 * - GET /api/admin/stock-alerts/waiting?productId=: shoppers waiting per size (catalog.write).
 */
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../../core/schemas/answers';
import { idParams } from '../../../core/schemas/common';
import {
  myStockAlertsQuerySchema,
  myStockAlertsSchema,
  stockAlertConfirmSchema,
  stockAlertSchema,
  stockAlertSignUpSchema,
  waitingAlertsQuerySchema,
  waitingAlertsSchema,
} from '../../../core/schemas/stock-alerts';
import { stageWhatsApp } from '../../integrations/whatsapp/outbox';
import { requireUser } from '../../plugins/auth';
import { ALERT_NOT_FOUND, confirmAlert, leaveAlert, myAlerts, signUpForAlert, waitingAlerts, type StockAlertDeps } from './service';

/** Sign-ups and code tries per client address per minute (like the contact form's). */
export const STOCK_ALERT_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

const alertParams = idParams(ALERT_NOT_FOUND);

/** The sign-up's dependencies from the app's shared services. */
export function stockAlertDeps(app: FastifyInstance): StockAlertDeps {
  const auth = app.authDeps;
  return {
    db: app.db,
    mailer: auth.mailer,
    codePepper: auth.codePepper,
    now: auth.now,
    onCodeIssued: auth.onCodeIssued ? (to, code) => auth.onCodeIssued?.(to, code, 'signup') : undefined,
    // A guest's code on WhatsApp: staged in the code's transaction, sent by the WhatsApp outbox.
    stageWhatsApp: async (tx, message) => (await stageWhatsApp(tx, message)).staged,
  };
}

/** Registers the shopper's alert calls. */
export const stockAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => stockAlertDeps(app);
  app.post(
    '/api/stock-alerts',
    {
      onRequest: app.optionalUser,
      config: { rateLimit: STOCK_ALERT_RATE_LIMIT },
      schema: { body: stockAlertSignUpSchema, response: answers({ 200: stockAlertSchema, 201: stockAlertSchema }) },
    },
    async (req, reply) => {
      const user = req.currentUser;
      const person = user ? { userId: user.id } : { userId: null, email: req.body.email, phone: req.body.phone };
      const { alert, created } = await signUpForAlert(deps(), req.body, person);
      return reply.status(created ? 201 : 200).send(alert);
    },
  );
  app.post(
    '/api/stock-alerts/:id/confirm',
    {
      config: { rateLimit: STOCK_ALERT_RATE_LIMIT },
      schema: { params: alertParams, body: stockAlertConfirmSchema, response: answers({ 200: stockAlertSchema }) },
    },
    async (req) => confirmAlert(deps(), req.params.id, req.body.code),
  );
  app.get(
    '/api/stock-alerts/mine',
    { onRequest: app.authenticate, schema: { querystring: myStockAlertsQuerySchema, response: answers({ 200: myStockAlertsSchema }) } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return myAlerts(app.db, requireUser(req).id, req.query.productId);
    },
  );
  app.delete(
    '/api/stock-alerts/:id',
    { onRequest: app.authenticate, schema: { params: alertParams, response: answers({ 200: z.object({ message: z.string() }) }) } },
    async (req) => {
      await leaveAlert(app.db, requireUser(req).id, req.params.id);
      return { message: "You won't get a message for this size" };
    },
  );
};

/** Registers the admin's count of waiting shoppers. */
export const adminStockAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/stock-alerts/waiting',
    {
      config: { permission: 'catalog.write' },
      schema: { querystring: waitingAlertsQuerySchema, response: answers({ 200: waitingAlertsSchema }) },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return waitingAlerts(app.db, req.query.productId);
    },
  );
};
