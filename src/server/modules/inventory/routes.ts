/**
 * Inventory routes: GET /api/admin/variants/{id}/stock-history, admins only (401 without
 * a valid token, 403 for others); 404 'Variant not found' for an unknown or malformed id.
 */
import { answers, stockHistorySchema } from '../../../core/schemas/answers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../core/schemas/common';
import { stockHistoryQuerySchema } from '../../../core/schemas/inventory';
import { getStockHistory, VARIANT_NOT_FOUND } from './service';

const variantId = idParams(VARIANT_NOT_FOUND);

/** Registers the stock history call. */
export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/variants/:id/stock-history',
    {
      config: { permission: 'catalog.write' },
      schema: { params: variantId, querystring: stockHistoryQuerySchema, response: answers({ 200: stockHistorySchema }) },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getStockHistory(app.db, req.params.id, req.query);
    },
  );
};
