/**
 * Cancellation and refund routes (docs/decisions/0017-refunds-and-credit-notes.md):
 * - POST /api/orders/{id}/cancel: the shopper cancels their order before it ships (404 for anyone
 *   else's order; 400 'This order has shipped and can no longer be cancelled'); answers the order.
 * - POST /api/orders/admin/{id}/cancel: "Cancel and refund"; POST /api/orders/admin/{id}/refunds:
 *   "Refund" (amount in rupees, `Idempotency-Key` header required: the same key is the same refund);
 *   POST /api/orders/admin/{id}/refunds/{refundId}/retry: asks Razorpay again for a failed refund, or
 *   again / looks up a pending one.
 *   Each answers the order as GET /api/orders/admin/{id} does. A refund above the staff member's
 *   role limit is 403 (refunds/limits.ts); each writes its audit row (refunds/service.ts).
 * - POST /api/orders/admin/{id}/returned-undelivered: the courier brought the parcel back (return to
 *   origin): restock, refund or reverse the invoice, mail (`returnedUndelivered`).
 * - GET /api/orders/{id}/credit-notes/{creditNoteId}: the GST credit note PDF (owner or admin).
 * - GET /api/admin/refunds/unsettled: what the shop still owes (failed, or pending a few minutes), with
 *   its age, for the dashboard; POST /api/admin/refunds/checkout/{refundId}/retry: the Retry of a
 *   refund of a payment that never became an order (refunds/owed.ts).
 */
import type { FastifyInstance } from 'fastify';
import { answers, adminOrderSchema, orderSchema, unsettledRefundSchema } from '../../../core/schemas/answers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toPaise } from '../../../core/money';
import { adminCancelSchema, adminRefundSchema, cancelOrderSchema } from '../../../core/schemas/refunds';
import { idParams } from '../../../core/schemas/common';
import { ABUSE_LIMITS } from '../../plugins/abuse-limits';
import { requireUser } from '../../plugins/auth';
import { auditActor } from '../audit/record';
import { getAdminOrder } from '../orders/admin-service';
import { getOrderFor } from '../orders/service';
import { creditNoteFileName, loadCreditNote, renderCreditNotePdf } from './credit-note';
import { listUnsettledRefunds, retryAttemptRefund } from './owed';
import { cancelOrder, refundOrder, retryRefund, returnedUndelivered, type RefundDeps } from './service';

const adminOrder = answers({ 200: adminOrderSchema });
const unsettled = answers({ 200: z.array(unsettledRefundSchema) });

const orderId = idParams('Order not found');
const KEY_MESSAGE = 'An Idempotency-Key header (1 to 200 visible characters) is required';
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z.string({ error: KEY_MESSAGE }).regex(/^[\x21-\x7e]{1,200}$/, KEY_MESSAGE),
});

/** What `refundOrder` needs, from the app (other modules' routes, e.g. returns, call it with this). */
export function refundDeps(app: FastifyInstance): RefundDeps {
  return {
    db: app.db,
    razorpay: app.paymentDeps.razorpay,
    mail: app.mailQueue,
    settings: () => app.settings.get(),
    log: app.log,
    now: app.authDeps.now,
    invoiceNumbering: app.invoiceNumbering,
  };
}

