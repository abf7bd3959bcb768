/**
 * The signature of WhatsApp webhooks (docs/architecture.md#whatsapp): Meta sends
 * `X-Hub-Signature-256: sha256=<hex>`, the lowercase hex HMAC-SHA256 of the exact raw request body
 * keyed with the app secret. Verification never throws on odd input and compares in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const HEADER = /^sha256=([0-9a-f]{64})$/i;

/** The header value for `rawBody` under `appSecret`: `sha256=<hex>`. Throws a TypeError without a secret. */
export function signWhatsAppWebhook(rawBody: string | Buffer, appSecret: string): string {
  if (!appSecret) throw new TypeError('The WhatsApp app secret is required to sign');
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/**
 * True only when `header` is `sha256=` and the HMAC of the raw body under `appSecret`. False for a
 * missing or malformed header or an empty secret; never throws.
 */
export function verifyWhatsAppSignature(rawBody: string | Buffer, header: string | undefined, appSecret: string): boolean {
  if (!appSecret || typeof header !== 'string') return false;
  const hex = HEADER.exec(header)?.[1];
  if (!hex) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const received = Buffer.from(hex.toLowerCase(), 'hex');
  return received.length === expected.length && timingSafeEqual(received, expected);
}
