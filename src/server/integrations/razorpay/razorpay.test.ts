import { Script } from 'node:vm';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRazorpayClient, RazorpayError, type RazorpayClient } from './razorpay-client';
import { razorpaySandbox, startRazorpaySandbox, type StartedRazorpaySandbox } from './sandbox';
import { signPayment, signWebhook, verifyPaymentSignature, verifyWebhookSignature } from './signature';

const KEY_ID = 'rzp_test_sandbox123';
const KEY_SECRET = 'test-key-secret';
const WEBHOOK_SECRET = 'test-webhook-secret';

interface ReceivedWebhook {
  rawBody: string;
  signature: string | undefined;
  eventId: string | undefined;
  body: {
    entity: string;
    account_id: string;
    event: string;
    contains: string[];
    payload: { payment: { entity: Record<string, unknown> }; order?: { entity: Record<string, unknown> } };
    created_at: number;
  };
}

/** A tiny webhook receiver keeping the raw body, as the shop's must. */
async function startWebhookReceiver(): Promise<{
  url: string;
  app: FastifyInstance;
  received: ReceivedWebhook[];
  next(event: string): Promise<ReceivedWebhook>;
}> {
  const received: ReceivedWebhook[] = [];
  const waiters: Array<{ event: string; resolve: (w: ReceivedWebhook) => void }> = [];
  const app = Fastify();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.post('/webhook', async (request, reply) => {
    const rawBody = request.body as string;
    const hook: ReceivedWebhook = {
      rawBody,
      signature: request.headers['x-razorpay-signature'] as string | undefined,
      eventId: request.headers['x-razorpay-event-id'] as string | undefined,
      body: JSON.parse(rawBody) as ReceivedWebhook['body'],
    };
    received.push(hook);
    for (const waiter of waiters.filter((w) => w.event === hook.body.event)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(hook);
    }
    return reply.code(200).send({ ok: true });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    app,
    received,
    next: (event) =>
      new Promise((resolve, reject) => {
        const seen = received.find((w) => w.body.event === event);
        if (seen) return resolve(seen);
        waiters.push({ event, resolve });
        setTimeout(() => reject(new Error(`no ${event} webhook within 5 s`)), 5000).unref();
      }),
  };
}

async function expectRazorpayError(promise: Promise<unknown>, statusCode: number): Promise<RazorpayError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a RazorpayError');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RazorpayError);
  expect((err as RazorpayError).statusCode).toBe(statusCode);
  return err as RazorpayError;
}

describe('signatures', () => {
  it('signs and verifies a payment, rejecting tampering and malformed signatures without throwing', () => {
    const signature = signPayment('order_A', 'pay_B', KEY_SECRET);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyPaymentSignature({ orderId: 'order_A', paymentId: 'pay_B', signature }, KEY_SECRET)).toBe(true);
    expect(verifyPaymentSignature({ orderId: 'order_A', paymentId: 'pay_B', signature: signature.toUpperCase() }, KEY_SECRET)).toBe(true);
    expect(verifyPaymentSignature({ orderId: 'order_X', paymentId: 'pay_B', signature }, KEY_SECRET)).toBe(false);
    expect(verifyPaymentSignature({ orderId: 'order_A', paymentId: 'pay_B', signature }, 'other-secret')).toBe(false);
    for (const bad of ['', 'abc', signature.slice(0, 63), `${signature}0`, `${signature.slice(0, 62)}zz`, 'g'.repeat(64)]) {
      expect(verifyPaymentSignature({ orderId: 'order_A', paymentId: 'pay_B', signature: bad }, KEY_SECRET)).toBe(false);
    }
    expect(verifyPaymentSignature({ orderId: 'order_A', paymentId: 'pay_B', signature }, '')).toBe(false);
    expect(() => signPayment('order_A', 'pay_B', '')).toThrow(TypeError);
  });

  it('signs and verifies webhook bodies, string or Buffer', () => {
    const body = JSON.stringify({ event: 'payment.captured', amount: 'ünïcødé ₹' });
    const signature = signWebhook(body, WEBHOOK_SECRET);
    expect(signWebhook(Buffer.from(body, 'utf8'), WEBHOOK_SECRET)).toBe(signature);
    expect(verifyWebhookSignature(body, signature, WEBHOOK_SECRET)).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(body), signature, WEBHOOK_SECRET)).toBe(true);
    expect(verifyWebhookSignature(`${body} `, signature, WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(body, signature, 'wrong')).toBe(false);
    expect(verifyWebhookSignature(body, undefined, WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(body, 'not-hex', WEBHOOK_SECRET)).toBe(false);
    expect(verifyWebhookSignature(body, signature, '')).toBe(false);
  });
});

