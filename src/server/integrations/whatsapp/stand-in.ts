/**
 * A WhatsApp Cloud API stand-in (docs/architecture.md#whatsapp), like the Razorpay sandbox and the
 * Shiprocket stand-in: `POST /{version}/{phoneNumberId}/messages` takes the same request as Meta and
 * checks it as Meta would (Bearer token, messaging_product, a digits-only `to`, a template the shop's
 * settings name with that language, a body parameter count that is a list of texts), answers
 * `{ messaging_product, contacts, messages: [{ id: 'wamid.…' }] }` or a Graph API error, and then
 * sends the shop's webhook the `sent` and `delivered` status events, signed with the stand-in's app
 * secret, through `deliverWebhook` (the real webhook route). `inbound` builds the webhook of a
 * shopper's text or button press the same way (the /whatsapp-sandbox page uses it).
 * The server mounts it at /whatsapp-sandbox when no Cloud API credentials are set (never in
 * production); tests start it on a loopback port (`startWhatsAppStandIn`).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyPluginAsync, type FastifySchema } from 'fastify';
import { signWhatsAppWebhook } from './signature';

export interface WhatsAppStandInOptions {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  /** The templates Meta would know: the shop's settings (name and language per kind). */
  templates: () => Promise<Record<string, { name: string; language: string } | undefined>>;
  /** Posts a signed webhook body to the shop (raw body and the X-Hub-Signature-256 value). */
  deliverWebhook?: (rawBody: string, signature: string) => Promise<void>;
  /** Milliseconds before the `sent` event (`delivered` follows as long again); default 300. */
  statusDelayMs?: number;
}

/** The shop's number as the stand-in shows it in webhooks' metadata. */
export const STAND_IN_DISPLAY_NUMBER = '919800000000';
const WABA_ID = '100000000000000';

/** Kept out of the host's OpenAPI document (@fastify/swagger reads `schema.hide`). */
const HIDDEN = { schema: { hide: true } as FastifySchema };

/** A Graph API error answer. */
const graphError = (code: number, message: string, details: string, type = 'OAuthException') => ({
  error: { message, type, code, error_data: { messaging_product: 'whatsapp', details }, fbtrace_id: randomBytes(8).toString('base64url') },
});

/** A fresh message id in Meta's shape. */
export const newWamid = () => `wamid.${Buffer.from(`sandbox-${randomBytes(12).toString('hex')}`).toString('base64')}`;

/** The webhook body Meta sends for one change of the messages field. */
export function webhookBody(phoneNumberId: string, value: Record<string, unknown>): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WABA_ID,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: STAND_IN_DISPLAY_NUMBER, phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  });
}

/** What a shopper does in the stand-in: a text, or a press of a quick-reply button of a message. */
export type InboundAction =
  { from: string; text: string } | { from: string; button: { payload: string; text: string; contextId?: string } };

/** The webhook of a shopper's text or button press, as Meta sends it, with its message id. */
export function inboundWebhook(phoneNumberId: string, action: InboundAction): { id: string; body: string } {
  const id = newWamid();
  const timestamp = String(Math.floor(Date.now() / 1000));
  const message =
    'text' in action
      ? { from: action.from, id, timestamp, type: 'text', text: { body: action.text } }
      : {
          from: action.from,
          id,
          timestamp,
          type: 'button',
          ...(action.button.contextId ? { context: { from: STAND_IN_DISPLAY_NUMBER, id: action.button.contextId } } : {}),
          button: { payload: action.button.payload, text: action.button.text },
        };
  return {
    id,
    body: webhookBody(phoneNumberId, { contacts: [{ profile: { name: 'Sandbox shopper' }, wa_id: action.from }], messages: [message] }),
  };
}

interface TemplateBody {
  name?: unknown;
  language?: { code?: unknown };
  components?: unknown;
}

