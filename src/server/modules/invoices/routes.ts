/**
 * GET /api/orders/{id}/invoice: the order's GST tax invoice as `application/pdf`, sent as
 * an attachment named after the invoice number ('invoice-RM-2026-27-00001.pdf'). For the order's
 * owner and admins; anyone else, a guest included, gets 404 'Order not found' (the rule of
 * GET /api/orders/{id}); an order without an invoice number gets 404 'No invoice for this order'.
 * Renders are limited per address (ABUSE_LIMITS.pdf: 20 a minute, then 429).
 */
import { answers } from '../../../core/schemas/answers';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../core/schemas/common';
import { ABUSE_LIMITS } from '../../plugins/abuse-limits';
import { renderInvoicePdf } from './pdf';
import { invoiceFileName, loadInvoice } from './service';

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/orders/:id/invoice',
    {
      onRequest: app.optionalUser,
      config: { rateLimit: ABUSE_LIMITS.pdf },
      schema: {
        params: idParams('Order not found'),
        description:
          "The order's GST tax invoice as a PDF download (application/pdf), for its owner and admins; 404 'Order not found' for anyone else, 404 'No invoice for this order' when none was issued.",
        response: answers({ 200: z.unknown().describe('A PDF download (application/pdf)') }),
      },
    },
    async (req, reply) => {
      const invoice = await loadInvoice(app.db, req.params.id, req.currentUser, await app.settings.get());
      const pdf = await renderInvoicePdf(invoice);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceFileName(invoice.invoiceNumber)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
