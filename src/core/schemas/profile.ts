/**
 * Profile form and PUT /api/users/me body.
 */
import { z } from 'zod';
import { INDIAN_STATES } from '../constants';
import { normaliseIndianMobile } from '../phone';
import { digitsOnly, isIndianMobile, isPincode } from './common';

export const addressSchema = z.object({
  line1: z.string({ error: 'Address is required' }).trim().min(1, 'Address is required').max(200),
  line2: z.string().trim().max(200).optional().default(''),
  city: z.string({ error: 'City is required' }).trim().min(1, 'City is required').max(80),
  state: z
    .string({ error: 'State is required' })
    .min(1, 'State is required')
    .refine((v) => (INDIAN_STATES as readonly string[]).includes(v), 'State is required'),
  pincode: z.string({ error: 'Invalid Indian pincode' }).transform(digitsOnly).refine(isPincode, 'Invalid Indian pincode'),
  country: z.literal('India', { error: 'Only India is supported' }).default('India'),
});

export const profileUpdateSchema = z.object({
  name: z
    .string()
    .trim()
    .max(80, 'Name must be at most 80 characters')
    .refine((v) => v.length === 0 || v.length >= 2, 'Name must be at least 2 characters')
    .optional(),
  phone: z
    .string()
    .trim()
    .refine((v) => v.length === 0 || isIndianMobile(v), 'Invalid Indian phone number')
    .transform(normaliseIndianMobile)
    .optional(),
  address: addressSchema.optional(),
  /** WhatsApp order updates and offers, each on or off (docs/architecture.md#whatsapp). */
  whatsappUpdates: z.boolean({ error: 'whatsappUpdates must be true or false' }).optional(),
  whatsappOffers: z.boolean({ error: 'whatsappOffers must be true or false' }).optional(),
  /** Offers and cart reminders by e-mail (docs/architecture.md#abandoned-carts). */
  emailOffers: z.boolean({ error: 'emailOffers must be true or false' }).optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** The profile form in edit mode: the same rules, with the address required. */
export const profileFormSchema = profileUpdateSchema.extend({ address: addressSchema });
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormOutput = z.output<typeof profileFormSchema>;
