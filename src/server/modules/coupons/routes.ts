/**
 * Coupon routes:
 * - GET, POST /api/admin/coupons; PUT, DELETE /api/admin/coupons/{id}: admins only (401 without a
 *   valid token, 403 for others); the body is `couponInputSchema` (rupees, India time).
 * - GET /api/coupons/public: the current offers marked "Show in offers" for the cart's hint, for
 *   anyone; no usage data.
 * Shoppers apply a code through POST /api/payments/preview and create-order (modules/payments).
 */
import { answers, adminCouponSchema, messageSchema, publicCouponSchema } from '../../../core/schemas/answers';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../core/schemas/common';
import { couponInputSchema } from '../../../core/schemas/coupons';
import { auditActor } from '../audit/record';
import { createCoupon, deleteCoupon, listCoupons, listPublicCoupons, updateCoupon } from './service';

const couponId = idParams('Coupon not found');

/** Registers the admin coupon calls (inside the admin scope, setup/api.ts). */
export const adminCouponRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/api/admin/coupons',
    { config: { permission: 'coupons.write' }, schema: { response: answers({ 200: z.array(adminCouponSchema) }) } },
    async () => listCoupons(db),
  );
  app.post(
    '/api/admin/coupons',
    { config: { permission: 'coupons.write' }, schema: { body: couponInputSchema, response: answers({ 201: adminCouponSchema }) } },
    async (req, reply) => reply.status(201).send(await createCoupon(db, req.body, auditActor(req))),
  );
  app.put(
    '/api/admin/coupons/:id',
    {
      config: { permission: 'coupons.write' },
      schema: { params: couponId, body: couponInputSchema, response: answers({ 200: adminCouponSchema }) },
    },
    async (req) => updateCoupon(db, req.params.id, req.body, auditActor(req)),
  );
  app.delete(
    '/api/admin/coupons/:id',
    { config: { permission: 'coupons.write' }, schema: { params: couponId, response: answers({ 200: messageSchema }) } },
    async (req) => deleteCoupon(db, req.params.id, auditActor(req)),
  );
};

/** Registers the public offers list. */
export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const now = app.paymentDeps.now ?? (() => new Date());

  app.get('/api/coupons/public', { schema: { response: answers({ 200: z.array(publicCouponSchema) }) } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return listPublicCoupons(db, now());
  });
};
