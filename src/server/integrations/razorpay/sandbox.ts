/**
 * The Razorpay sandbox: a small Razorpay-compatible stand-in (docs/architecture.md#configuration).
 *
 * - REST, Basic auth with keyId:keySecret, Razorpay's paths and error shape: `POST /v1/orders`,
 *   `GET /v1/orders/:id`, `GET /v1/orders/:id/payments`, `GET /v1/payments/:id`,
 *   `POST /v1/payments/:id/refund` (with Razorpay's `X-Refund-Idempotency`: a key seen before with the
 *   same body answers the refund it made, with another body a 400).
 * - Browser-facing, no auth: `GET /checkout.js` (a `window.Razorpay` look-alike, see
 *   ./checkout-widget.ts) and `POST /checkout/pay` (what the widget's Pay button calls).
 * - Optional webhooks: after each capture, signed `payment.captured` then `order.paid` events are
 *   POSTed to `webhookUrl`; after each refund settles, `refund.processed` or `refund.failed`.
 *
 * Everything lives in memory, per plugin instance; a restart forgets it. Payments are captured at
 * once (like Razorpay's auto-capture). Refunds are processed at once unless `state.refundMode` says
 * otherwise (tests): 'pending' leaves them pending until `settleRefund`, 'fail' fails them at once
 * (answered as a refund with status failed and a refund.failed event). Amounts are integer paise.
 *
 * Routes carry no validation schema on purpose: the host app may install another validator compiler
 * (fastify-type-provider-zod), so bodies are checked by hand with zod inside the handlers.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
} from 'fastify';
import { z } from 'zod';
import { CHECKOUT_WIDGET_JS } from './checkout-widget';
import { RazorpayError, type RazorpayOrder, type RazorpayPayment, type RazorpayRefund } from './razorpay-client';
import { signPayment, signWebhook } from './signature';

/** Options of {@link razorpaySandbox} and {@link startRazorpaySandbox}. */
export interface SandboxOptions {
  /** The key id clients must use (Basic auth user; the `key` the widget sends). */
  keyId: string;
  /** The key secret (Basic auth password; signs payment results). */
  keySecret: string;
  /** Signs webhook bodies (`X-Razorpay-Signature`). Required when `webhookUrl` is set. */
  webhookSecret?: string;
  /**
   * When set, after each capture the sandbox POSTs signed webhook events (`payment.captured` then
   * `order.paid`) to this URL, fire-and-forget, each retried twice (after 0.5 s and 2 s) unless
   * answered 2xx. Each event keeps one `X-Razorpay-Event-Id` across its retries.
   */
  webhookUrl?: string;
  /** Wait this long (ms) after a capture before the first webhook, e.g. to let the browser win the race. Default 0. */
  webhookDelayMs?: number;
  /** Share or inspect the store (tests); by default each plugin instance makes its own. */
  state?: SandboxState;
}

/** A stored order: Razorpay's order plus the fields the real API also returns. */
export interface SandboxOrder extends RazorpayOrder {
  attempts: number;
  offer_id: null;
}

/** A stored payment: Razorpay's payment plus the fields the real API also returns. */
export interface SandboxPayment extends RazorpayPayment {
  captured: boolean;
  refund_status: 'partial' | 'full' | null;
  description: string | null;
  notes: Record<string, string>;
  international: boolean;
  vpa: string | null;
  bank: string | null;
  wallet: string | null;
}

/** A stored refund: Razorpay's refund plus the fields the real API also returns. `created_at` in Unix seconds. */
export interface SandboxRefund extends RazorpayRefund {
  currency: string;
  receipt: string | null;
  created_at: number;
  speed_requested: 'normal' | 'optimum';
  speed_processed: 'normal';
}

/** One webhook event the sandbox tried to deliver (most recent 100 are kept). */
export interface SandboxWebhookDelivery {
  eventId: string;
  event: string;
  /** Attempts made so far (1 to 3). */
  attempts: number;
  delivered: boolean;
  /** HTTP status of the last attempt, when it got an answer. */
  lastStatus?: number;
  /** Transport error of the last attempt, when it got none. */
  lastError?: string;
}

