/**
 * Coupon bodies: the admin form and POST/PUT /api/admin/coupons share `couponInputSchema`
 * (rupees, India-time wall clocks 'YYYY-MM-DDTHH:mm'); the shopper's `couponCode` on preview and
 * create-order is `couponCodeField`. Money is paise in the database.
 */
import { z } from 'zod';
import { COUPON_CODE_RE, normalizeCouponCode } from '../coupons';
import { IST_DATETIME_RE, fromIstDateTime } from '../india-time-input';
import type { adminCouponSchema, publicCouponSchema } from './answers/admin';
import { rupeesField as rupees } from './common';

/** Null or absent means "no limit"; otherwise a whole number 1..max. */
const optionalCount = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(max, `${label} must be at most ${max}`)
    .nullable()
    .optional()
    .transform((v) => v ?? null);

const optionalRupees = (label: string) =>
  rupees(label)
    .nullable()
    .optional()
    .transform((v) => v ?? null);

/** An India-time wall clock 'YYYY-MM-DDTHH:mm'; null or absent means no limit. */
const istTime = (label: string) =>
  z
    .string({ error: `${label} must be a date and time` })
    .regex(IST_DATETIME_RE, `${label} must be a date and time`)
    .refine((v) => fromIstDateTime(v) !== null, `${label} must be a date and time`)
    .nullable()
    .optional()
    .transform((v) => v ?? null);

export const couponInputSchema = z
  .object({
    code: z
      .string({ error: 'Coupon code is required' })
      .trim()
      .min(1, 'Coupon code is required')
      .transform(normalizeCouponCode)
      .refine((v) => COUPON_CODE_RE.test(v), 'Code must be 4-20 letters A-Z or digits 0-9'),
    kind: z.enum(['percent', 'flat'], { error: 'Choose percent or flat amount' }),
    /** Whole percent for a percent coupon. */
    percentOff: optionalCount('Percent off', 100),
    /** Rupees off for a flat coupon. */
    amountOff: optionalRupees('Amount off'),
    minSubtotal: rupees('Minimum subtotal').default(0),
    maxDiscount: optionalRupees('Maximum discount'),
    startsAt: istTime('Start'),
    endsAt: istTime('End'),
    maxUses: optionalCount('Total uses', 10_000_000),
    maxUsesPerShopper: optionalCount('Uses per shopper', 1000),
    firstOrderOnly: z.boolean({ error: 'First order only must be true or false' }).default(false),
    isActive: z.boolean({ error: 'Active must be true or false' }).default(true),
    /**
     * Listed in the cart's public "Offers" (GET /api/coupons/public). Off by default, so a staff or
     * influencer code stays known only to those given it (docs/decisions/0007-coupon-codes.md).
     */
    showInOffers: z.boolean({ error: 'Show in offers must be true or false' }).default(false),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && c.percentOff === null)
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'Percent off is required' });
    if (c.kind === 'flat' && (c.amountOff === null || c.amountOff <= 0)) {
      ctx.addIssue({ code: 'custom', path: ['amountOff'], message: 'Amount off must be above ₹0' });
    }
    if (c.maxDiscount !== null && c.maxDiscount <= 0)
      ctx.addIssue({ code: 'custom', path: ['maxDiscount'], message: 'Maximum discount must be above ₹0' });
    const start = c.startsAt ? fromIstDateTime(c.startsAt) : null;
    const end = c.endsAt ? fromIstDateTime(c.endsAt) : null;
    if (start && end && end.getTime() <= start.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'End must be after the start' });
    }
  });
export type CouponInput = z.input<typeof couponInputSchema>;
export type CouponBody = z.output<typeof couponInputSchema>;

/** A coupon as the admin API answers it (rupees, India-time wall clocks): `adminCouponSchema`'s shape. */
export type AdminCoupon = z.output<typeof adminCouponSchema>;

/** A current coupon marked "Show in offers" as the public offers list shows it (no usage data): `publicCouponSchema`'s shape. */
export type PublicCoupon = z.output<typeof publicCouponSchema>;

/** The optional coupon a shopper sends with preview and create-order; empty means none. */
export const couponCodeField = z
  .string({ error: 'Invalid coupon code' })
  .max(40, 'Invalid coupon code')
  .nullable()
  .optional()
  .transform((v) => (v ? normalizeCouponCode(v) : null) || null);
