/**
 * Store credit routes (docs/architecture.md#store-credit):
 * - GET /api/store-credit: the signed-in shopper's balance and latest changes (rupees, newest first).
 * - POST /api/payments/store-credit/create-order: places an order paid wholly with store credit
 *   (checkout.ts; `Idempotency-Key` required): 201 placed, 200 with `Idempotent-Replayed: true` for a
 *   key that placed it before.
 * - GET /api/admin/customers/{id}/store-credit: a shopper's balance and history for the shop
 *   ('orders.read': the order view shows it beside the customer); 404 'Customer not found'.
 * - POST /api/admin/customers/{id}/store-credit/adjustments: a staff member adds or takes away credit
 *   with a note ('orders.refund', a credit within the role's refund limit; adjustment.ts):
 *   `Idempotency-Key` required; 201 made, 200 with `Idempotent-Replayed: true` for the key's earlier one.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { toRupees } from '../../../core/money';
import { idParams } from '../../../core/schemas/common';
import { answers } from '../../../core/schemas/answers';
import { storeCreditAccountSchema, storeCreditAdjustedSchema, storeCreditAdjustmentSchema } from '../../../core/schemas/store-credit';
import type { StoreCreditAccount } from '../../../core/store-credit';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { notFound } from '../../errors';
import { z } from 'zod';
import { createOrderSchema } from '../../../core/schemas/checkout';
import { orderSchema } from '../../../core/schemas/answers';
import { requireUser } from '../../plugins/auth';
import { placeStoreCreditOrder } from './checkout';
import { historyOf, type LedgerRow } from './wallet';
import { adjustStoreCredit } from './adjustment';
import { auditActor } from '../audit/record';
import { toPaise } from '../../../core/money';

/** A ledger row as the API shows it (rupees). */
const toEntry = (r: LedgerRow) => ({
  _id: r.id,
  amount: toRupees(r.deltaPaise),
  balanceAfter: toRupees(r.balanceAfterPaise),
  reason: r.reason,
  orderId: r.orderId,
  note: r.note,
  createdAt: r.createdAt.toISOString(),
});

/** A shopper's balance (rupees), their latest 50 changes and the shop's offer; null for an unknown user. */
export async function accountOf(db: Tx, userId: string, offer: StoreCreditAccount['offer']): Promise<StoreCreditAccount | null> {
  const [user] = await db.select({ balance: users.storeCreditPaise }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  const history = await historyOf(db, userId, { limit: 50 });
  return { balance: toRupees(user.balance), history: history.map(toEntry), offer: { ...offer } };
}

const account = answers({ 200: storeCreditAccountSchema });

const KEY_MESSAGE = 'An Idempotency-Key header (1 to 200 visible characters) is required';
const idempotencyHeaders = z.looseObject({
  'idempotency-key': z.string({ error: KEY_MESSAGE }).regex(/^[\x21-\x7e]{1,200}$/, KEY_MESSAGE),
});

/** The shopper's own balance. */
export const storeCreditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/store-credit', { onRequest: app.authenticate, schema: { response: account } }, async (req) => {
    const found = await accountOf(app.db, requireUser(req).id, (await app.settings.get()).storeCredit);
    if (!found) throw notFound('Shopper not found');
    return found;
  });

  const placed = z.object({ message: z.string(), order: orderSchema });
  app.post(
    '/api/payments/store-credit/create-order',
    {
      onRequest: app.authenticate,
      schema: { body: createOrderSchema, headers: idempotencyHeaders, response: answers({ 200: placed, 201: placed }) },
    },
    async (req, reply) => {
      const result = await placeStoreCreditOrder(app.paymentDeps, requireUser(req).id, req.body, req.headers['idempotency-key']);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.replayed ? 200 : 201).send({ message: result.message, order: result.order });
    },
  );
};

/** A shopper's balance for the shop (inside the admin scope, setup/api.ts). */
export const adminStoreCreditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/customers/:id/store-credit',
    { config: { permission: 'orders.read' }, schema: { params: idParams('Customer not found'), response: account } },
    async (req) => {
      const found = await accountOf(app.db, req.params.id, (await app.settings.get()).storeCredit);
      if (!found) throw notFound('Customer not found');
      return found;
    },
  );

  const adjusted = storeCreditAdjustedSchema;
  app.post(
    '/api/admin/customers/:id/store-credit/adjustments',
    {
      config: { permission: 'orders.refund' },
      schema: {
        params: idParams('Customer not found'),
        headers: idempotencyHeaders,
        body: storeCreditAdjustmentSchema,
        response: answers({ 200: adjusted, 201: adjusted }),
      },
    },
    async (req, reply) => {
      const { row, replayed } = await adjustStoreCredit(
        app.db,
        {
          customerId: req.params.id,
          amountPaise: toPaise(req.body.amount),
          note: req.body.note,
          idempotencyKey: req.headers['idempotency-key'],
          actor: auditActor(req),
        },
        await app.settings.get(),
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      const [user] = await app.db.select({ balance: users.storeCreditPaise }).from(users).where(eq(users.id, req.params.id));
      return reply.status(replayed ? 200 : 201).send({ entry: toEntry(row), balance: toRupees(user?.balance ?? 0) });
    },
  );
};
