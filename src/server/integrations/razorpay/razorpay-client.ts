/**
 * A small adapter for the part of Razorpay's REST API the shop uses (orders, payments, refunds).
 * The same code talks to api.razorpay.com and to the local sandbox (./sandbox.ts); only `apiBase`
 * differs. Amounts are integer paise throughout, as with Razorpay itself.
 */
import { request as httpRequest } from 'undici';

/** Razorpay account credentials and where its REST API lives. */
export interface RazorpayCredentials {
  /** `rzp_test_…` / `rzp_live_…`; public (the browser gets it too). */
  keyId: string;
  /** Secret; used for Basic auth and signatures, never logged or put in an error message. */
  keySecret: string;
  /** REST base without a trailing slash, e.g. `https://api.razorpay.com` or `http://127.0.0.1:3000/razorpay-sandbox`. */
  apiBase: string;
}

/** A Razorpay order (`/v1/orders`). Amounts in paise; `created_at` in Unix seconds. */
export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string>;
  created_at: number;
}

/** A Razorpay payment (`/v1/payments`). Amounts in paise; `created_at` in Unix seconds. */
export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  email?: string;
  contact?: string;
  amount_refunded: number;
  created_at: number;
}

/** A Razorpay refund (`/v1/payments/:id/refund`). `amount` in paise. */
export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  payment_id: string;
  status: 'pending' | 'processed' | 'failed';
  notes: Record<string, string>;
}

/**
 * Any failed Razorpay call. For an answer from Razorpay, `statusCode` is its HTTP status and `code`
 * / `message` are its `error.code` / `error.description` (e.g. 400 `BAD_REQUEST_ERROR`, 401
 * `BAD_REQUEST_ERROR` "Authentication failed"). When Razorpay could not be reached: 504 `TIMEOUT`
 * (no answer within the timeout) or 502 `NETWORK_ERROR`; an unreadable answer: 502 `INVALID_RESPONSE`;
 * missing credentials: 500 `CONFIGURATION_ERROR`. Messages never contain the key secret.
 */
export class RazorpayError extends Error {
  /** HTTP status from Razorpay, or 502/504 for transport failures. */
  statusCode: number;
  /** Razorpay's `error.code` (`BAD_REQUEST_ERROR`, `GATEWAY_ERROR`, `SERVER_ERROR`) or `TIMEOUT`, `NETWORK_ERROR`, `INVALID_RESPONSE`, `CONFIGURATION_ERROR`. */
  code: string;
  /** Razorpay's `error.field`, when it names the offending input. */
  field?: string;
  /** Razorpay's `error.reason`, when given. */
  reason?: string;

  constructor(message: string, statusCode: number, code: string, extra: { field?: string; reason?: string; cause?: unknown } = {}) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'RazorpayError';
    this.statusCode = statusCode;
    this.code = code;
    if (extra.field) this.field = extra.field;
    if (extra.reason) this.reason = extra.reason;
  }
}

/** The Razorpay calls the shop makes. Every method rejects with a {@link RazorpayError} on failure. */
/**
 * True for Razorpay's refusal of a call (a 4xx that asking again will not change); false when it gave
 * no answer (timeout, network error, 5xx) or asked to come back (409, 429): then the same call, with the
 * same idempotency key, may be made again.
 */
export function isRefusal(err: RazorpayError): boolean {
  return err.statusCode >= 400 && err.statusCode < 500 && err.statusCode !== 409 && err.statusCode !== 429;
}

export interface RazorpayClient {
  /** POST /v1/orders. `amountPaise` integer >= 100; `receipt` <= 40 chars (the shop's own reference). */
  createOrder(input: { amountPaise: number; currency: 'INR'; receipt: string; notes?: Record<string, string> }): Promise<RazorpayOrder>;
  /** GET /v1/orders/:id. An unknown id is a 400 `BAD_REQUEST_ERROR` (Razorpay's behaviour). */
  fetchOrder(orderId: string): Promise<RazorpayOrder>;
  /** GET /v1/orders/:id/payments: every payment attempt on the order (the `items` of Razorpay's collection). */
  fetchOrderPayments(orderId: string): Promise<RazorpayPayment[]>;
  /** GET /v1/payments/:id. */
  fetchPayment(paymentId: string): Promise<RazorpayPayment>;
  /**
   * POST /v1/payments/:id/refund for `amountPaise` (full or partial) of a captured payment. With
   * `idempotencyKey` (10+ characters of letters, digits, '-' and '_') it is sent as
   * `X-Refund-Idempotency` (https://razorpay.com/docs/api/refunds/normal-refunds-idempotent): the same
   * key and body answer the same refund however often the call is retried, never a second one.
   */
  refundPayment(
    paymentId: string,
    input: { amountPaise: number; notes?: Record<string, string>; receipt?: string; idempotencyKey?: string },
  ): Promise<RazorpayRefund>;
  /**
   * GET /v1/payments/:paymentId/refunds/:refundId: one refund as Razorpay holds it now
   * (https://razorpay.com/docs/api/refunds/fetch-specific-refund-payment); settles a refund whose
   * webhook never came.
   */
  fetchRefund(paymentId: string, refundId: string): Promise<RazorpayRefund>;
}

