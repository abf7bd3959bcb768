/** The stand-in's way to the shop's webhook: the same route Meta calls, in process (docs/architecture.md#whatsapp). */
import type { FastifyInstance } from 'fastify';

/** Posts a signed webhook body to this app's own webhook route; throws when it is not answered 2xx. */
export async function postOwnWebhook(app: FastifyInstance, rawBody: string, signature: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    payload: rawBody,
  });
  if (res.statusCode >= 300) throw new Error(`The shop's WhatsApp webhook answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  return res.json<{ status: string }>();
}
