/**
 * Payment routes: preview, razorpay create-order and
 * verify-and-create-order (the provider path segment must be `razorpay`); Cash on Delivery's
 * create-order, which places the order at once: 201 when placed, 202 with the Razorpay order of the
 * advance when a part-paid COD advance is due (docs/architecture.md#part-paid-cod), 200 with
 * `Idempotent-Replayed: true` when the same Idempotency-Key (or cart within a minute) placed it before.
 * Calls with a `couponCode` go through the wrong-code guard (modules/coupons/tries.ts: 429 past 10
 * wrong codes in 15 minutes per shopper).
 */
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answers, createOrderResponseSchema, orderSchema, pricingSchema } from '../../../core/schemas/answers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createOrderSchema, previewSchema, verifyPaymentSchema } from '../../../core/schemas/checkout';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { pageUrl } from '../../plugins/ssr';
import { codLinks, codLinkToken } from '../cod-confirmation/links';
import { createCouponTryGuard } from '../coupons/tries';
import { COD_MESSAGES, codCheckout, refusedCodOrders } from './cod';
import { createCheckout, previewPricing, verifyAndCreateOrder } from './service';

/** Preview: the pricing, with what stops the order as it stands (sold out, too few left...). */
const previewAnswerSchema = pricingSchema.extend({
  problems: z.array(z.string()),
  methods: z
    .object({
      online: z.object({ prepaidDiscount: z.number(), total: z.number() }),
      cod: z.object({ fee: z.number(), total: z.number() }),
    })
    .describe(
      'Rupees, before store credit: paying online (or with store credit) takes the prepaid discount off the summary grandTotal (docs/architecture.md#prepaid-discount); Cash on Delivery adds its fee',
    ),
});
/** Whether the shopper may pay by Cash on Delivery as far as their own history goes, and why not. */
const codAvailabilitySchema = z.object({
  refused: z.number().describe('COD orders of this account, phone or e-mail that came back undelivered'),
  reason: z.string().nullable().describe('Why Cash on Delivery is not offered to this shopper; null when it is'),
});
/** Part-paid COD (docs/architecture.md#part-paid-cod): the online checkout's answer for the advance, with both parts in rupees. */
const partPaidSchema = createOrderResponseSchema.extend({
  codAdvance: z.object({
    advance: z.number().describe('Rupees paid online now through Razorpay'),
    cash: z.number().describe('Rupees paid in cash on delivery'),
  }),
});
/** A placed order, with the shopper's message. */
const placedSchema = z.object({ message: z.string(), order: orderSchema });

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.paymentDeps;
  const couponTries = createCouponTryGuard(app);
  /** Runs `place` under the wrong-code guard when the body carries a coupon code (a refusal names the code in `errors.couponCode`). */
  const withCouponGuard = async <T>(req: FastifyRequest, reply: FastifyReply, code: string | null | undefined, place: () => Promise<T>) => {
    if (!code) return place();
    await couponTries.check(req, reply);
    try {
      return await place();
    } catch (err) {
      if (err instanceof AppError && err.errors?.couponCode) await couponTries.record(req, err.message);
      throw err;
    }
  };

  app.post(
    '/api/payments/preview',
    { onRequest: app.authenticate, schema: { body: previewSchema, response: answers({ 200: previewAnswerSchema }) } },
    async (req, reply) =>
      withCouponGuard(req, reply, req.body.couponCode, async () => {
        const pricing = await previewPricing(deps, requireUser(req).id, req.body.items, req.body.couponCode);
        if (pricing.coupon && !pricing.coupon.valid) await couponTries.record(req, pricing.coupon.message);
        return pricing;
      }),
  );

  app.post(
    '/api/payments/razorpay/create-order',
    { onRequest: app.authenticate, schema: { body: createOrderSchema, response: answers({ 200: createOrderResponseSchema }) } },
    async (req, reply) => withCouponGuard(req, reply, req.body.couponCode, () => createCheckout(deps, requireUser(req).id, req.body)),
  );

  app.post(
    '/api/payments/razorpay/verify-and-create-order',
    { schema: { body: verifyPaymentSchema, response: answers({ 200: placedSchema }) } },
    async (req) => verifyAndCreateOrder(deps, req.body),
  );

  // The refused-COD rule for the signed-in shopper (docs/architecture.md#cash-on-delivery), so the
  // checkout says why COD is not offered; placing the order checks it again.
  app.get(
    '/api/payments/cod/availability',
    { onRequest: app.authenticate, schema: { response: answers({ 200: codAvailabilitySchema }) } },
    async (req) => {
      const user = requireUser(req);
      const [row] = await app.db.select({ phone: users.phone, email: users.email }).from(users).where(eq(users.id, user.id));
      const refused = row ? await refusedCodOrders(app.db, { userId: user.id, phone: row.phone, email: row.email }) : 0;
      const { maxRefused } = (await app.settings.get()).cod;
      return { refused, reason: refused >= maxRefused ? COD_MESSAGES.returned(refused) : null };
    },
  );

  app.post(
    '/api/payments/cod/create-order',
    {
      onRequest: app.authenticate,
      schema: {
        body: createOrderSchema,
        headers: z.object({ 'idempotency-key': z.string().max(1000).optional() }),
        response: answers({ 200: placedSchema, 201: placedSchema, 202: partPaidSchema }),
      },
    },
    async (req, reply) => {
      const result = await withCouponGuard(req, reply, req.body.couponCode, () =>
        codCheckout(deps, requireUser(req).id, req.body, req.headers['idempotency-key'], {
          // PUBLIC_URL when set: the Host header is the client's to write (docs/architecture.md#configuration).
          links: (orderId) => codLinks(app.config.publicUrl ?? pageUrl(req)?.origin ?? '', app.config.jwtSecret, orderId),
          token: (orderId, action) => codLinkToken(app.config.jwtSecret, orderId, action),
        }),
      );
      // An advance is due: nothing is placed until Razorpay's verify or webhook (202 Accepted).
      if ('payment' in result) return reply.status(202).send(result.payment);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.replayed ? 200 : 201).send({ message: result.message, order: result.order });
    },
  );
};
