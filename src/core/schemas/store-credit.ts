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

/** Largest adjustment either way, rupees (paise stay well inside a 32-bit integer). */
export const MAX_ADJUSTMENT_RUPEES = 1_000_000;

/**
 * A staff member's adjustment of a shopper's balance (POST /api/admin/customers/{id}/store-credit/adjustments):
 * `amount` rupees, positive to add and negative to take away, to the paisa; `note` why (the shopper
 * reads it in their history).
 */
export const storeCreditAdjustmentSchema = z.object({
  amount: z
    .number({ error: 'Enter the amount in rupees' })
    .refine((n) => Number.isFinite(n) && n !== 0, 'Enter an amount other than ₹0')
    .refine((n) => Math.abs(n) <= MAX_ADJUSTMENT_RUPEES, `At most ₹10,00,000 either way`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'At most 2 decimals (paise)'),
  note: z
    .string({ error: 'Say why: the shopper sees this note' })
    .trim()
    .min(1, 'Say why: the shopper sees this note')
    .max(300, 'At most 300 characters'),
});
export type StoreCreditAdjustment = z.infer<typeof storeCreditAdjustmentSchema>;

/** The adjustment made (or the key's earlier one) and the balance after it, rupees. */
export const storeCreditAdjustedSchema = z.object({ entry: storeCreditEntrySchema, balance: z.number() });
