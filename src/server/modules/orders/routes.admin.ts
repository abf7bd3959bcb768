/**
 * Admin order routes: the filtered list, the CSV export (logged in the audit log as an export of
 * customers' data), one order and its status change (its audit row written by orders/lifecycle.ts).
 * Every route is admin-only.
 */
import { Readable } from 'node:stream';
import { answers, adminOrderListSchema, adminOrderSchema } from '../../../core/schemas/answers';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrdersQuerySchema, orderStatusUpdateSchema, ordersExportQuerySchema } from '../../../core/schemas/admin-orders';
import { idParams } from '../../../core/schemas/common';
import { auditActor } from '../audit/record';
import { istDate } from '../../../core/india-time';
import { exportOrdersCsv, getAdminOrder, listAdminOrders, updateOrderStatus } from './admin-service';
import { adminMover } from './lifecycle';

// A malformed id is a 404, like an unknown one (idParams).
const orderId = idParams('Order not found');

const one = answers({ 200: adminOrderSchema });

export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/orders/admin/all',
    {
      config: { permission: 'orders.read' },
      schema: { querystring: adminOrdersQuerySchema, response: answers({ 200: adminOrderListSchema }) },
    },
    async (req) => listAdminOrders(app.db, req.query),
  );

  app.get(
    '/api/orders/admin/export.csv',
    {
      config: { permission: 'customers.export' },
      schema: {
        querystring: ordersExportQuerySchema,
        response: answers({ 200: z.unknown().describe('The orders as a CSV download (text/csv), streamed') }),
      },
    },
    async (req, reply) => {
      const filename = `orders-${istDate(new Date())}.csv`;
      const chunks = await exportOrdersCsv(app.db, req.query, { audit: auditActor(req) });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks));
    },
  );

  app.get('/api/orders/admin/:id', { config: { permission: 'orders.read' }, schema: { params: orderId, response: one } }, async (req) =>
    getAdminOrder(app.db, req.params.id),
  );

  app.put(
    '/api/orders/admin/:id/status',
    { config: { permission: 'orders.ship' }, schema: { params: orderId, body: orderStatusUpdateSchema, response: one } },
    async (req) => updateOrderStatus(app.db, req.params.id, { ...req.body, by: adminMover(req) }),
  );
};