/** The sandbox's in-memory store, keyed by Razorpay id. */
export interface SandboxState {
  orders: Map<string, SandboxOrder>;
  payments: Map<string, SandboxPayment>;
  refunds: Map<string, SandboxRefund>;
  webhooks: SandboxWebhookDelivery[];
  /** `X-Refund-Idempotency` keys seen: the refund each made and the body it was made with. */
  refundKeys: Map<string, { refundId: string; body: string }>;
  /** How new refunds settle: 'processed' (default, at once), 'pending' (until settleRefund) or 'fail'. */
  refundMode: 'processed' | 'pending' | 'fail';
  /** Settles a pending refund as Razorpay would later (and sends its webhook); set by the running sandbox. */
  settleRefund?: (refundId: string, status: 'processed' | 'failed') => void;
  /**
   * Network faults for the next refund calls, one taken per call (tests of retries): 'down' answers
   * 503 without refunding; 'lost' makes the refund, then answers 503 as if the answer were lost on
   * the way back.
   */
  refundFaults: ('down' | 'lost')[];
}

/** A fresh, empty {@link SandboxState}. */
export function createSandboxState(): SandboxState {
  return {
    orders: new Map(),
    payments: new Map(),
    refunds: new Map(),
    webhooks: [],
    refundKeys: new Map(),
    refundMode: 'processed',
    refundFaults: [],
  };
}

/** What the widget's `handler` receives (and what `/checkout/pay` answers). */
export interface SandboxPaymentResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** A running standalone sandbox, see {@link startRazorpaySandbox}. */
export interface StartedRazorpaySandbox {
  /** `http://127.0.0.1:<port>`: use as `apiBase`; the widget is at `${baseUrl}/checkout.js`. */
  baseUrl: string;
  /** Stops the server (pending webhook deliveries are abandoned). */
  close(): Promise<void>;
  /**
   * Pays an order server-side exactly as the browser widget would (`POST /checkout/pay`) and returns
   * the handler payload. `method` is upi (default), card, netbanking or wallet. Rejects with a
   * {@link RazorpayError} (400) for an unknown or already-paid order.
   */
  pay(orderId: string, opts?: { method?: string }): Promise<SandboxPaymentResult>;
  /** The live store. */
  state: SandboxState;
}

/** Kept out of the host's OpenAPI document (@fastify/swagger reads `schema.hide`); no validation schema. */
const HIDDEN = { schema: { hide: true } as FastifySchema };
const WEBHOOK_RETRY_DELAYS_MS = [500, 2000];
const WEBHOOK_TIMEOUT_MS = 5000;
const WEBHOOK_LOG_SIZE = 100;
const PAYMENT_METHODS = ['upi', 'card', 'netbanking', 'wallet'] as const;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function randomId(prefix: string): string {
  let id = prefix;
  for (let i = 0; i < 14; i += 1) id += BASE62[randomInt(62)];
  return id;
}

function uniqueId<T>(prefix: string, map: Map<string, T>): string {
  let id = randomId(prefix);
  while (map.has(id)) id = randomId(prefix);
  return id;
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** A failure answered in Razorpay's error shape. */
class SandboxError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { code?: string; field?: string; reason?: string } = {},
  ) {
    super(message);
  }
}

function errorBody(code: string, description: string, extra: { field?: string; reason?: string; source?: string; step?: string } = {}) {
  return {
    error: {
      code,
      description,
      source: extra.source ?? 'NA',
      step: extra.step ?? 'NA',
      reason: extra.reason ?? 'NA',
      metadata: {},
      ...(extra.field ? { field: extra.field } : {}),
    },
  };
}

const notFound = (): SandboxError =>
  new SandboxError(400, 'The id provided does not exist', { reason: 'input_validation_failed', field: 'id' });

/** Zod issues become Razorpay's one-line validation errors. */
function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    throw new SandboxError(400, `${issue.keys.join(', ')} is/are not required and should not be sent`, {
      reason: 'input_validation_failed',
    });
  }
  const field = issue?.path.length ? String(issue.path[0]) : undefined;
  throw new SandboxError(400, issue?.message ?? 'The request is invalid', { field, reason: 'input_validation_failed' });
}

