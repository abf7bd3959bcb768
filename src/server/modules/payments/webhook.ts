/**
 * POST /api/payments/razorpay/webhook: verifies `X-Razorpay-Signature` over the raw body
 * with RAZORPAY_WEBHOOK_SECRET, completes a paid attempt whose shopper never came back
 * (`payment.captured`, `order.paid`) exactly as verify would, and records the event id so a
 * repeat is answered at once. Events in any order or repeated are harmless because completion is
 * idempotent. `refund.processed` / `refund.failed` settle the shop's refund they name
 * (modules/refunds: only a pending refund moves, so a late or repeated event changes nothing).
 */
import { eq } from 'drizzle-orm';
import { answers, webhookReceiptSchema } from '../../../core/schemas/answers';
import type { FastifyPluginAsync } from 'fastify';
import { checkoutAttempts, paymentEvents } from '../../db/schema';
import { AppError } from '../../errors';
import { verifyWebhookSignature } from '../../integrations/razorpay/signature';
import { applyProviderStatus } from '../refunds/service';
import { completeAttempt } from './service';

interface WebhookEvent {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string; status?: string } };
    order?: { entity?: { id?: string } };
    refund?: { entity?: { id?: string; status?: string; notes?: Record<string, unknown> | unknown[] } };
  };
}

export const webhookRoutes: FastifyPluginAsync = async (app) => {
  // Keep the raw body: the signature is over the exact bytes Razorpay sent.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => {
    done(null, body);
  });

  app.post('/api/payments/razorpay/webhook', { schema: { response: answers({ 200: webhookReceiptSchema }) } }, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const signature = request.headers['x-razorpay-signature'];
    const secret = app.config.razorpay.webhookSecret;
    if (!secret || !verifyWebhookSignature(raw, typeof signature === 'string' ? signature : undefined, secret)) {
      return reply.status(400).send({ message: 'Invalid webhook signature' });
    }
    let event: WebhookEvent;
    try {
      event = JSON.parse(raw) as WebhookEvent;
    } catch {
      return reply.status(400).send({ message: 'Invalid request body' });
    }
    const headerId = request.headers['x-razorpay-event-id'];
    const eventId = typeof headerId === 'string' && headerId ? headerId : null;
    if (eventId) {
      const [seen] = await app.db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, eventId));
      if (seen) return { status: 'duplicate' };
    }
    if (event.event === 'payment.captured' || event.event === 'order.paid') {
      const payment = event.payload?.payment?.entity;
      const orderId = payment?.order_id ?? event.payload?.order?.entity?.id;
      if (payment?.id && orderId) {
        const [attempt] = await app.db
          .select({ id: checkoutAttempts.id })
          .from(checkoutAttempts)
          .where(eq(checkoutAttempts.razorpayOrderId, orderId));
        if (attempt) {
          try {
            await completeAttempt(app.paymentDeps, attempt.id, payment.id);
          } catch (err) {
            // Unfillable: refunded inside completeAttempt; nothing more Razorpay can do about it.
            if (!(err instanceof AppError && err.statusCode === 409)) throw err;
          }
        }
      }
    }
    if (event.event === 'refund.processed' || event.event === 'refund.failed') {
      const refund = event.payload?.refund?.entity;
      const notes = refund?.notes && !Array.isArray(refund.notes) ? refund.notes : {};
      if (typeof refund?.id === 'string' && refund.id) {
        await applyProviderStatus(
          app.db,
          { providerRefundId: refund.id, refundId: typeof notes.refund_id === 'string' ? notes.refund_id : undefined },
          event.event === 'refund.processed' ? 'processed' : 'failed',
          'Razorpay could not complete the refund',
          app.authDeps.now(),
        );
      }
    }
    if (eventId) {
      await app.db
        .insert(paymentEvents)
        .values({ id: eventId, type: event.event ?? 'unknown' })
        .onConflictDoNothing();
    }
    return { status: 'ok' };
  });
};