interface RazorpayErrorBody {
  error?: { code?: unknown; description?: unknown; field?: unknown; reason?: unknown };
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Builds a {@link RazorpayClient} for one account. `opts.timeoutMs` (default 10000) bounds each
 * call, body included. Never throws itself: with a credential or `apiBase` missing, every call
 * rejects with a RazorpayError 500 `CONFIGURATION_ERROR`.
 */
export function createRazorpayClient(creds: RazorpayCredentials, opts: { timeoutMs?: number } = {}): RazorpayClient {
  // Checked per call, not here: the app is built (e.g. in tests) before a sandbox's base URL is known.
  const configured = Boolean(creds.keyId && creds.keySecret && creds.apiBase);
  const base = creds.apiBase.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const authorization = `Basic ${Buffer.from(`${creds.keyId}:${creds.keySecret}`).toString('base64')}`;

  async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
    const what = `${method} ${path}`;
    if (!configured) {
      throw new RazorpayError('Razorpay is not configured (keyId, keySecret and apiBase are required)', 500, 'CONFIGURATION_ERROR');
    }
    let status: number;
    let text: string;
    try {
      // undici's request() rather than fetch(): the same HTTP client without the WHATWG streams, at
      // a fraction of the CPU (every checkout creates a Razorpay order).
      const res = await httpRequest(base + path, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...extraHeaders,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.statusCode;
      text = await res.body.text();
    } catch (err) {
      if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
        throw new RazorpayError(`Razorpay did not answer within ${timeoutMs} ms (${what})`, 504, 'TIMEOUT', {
          cause: err,
        });
      }
      throw new RazorpayError(`Could not reach Razorpay (${what})`, 502, 'NETWORK_ERROR', { cause: err });
    }

    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }

    if (status < 200 || status >= 300) {
      const error = (json as RazorpayErrorBody | undefined)?.error;
      const code = asString(error?.code) ?? (status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR');
      const description = asString(error?.description) ?? `Razorpay answered HTTP ${status} (${what})`;
      throw new RazorpayError(description, status, code, {
        field: asString(error?.field),
        reason: asString(error?.reason),
      });
    }
    if (json === null || typeof json !== 'object') {
      throw new RazorpayError(`Razorpay sent an unreadable answer (${what})`, 502, 'INVALID_RESPONSE');
    }
    return json as T;
  }

  const id = (value: string): string => encodeURIComponent(value);

  return {
    createOrder: (input) =>
      request<RazorpayOrder>('POST', '/v1/orders', {
        amount: input.amountPaise,
        currency: input.currency,
        receipt: input.receipt,
        notes: input.notes ?? {},
      }),
    fetchOrder: (orderId) => request<RazorpayOrder>('GET', `/v1/orders/${id(orderId)}`),
    fetchOrderPayments: async (orderId) => {
      const collection = await request<{ items?: RazorpayPayment[] }>('GET', `/v1/orders/${id(orderId)}/payments`);
      return Array.isArray(collection.items) ? collection.items : [];
    },
    fetchPayment: (paymentId) => request<RazorpayPayment>('GET', `/v1/payments/${id(paymentId)}`),
    refundPayment: (paymentId, input) =>
      request<RazorpayRefund>(
        'POST',
        `/v1/payments/${id(paymentId)}/refund`,
        {
          amount: input.amountPaise,
          ...(input.notes ? { notes: input.notes } : {}),
          ...(input.receipt ? { receipt: input.receipt } : {}),
        },
        input.idempotencyKey ? { 'x-refund-idempotency': input.idempotencyKey } : {},
      ),
    fetchRefund: (paymentId, refundId) => request<RazorpayRefund>('GET', `/v1/payments/${id(paymentId)}/refunds/${id(refundId)}`),
  };
}
