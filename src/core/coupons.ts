/**
 * Coupon rules, shared by browser and server; all money in integer paise. Rules from
 * docs/architecture.md#discounts-and-coupons: a coupon and the automatic discount (pricing.ts)
 * never stack, the larger applies and the answer says which; a discount is rounded to the paisa and
 * a flat coupon never takes the total below zero. Coupon times are India time (Asia/Kolkata, UTC+5:30,
 * no daylight saving).
 */
import { DISCOUNT_PERCENT, type DiscountType } from './constants';
import { formatINR, toRupees } from './money';

/** A code: A-Z and 0-9, 4 to 20 characters, stored upper-case. */
export const COUPON_CODE_RE = /^[A-Z0-9]{4,20}$/;

/** The shopper-facing messages (exact). */
export const COUPON_MESSAGES = {
  invalid: 'Invalid coupon code',
  expired: 'This coupon has expired',
  alreadyUsed: 'You have already used this coupon',
  firstOrderOnly: 'This coupon is for first orders only',
  usageLimit: 'This coupon has reached its usage limit',
} as const;

/** 'Minimum order value for this coupon is ₹999' for a minimum of 99,900 paise. */
export const minimumOrderMessage = (minSubtotalPaise: number) =>
  `Minimum order value for this coupon is ${formatINR(toRupees(minSubtotalPaise))}`;

/** What a shopper typed, as a code to look up: trimmed and upper-cased ('save10 ' -> 'SAVE10'). */
export const normalizeCouponCode = (typed: string) => typed.trim().toUpperCase();

/** A coupon as the rules need it (paise, instants). */
export interface CouponTerms {
  code: string;
  kind: 'percent' | 'flat';
  /** Whole percent 1-100 for a percent coupon. */
  percentOff: number | null;
  /** Paise off for a flat coupon. */
  amountOffPaise: number | null;
  minSubtotalPaise: number;
  /** Cap on a percent coupon's discount, paise; null for none. */
  maxDiscountPaise: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  maxUsesPerShopper: number | null;
  firstOrderOnly: boolean;
  isActive: boolean;
  /** Orders that used it so far. */
  used: number;
}

/** The shopper's side of a coupon check. */
export interface CouponContext {
  subTotalPaise: number;
  now: Date;
  /** Orders this shopper placed with this coupon. */
  shopperUses: number;
  hasPaidOrder: boolean;
}

/**
 * The coupon's discount on `subTotalPaise`: a percent rounded half up to the paisa and capped at
 * `maxDiscountPaise`; a flat amount; never more than the subtotal.
 */
export function couponDiscountPaise(
  coupon: Pick<CouponTerms, 'kind' | 'percentOff' | 'amountOffPaise' | 'maxDiscountPaise'>,
  subTotalPaise: number,
): number {
  let discount = coupon.kind === 'percent' ? Math.round((subTotalPaise * (coupon.percentOff ?? 0)) / 100) : (coupon.amountOffPaise ?? 0);
  if (coupon.kind === 'percent' && coupon.maxDiscountPaise !== null) discount = Math.min(discount, coupon.maxDiscountPaise);
  return Math.max(0, Math.min(discount, subTotalPaise));
}

/**
 * Checks a coupon for a shopper and a cart. In order: inactive or not started -> invalid, expired,
 * usage limit, the shopper's own limit, first orders only, minimum subtotal. Returns the discount
 * in paise or the message to show (COUPON_MESSAGES / minimumOrderMessage).
 */
export function checkCoupon(coupon: CouponTerms, ctx: CouponContext): { ok: true; discountPaise: number } | { ok: false; message: string } {
  const now = ctx.now.getTime();
  if (!coupon.isActive || (coupon.startsAt !== null && now < coupon.startsAt.getTime()))
    return { ok: false, message: COUPON_MESSAGES.invalid };
  if (coupon.endsAt !== null && now >= coupon.endsAt.getTime()) return { ok: false, message: COUPON_MESSAGES.expired };
  if (coupon.maxUses !== null && coupon.used >= coupon.maxUses) return { ok: false, message: COUPON_MESSAGES.usageLimit };
  if (coupon.maxUsesPerShopper !== null && ctx.shopperUses >= coupon.maxUsesPerShopper)
    return { ok: false, message: COUPON_MESSAGES.alreadyUsed };
  if (coupon.firstOrderOnly && ctx.hasPaidOrder) return { ok: false, message: COUPON_MESSAGES.firstOrderOnly };
  if (ctx.subTotalPaise < coupon.minSubtotalPaise) return { ok: false, message: minimumOrderMessage(coupon.minSubtotalPaise) };
  return { ok: true, discountPaise: couponDiscountPaise(coupon, ctx.subTotalPaise) };
}

/** How the automatic discounts read in a sentence. */
const AUTOMATIC_NAMES: Partial<Record<DiscountType, string>> = {
  MULTI_ITEM_20: `${DISCOUNT_PERCENT.MULTI_ITEM_20}% multi-item discount`,
  FIRST_ORDER_5: `${DISCOUNT_PERCENT.FIRST_ORDER_5}% first-order discount`,
};

/**
 * Chooses between the automatic discount and a valid coupon (they never stack): the coupon only
 * when it saves strictly more, so a tie keeps the automatic discount and the coupon's use. The note
 * says which applies and why, e.g. 'Your 20% multi-item discount saves more than SAVE10'.
 */
export function chooseCouponOrAutomatic(
  automatic: { discountType: DiscountType; discountPaise: number },
  coupon: { code: string; discountPaise: number },
): { useCoupon: boolean; note: string } {
  const autoName = AUTOMATIC_NAMES[automatic.discountType];
  if (coupon.discountPaise > automatic.discountPaise) {
    return { useCoupon: true, note: autoName ? `${coupon.code} saves more than your ${autoName}` : `Coupon ${coupon.code} applied` };
  }
  if (!autoName) return { useCoupon: false, note: `${coupon.code} gives no discount on this order` };
  return {
    useCoupon: false,
    note:
      coupon.discountPaise === automatic.discountPaise
        ? `Your ${autoName} saves as much as ${coupon.code}`
        : `Your ${autoName} saves more than ${coupon.code}`,
  };
}