const notesSchema = z
  .record(
    z.string().max(256, 'Notes keys may not be greater than 256 characters'),
    z
      .union([z.string(), z.number(), z.boolean()])
      .transform(String)
      .pipe(z.string().max(256, 'Notes values may not be greater than 256 characters')),
    { error: 'notes should be an object of key-value pairs' },
  )
  .refine((notes) => Object.keys(notes).length <= 15, 'Number of notes must not exceed 15');

const createOrderSchema = z.strictObject(
  {
    amount: z
      .number({ error: 'The amount field is required.' })
      .int('The amount must be an integer.')
      .min(100, 'The amount must be atleast INR 1.00'),
    currency: z.literal('INR', { error: 'Currency is not supported' }),
    receipt: z.string().max(40, 'The receipt may not be greater than 40 characters.').nullish(),
    notes: notesSchema.optional(),
    partial_payment: z.boolean().optional(),
    first_payment_min_amount: z.number().int().optional(),
  },
  { error: 'The request body must be a JSON object' },
);

const refundSchema = z.strictObject(
  {
    amount: z
      .number({ error: 'The amount must be a number.' })
      .int('The amount must be an integer.')
      .min(100, 'The amount must be atleast INR 1.00')
      .optional(),
    speed: z.enum(['normal', 'optimum'], { error: 'The selected speed is invalid.' }).optional(),
    notes: notesSchema.optional(),
    receipt: z.string().max(40, 'The receipt may not be greater than 40 characters.').nullish(),
  },
  { error: 'The request body must be a JSON object' },
);

const paySchema = z.object(
  {
    key: z.string({ error: 'The api key provided is invalid' }),
    order_id: z.string({ error: 'The order_id field is required.' }),
    method: z.enum(PAYMENT_METHODS, { error: 'The payment method is not supported' }).optional(),
    email: z.string().max(254).optional(),
    contact: z.string().max(20).optional(),
    notes: notesSchema.optional(),
  },
  { error: 'The request body must be a JSON object' },
);

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time check of an `Authorization: Basic …` header against the key pair. */
function basicAuthMatches(header: string | undefined, keyId: string, keySecret: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const idOk = timingSafeEqual(sha256(decoded.slice(0, colon)), sha256(keyId));
  const secretOk = timingSafeEqual(sha256(decoded.slice(colon + 1)), sha256(keySecret));
  return idOk && secretOk;
}

function checkOptions(opts: SandboxOptions): void {
  if (!opts.keyId || !opts.keySecret) throw new Error('razorpaySandbox: keyId and keySecret are required');
  if (opts.webhookUrl !== undefined) {
    if (!opts.webhookSecret) throw new Error('razorpaySandbox: webhookSecret is required when webhookUrl is set');
    let url: URL;
    try {
      url = new URL(opts.webhookUrl);
    } catch {
      throw new Error('razorpaySandbox: webhookUrl must be an absolute http(s) URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error('razorpaySandbox: webhookUrl must be an absolute http(s) URL');
    }
  }
}

function sendNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send(errorBody('BAD_REQUEST_ERROR', 'The requested URL was not found on the server.', { reason: 'NA' }));
}

/** Adds CORS headers so a page on another origin can use the widget against a standalone sandbox. */
function allowCrossOrigin(reply: FastifyReply): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

/** The error handler of the sandbox's routes: Razorpay's error shape, a 500 without its cause. */
function sandboxErrorHandler(err: FastifyError | SandboxError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof SandboxError) {
    return reply
      .code(err.statusCode)
      .send(errorBody(err.extra.code ?? 'BAD_REQUEST_ERROR', err.message, { ...err.extra, source: 'business' }));
  }
  const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err }, 'razorpay sandbox: request failed');
    return reply.code(500).send(errorBody('SERVER_ERROR', 'The server encountered an error. The incident has been reported to admins.'));
  }
  return reply.code(status).send(errorBody('BAD_REQUEST_ERROR', err.message, { reason: 'input_validation_failed' }));
}

// ---- webhooks ---------------------------------------------------------------------------------

