/**
 * GET /api/admin/whatsapp/status (docs/architecture.md#whatsapp): how the shop sends WhatsApp, for
 * the settings screen: 'cloud' (the Cloud API credentials are set), 'stand-in' (the built-in
 * stand-in, /whatsapp-sandbox) or 'off' (production without credentials). Never the token or secret.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../core/schemas/answers';

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
};
