/**
 * Payment routes (storefront section 7): preview, razorpay create-order and
 * verify-and-create-order (the provider path segment must be `razorpay`); Cash on Delivery's
 * create-order (issue 20), which places the order at once: 201 when placed, 200 with
 * `Idempotent-Replayed: true` when the same Idempotency-Key (or cart within a minute) placed it before.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createOrderSchema, previewSchema, verifyPaymentSchema } from '../../../core/schemas/checkout';
import { requireUser } from '../../plugins/auth';
import { placeCodOrder } from './cod';
import { createCheckout, previewPricing, verifyAndCreateOrder } from './service';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.paymentDeps;

  app.post('/api/payments/preview', { onRequest: app.authenticate, schema: { body: previewSchema } }, async (req) =>
    previewPricing(deps, requireUser(req).id, req.body.items, req.body.couponCode),
  );

  app.post('/api/payments/razorpay/create-order', { onRequest: app.authenticate, schema: { body: createOrderSchema } }, async (req) =>
    createCheckout(deps, requireUser(req).id, req.body),
  );

  app.post('/api/payments/razorpay/verify-and-create-order', { schema: { body: verifyPaymentSchema } }, async (req) =>
    verifyAndCreateOrder(deps, req.body),
  );

  app.post(
    '/api/payments/cod/create-order',
    {
      onRequest: app.authenticate,
      schema: { body: createOrderSchema, headers: z.object({ 'idempotency-key': z.string().max(1000).optional() }) },
    },
    async (req, reply) => {
      const result = await placeCodOrder(deps, requireUser(req).id, req.body, req.headers['idempotency-key']);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.replayed ? 200 : 201).send({ message: result.message, order: result.order });
    },
  );
};