/** What a webhook delivery needs: the store (for its log), the account id events carry, the plugin's close and log. */
interface WebhookContext {
  state: SandboxState;
  accountId: string;
  /** Aborted when the plugin closes: pending deliveries stop. */
  closing: AbortSignal;
  log: FastifyBaseLogger;
}

/** The payload of one event: the payment, and the order or the refund. */
type WebhookPayload = { payment: { entity: SandboxPayment }; order?: { entity: SandboxOrder }; refund?: { entity: SandboxRefund } };

/** Keeps a delivery in the store's log (the most recent WEBHOOK_LOG_SIZE). */
function recordDelivery(state: SandboxState, delivery: SandboxWebhookDelivery): void {
  state.webhooks.push(delivery);
  if (state.webhooks.length > WEBHOOK_LOG_SIZE) state.webhooks.splice(0, state.webhooks.length - WEBHOOK_LOG_SIZE);
}

/** POSTs one signed event to `url`, retried after WEBHOOK_RETRY_DELAYS_MS unless answered 2xx; logs a delivery that never got through. */
async function deliverWebhook(ctx: WebhookContext, url: string, secret: string, event: string, payload: WebhookPayload): Promise<void> {
  const eventId = randomId('evt_');
  const body = JSON.stringify({
    entity: 'event',
    account_id: ctx.accountId,
    event,
    contains: Object.keys(payload),
    payload,
    created_at: nowSeconds(),
  });
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Razorpay-Webhook/v1 (sandbox)',
    'x-razorpay-signature': signWebhook(body, secret),
    'x-razorpay-event-id': eventId,
  };
  const delivery: SandboxWebhookDelivery = { eventId, event, attempts: 0, delivered: false };
  recordDelivery(ctx.state, delivery);

  for (let attempt = 0; attempt <= WEBHOOK_RETRY_DELAYS_MS.length; attempt += 1) {
    if (attempt > 0) await sleep(WEBHOOK_RETRY_DELAYS_MS[attempt - 1], undefined, { signal: ctx.closing, ref: false });
    if (ctx.closing.aborted) return;
    delivery.attempts += 1;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.any([ctx.closing, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
      });
      delivery.lastStatus = res.status;
      delete delivery.lastError;
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) {
        delivery.delivered = true;
        return;
      }
    } catch (err) {
      if (ctx.closing.aborted) return;
      delivery.lastError = err instanceof Error ? err.message : String(err);
    }
  }
  ctx.log.warn(
    { event, eventId, attempts: delivery.attempts, status: delivery.lastStatus, error: delivery.lastError },
    'razorpay sandbox: webhook not delivered',
  );
}

/** The sandbox's side effects after a capture or a refund: webhooks and refund settlement. */
interface SandboxEvents {
  /** Sends `payment.captured` then `order.paid` (when webhooks are configured). */
  captured(order: SandboxOrder, payment: SandboxPayment): void;
  /** Settles a pending refund: processed keeps the money refunded; failed gives it back to the payment. */
  settle(refund: SandboxRefund, status: 'processed' | 'failed'): void;
}

