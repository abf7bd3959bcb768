/**
 * Shipping routes (docs/decisions/0009-order-states-and-shipping.md): ship an order with a courier and AWB or
 * through Shiprocket, mark it out for delivery and delivered, and print its packing slip and 4x6
 * shipping label (admin-only; each answers the order as GET /api/orders/admin/{id} does); the packing
 * slip and label of a size exchange's parcel (GET /api/admin/returns/{id}/packing-slip and
 * /shipping-label: the new sizes, docs/decisions/0016-returns-and-exchanges.md); and Shiprocket's
 * tracking webhook (authorised by its token).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { answers, adminOrderSchema, webhookReceiptSchema } from '../../../core/schemas/answers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createShiprocketClient } from '../../integrations/shiprocket/shiprocket-client';
import { shipmentCreateSchema, shipmentStepSchema } from '../../../core/couriers';
import { orderRef } from '../../../core/schemas/admin-orders';
import { idParams } from '../../../core/schemas/common';
import { getAdminOrder } from '../orders/admin-service';
import { adminMover } from '../orders/lifecycle';
import { exchangeParcel, exchangeShipmentIds } from '../returns/service';
import { exchangeContents, orderParcel, packingSlipPdf, shippingLabelPdf } from './documents';
import { markDelivered, markOutForDelivery, shipOrder, type ShippingDeps } from './service';
import { handleTrackingWebhook, shipWithShiprocket, shiprocketWebhookSchema } from './shiprocket';

/** A PDF shown inline (application/pdf); not serialised. */
const pdf = z.unknown().describe('A PDF (application/pdf)');

const webhookHeaders = z.looseObject({ 'x-api-key': z.string().max(200).optional() });

// A malformed id is a 404, like an unknown one (idParams).
const orderId = idParams('Order not found');
const returnId = idParams('Return not found');

const shippingDeps = (app: FastifyInstance): ShippingDeps => ({ db: app.db, mail: app.mailQueue, log: app.log });

/** Shiprocket's tracking webhook. */
export const shipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => shippingDeps(app);
  // Shiprocket's tracking webhook (its URL may not contain "shiprocket"); authorised by x-api-key.
  app.post(
    '/api/shipping/tracking-webhook',
    { schema: { body: shiprocketWebhookSchema, headers: webhookHeaders, response: answers({ 200: webhookReceiptSchema }) } },
    async (req) => ({
      status: await handleTrackingWebhook({ ...deps(), config: app.config.shiprocket }, req.headers['x-api-key'], req.body),
    }),
  );
};

/** The admin shipping calls (inside the admin scope, setup/api.ts). */
export const adminShipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => shippingDeps(app);
  // The signed-in admin makes each move: the timeline names them, the audit log records them (orders/lifecycle.ts).
  const admin = adminMover;

  app.post(
    '/api/orders/admin/:id/shipments',
    {
      config: { permission: 'orders.ship' },
      schema: { params: orderId, body: shipmentCreateSchema, response: answers({ 201: adminOrderSchema }) },
    },
    async (req, reply) => reply.code(201).send(await shipOrder(deps(), req.params.id, { ...req.body, by: admin(req) })),
  );

  const shiprocket = createShiprocketClient(() => app.config.shiprocket);
  app.post(
    '/api/orders/admin/:id/shipments/shiprocket',
    { config: { permission: 'orders.ship' }, schema: { params: orderId, response: answers({ 201: adminOrderSchema }) } },
    async (req, reply) =>
      reply
        .code(201)
        .send(await shipWithShiprocket({ ...deps(), shiprocket, config: app.config.shiprocket }, req.params.id, undefined, admin(req))),
  );

  app.post(
    '/api/orders/admin/:id/out-for-delivery',
    {
      config: { permission: 'orders.ship' },
      schema: { params: orderId, body: shipmentStepSchema, response: answers({ 200: adminOrderSchema }) },
    },
    async (req) => markOutForDelivery(deps(), req.params.id, req.body.note, undefined, admin(req)),
  );

  app.post(
    '/api/orders/admin/:id/delivered',
    {
      config: { permission: 'orders.ship' },
      schema: { params: orderId, body: shipmentStepSchema, response: answers({ 200: adminOrderSchema }) },
    },
    async (req) => markDelivered(deps(), req.params.id, req.body.note, undefined, admin(req)),
  );

  const sender = async () => {
    const s = await app.settings.get();
    return { legalName: s.legalName, address: s.address, phone: s.supportPhone };
  };
  const sendPdf = (reply: FastifyReply, name: string, body: Buffer) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(body);

  // The order's own parcel: its lines, and its parcel, not an exchange's.
  const ownParcel = async (id: string) => {
    const order = await getAdminOrder(app.db, id);
    return { order, parcel: orderParcel(order, await exchangeShipmentIds(app.db, order._id)) };
  };

  app.get(
    '/api/orders/admin/:id/packing-slip',
    { config: { permission: 'orders.ship' }, schema: { params: orderId, response: answers({ 200: pdf }) } },
    async (req, reply) => {
      const { order, parcel } = await ownParcel(req.params.id);
      return sendPdf(reply, `packing-slip-${orderRef(order._id)}.pdf`, await packingSlipPdf(order, await sender(), undefined, parcel));
    },
  );

  app.get(
    '/api/orders/admin/:id/shipping-label',
    { config: { permission: 'orders.ship' }, schema: { params: orderId, response: answers({ 200: pdf }) } },
    async (req, reply) => {
      const { order, parcel } = await ownParcel(req.params.id);
      return sendPdf(reply, `shipping-label-${orderRef(order._id)}.pdf`, await shippingLabelPdf(order, await sender(), undefined, parcel));
    },
  );

  // A size exchange's parcel: the new sizes, sent to the order's address.
  const exchange = async (id: string) => {
    const ex = await exchangeParcel(app.db, id);
    return { order: await getAdminOrder(app.db, ex.orderId), parcel: exchangeContents(ex) };
  };

  app.get(
    '/api/admin/returns/:id/packing-slip',
    { config: { permission: 'orders.ship' }, schema: { params: returnId, response: answers({ 200: pdf }) } },
    async (req, reply) => {
      const { order, parcel } = await exchange(req.params.id);
      const name = `exchange-packing-slip-${orderRef(order._id)}.pdf`;
      return sendPdf(reply, name, await packingSlipPdf(order, await sender(), undefined, parcel));
    },
  );

  app.get(
    '/api/admin/returns/:id/shipping-label',
    { config: { permission: 'orders.ship' }, schema: { params: returnId, response: answers({ 200: pdf }) } },
    async (req, reply) => {
      const { order, parcel } = await exchange(req.params.id);
      const name = `exchange-shipping-label-${orderRef(order._id)}.pdf`;
      return sendPdf(reply, name, await shippingLabelPdf(order, await sender(), undefined, parcel));
    },
  );
};
