/**
 * Quick-reply buttons of WhatsApp templates (docs/architecture.md#whatsapp): a button's payload is
 * `<prefix>:<rest>` (`cod:confirm:<orderId>`); a module registers a handler for its prefix at load,
 * and the webhook hands every button reply to `dispatchWhatsAppButton`. The opt-out payload
 * (`OPT_OUT_PAYLOAD`) is the webhook's own: it records a STOP.
 */
import type { FastifyInstance } from 'fastify';

/** What a handler gets: the whole payload, the shopper's number (919845012345) and the app. */
export interface WhatsAppButtonReply {
  payload: string;
  from: string;
  app: FastifyInstance;
}

export type WhatsAppButtonHandler = (reply: WhatsAppButtonReply) => unknown;

/** The payload of an "opt out of offers" quick reply: the webhook treats it as STOP. */
export const OPT_OUT_PAYLOAD = 'optout:offers';

const handlers = new Map<string, WhatsAppButtonHandler>();

/**
 * Registers the handler for payloads starting `<prefix>:`; prefixes are lower-case letters, digits
 * and '-'. Throws when the prefix is malformed or already taken by another handler.
 */
export function registerWhatsAppButton(prefix: string, handler: WhatsAppButtonHandler): void {
  if (!/^[a-z0-9-]+$/.test(prefix)) throw new Error(`WhatsApp button prefix "${prefix}" must be lower-case letters, digits or '-'`);
  const existing = handlers.get(prefix);
  if (existing && existing !== handler) throw new Error(`WhatsApp button prefix "${prefix}" is already registered`);
  handlers.set(prefix, handler);
}

/**
 * Calls the handler of the payload's prefix; resolves true when one ran, false when none is
 * registered (the reply is then only logged). A handler's error propagates to the caller.
 */
export async function dispatchWhatsAppButton(reply: WhatsAppButtonReply): Promise<boolean> {
  const colon = reply.payload.indexOf(':');
  if (colon <= 0) return false;
  const handler = handlers.get(reply.payload.slice(0, colon));
  if (!handler) return false;
  await handler(reply);
  return true;
}
