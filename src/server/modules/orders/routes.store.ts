/**
 * Shopper order routes: GET /api/orders/my, GET /api/orders/{id}.
 */
import { answers, orderSchema } from '../../../core/schemas/answers';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../core/schemas/common';
import { requireUser } from '../../plugins/auth';
import { getOrderFor, listMyOrders } from './service';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/orders/my', { onRequest: app.authenticate, schema: { response: answers({ 200: z.array(orderSchema) }) } }, async (req) =>
    listMyOrders(app.db, requireUser(req).id),
  );

  app.get(
    '/api/orders/:id',
    { onRequest: app.optionalUser, schema: { params: idParams('Order not found'), response: answers({ 200: orderSchema }) } },
    async (req) => getOrderFor(app.db, req.params.id, req.currentUser),
  );
};