/** The events of one plugin instance; pending deliveries stop when `fastify` closes. */
function createSandboxEvents(fastify: FastifyInstance, opts: SandboxOptions, state: SandboxState): SandboxEvents {
  const accountId = randomId('acc_');
  const closing = new AbortController();
  // Every pending webhook delivery listens for the close: many at once is expected, not a leak.
  setMaxListeners(0, closing.signal);
  fastify.addHook('onClose', async () => {
    closing.abort();
  });
  const ctx: WebhookContext = { state, accountId, closing: closing.signal, log: fastify.log };
  const stopped = (err: unknown) => {
    if (!closing.signal.aborted) fastify.log.warn({ err }, 'razorpay sandbox: webhook delivery stopped');
  };

  function captured(order: SandboxOrder, payment: SandboxPayment): void {
    const { webhookUrl: url, webhookSecret: secret } = opts;
    if (!url || !secret) return;
    // Snapshots: the events describe the moment of capture, as Razorpay's do.
    const paymentAtCapture = structuredClone(payment);
    const orderAtCapture = structuredClone(order);
    const delay = opts.webhookDelayMs ?? 0;
    const run = async (): Promise<void> => {
      if (delay > 0) await sleep(delay, undefined, { signal: closing.signal, ref: false });
      await deliverWebhook(ctx, url, secret, 'payment.captured', { payment: { entity: paymentAtCapture } });
      await deliverWebhook(ctx, url, secret, 'order.paid', { payment: { entity: paymentAtCapture }, order: { entity: orderAtCapture } });
    };
    run().catch(stopped);
  }

  /** Sends `refund.processed` / `refund.failed` for a settled refund (when webhooks are configured). */
  function sendRefundWebhook(refund: SandboxRefund): void {
    const { webhookUrl: url, webhookSecret: secret } = opts;
    const payment = state.payments.get(refund.payment_id);
    if (!url || !secret || !payment || refund.status === 'pending') return;
    const snapshot = { refund: { entity: structuredClone(refund) }, payment: { entity: structuredClone(payment) } };
    deliverWebhook(ctx, url, secret, `refund.${refund.status}`, snapshot).catch(stopped);
  }

  function settle(refund: SandboxRefund, status: 'processed' | 'failed'): void {
    if (refund.status !== 'pending') return;
    refund.status = status;
    const payment = state.payments.get(refund.payment_id);
    if (status === 'failed' && payment) {
      payment.amount_refunded -= refund.amount;
      payment.refund_status = payment.amount_refunded === 0 ? null : 'partial';
      if (payment.status === 'refunded') payment.status = 'captured';
    }
    sendRefundWebhook(refund);
  }

  return { captured, settle };
}

// ---- REST API (Basic auth) ---------------------------------------------------------------------

/** What the route handlers share. */
interface Sandbox {
  keyId: string;
  keySecret: string;
  state: SandboxState;
  events: SandboxEvents;
}

/** POST /v1/orders: a new order, status created. */
function createOrder(state: SandboxState, body: unknown): SandboxOrder {
  const input = parse(createOrderSchema, body);
  const order: SandboxOrder = {
    id: uniqueId('order_', state.orders),
    entity: 'order',
    amount: input.amount,
    amount_paid: 0,
    amount_due: input.amount,
    currency: input.currency,
    receipt: input.receipt ?? null,
    offer_id: null,
    status: 'created',
    attempts: 0,
    notes: input.notes ?? {},
    created_at: nowSeconds(),
  };
  state.orders.set(order.id, order);
  return order;
}

/** The refund's `X-Refund-Idempotency` key, when sent; a malformed one is refused. */
function refundKeyOf(request: FastifyRequest): string | undefined {
  const keyHeader = request.headers['x-refund-idempotency'];
  const key = typeof keyHeader === 'string' ? keyHeader : undefined;
  if (key !== undefined && !/^[A-Za-z0-9_-]{10,}$/.test(key)) {
    throw new SandboxError(400, 'The idempotency key must be at least 10 characters of letters, digits, hyphens and underscores');
  }
  return key;
}

/** A new refund of `amount` on a captured payment (pending until the refund mode settles it). */
function newRefund(state: SandboxState, payment: SandboxPayment, amount: number, input: z.infer<typeof refundSchema>): SandboxRefund {
  const refund: SandboxRefund = {
    id: uniqueId('rfnd_', state.refunds),
    entity: 'refund',
    amount,
    currency: payment.currency,
    payment_id: payment.id,
    notes: input.notes ?? {},
    receipt: input.receipt ?? null,
    status: 'pending',
    speed_requested: input.speed ?? 'normal',
    speed_processed: 'normal',
    created_at: nowSeconds(),
  };
  state.refunds.set(refund.id, refund);
  payment.amount_refunded += amount;
  payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
  if (payment.refund_status === 'full') payment.status = 'refunded';
  return refund;
}

/**
 * POST /v1/payments/:id/refund: refunds the rest of the payment or `amount` of it. A key seen before
 * answers its refund (another body: 400); `state.refundFaults` and `state.refundMode` apply.
 */
