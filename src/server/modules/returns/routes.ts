/**
 * Return and size-exchange routes (docs/decisions/0016-returns-and-exchanges.md):
 * - shopper (owner only; 404 for anyone else's order): POST /api/orders/{id}/returns (optional
 *   `Idempotency-Key`; each photo must be the shopper's own upload to 'return_photos', else 400
 *   'Please upload the photos through the form'), GET /api/orders/{id}/returns, POST
 *   /api/orders/{id}/returns/upload-target (where a photo goes: the media upload rules of the
 *   'return_photos' folder, one file per target, the daily upload quota, 10 a minute per address);
 * - admin: GET /api/admin/returns?status=, POST /api/admin/returns/{id}/approve | reject | received |
 *   ship-exchange | refund (through the refunds module's refundOrder).
 * Every answer's `photos` are signed, short-lived URLs (media/private-photos.ts): return photos are
 * served to the owner and admins only.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { answers, returnRequestAnswerSchema, uploadTargetAnswerSchema } from '../../../core/schemas/answers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shipmentCreateSchema } from '../../../core/couriers';
import { idParams } from '../../../core/schemas/common';
import {
  RETURN_PHOTO_MESSAGE,
  returnListQuery,
  returnNoteSchema,
  returnRefundSchema,
  returnRejectSchema,
  returnRequestSchema,
} from '../../../core/schemas/returns';
import { badRequest } from '../../errors';
import { ABUSE_LIMITS } from '../../plugins/abuse-limits';
import { requireUser } from '../../plugins/auth';
import { auditActor } from '../audit/record';
import { refundDeps } from '../refunds/routes';
import { signReturnPhotosIn } from '../media/private-photos';
import { shopperUploadTarget } from '../media/routes';
import { isOwnPhotoUpload } from '../media/service';
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

const one = answers({ 200: returnRequestAnswerSchema });

const orderId = idParams('Order not found');
const returnId = idParams('Return not found');
const idempotencyHeaders = z.looseObject({ 'idempotency-key': z.string().min(1).max(200).optional() });

const returnDeps = (app: FastifyInstance): ReturnDeps => ({
  db: app.db,
  mail: app.mailQueue,
  settings: app.settings,
  now: app.authDeps.now,
  log: app.log,
});

/** Return photos leave only as signed URLs, whichever call answers with returns. */
const signPhotos = (app: FastifyInstance) =>
  app.addHook('preSerialization', async (_req, _reply, payload) =>
    signReturnPhotosIn(payload, { secret: app.config.jwtSecret, store: app.mediaStore }, app.authDeps.now()),
  );

/** The shopper's return calls. */
export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => returnDeps(app);
  signPhotos(app);

  app.post(
    '/api/orders/:id/returns',
    {
      onRequest: app.authenticate,
      schema: {
        params: orderId,
        body: returnRequestSchema,
        headers: idempotencyHeaders,
        response: answers({ 200: returnRequestAnswerSchema, 201: returnRequestAnswerSchema }),
      },
    },
    async (req, reply) => {
      const key = req.headers['idempotency-key'] ?? randomUUID();
      const userId = requireUser(req).id;
      for (const [i, url] of req.body.photos.entries()) {
        if (!(await isOwnPhotoUpload(app.db, app.mediaStore, userId, 'return_photos', url))) {
          throw badRequest(RETURN_PHOTO_MESSAGE, { [`photos.${i}`]: RETURN_PHOTO_MESSAGE });
        }
      }
      const { ret, replayed } = await requestReturn(deps(), userId, req.params.id, req.body, key);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(replayed ? 200 : 201).send(ret);
    },
  );

  app.get(
    '/api/orders/:id/returns',
    { onRequest: app.authenticate, schema: { params: orderId, response: answers({ 200: z.array(returnRequestAnswerSchema) }) } },
    async (req) => listOrderReturns(app.db, requireUser(req), req.params.id),
  );

  app.post(
    '/api/orders/:id/returns/upload-target',
    {
      onRequest: app.authenticate,
      config: { rateLimit: ABUSE_LIMITS.uploadTarget },
      schema: { params: orderId, response: answers({ 200: uploadTargetAnswerSchema }) },
    },
    async (req, reply) => {
      await assertOwnOrder(app.db, requireUser(req).id, req.params.id);
      return shopperUploadTarget(app, req, reply, 'return_photos');
    },
  );
};

/** The admin return calls (inside the admin scope, setup/api.ts). */
export const adminReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => returnDeps(app);
  signPhotos(app);

  app.get(
    '/api/admin/returns',
    {
      config: { permission: 'returns.read' },
      schema: { querystring: returnListQuery, response: answers({ 200: z.array(returnRequestAnswerSchema) }) },
    },
    async (req) => listReturns(app.db, req.query.status),
  );

  app.post(
    '/api/admin/returns/:id/approve',
    { config: { permission: 'returns.decide' }, schema: { params: returnId, body: returnNoteSchema, response: one } },
    async (req) => approveReturn(deps(), req.params.id, req.body.note, auditActor(req)),
  );

  app.post(
    '/api/admin/returns/:id/reject',
    { config: { permission: 'returns.decide' }, schema: { params: returnId, body: returnRejectSchema, response: one } },
    async (req) => rejectReturn(deps(), req.params.id, req.body.note, auditActor(req)),
  );

  app.post(
    '/api/admin/returns/:id/received',
    { config: { permission: 'returns.receive' }, schema: { params: returnId, body: returnNoteSchema, response: one } },
    async (req) => receiveReturn(deps(), req.params.id, req.body.note, auditActor(req)),
  );

  app.post(
    '/api/admin/returns/:id/refund',
    { config: { permission: 'orders.refund' }, schema: { params: returnId, body: returnRefundSchema, response: one } },
    async (req) =>
      refundReturn(
        { ...deps(), refunds: refundDeps(app) },
        req.params.id,
        auditActor(req),
        req.body.manualReference,
        req.body.toStoreCredit,
      ),
  );

  app.post(
    '/api/admin/returns/:id/ship-exchange',
    { config: { permission: 'orders.ship' }, schema: { params: returnId, body: shipmentCreateSchema, response: one } },
    async (req) => shipExchange(deps(), req.params.id, req.body, auditActor(req)),
  );
};
