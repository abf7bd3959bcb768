/**
 * Razorpay signatures (https://razorpay.com/docs/payments/server-integration/nodejs/payment-gateway/build-integration/#verify-payment-signature
 * and .../webhooks/validate-test/): both are lowercase hex HMAC-SHA256 digests. Verification never
 * throws on odd input (wrong length, non-hex, missing); it answers false, and compares in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

function hmacHex(secret: string, data: string | Buffer): string {
  if (!secret) throw new TypeError('A Razorpay secret is required to sign');
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison of a received hex signature with the expected one; false for anything malformed. */
function safeEqualHex(received: unknown, expectedHex: string): boolean {
  if (typeof received !== 'string' || !HEX_SHA256.test(received)) return false;
  const a = Buffer.from(received.toLowerCase(), 'hex');
  const b = Buffer.from(expectedHex, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The signature Razorpay Checkout hands to the browser after a payment: lowercase hex
 * HMAC-SHA256 of `${orderId}|${paymentId}` keyed with the API key secret.
 * Throws a TypeError when `keySecret` is empty.
 */
export function signPayment(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(keySecret, `${orderId}|${paymentId}`);
}

/**
 * Checks the `razorpay_signature` the browser sends back with `razorpay_order_id` and
 * `razorpay_payment_id`. True only when it is the 64-hex-char HMAC of `${orderId}|${paymentId}`
 * under `keySecret`. Never throws: a malformed signature, an empty id or an empty secret give false.
 */
export function verifyPaymentSignature(input: { orderId: string; paymentId: string; signature: string }, keySecret: string): boolean {
  if (!keySecret || !input.orderId || !input.paymentId) return false;
  return safeEqualHex(input.signature, signPayment(input.orderId, input.paymentId, keySecret));
}

/**
 * The `X-Razorpay-Signature` header of a webhook: lowercase hex HMAC-SHA256 of the exact raw request
 * body (bytes as sent; a string is taken as UTF-8) keyed with the webhook secret.
 * Throws a TypeError when `webhookSecret` is empty.
 */
export function signWebhook(rawBody: string | Buffer, webhookSecret: string): string {
  return hmacHex(webhookSecret, rawBody);
}

/**
 * Checks a webhook's `X-Razorpay-Signature` header against the raw body (verify before parsing; a
 * re-serialised body does not match). Never throws: a missing or malformed header, or an empty
 * secret, give false.
 */
export function verifyWebhookSignature(rawBody: string | Buffer, signature: string | undefined, webhookSecret: string): boolean {
  if (!webhookSecret) return false;
  return safeEqualHex(signature, signWebhook(rawBody, webhookSecret));
}