function refundPayment(sandbox: Sandbox, request: FastifyRequest<{ Params: { id: string } }>): SandboxRefund | undefined {
  const { state } = sandbox;
  const payment = state.payments.get(request.params.id);
  if (!payment) throw notFound();
  const fault = state.refundFaults.shift();
  if (fault === 'down') throw new SandboxError(503, 'Service unavailable');
  const input = parse(refundSchema, request.body);
  const key = refundKeyOf(request);
  const bodyText = JSON.stringify({ payment: payment.id, ...input });
  const seen = key === undefined ? undefined : state.refundKeys.get(key);
  if (seen) {
    if (seen.body !== bodyText) throw new SandboxError(400, 'Different request with the same idempotency key has already been processed.');
    return state.refunds.get(seen.refundId);
  }
  if (payment.status === 'refunded') throw new SandboxError(400, 'The payment has been fully refunded already');
  if (payment.status !== 'captured') {
    throw new SandboxError(400, 'Only captured payments can be refunded', { reason: 'payment_not_captured' });
  }
  const left = payment.amount - payment.amount_refunded;
  const amount = input.amount ?? left;
  if (amount > left) {
    throw new SandboxError(400, 'The refund amount provided is greater than amount captured', {
      field: 'amount',
      reason: 'input_validation_failed',
    });
  }
  const refund = newRefund(state, payment, amount, input);
  if (key !== undefined) state.refundKeys.set(key, { refundId: refund.id, body: bodyText });
  if (state.refundMode === 'processed') sandbox.events.settle(refund, 'processed');
  else if (state.refundMode === 'fail') sandbox.events.settle(refund, 'failed');
  if (fault === 'lost') throw new SandboxError(503, 'Service unavailable');
  return refund;
}

/** The REST routes, behind Basic auth with the key pair. */
async function registerApi(api: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { state } = sandbox;
  api.addHook('onRequest', async (request, reply) => {
    if (!basicAuthMatches(request.headers.authorization, sandbox.keyId, sandbox.keySecret)) {
      return reply.code(401).send(errorBody('BAD_REQUEST_ERROR', 'Authentication failed'));
    }
  });

  api.post('/v1/orders', HIDDEN, async (request) => createOrder(state, request.body));

  api.get<{ Params: { id: string } }>('/v1/orders/:id', HIDDEN, async (request) => {
    const order = state.orders.get(request.params.id);
    if (!order) throw notFound();
    return order;
  });

  api.get<{ Params: { id: string } }>('/v1/orders/:id/payments', HIDDEN, async (request) => {
    if (!state.orders.has(request.params.id)) throw notFound();
    const items = [...state.payments.values()].filter((payment) => payment.order_id === request.params.id).reverse();
    return { entity: 'collection', count: items.length, items };
  });

  api.get<{ Params: { id: string } }>('/v1/payments/:id', HIDDEN, async (request) => {
    const payment = state.payments.get(request.params.id);
    if (!payment) throw notFound();
    return payment;
  });

  api.post<{ Params: { id: string } }>('/v1/payments/:id/refund', HIDDEN, async (request) => refundPayment(sandbox, request));

  api.get<{ Params: { id: string; refundId: string } }>('/v1/payments/:id/refunds/:refundId', HIDDEN, async (request) => {
    const refund = state.refunds.get(request.params.refundId);
    if (!refund || refund.payment_id !== request.params.id) throw notFound();
    return refund;
  });
}

// ---- Browser-facing (no auth) ------------------------------------------------------------------

/** POST /checkout/pay: captures a payment of the whole order at once and answers the widget's handler payload. */
function capturePayment(sandbox: Sandbox, body: unknown): SandboxPaymentResult {
  const { state } = sandbox;
  const input = parse(paySchema, body);
  if (input.key !== sandbox.keyId) throw new SandboxError(400, 'The api key provided is invalid', { field: 'key' });
  const order = state.orders.get(input.order_id);
  if (!order) throw new SandboxError(400, 'The id provided does not exist', { field: 'order_id' });
  if (order.status === 'paid') {
    throw new SandboxError(400, 'Order has already been paid', { field: 'order_id', reason: 'order_already_paid' });
  }
  const method = input.method ?? 'upi';
  const payment: SandboxPayment = {
    id: uniqueId('pay_', state.payments),
    entity: 'payment',
    amount: order.amount_due,
    currency: order.currency,
    status: 'captured',
    captured: true,
    order_id: order.id,
    method,
    description: null,
    international: false,
    vpa: method === 'upi' ? 'success@razorpay' : null,
    bank: method === 'netbanking' ? 'HDFC' : null,
    wallet: method === 'wallet' ? 'paytm' : null,
    ...(input.email ? { email: input.email } : {}),
    ...(input.contact ? { contact: input.contact } : {}),
    notes: input.notes ?? {},
    amount_refunded: 0,
    refund_status: null,
    created_at: nowSeconds(),
  };
  state.payments.set(payment.id, payment);
  order.attempts += 1;
  order.amount_paid += payment.amount;
  order.amount_due = 0;
  order.status = 'paid';
  sandbox.events.captured(order, payment);
  return {
    razorpay_order_id: order.id,
    razorpay_payment_id: payment.id,
    razorpay_signature: signPayment(order.id, payment.id, sandbox.keySecret),
  };
}

