/**
 * WhatsApp for staff (docs/architecture.md#whatsapp):
 * - GET /api/admin/whatsapp/status ('settings.write'): how the shop sends WhatsApp, for the settings
 *   screen: 'cloud' (the Cloud API credentials are set), 'stand-in' (the built-in stand-in,
 *   /whatsapp-sandbox) or 'off' (production without credentials). Never the token or secret.
 * - GET /api/orders/admin/{id}/whatsapp ('orders.read'): the order's WhatsApp messages, oldest first,
 *   with their status and Meta's error when one failed (an unknown order has none).
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../core/schemas/answers';
import { idParams } from '../../../core/schemas/common';
import { whatsappMessages } from '../../db/schema';

const orderMessagesSchema = z.array(
  z.object({
    id: z.string(),
    kind: z.string(),
    templateName: z.string(),
    to: z.string(),
    status: z.enum(['queued', 'sent', 'delivered', 'read', 'failed']),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    statusAt: z.string().nullable(),
  }),
);

const statusSchema = z.object({
  mode: z.enum(['cloud', 'stand-in', 'off']),
  /** The Cloud API phone number ID (not a secret), when set. */
  phoneNumberId: z.string().nullable(),
  webhookPath: z.string(),
});

export const adminWhatsAppRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/whatsapp/status',
    { config: { permission: 'settings.write' }, schema: { response: answers({ 200: statusSchema }) } },
    async () => {
      const wa = app.config.whatsapp;
      const mode = wa.standIn ? 'stand-in' : wa.enabled ? 'cloud' : 'off';
      return { mode, phoneNumberId: mode === 'cloud' ? wa.phoneNumberId : null, webhookPath: '/api/webhooks/whatsapp' } as const;
    },
  );

  app.get(
    '/api/orders/admin/:id/whatsapp',
    {
      config: { permission: 'orders.read' },
      schema: { params: idParams('Order not found'), response: answers({ 200: orderMessagesSchema }) },
    },
    async (req) => {
      const rows = await app.db
        .select()
        .from(whatsappMessages)
        .where(eq(whatsappMessages.orderId, req.params.id))
        .orderBy(asc(whatsappMessages.createdAt));
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        templateName: r.templateName,
        to: r.to,
        status: r.status,
        lastError: r.lastError,
        createdAt: r.createdAt.toISOString(),
        statusAt: r.statusAt?.toISOString() ?? null,
      }));
    },
  );
};
