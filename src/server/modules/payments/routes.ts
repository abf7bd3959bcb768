/**
 * Payment routes (storefront section 7): preview, razorpay create-order and
 * verify-and-create-order. The provider path segment must be `razorpay`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createOrderSchema, previewSchema, verifyPaymentSchema } from '../../../core/schemas/checkout';
import { requireUser } from '../../plugins/auth';
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
};
