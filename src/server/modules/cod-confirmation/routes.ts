/**
 * Cash on Delivery confirmation routes (docs/architecture.md#cod-confirmation; service.ts):
 * - POST /api/orders/{id}/confirm-cod: the signed-in shopper confirms their order (404 for anyone
 *   else's); answers the order. Their Cancel is the ordinary POST /api/orders/{id}/cancel.
 * - GET /api/cod-links/{id}/{action}?token=…: what the mail's link page shows (the order's
 *   reference, items, total and state); POST /api/cod-links/{id}/{action} with `{ token }` confirms
 *   or cancels. No sign-in: the token (links.ts) is the authorisation; a wrong one is 403 and changes
 *   nothing. Only the POST acts, so a mail scanner opening the link does nothing.
 * - POST /api/orders/admin/{id}/cod-confirmation: "Confirm after call" (permission orders.ship, as
 *   the status dropdown), with its audit row; answers the order as the admin sees it.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COD_CANCELLED } from '../../../core/cod-confirmation';
import { orderRef } from '../../../core/schemas/admin-orders';
import { adminOrderSchema, answers, orderSchema } from '../../../core/schemas/answers';
import {
  COD_LINK_INVALID,
  codLinkBody,
  codLinkOrderSchema,
  codLinkParams,
  codLinkQuery,
  codLinkResultSchema,
  type CodLinkOrder,
} from '../../../core/schemas/cod-confirmation';
import { idParams } from '../../../core/schemas/common';
import type { Tx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { adminMover } from '../orders/lifecycle';
import { getAdminOrder } from '../orders/admin-service';
import { getOrderFor } from '../orders/service';
import { refundDeps } from '../refunds/routes';
import { verifyCodLinkToken, type CodLinkAction } from './links';
import { confirmCodOrder, declineCodOrder } from './service';
import { registerCodButtons } from './whatsapp';

/** The order as the link's page shows it; 404 when there is none. */
async function linkOrder(db: Tx, orderId: string, action: CodLinkAction): Promise<CodLinkOrder & { userId: string }> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound('Order not found');
  const items = await db
    .select({ title: orderItems.title, variantName: orderItems.variantName, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.position);
  return {
    _id: row.id,
    userId: row.userId,
    reference: orderRef(row.id),
    action,
    status: row.status,
    codConfirmation: row.codConfirmation,
    until: row.codConfirmation === 'awaiting' ? (row.codConfirmBy?.toISOString() ?? null) : null,
    total: row.grandTotalPaise / 100,
    items: items.map((i) => ({ ...i, variantName: i.variantName ?? '' })),
  };
}

const withoutOwner = ({ userId: _u, ...order }: CodLinkOrder & { userId: string }): CodLinkOrder => order;

/** The shopper's confirm and the signed links. */
export const codConfirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => refundDeps(app);
  // The WhatsApp message's Confirm and Cancel quick replies do the same (whatsapp.ts).
  registerCodButtons();
  const checkToken = (id: string, action: CodLinkAction, token: string) => {
    if (!verifyCodLinkToken(app.config.jwtSecret, id, action, token)) throw forbidden(COD_LINK_INVALID);
  };

  app.post(
    '/api/orders/:id/confirm-cod',
    { onRequest: app.authenticate, schema: { params: idParams('Order not found'), response: answers({ 200: orderSchema }) } },
    async (req) => {
      const user = requireUser(req);
      await confirmCodOrder(deps(), req.params.id, { actor: 'shopper', actorId: user.id }, user.id);
      return getOrderFor(app.db, req.params.id, user);
    },
  );

  app.get(
    '/api/cod-links/:id/:action',
    { schema: { params: codLinkParams, querystring: codLinkQuery, response: answers({ 200: codLinkOrderSchema }) } },
    async (req, reply) => {
      checkToken(req.params.id, req.params.action, req.query.token);
      reply.header('cache-control', 'private, no-store');
      return withoutOwner(await linkOrder(app.db, req.params.id, req.params.action));
    },
  );

  app.post(
    '/api/cod-links/:id/:action',
    { schema: { params: codLinkParams, body: codLinkBody, response: answers({ 200: codLinkResultSchema }) } },
    async (req) => {
      const { id, action } = req.params;
      checkToken(id, action, req.body.token);
      const before = await linkOrder(app.db, id, action);
      let message: string;
      if (action === 'confirm') {
        await confirmCodOrder(deps(), id, { actor: 'shopper', actorId: before.userId });
        message = 'Thank you! Your order is confirmed. Please keep the cash ready when it arrives.';
      } else {
        if (before.status === 'cancelled' || before.status === 'refunded') {
          message = 'This order is cancelled.';
        } else {
          await declineCodOrder(deps(), id, before.userId);
          message = 'Your order is cancelled. We have sent you an e-mail.';
        }
      }
      return { message, order: withoutOwner(await linkOrder(app.db, id, action)) };
    },
  );
};

/** The admin's "Confirm after call" (inside the admin scope, setup/api.ts). */
export const adminCodConfirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/orders/admin/:id/cod-confirmation',
    {
      config: { permission: 'orders.ship' },
      schema: {
        params: idParams('Order not found'),
        description: `Confirm after call: confirms a Cash on Delivery order awaiting confirmation or held; 409 '${COD_CANCELLED}' once cancelled.`,
        response: answers({ 200: adminOrderSchema }),
      },
    },
    async (req) => {
      await confirmCodOrder(refundDeps(app), req.params.id, adminMover(req));
      return getAdminOrder(app.db, req.params.id);
    },
  );
};
