/**
 * Checkout bodies and the shipping form.
 */
import { z } from 'zod';
import { CART_QTY_MAX, INDIAN_STATES } from '../constants';
import { normaliseIndianMobile } from '../phone';
import { idField, isIndianMobile, isPincode } from './common';
import { couponCodeField } from './coupons';

/** One line the client asks for; prices are never taken from the client (docs/architecture.md#api-contract). */
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
    .transform(normaliseIndianMobile),
  line1: z.string({ error: 'Address line 1 is required' }).trim().min(1, 'Address line 1 is required').max(200),
  line2: z.string().trim().max(200).optional().default(''),
  city: z.string({ error: 'City is required' }).trim().min(1, 'City is required').max(80),
  state: z
    .string({ error: 'State is required' })
    .min(1, 'State is required')
    .refine((v) => (INDIAN_STATES as readonly string[]).includes(v), 'State is required'),
  pincode: z.string({ error: 'Valid 6-digit pincode required' }).trim().refine(isPincode, 'Valid 6-digit pincode required'),
});
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;
export type ShippingAddress = z.output<typeof shippingAddressSchema>;

const itemsField = z.array(lineItemInputSchema, { error: 'No items to checkout' }).min(1, 'No items to checkout').max(50, 'Too many items');

/** POST /api/payments/preview; `couponCode` is optional. */
export const previewSchema = z.object({ items: itemsField, couponCode: couponCodeField });

/**
 * POST /api/payments/{provider}/create-order. The spec's payload is currency, items, email, phone,
 * fromBuyNow; `shippingAddress` is ours and optional: without it the shopper's saved profile
 * address is used (see shippingAddressFromProfile).
 */
export const createOrderSchema = z.object({
  currency: z.literal('INR', { error: 'Only INR is supported' }).default('INR'),
  items: itemsField,
  email: z.string().max(254).optional(),
  phone: z.string().max(20).optional(),
  fromBuyNow: z.boolean().default(false),
  shippingAddress: shippingAddressSchema.optional(),
  /** Optional coupon; an unusable one answers 400 with the reason. */
  couponCode: couponCodeField,
  /** Spend the shopper's store credit on this order (docs/architecture.md#store-credit). */
  useStoreCredit: z.boolean({ error: 'useStoreCredit must be true or false' }).default(false),
  /** "Send me order updates on WhatsApp" and "Send me offers on WhatsApp", saved to the account (docs/architecture.md#whatsapp). */
  whatsappUpdates: z.boolean({ error: 'whatsappUpdates must be true or false' }).optional(),
  whatsappOffers: z.boolean({ error: 'whatsappOffers must be true or false' }).optional(),
});

export const DELIVERY_ADDRESS_REQUIRED = 'Delivery address is required';
/** Last name for a shopper whose saved name is one word (the shipping form needs both). */
export const NO_LAST_NAME = '-';

/**
 * The shipping address made from a shopper's profile (name, e-mail, phone, saved address), as the
 * checkout's "Saved" option shows it: the name's last word is the last name.
 * `contact` (the create-order body's email and phone) wins over the profile's when given. Returns
 * null without a saved address; the caller validates the result with shippingAddressSchema.
 */
export function shippingAddressFromProfile(
  user: {
    name: string;
    email: string;
    phone: string;
    address: { line1: string; line2?: string; city: string; state: string; pincode: string } | null;
  },
  contact: { email?: string; phone?: string } = {},
): ShippingAddressInput | null {
  if (!user.address) return null;
  const parts = user.name.trim().split(/\s+/).filter(Boolean);
  return {
    firstName: parts.length > 1 ? parts.slice(0, -1).join(' ') : (parts[0] ?? ''),
    lastName: parts.length > 1 ? parts[parts.length - 1] : NO_LAST_NAME,
    email: contact.email || user.email,
    phone: contact.phone || user.phone,
    line1: user.address.line1,
    line2: user.address.line2 ?? '',
    city: user.address.city,
    state: user.address.state,
    pincode: user.address.pincode,
  };
}

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
