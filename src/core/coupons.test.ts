import { describe, expect, it } from 'vitest';
import {
  checkCoupon,
  chooseCouponOrAutomatic,
  couponDiscountPaise,
  minimumOrderMessage,
  normalizeCouponCode,
  type CouponTerms,
} from './coupons';
import { fromIstDateTime, toIstDateTime } from './india-time-input';

const base: CouponTerms = {
  code: 'SAVE10',
  kind: 'percent',
  percentOff: 10,
  amountOffPaise: null,
  minSubtotalPaise: 0,
  maxDiscountPaise: null,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerShopper: null,
  firstOrderOnly: false,
  isActive: true,
  used: 0,
};
const now = new Date('2026-11-25T10:00:00Z');
const ctx = { subTotalPaise: 199_999, now, shopperUses: 0, hasPaidOrder: false };

describe('couponDiscountPaise', () => {
  it('rounds a percent to the paisa, half up', () => {
    // 10% of 1,999.99 rupees is 19,999.9 paise -> 20,000
    expect(couponDiscountPaise(base, 199_999)).toBe(20_000);
    // 15% of 333 paise is 49.95 -> 50; 15% of 331 is 49.65 -> 50; 15% of 330 is 49.5 -> 50 (half up)
    expect(couponDiscountPaise({ ...base, percentOff: 15 }, 333)).toBe(50);
    expect(couponDiscountPaise({ ...base, percentOff: 15 }, 330)).toBe(50);
    expect(couponDiscountPaise({ ...base, percentOff: 15 }, 329)).toBe(49);
  });

  it('caps a percent coupon at its maximum discount', () => {
    expect(couponDiscountPaise({ ...base, maxDiscountPaise: 30_000 }, 500_000)).toBe(30_000);
    expect(couponDiscountPaise({ ...base, maxDiscountPaise: 30_000 }, 250_050)).toBe(25_005);
  });

  it('never takes a flat coupon below a zero total', () => {
    const flat = { ...base, kind: 'flat' as const, percentOff: null, amountOffPaise: 20_000 };
    expect(couponDiscountPaise(flat, 199_900)).toBe(20_000);
    expect(couponDiscountPaise(flat, 15_050)).toBe(15_050);
    expect(couponDiscountPaise(flat, 0)).toBe(0);
  });
});

describe('checkCoupon', () => {
  it('gives the discount when every rule holds', () => {
    expect(checkCoupon(base, ctx)).toEqual({ ok: true, discountPaise: 20_000 });
  });

  it('answers each rule with its message', () => {
    expect(checkCoupon({ ...base, isActive: false }, ctx)).toEqual({ ok: false, message: 'Invalid coupon code' });
    expect(checkCoupon({ ...base, startsAt: new Date(now.getTime() + 1) }, ctx)).toEqual({ ok: false, message: 'Invalid coupon code' });
    expect(checkCoupon({ ...base, endsAt: now }, ctx)).toEqual({ ok: false, message: 'This coupon has expired' });
    expect(checkCoupon({ ...base, maxUses: 5, used: 5 }, ctx)).toEqual({ ok: false, message: 'This coupon has reached its usage limit' });
    expect(checkCoupon({ ...base, maxUsesPerShopper: 1 }, { ...ctx, shopperUses: 1 })).toEqual({
      ok: false,
      message: 'You have already used this coupon',
    });
    expect(checkCoupon({ ...base, firstOrderOnly: true }, { ...ctx, hasPaidOrder: true })).toEqual({
      ok: false,
      message: 'This coupon is for first orders only',
    });
    expect(checkCoupon({ ...base, minSubtotalPaise: 99_900 }, { ...ctx, subTotalPaise: 99_899 })).toEqual({
      ok: false,
      message: 'Minimum order value for this coupon is ₹999',
    });
  });

  it('accepts the edges: started this instant, a subtotal exactly at the minimum, the last use', () => {
    expect(checkCoupon({ ...base, startsAt: now, endsAt: new Date(now.getTime() + 1) }, ctx).ok).toBe(true);
    expect(checkCoupon({ ...base, minSubtotalPaise: 199_999 }, ctx).ok).toBe(true);
    expect(checkCoupon({ ...base, maxUses: 5, used: 4, maxUsesPerShopper: 2 }, { ...ctx, shopperUses: 1 }).ok).toBe(true);
  });

  it('writes the minimum with paise when it has them', () => {
    expect(minimumOrderMessage(199_950)).toBe('Minimum order value for this coupon is ₹1,999.50');
  });
});

describe('chooseCouponOrAutomatic', () => {
  it('keeps the larger automatic discount and says why', () => {
    expect(
      chooseCouponOrAutomatic({ discountType: 'MULTI_ITEM_20', discountPaise: 60_000 }, { code: 'SAVE10', discountPaise: 30_000 }),
    ).toEqual({
      useCoupon: false,
      note: 'Your 20% multi-item discount saves more than SAVE10',
    });
  });

  it('takes the coupon only when it saves strictly more', () => {
    expect(
      chooseCouponOrAutomatic({ discountType: 'FIRST_ORDER_5', discountPaise: 5_000 }, { code: 'FLAT200', discountPaise: 20_000 }),
    ).toEqual({
      useCoupon: true,
      note: 'FLAT200 saves more than your 5% first-order discount',
    });
    expect(
      chooseCouponOrAutomatic({ discountType: 'FIRST_ORDER_5', discountPaise: 5_000 }, { code: 'SAME', discountPaise: 5_000 }),
    ).toEqual({
      useCoupon: false,
      note: 'Your 5% first-order discount saves as much as SAME',
    });
    expect(chooseCouponOrAutomatic({ discountType: 'NONE', discountPaise: 0 }, { code: 'SAVE10', discountPaise: 1 })).toEqual({
      useCoupon: true,
      note: 'Coupon SAVE10 applied',
    });
  });
});

describe('codes and India time', () => {
  it('normalises a typed code', () => {
    expect(normalizeCouponCode('  save10 ')).toBe('SAVE10');
  });

  it('reads and writes India wall clocks', () => {
    expect(fromIstDateTime('2026-11-26T00:00')?.toISOString()).toBe('2026-11-25T18:30:00.000Z');
    expect(toIstDateTime(new Date('2026-11-25T18:30:00Z'))).toBe('2026-11-26T00:00');
    expect(fromIstDateTime('2026-02-30T10:00')).toBeNull();
    expect(fromIstDateTime('2026-01-01T24:00')).toBeNull();
    expect(fromIstDateTime('2026-01-01 10:00')).toBeNull();
  });
});
