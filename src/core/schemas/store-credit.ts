/**
 * Store credit answers (docs/architecture.md#store-credit): a shopper's balance and history in
 * rupees, for GET /api/store-credit and the admin's customer view.
 */
import { z } from 'zod';

export const storeCreditEntrySchema = z.object({
  _id: z.string(),
  amount: z.number(),
  balanceAfter: z.number(),
  reason: z.enum(['refund', 'bonus', 'order', 'order_cancelled', 'adjustment']),
  orderId: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
});

export const storeCreditAccountSchema = z.object({
  balance: z.number(),
  history: z.array(storeCreditEntrySchema),
  offer: z.object({ refunds: z.enum(['off', 'choice']), bonusPercent: z.number() }),
});
