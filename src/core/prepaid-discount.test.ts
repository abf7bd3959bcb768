import { describe, expect, it } from 'vitest';
import { describePrepaidRule, prepaidDiscountPaise } from './prepaid-discount';

const percent = (value: number, cap: number | null = null) => ({ kind: 'percent' as const, value, cap });
const flat = (value: number, cap: number | null = null) => ({ kind: 'flat' as const, value, cap });

describe('prepaidDiscountPaise', () => {
  it('is nothing when off, and never for Cash on Delivery', () => {
    expect(prepaidDiscountPaise({ kind: 'off', value: 0, cap: null }, 200_000)).toBe(0);
    expect(prepaidDiscountPaise(percent(5), 200_000, 'cod')).toBe(0);
    expect(prepaidDiscountPaise(flat(60), 200_000, 'cod')).toBe(0);
  });

  it('takes a percent of the goods, rounded down to whole rupees', () => {
    // 5% of ₹1,287.00 = ₹64.35 → ₹64
    expect(prepaidDiscountPaise(percent(5), 128_700)).toBe(6_400);
    // 5% of ₹1,200 = ₹60 exactly
    expect(prepaidDiscountPaise(percent(5), 120_000)).toBe(6_000);
    // 3% of ₹33.33 = ₹0.9999 → ₹0
    expect(prepaidDiscountPaise(percent(3), 3_333)).toBe(0);
  });

  it('gives the same for store credit as for paying online', () => {
    expect(prepaidDiscountPaise(percent(5), 128_700, 'store_credit')).toBe(prepaidDiscountPaise(percent(5), 128_700, 'razorpay'));
  });

  it('caps a percent at the cap', () => {
    expect(prepaidDiscountPaise(percent(10, 100), 500_000)).toBe(10_000);
    expect(prepaidDiscountPaise(percent(10, 100), 90_000)).toBe(9_000);
    expect(prepaidDiscountPaise(percent(10, 99.5), 500_000)).toBe(9_950);
  });

  it('takes a flat amount to the paisa, capped too', () => {
    expect(prepaidDiscountPaise(flat(49.5), 100_000)).toBe(4_950);
    expect(prepaidDiscountPaise(flat(60, 40), 100_000)).toBe(4_000);
  });

  it('never leaves the order under ₹1', () => {
    expect(prepaidDiscountPaise(flat(60), 5_000)).toBe(4_900);
    expect(prepaidDiscountPaise(flat(60), 6_050)).toBe(5_950);
    expect(prepaidDiscountPaise(flat(60), 100)).toBe(0);
    expect(prepaidDiscountPaise(flat(60), 150)).toBe(50);
    expect(prepaidDiscountPaise(percent(50), 150)).toBe(0);
    expect(prepaidDiscountPaise(flat(60), 0)).toBe(0);
    expect(prepaidDiscountPaise(flat(60), -500)).toBe(0);
  });

  it('reads as the owner wrote it', () => {
    expect(describePrepaidRule(percent(5, 100))).toBe('5% off orders paid online (at most ₹100)');
    expect(describePrepaidRule(flat(49.5))).toBe('₹49.50 off orders paid online');
    expect(describePrepaidRule({ kind: 'off', value: 0, cap: null })).toBe('No prepaid discount');
  });
});
