/**
 * GET /api/admin/products/export.csv (permission 'catalog.import'): the whole catalogue in
 * Shopify's product CSV format, streamed as a download (docs/architecture.md#product-export).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { istDate } from '../../../core/india-time';
import { answers } from '../../../core/schemas/answers';
import { exportProductsCsv } from './export';

/** Registers the product export (inside the admin scope, setup/api.ts). */
export const adminProductExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/products/export.csv',
    {
      config: { permission: 'catalog.import' },
      schema: { response: answers({ 200: z.unknown().describe("The catalogue as Shopify's product CSV (text/csv), streamed") }) },
    },
    async (req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${istDate(new Date())}.csv"`)
        .header('cache-control', 'no-store')
        .send(exportProductsCsv(app.db, `${req.protocol}://${req.host}`)),
  );
};