/** The shopper's cancel and the credit note download (owner or admin). */
export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => refundDeps(app);

  app.post(
    '/api/orders/:id/cancel',
    { onRequest: app.authenticate, schema: { params: orderId, body: cancelOrderSchema, response: answers({ 200: orderSchema }) } },
    async (req) => {
      const user = requireUser(req);
      await cancelOrder(deps(), req.params.id, { id: user.id, role: 'customer' }, { reason: req.body.reason });
      return getOrderFor(app.db, req.params.id, user);
    },
  );

  app.get(
    '/api/orders/:id/credit-notes/:creditNoteId',
    {
      onRequest: app.optionalUser,
      // Each render costs CPU: 20 a minute per address (plugins/abuse-limits.ts).
      config: { rateLimit: ABUSE_LIMITS.pdf },
      schema: {
        params: z.object({ id: z.guid({ error: 'Credit note not found' }), creditNoteId: z.guid({ error: 'Credit note not found' }) }),
        description:
          "A refund's GST credit note as a PDF download (application/pdf), for the order's owner and admins; 404 'Credit note not found' for anyone else.",
        response: answers({ 200: z.unknown().describe('A PDF download (application/pdf)') }),
      },
    },
    async (req, reply) => {
      const note = await loadCreditNote(app.db, req.params.id, req.params.creditNoteId, req.currentUser, await app.settings.get());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${creditNoteFileName(note.credit.number)}"`)
        .header('cache-control', 'private, no-store')
        .send(await renderCreditNotePdf(note));
    },
  );
};

/** The admin cancel, refund and retry calls (inside the admin scope, setup/api.ts). */
export const adminRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => refundDeps(app);

  app.post(
    '/api/orders/admin/:id/cancel',
    { config: { permission: 'orders.cancel' }, schema: { params: orderId, body: adminCancelSchema, response: adminOrder } },
    async (req) => {
      await cancelOrder(deps(), req.params.id, { id: requireUser(req).id, role: 'admin', audit: auditActor(req) }, req.body);
      return getAdminOrder(app.db, req.params.id);
    },
  );

  app.post(
    '/api/orders/admin/:id/returned-undelivered',
    {
      config: { permission: 'orders.ship' },
      schema: {
        params: orderId,
        body: z.object({ note: z.string().trim().max(500, 'Please keep the note under 500 characters').default('') }),
        response: adminOrder,
      },
    },
    async (req) => {
      await returnedUndelivered(deps(), req.params.id, { id: requireUser(req).id, audit: auditActor(req) }, req.body.note);
      return getAdminOrder(app.db, req.params.id);
    },
  );

  app.post(
    '/api/orders/admin/:id/refunds',
    {
      config: { permission: 'orders.refund' },
      schema: { params: orderId, body: adminRefundSchema, headers: idempotencyHeaders, response: answers({ 201: adminOrderSchema }) },
    },
    async (req, reply) => {
      await refundOrder(deps(), {
        orderId: req.params.id,
        amountPaise: toPaise(req.body.amount),
        reason: req.body.reason,
        source: 'admin',
        actorId: requireUser(req).id,
        idempotencyKey: `admin:${req.headers['idempotency-key']}`,
        manualReference: req.body.manualReference,
        toStoreCredit: req.body.toStoreCredit,
        staff: auditActor(req),
      });
      return reply.code(201).send(await getAdminOrder(app.db, req.params.id));
    },
  );

  app.post(
    '/api/orders/admin/:id/refunds/:refundId/retry',
    {
      config: { permission: 'orders.refund' },
      schema: {
        params: z.object({ id: z.guid({ error: 'Order not found' }), refundId: z.guid({ error: 'Refund not found' }) }),
        response: adminOrder,
      },
    },
    async (req) => {
      await retryRefund(deps(), req.params.id, req.params.refundId, auditActor(req));
      return getAdminOrder(app.db, req.params.id);
    },
  );

  app.get('/api/admin/refunds/unsettled', { config: { permission: 'orders.refund' }, schema: { response: unsettled } }, async () =>
    listUnsettledRefunds(app.db, app.authDeps.now()),
  );

  app.post(
    '/api/admin/refunds/checkout/:refundId/retry',
    {
      config: { permission: 'orders.refund' },
      schema: { params: z.object({ refundId: z.guid({ error: 'Refund not found' }) }), response: unsettled },
    },
    async (req) => {
      await retryAttemptRefund(deps(), req.params.refundId, auditActor(req));
      return listUnsettledRefunds(app.db, app.authDeps.now());
    },
  );
};
