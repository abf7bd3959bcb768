/**
 * Business constants shared by browser and server: limits, sizes, discounts, statuses and payments
 * (docs/architecture.md).
 */

export const BRAND = {
  name: 'Rangmanch',
  tagline: 'Everyday Indian wear, made to be lived in.',
  supportEmail: 'support@rangmanch.in',
  socialHandle: '@rangmanch.store',
} as const;

/** localStorage key of the signed-in token (docs/architecture.md#accounts-and-sign-in). */
export const TOKEN_STORAGE_KEY = 'apparel-store.token';
/** sessionStorage key of the login gate's pending action. */
export const POST_LOGIN_ACTION_KEY = 'apparel-store.post-login-action';

/** Size order XS..XXL. */
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;
export type Size = (typeof SIZES)[number];

/** Sorts anything with a `size` into XS..XXL order; unknown sizes go last. */
export function bySizeOrder<T extends { size: string }>(a: T, b: T): number {
  const ia = SIZES.indexOf(a.size as Size);
  const ib = SIZES.indexOf(b.size as Size);
  return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
}

export const CURRENCY = 'INR';

/**
 * Discount types and their rules (docs/architecture.md#discounts-and-coupons): never stacked. COUPON is a coupon code that
 * saved more than the automatic discount (src/core/coupons.ts); it has no fixed percent.
 */
export const DISCOUNT_TYPES = ['NONE', 'MULTI_ITEM_20', 'FIRST_ORDER_5', 'COUPON'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const MULTI_ITEM_MIN_UNITS = 3;
export const DISCOUNT_PERCENT: Record<DiscountType, number> = {
  NONE: 0,
  MULTI_ITEM_20: 20,
  FIRST_ORDER_5: 5,
  COUPON: 0,
};
export const DISCOUNT_LABELS: Record<DiscountType, string> = {
  NONE: '',
  MULTI_ITEM_20: '20% off applied',
  FIRST_ORDER_5: '5% first-order',
  COUPON: 'Coupon',
};

/**
 * The delivery estimate's fixed parts (docs/decisions/0008-pincodes-and-delivery-dates.md), shared by the
 * estimate (server/modules/pincodes/delivery-date.ts) and the shipping policy page that states it:
 * days between the earliest and the latest delivery date (couriers' spread), and the IST hour from
 * which an order counts as placed the next day.
 */
export const DELIVERY_WINDOW_DAYS = 2;
export const ORDER_CUTOFF_HOUR_IST = 17;

/** Cart line quantity bounds. */
export const CART_QTY_MIN = 1;
export const CART_QTY_MAX = 99;

/**
 * Order statuses, one list on the server (docs/architecture.md#order-lifecycle); the moves between them, their words and
 * colours are in src/core/order-status.ts. 'processing' is the admin spec's alias of 'packed'.
 */
export const ORDER_STATUSES = [
  'placed',
  'confirmed',
  'processing',
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'return_requested',
  'returned',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * How an order is paid: online through Razorpay, or Cash on Delivery; 'store_credit' when the
 * shopper's store credit paid all of it (docs/architecture.md#store-credit; its status is 'captured').
 */
export const PAYMENT_METHODS = ['razorpay', 'cod', 'store_credit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * An order's payment state: a Razorpay order is 'captured' when placed; a COD order is 'pending'
 * until delivered, then 'collected' (docs/architecture.md#cash-on-delivery; the dashboard's revenue counts COD once collected).
 */
export const PAYMENT_STATUSES = ['captured', 'pending', 'collected'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** How the shop's screens name payment methods and states. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  razorpay: 'Paid online (Razorpay)',
  cod: 'Cash on Delivery',
  store_credit: 'Paid with store credit',
};
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { captured: 'Paid', pending: 'To collect', collected: 'Collected' };

/** Home page limits. */
export const HOME_LIMITS = {
  latest: 10,
  bestsellers: 8,
  videos: 4,
  testimonials: 10,
  instagramPhotos: 5,
  related: 5,
} as const;

/** One-time code rules (docs/architecture.md#accounts-and-sign-in). */
export const OTP = {
  length: 6,
  ttlMs: 10 * 60 * 1000,
  maxAttempts: 5,
  resendCooldownMs: 30 * 1000,
} as const;
/** A complete one-time code: exactly OTP.length digits. */
export const OTP_CODE_RE = new RegExp(`^\\d{${OTP.length}}$`);
/** The message for a missing or incomplete one-time code. */
export const OTP_INCOMPLETE = 'Please enter the complete 6-digit code.';

/** The answer to a sent contact message. */
export const CONTACT_THANKS = "Thank you! Your message has been sent successfully. We'll get back to you soon.";

/** The 36 Indian states and union territories. */
export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;
