/**
 * Return and size-exchange routes (issue 21 "Returns and size exchanges"):
 * - shopper (owner only; 404 for anyone else's order): POST /api/orders/{id}/returns (optional
 *   `Idempotency-Key`), GET /api/orders/{id}/returns, POST /api/orders/{id}/returns/upload-target
 *   (where a photo goes, the media upload rules of the 'return_photos' folder);
 * - admin: GET /api/admin/returns?status=, POST /api/admin/returns/{id}/approve | reject | received |
 *   ship-exchange | refund (through the refunds module's refundOrder).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shipmentCreateSchema } from '../../../core/couriers';
import { idParams } from '../../../core/schemas/common';
import {
  returnListQuery,
  returnNoteSchema,
  returnRefundSchema,
  returnRejectSchema,
  returnRequestSchema,
} from '../../../core/schemas/returns';
import { requireUser } from '../../plugins/auth';
import { uploadTargetFor } from '../media/service';
import {
  approveReturn,
  assertOwnOrder,
  listOrderReturns,
  listReturns,
  receiveReturn,
  refundReturn,
  rejectReturn,
  requestReturn,
  shipExchange,
  type ReturnDeps,
} from './service';

const orderId = idParams('Order not found');
const returnId = idParams('Return not found');
const idempotencyHeaders = z.looseObject({ 'idempotency-key': z.string().min(1).max(200).optional() });

export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): ReturnDeps => ({
    db: app.db,
    mail: app.mailQueue,
    settings: app.settings,
    now: app.authDeps.now,
    log: app.log,
  });

  app.post(
    '/api/orders/:id/returns',
    { onRequest: app.authenticate, schema: { params: orderId, body: returnRequestSchema, headers: idempotencyHeaders } },
    async (req, reply) => {
      const key = req.headers['idempotency-key'] ?? randomUUID();
      const { ret, replayed } = await requestReturn(deps(), requireUser(req).id, req.params.id, req.body, key);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(replayed ? 200 : 201).send(ret);
    },
  );

  app.get('/api/orders/:id/returns', { onRequest: app.authenticate, schema: { params: orderId } }, async (req) =>
    listOrderReturns(app.db, requireUser(req), req.params.id),
  );

  app.post('/api/orders/:id/returns/upload-target', { onRequest: app.authenticate, schema: { params: orderId } }, async (req) => {
    await assertOwnOrder(app.db, requireUser(req).id, req.params.id);
    return uploadTargetFor(app.mediaStore, 'return_photos', 'image');
  });

  app.get('/api/admin/returns', { onRequest: app.requireAdmin, schema: { querystring: returnListQuery } }, async (req) =>
    listReturns(app.db, req.query.status),
  );

  app.post(
    '/api/admin/returns/:id/approve',
    { onRequest: app.requireAdmin, schema: { params: returnId, body: returnNoteSchema } },
    async (req) => approveReturn(deps(), req.params.id, req.body.note),
  );

  app.post(
    '/api/admin/returns/:id/reject',
    { onRequest: app.requireAdmin, schema: { params: returnId, body: returnRejectSchema } },
    async (req) => rejectReturn(deps(), req.params.id, req.body.note, requireUser(req).id),
  );

  app.post(
    '/api/admin/returns/:id/received',
    { onRequest: app.requireAdmin, schema: { params: returnId, body: returnNoteSchema } },
    async (req) => receiveReturn(deps(), req.params.id, req.body.note, requireUser(req).id),
  );

  app.post(
    '/api/admin/returns/:id/refund',
    { onRequest: app.requireAdmin, schema: { params: returnId, body: returnRefundSchema } },
    async (req) =>
      refundReturn(
        {
          ...deps(),
          refunds: {
            db: app.db,
            razorpay: app.paymentDeps.razorpay,
            mail: app.mailQueue,
            settings: () => app.settings.get(),
            log: app.log,
            now: app.authDeps.now,
          },
        },
        req.params.id,
        requireUser(req).id,
        req.body.manualReference,
      ),
  );

  app.post(
    '/api/admin/returns/:id/ship-exchange',
    { onRequest: app.requireAdmin, schema: { params: returnId, body: shipmentCreateSchema } },
    async (req) => shipExchange(deps(), req.params.id, req.body),
  );
};