/** The widget's script and its Pay call, open to any origin. */
async function registerBrowser(browser: FastifyInstance, sandbox: Sandbox): Promise<void> {
  browser.addHook('onRequest', async (_request, reply) => {
    allowCrossOrigin(reply);
  });

  browser.get('/checkout.js', HIDDEN, async (_request, reply) => {
    return reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(CHECKOUT_WIDGET_JS);
  });

  browser.options('/checkout/pay', HIDDEN, async (_request, reply) => {
    return reply
      .code(204)
      .header('access-control-allow-methods', 'POST, OPTIONS')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '600')
      .send();
  });

  browser.post('/checkout/pay', HIDDEN, async (request): Promise<SandboxPaymentResult> => capturePayment(sandbox, request.body));
}

/**
 * Fastify plugin serving the sandbox. Mount it in the shop under a prefix:
 * `app.register(razorpaySandbox, { prefix: '/razorpay-sandbox', keyId, keySecret, webhookSecret, webhookUrl })`;
 * then `apiBase` is `${origin}/razorpay-sandbox` and the Checkout script is
 * `${origin}/razorpay-sandbox/checkout.js`. Throws at registration when keyId/keySecret are missing,
 * or when `webhookUrl` is set without `webhookSecret` or is not an http(s) URL.
 */
export const razorpaySandbox: FastifyPluginAsync<SandboxOptions> = async (fastify, opts) => {
  checkOptions(opts);
  const state = opts.state ?? createSandboxState();
  const events = createSandboxEvents(fastify, opts, state);
  state.settleRefund = (refundId, status) => {
    const refund = state.refunds.get(refundId);
    if (refund) events.settle(refund, status);
  };
  fastify.setErrorHandler(sandboxErrorHandler);
  // Unknown sandbox URLs answer Razorpay-style. Only under a prefix: at the root, the host app owns 404s.
  if (fastify.prefix) fastify.setNotFoundHandler(sendNotFound);

  const sandbox: Sandbox = { keyId: opts.keyId, keySecret: opts.keySecret, state, events };
  await fastify.register(async (api: FastifyInstance) => registerApi(api, sandbox));
  await fastify.register(async (browser: FastifyInstance) => registerBrowser(browser, sandbox));
};

/**
 * Starts a standalone sandbox on 127.0.0.1 with a random port (tests, local tools). Throws like
 * {@link razorpaySandbox} on bad options, or when the port cannot be bound.
 */
export async function startRazorpaySandbox(opts: SandboxOptions): Promise<StartedRazorpaySandbox> {
  const state = opts.state ?? createSandboxState();
  const app = Fastify({ logger: false });
  await app.register(razorpaySandbox, { ...opts, state });
  app.setNotFoundHandler(sendNotFound);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    state,
    close: async () => {
      await app.close();
    },
    pay: async (orderId, payOpts = {}) => {
      const res = await fetch(`${baseUrl}/checkout/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: opts.keyId, order_id: orderId, method: payOpts.method }),
      });
      const body = (await res.json()) as SandboxPaymentResult & { error?: { code: string; description: string } };
      if (!res.ok || body.error) {
        throw new RazorpayError(
          body.error?.description ?? `Payment failed (HTTP ${res.status})`,
          res.status,
          body.error?.code ?? 'SERVER_ERROR',
        );
      }
      return body;
    },
  };
}