describe('Razorpay client against the sandbox', () => {
  let sandbox: StartedRazorpaySandbox;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let client: RazorpayClient;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    sandbox = await startRazorpaySandbox({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: receiver.url,
    });
    client = createRazorpayClient({ keyId: KEY_ID, keySecret: KEY_SECRET, apiBase: `${sandbox.baseUrl}/` });
  });

  afterAll(async () => {
    await sandbox?.close();
    await receiver?.app.close();
  });

  it('runs an order through payment, verification, webhooks and refunds', async () => {
    const order = await client.createOrder({
      amountPaise: 249_900,
      currency: 'INR',
      receipt: 'rcpt_test_1',
      notes: { fromBuyNow: 'false', discountType: 'NONE' },
    });
    expect(order).toMatchObject({
      entity: 'order',
      amount: 249_900,
      amount_paid: 0,
      amount_due: 249_900,
      currency: 'INR',
      receipt: 'rcpt_test_1',
      status: 'created',
      notes: { fromBuyNow: 'false', discountType: 'NONE' },
    });
    expect(order.id).toMatch(/^order_[0-9A-Za-z]{14}$/);
    expect(await client.fetchOrder(order.id)).toEqual(order);
    expect(await client.fetchOrderPayments(order.id)).toEqual([]);

    const result = await sandbox.pay(order.id, { method: 'card' });
    expect(result.razorpay_order_id).toBe(order.id);
    expect(result.razorpay_payment_id).toMatch(/^pay_[0-9A-Za-z]{14}$/);
    const signed = { orderId: result.razorpay_order_id, paymentId: result.razorpay_payment_id, signature: result.razorpay_signature };
    expect(verifyPaymentSignature(signed, KEY_SECRET)).toBe(true);

    // Tampering: another order id, wrong length, non-hex.
    const other = await client.createOrder({ amountPaise: 100, currency: 'INR', receipt: 'rcpt_test_2' });
    expect(verifyPaymentSignature({ ...signed, orderId: other.id }, KEY_SECRET)).toBe(false);
    expect(verifyPaymentSignature({ ...signed, signature: signed.signature.slice(1) }, KEY_SECRET)).toBe(false);
    expect(verifyPaymentSignature({ ...signed, signature: `${signed.signature.slice(0, 63)}x` }, KEY_SECRET)).toBe(false);

    const paidOrder = await client.fetchOrder(order.id);
    expect(paidOrder).toMatchObject({ status: 'paid', amount_paid: 249_900, amount_due: 0 });
    const payments = await client.fetchOrderPayments(order.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      id: result.razorpay_payment_id,
      entity: 'payment',
      status: 'captured',
      amount: 249_900,
      currency: 'INR',
      order_id: order.id,
      method: 'card',
      amount_refunded: 0,
    });
    expect(await client.fetchPayment(result.razorpay_payment_id)).toEqual(payments[0]);

    // Paying twice is refused.
    const again = await expectRazorpayError(sandbox.pay(order.id), 400);
    expect(again.code).toBe('BAD_REQUEST_ERROR');

    // Webhooks: payment.captured then order.paid, signed over the raw body.
    const captured = await receiver.next('payment.captured');
    expect(verifyWebhookSignature(captured.rawBody, captured.signature, WEBHOOK_SECRET)).toBe(true);
    expect(verifyWebhookSignature(captured.rawBody, captured.signature, 'wrong-secret')).toBe(false);
    expect(captured.eventId).toMatch(/^evt_[0-9A-Za-z]{14}$/);
    expect(captured.body).toMatchObject({
      entity: 'event',
      event: 'payment.captured',
      contains: ['payment'],
      payload: { payment: { entity: { id: result.razorpay_payment_id, order_id: order.id, status: 'captured', amount: 249_900 } } },
    });
    expect(captured.body.account_id).toMatch(/^acc_/);
    expect(typeof captured.body.created_at).toBe('number');
    const orderPaid = await receiver.next('order.paid');
    expect(verifyWebhookSignature(orderPaid.rawBody, orderPaid.signature, WEBHOOK_SECRET)).toBe(true);
    expect(orderPaid.body.contains).toEqual(['payment', 'order']);
    expect(orderPaid.body.payload.order?.entity).toMatchObject({ id: order.id, status: 'paid' });
    expect(orderPaid.eventId).not.toBe(captured.eventId);

    // Refunds: a partial one, then the rest; then nothing is left.
    const partial = await client.refundPayment(result.razorpay_payment_id, { amountPaise: 49_900, notes: { reason: 'test' } });
    expect(partial).toMatchObject({ entity: 'refund', amount: 49_900, payment_id: result.razorpay_payment_id, status: 'processed' });
    expect(partial.id).toMatch(/^rfnd_[0-9A-Za-z]{14}$/);
    expect(await client.fetchPayment(result.razorpay_payment_id)).toMatchObject({ status: 'captured', amount_refunded: 49_900 });
    const tooMuch = await expectRazorpayError(client.refundPayment(result.razorpay_payment_id, { amountPaise: 200_001 }), 400);
    expect(tooMuch.code).toBe('BAD_REQUEST_ERROR');
    const rest = await client.refundPayment(result.razorpay_payment_id, { amountPaise: 200_000, receipt: 'refund_1' });
    expect(rest.amount).toBe(200_000);
    expect(await client.fetchPayment(result.razorpay_payment_id)).toMatchObject({ status: 'refunded', amount_refunded: 249_900 });
    const beyond = await expectRazorpayError(client.refundPayment(result.razorpay_payment_id, { amountPaise: 100 }), 400);
    expect(beyond.message).toMatch(/refunded/);
  });

  it('refunds a payment in full in one call', async () => {
    const order = await client.createOrder({ amountPaise: 59_900, currency: 'INR', receipt: 'rcpt_full' });
    const { razorpay_payment_id: paymentId } = await sandbox.pay(order.id);
    const refund = await client.refundPayment(paymentId, { amountPaise: 59_900 });
    expect(refund).toMatchObject({ amount: 59_900, status: 'processed', payment_id: paymentId });
    expect(await client.fetchPayment(paymentId)).toMatchObject({ status: 'refunded', amount_refunded: 59_900, method: 'upi' });
    const second = await expectRazorpayError(client.refundPayment(paymentId, { amountPaise: 59_900 }), 400);
    expect(second.code).toBe('BAD_REQUEST_ERROR');
  });

  it('answers a retried refund with the same X-Refund-Idempotency key with the same refund, never a second', async () => {
    const order = await client.createOrder({ amountPaise: 80_000, currency: 'INR', receipt: 'rcpt_idem' });
    const { razorpay_payment_id: paymentId } = await sandbox.pay(order.id);
    const first = await client.refundPayment(paymentId, { amountPaise: 30_000, idempotencyKey: 'refund-key-0001' });
    const retried = await client.refundPayment(paymentId, { amountPaise: 30_000, idempotencyKey: 'refund-key-0001' });
    expect(retried.id).toBe(first.id);
    expect(await client.fetchPayment(paymentId)).toMatchObject({ amount_refunded: 30_000 });
    const changed = await expectRazorpayError(
      client.refundPayment(paymentId, { amountPaise: 40_000, idempotencyKey: 'refund-key-0001' }),
      400,
    );
    expect(changed.message).toBe('Different request with the same idempotency key has already been processed.');
    await expectRazorpayError(client.refundPayment(paymentId, { amountPaise: 100, idempotencyKey: 'short' }), 400);
    const other = await client.refundPayment(paymentId, { amountPaise: 30_000, idempotencyKey: 'refund-key-0002' });
    expect(other.id).not.toBe(first.id);
  });

  it('maps Razorpay errors: bad credentials, validation, unknown ids', async () => {
    const stranger = createRazorpayClient({ keyId: KEY_ID, keySecret: 'wrong', apiBase: sandbox.baseUrl });
    const auth = await expectRazorpayError(stranger.fetchOrder('order_whatever'), 401);
    expect(auth.code).toBe('BAD_REQUEST_ERROR');
    expect(auth.message).toBe('Authentication failed');
    expect(auth.message).not.toContain(KEY_SECRET);

    const tooSmall = await expectRazorpayError(client.createOrder({ amountPaise: 99, currency: 'INR', receipt: 'r' }), 400);
    expect(tooSmall.field).toBe('amount');
    await expectRazorpayError(client.createOrder({ amountPaise: 100.5, currency: 'INR', receipt: 'r' }), 400);
    const longReceipt = await expectRazorpayError(client.createOrder({ amountPaise: 100, currency: 'INR', receipt: 'r'.repeat(41) }), 400);
    expect(longReceipt.field).toBe('receipt');
    await expectRazorpayError(client.fetchOrder('order_doesnotexist00'), 400);
    await expectRazorpayError(client.fetchPayment('pay_doesnotexist000'), 400);

    // An unknown order can't be paid.
    await expectRazorpayError(sandbox.pay('order_doesnotexist00'), 400);
  });

  it('reports unreachable Razorpay and timeouts as RazorpayError', async () => {
    const closed = createRazorpayClient({ keyId: KEY_ID, keySecret: KEY_SECRET, apiBase: 'http://127.0.0.1:1' });
    const network = await expectRazorpayError(closed.fetchOrder('order_x'), 502);
    expect(network.code).toBe('NETWORK_ERROR');

    const unconfigured = createRazorpayClient({ keyId: KEY_ID, keySecret: KEY_SECRET, apiBase: '' });
    expect((await expectRazorpayError(unconfigured.fetchOrder('order_x'), 500)).code).toBe('CONFIGURATION_ERROR');

    const slow = Fastify();
    slow.get('/v1/orders/:id', async () => new Promise((resolve) => setTimeout(() => resolve({}), 1000)));
    await slow.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = slow.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const impatient = createRazorpayClient(
        { keyId: KEY_ID, keySecret: KEY_SECRET, apiBase: `http://127.0.0.1:${port}` },
        { timeoutMs: 50 },
      );
      const timeout = await expectRazorpayError(impatient.fetchOrder('order_x'), 504);
      expect(timeout.code).toBe('TIMEOUT');
    } finally {
      await slow.close();
    }
  });

  it('serves checkout.js defining window.Razorpay, and the browser pay call is Razorpay-shaped', async () => {
    const res = await fetch(`${sandbox.baseUrl}/checkout.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const source = await res.text();
    expect(source).toContain('window.Razorpay');
    expect(() => new Script(source)).not.toThrow();

    const badKey = await fetch(`${sandbox.baseUrl}/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'rzp_test_other', order_id: 'order_x' }),
    });
    expect(badKey.status).toBe(400);
    expect(await badKey.json()).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR', description: expect.any(String) } });
  });
});