/** The stand-in's routes; register with a prefix. */
export const whatsappStandIn: FastifyPluginAsync<WhatsAppStandInOptions> = async (app, opts) => {
  const delay = opts.statusDelayMs ?? 300;
  const statusWebhook = (wamid: string, to: string, status: 'sent' | 'delivered') =>
    webhookBody(opts.phoneNumberId, {
      statuses: [{ id: wamid, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: to }],
    });
  const deliver = async (body: string) => {
    try {
      await opts.deliverWebhook?.(body, signWhatsAppWebhook(body, opts.appSecret));
    } catch (err) {
      app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'WhatsApp stand-in could not deliver its webhook');
    }
  };

  app.post<{ Params: { version: string; phoneNumberId: string } }>('/:version/:phoneNumberId/messages', HIDDEN, async (req, reply) => {
    if (req.headers.authorization !== `Bearer ${opts.token}`) {
      return reply
        .code(401)
        .send(graphError(190, 'Invalid OAuth access token - Cannot parse access token', 'The access token is not valid'));
    }
    if (req.params.phoneNumberId !== opts.phoneNumberId) {
      return reply
        .code(400)
        .send(
          graphError(
            100,
            'Unsupported post request.',
            `Object with ID '${req.params.phoneNumberId}' does not exist`,
            'GraphMethodException',
          ),
        );
    }
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const to = body.to;
    const template = (body.template && typeof body.template === 'object' ? body.template : {}) as TemplateBody;
    if (body.messaging_product !== 'whatsapp') {
      return reply
        .code(400)
        .send(graphError(100, '(#100) The parameter messaging_product is required.', 'messaging_product must be whatsapp'));
    }
    if (typeof to !== 'string' || !/^\d{8,15}$/.test(to)) {
      return reply
        .code(400)
        .send(graphError(131009, '(#131009) Parameter value is not valid', 'to must be the number in digits with its country code'));
    }
    if (body.type !== 'template' || typeof template.name !== 'string' || typeof template.language?.code !== 'string') {
      return reply
        .code(400)
        .send(graphError(131008, '(#131008) Required parameter is missing', 'template.name and template.language.code are required'));
    }
    const code = template.language.code;
    const known = Object.values(await opts.templates()).some((t) => t?.name === template.name && t?.language === code);
    if (!known) {
      return reply
        .code(404)
        .send(
          graphError(
            132001,
            '(#132001) Template name does not exist in the translation',
            `template name (${template.name}) does not exist in ${template.language.code}`,
          ),
        );
    }
    const components = template.components ?? [];
    const wellFormed =
      Array.isArray(components) &&
      components.every((c: unknown) => {
        const component = c as { type?: unknown; parameters?: unknown };
        return (
          (component.type === 'body' || component.type === 'button' || component.type === 'header') &&
          Array.isArray(component.parameters) &&
          component.parameters.every((p: unknown) => {
            const parameter = p as { type?: unknown; text?: unknown; payload?: unknown };
            if (parameter.type === 'text')
              return typeof parameter.text === 'string' && parameter.text !== '' && !/[\n\t]| {5}/.test(parameter.text);
            return parameter.type === 'payload' && typeof parameter.payload === 'string';
          })
        );
      });
    if (!wellFormed) {
      return reply
        .code(400)
        .send(
          graphError(
            132018,
            '(#132018) There was an issue with the parameters in your template',
            'Param text cannot be empty, have new-line/tab characters or more than 4 consecutive spaces',
          ),
        );
    }
    const wamid = newWamid();
    const sentTimer = setTimeout(() => {
      void deliver(statusWebhook(wamid, to, 'sent')).then(() => {
        const deliveredTimer = setTimeout(() => void deliver(statusWebhook(wamid, to, 'delivered')), delay);
        deliveredTimer.unref();
      });
    }, delay);
    sentTimer.unref();
    return { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: wamid, message_status: 'accepted' }] };
  });
};

/** Starts the stand-in on a loopback port (tests): its base URL and a close function. */
export async function startWhatsAppStandIn(opts: WhatsAppStandInOptions): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  await app.register(whatsappStandIn, opts);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => app.close() };
}
