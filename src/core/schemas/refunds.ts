/**
 * Request bodies of the cancel and refund calls (docs/decisions/0017-refunds-and-credit-notes.md), with their
 * messages: the shopper's cancel (a reason from the list), the admin's "Cancel and refund" and
 * "Refund" (amounts in rupees to the paisa, as the API speaks).
 */
import { z } from 'zod';
import { CANCEL_REASONS } from '../refunds';

/** POST /api/orders/{id}/cancel. */
export const cancelOrderSchema = z.strictObject({
  reason: z.enum(CANCEL_REASONS, { error: 'Please choose a reason for cancelling' }),
});

const reasonField = z
  .string({ error: 'Please give a reason for the refund' })
  .trim()
  .min(1, 'Please give a reason for the refund')
  .max(200, 'The reason must be at most 200 characters');
const manualReferenceField = z
  .string()
  .trim()
  .max(100, 'The reference must be at most 100 characters')
  .optional()
  .transform((v) => v || undefined);

/** POST /api/orders/admin/{id}/cancel: cancel and refund everything paid. */
export const adminCancelSchema = z.strictObject({ reason: reasonField, manualReference: manualReferenceField });

/** POST /api/orders/admin/{id}/refunds: an amount in rupees (up to 2 decimals), full or part of what is left. */
export const adminRefundSchema = z.strictObject({
  amount: z
    .number({ error: 'Please enter the amount to refund' })
    .positive('The amount must be more than ₹0')
    .max(10_000_000, 'The amount is too large')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'The amount can have at most 2 decimals (paise)'),
  reason: reasonField,
  manualReference: manualReferenceField,
  /** Into the shopper's store credit instead (docs/architecture.md#store-credit; the settings must offer it). */
  toStoreCredit: z.boolean({ error: 'toStoreCredit must be true or false' }).optional(),
});