describe('sandbox mounted in a host app', () => {
  it('works under a prefix, with its own 404s and Basic auth, beside the host routes', async () => {
    // Like the shop: zod validator/serializer compilers and an OpenAPI document.
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(fastifySwagger, { openapi: { info: { title: 'host', version: '1' } }, transform: jsonSchemaTransform });
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'host 404' }));
    await app.register(razorpaySandbox, { prefix: '/razorpay-sandbox', keyId: KEY_ID, keySecret: KEY_SECRET });
    app.get('/api/ping', async () => ({ ok: true }));
    try {
      await app.ready();
      const documented = Object.keys(app.swagger().paths ?? {});
      expect(documented).toContain('/api/ping');
      expect(documented.filter((p) => p.startsWith('/razorpay-sandbox'))).toEqual([]);
      const auth = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;
      const created = await app.inject({
        method: 'POST',
        url: '/razorpay-sandbox/v1/orders',
        headers: { authorization: auth },
        payload: { amount: 100, currency: 'INR', receipt: 'r1' },
      });
      expect(created.statusCode).toBe(200);
      const unauthorised = await app.inject({ method: 'GET', url: `/razorpay-sandbox/v1/orders/${created.json<{ id: string }>().id}` });
      expect(unauthorised.statusCode).toBe(401);
      expect(unauthorised.json()).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      const extra = await app.inject({
        method: 'POST',
        url: '/razorpay-sandbox/v1/orders',
        headers: { authorization: auth },
        payload: { amount: 100, currency: 'INR', receipt: 'r1', price: 1 },
      });
      expect(extra.statusCode).toBe(400);
      expect(extra.json<{ error: { description: string } }>().error.description).toContain('price');
      const badJson = await app.inject({
        method: 'POST',
        url: '/razorpay-sandbox/checkout/pay',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      });
      expect(badJson.statusCode).toBe(400);
      expect(badJson.json()).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR' } });
      expect((await app.inject({ method: 'GET', url: '/razorpay-sandbox/nope' })).json()).toMatchObject({
        error: { code: 'BAD_REQUEST_ERROR' },
      });
      expect((await app.inject({ method: 'GET', url: '/elsewhere' })).json()).toEqual({ message: 'host 404' });
      expect((await app.inject({ method: 'GET', url: '/api/ping' })).json()).toEqual({ ok: true });
      expect((await app.inject({ method: 'GET', url: '/razorpay-sandbox/checkout.js' })).body).toContain('window.Razorpay');
    } finally {
      await app.close();
    }
  });

  it('retries a webhook the receiver failed, keeping its event id', async () => {
    const seen: Array<{ event: string; eventId: string }> = [];
    const hooks = Fastify();
    hooks.post('/hook', async (request, reply) => {
      const event = (request.body as { event: string }).event;
      seen.push({ event, eventId: String(request.headers['x-razorpay-event-id']) });
      return reply.code(seen.length === 1 ? 500 : 200).send({});
    });
    await hooks.listen({ host: '127.0.0.1', port: 0 });
    const address = hooks.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const box = await startRazorpaySandbox({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: `http://127.0.0.1:${port}/hook`,
    });
    try {
      const client = createRazorpayClient({ keyId: KEY_ID, keySecret: KEY_SECRET, apiBase: box.baseUrl });
      const order = await client.createOrder({ amountPaise: 100, currency: 'INR', receipt: 'retry' });
      await box.pay(order.id);
      await vi.waitFor(() => expect(seen.map((s) => s.event)).toEqual(['payment.captured', 'payment.captured', 'order.paid']), {
        timeout: 4000,
        interval: 50,
      });
      expect(seen[1]?.eventId).toBe(seen[0]?.eventId);
      expect(box.state.webhooks.map((w) => [w.event, w.attempts, w.delivered])).toEqual([
        ['payment.captured', 2, true],
        ['order.paid', 1, true],
      ]);
    } finally {
      await box.close();
      await hooks.close();
    }
  });

  it('refuses a webhookUrl without a webhookSecret', async () => {
    const app = Fastify();
    await expect(
      app.register(razorpaySandbox, { keyId: KEY_ID, keySecret: KEY_SECRET, webhookUrl: 'http://127.0.0.1:9/hook' }).ready(),
    ).rejects.toThrow(/webhookSecret/);
    await app.close();
  });
});
