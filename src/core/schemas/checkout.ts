/**
 * Checkout bodies and the shipping form (storefront sections 3, 5, 7).
 */
import { z } from 'zod';
import { CART_QTY_MAX, INDIAN_STATES } from '../constants';
import { digitsOnly, idField, isIndianMobile, isPincode } from './common';

/** One line the client asks for; prices are never taken from the client (DESIGN.md). */
export const lineItemInputSchema = z.object({
  productId: idField('product'),
  variantId: idField('variant').nullable().optional(),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(CART_QTY_MAX, `Quantity cannot exceed ${CART_QTY_MAX}`),
});
export type LineItemInput = z.infer<typeof lineItemInputSchema>;

export const shippingAddressSchema = z.object({
  firstName: z.string({ error: 'Full name is required' }).trim().min(1, 'Full name is required').max(60),
  lastName: z.string({ error: 'Full name is required' }).trim().min(1, 'Full name is required').max(60),
  email: z
    .string({ error: 'Valid email is required' })
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Valid email is required')
    .max(254, 'Valid email is required')
    .transform((v) => v.toLowerCase()),
  phone: z
    .string({ error: 'Valid 10-digit Indian phone required' })
    .refine(isIndianMobile, 'Valid 10-digit Indian phone required')
    .transform(digitsOnly),
  line1: z
    .string({ error: 'Address line 1 is required' })
    .trim()
    .min(1, 'Address line 1 is required')
    .max(200),
  line2: z.string().trim().max(200).optional().default(''),
  city: z.string({ error: 'City is required' }).trim().min(1, 'City is required').max(80),
  state: z
    .string({ error: 'State is required' })
    .min(1, 'State is required')
    .refine((v) => (INDIAN_STATES as readonly string[]).includes(v), 'State is required'),
  pincode: z
    .string({ error: 'Valid 6-digit pincode required' })
    .trim()
    .refine(isPincode, 'Valid 6-digit pincode required'),
});
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

const itemsField = z
  .array(lineItemInputSchema, { error: 'No items to checkout' })
  .min(1, 'No items to checkout')
  .max(50, 'Too many items');

export const previewSchema = z.object({ items: itemsField });

export const createOrderSchema = z.object({
  currency: z.literal('INR', { error: 'Only INR is supported' }).default('INR'),
  items: itemsField,
  email: z.string().max(254).optional(),
  phone: z.string().max(20).optional(),
  fromBuyNow: z.boolean().default(false),
  shippingAddress: shippingAddressSchema,
});

export const verifyPaymentSchema = z.object({
  razorpay_order_id: z.string({ error: 'Payment details are missing' }).min(1).max(64),
  razorpay_payment_id: z.string({ error: 'Payment details are missing' }).min(1).max(64),
  razorpay_signature: z.string({ error: 'Payment details are missing' }).min(1).max(256),
  email: z.string().max(254).optional(),
  phone: z.string().max(20).optional(),
  shippingAddress: shippingAddressSchema.optional(),
  items: z.array(lineItemInputSchema).optional(),
  fromBuyNow: z.boolean().optional(),
});
