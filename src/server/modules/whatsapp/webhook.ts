/**
 * Meta's WhatsApp webhook (docs/architecture.md#whatsapp):
 * - GET /api/webhooks/whatsapp: the verification handshake. With `hub.mode=subscribe` and
 *   `hub.verify_token` equal to WHATSAPP_VERIFY_TOKEN it answers `hub.challenge` as text; else 403.
 * - POST /api/webhooks/whatsapp: `X-Hub-Signature-256` must be the HMAC-SHA256 of the raw body with
 *   the app secret (403 otherwise, compared in constant time); then the events are applied
 *   (webhook-events.ts) and the answer is 200 `{ status: 'ok' }`. A body that is not JSON or not
 *   Meta's shape is 400.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { answers, webhookReceiptSchema } from '../../../core/schemas/answers';
import { verifyWhatsAppSignature } from '../../integrations/whatsapp/signature';
import { applyWhatsAppWebhook, webhookBodySchema } from './webhook-events';

const handshakeQuery = z.object({
  'hub.mode': z.string().max(100).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

/** Equal strings in time that does not depend on where they differ. */
function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

export const whatsappWebhookRoutes: FastifyPluginAsync = async (app) => {
  // Keep the raw body: the signature is over the exact bytes Meta sent.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_req, body, done) => {
    done(null, body);
  });

  app.get(
    '/api/webhooks/whatsapp',
    { schema: { querystring: handshakeQuery, response: answers({ 200: z.string() }) } },
    async (request, reply) => {
      const query = request.query as z.infer<typeof handshakeQuery>;
      const expected = app.config.whatsapp.verifyToken;
      const ok =
        Boolean(expected) &&
        query['hub.mode'] === 'subscribe' &&
        typeof query['hub.verify_token'] === 'string' &&
        sameSecret(query['hub.verify_token'], expected) &&
        typeof query['hub.challenge'] === 'string';
      if (!ok) return reply.status(403).send({ message: 'Verification failed' });
      return reply.type('text/plain').send(query['hub.challenge']);
    },
  );

  app.post('/api/webhooks/whatsapp', { schema: { response: answers({ 200: webhookReceiptSchema }) } }, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const signature = request.headers['x-hub-signature-256'];
    if (!verifyWhatsAppSignature(raw, typeof signature === 'string' ? signature : undefined, app.config.whatsapp.appSecret)) {
      return reply.status(403).send({ message: 'Invalid webhook signature' });
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return reply.status(400).send({ message: 'Invalid request body' });
    }
    const parsed = webhookBodySchema.safeParse(json);
    if (!parsed.success) return reply.status(400).send({ message: 'Not a WhatsApp webhook body' });
    if (parsed.data.object !== 'whatsapp_business_account') return { status: 'ignored' };
    const outcome = await applyWhatsAppWebhook(app, parsed.data);
    if (outcome.statuses + outcome.optOuts + outcome.buttons === 0 && outcome.duplicates > 0) return { status: 'duplicate' };
    return { status: 'ok' };
  });
};
