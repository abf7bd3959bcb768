/**
 * WhatsApp on the app (docs/architecture.md#whatsapp): decorates `app.whatsapp` (the outbox's
 * sender over the Cloud API client), registers the webhook, and, when no Cloud API credentials
 * are set outside production, mounts the stand-in at /whatsapp-sandbox with the page's JSON
 * (sandbox-routes.ts). The client reaches the stand-in in process (`app.inject`), and the stand-in
 * posts its signed webhooks the same way, so the demo runs the real request and webhook code.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCloudApiClient } from '../../integrations/whatsapp/cloud-api-client';
import { createWhatsAppSender, type WhatsAppSend, type WhatsAppSender } from '../../integrations/whatsapp/outbox';
import { whatsappStandIn } from '../../integrations/whatsapp/stand-in';
import { postOwnWebhook } from './own-webhook';
import { whatsappSandboxRoutes } from './sandbox-routes';
import { whatsappWebhookRoutes } from './webhook';

declare module 'fastify' {
  interface FastifyInstance {
    /** The WhatsApp outbox's sender: `deliverDue()` (the job) and `kick()` after a commit. */
    whatsapp: WhatsAppSender;
  }
}

/** Where the stand-in is mounted. */
export const WHATSAPP_SANDBOX_PREFIX = '/whatsapp-sandbox';

/** A fetch that answers from this app's own routes (the stand-in) without a socket. */
function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'POST',
      url: `${WHATSAPP_SANDBOX_PREFIX}${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? '') } });
  };
}

export const whatsappPlugin = fp(
  async (app: FastifyInstance, opts: { send?: WhatsAppSend }) => {
    const config = app.config.whatsapp;
    const send: WhatsAppSend =
      opts.send ??
      (config.enabled
        ? createCloudApiClient({
            apiBase: config.apiBase,
            apiVersion: config.apiVersion,
            phoneNumberId: config.phoneNumberId,
            token: config.token,
            fetch: config.standIn ? inProcessFetch(app) : undefined,
          })
        : async () => ({
            ok: false,
            retry: false,
            error: 'WhatsApp is not set up: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are missing',
          }));
    app.decorate('whatsapp', createWhatsAppSender(app.db, send, app.log));
    await app.register(whatsappWebhookRoutes);
    if (config.standIn) {
      await app.register(whatsappStandIn, {
        prefix: WHATSAPP_SANDBOX_PREFIX,
        token: config.token,
        phoneNumberId: config.phoneNumberId,
        appSecret: config.appSecret,
        templates: async () => (await app.settings.get()).whatsapp.templates,
        deliverWebhook: async (raw, signature) => void (await postOwnWebhook(app, raw, signature)),
      });
      await app.register(whatsappSandboxRoutes, { prefix: `${WHATSAPP_SANDBOX_PREFIX}/api` });
    }
  },
  { name: 'whatsapp' },
);
