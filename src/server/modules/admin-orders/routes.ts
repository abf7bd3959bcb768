/**
 * Admin order routes (admin section 7; issue 7): the filtered list, the CSV export, one order and
 * its status change. Every route is admin-only.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOrdersQuerySchema, orderStatusUpdateSchema, ordersExportQuerySchema } from '../../../core/schemas/admin-orders';
import { istDate } from './ist';
import { exportOrdersCsv, getAdminOrder, listAdminOrders, updateOrderStatus } from './service';

// Any string: a malformed id is a 404 from the service, like an unknown one.
const idParams = z.object({ id: z.string() });

export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/orders/admin/all', { onRequest: app.requireAdmin, schema: { querystring: adminOrdersQuerySchema } }, async (req) =>
    listAdminOrders(app.db, req.query),
  );

  app.get(
    '/api/orders/admin/export.csv',
    { onRequest: app.requireAdmin, schema: { querystring: ordersExportQuerySchema } },
    async (req, reply) => {
      const filename = `orders-${istDate(new Date())}.csv`;
      const chunks = await exportOrdersCsv(app.db, req.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(chunks));
    },
  );

  app.get('/api/orders/admin/:id', { onRequest: app.requireAdmin, schema: { params: idParams } }, async (req) =>
    getAdminOrder(app.db, req.params.id),
  );

  app.put(
    '/api/orders/admin/:id/status',
    { onRequest: app.requireAdmin, schema: { params: idParams, body: orderStatusUpdateSchema } },
    async (req) => updateOrderStatus(app.db, req.params.id, req.body),
  );
};
