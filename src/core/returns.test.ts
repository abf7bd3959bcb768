import { describe, expect, it } from 'vitest';
import { lineRefundPaise, returnDeadline, returnsPromise } from './returns';

describe('lineRefundPaise', () => {
  const line = { lineTotalPaise: 3 * 99_900, discountPaise: 59_940, quantity: 3 };

  it('refunds the whole line as what was paid for it (price minus its discount share)', () => {
    expect(lineRefundPaise(line, 3)).toBe(299_700 - 59_940);
  });

  it('prorates units to the paisa and parts sum to the whole', () => {
    const odd = { lineTotalPaise: 3 * 1_000, discountPaise: 1, quantity: 3 }; // paid 2,999 paise
    const first = lineRefundPaise(odd, 1);
    const second = lineRefundPaise(odd, 1, 1);
    const third = lineRefundPaise(odd, 1, 2);
    expect([first, second, third]).toEqual([1_000, 999, 1_000]);
    expect(first + second + third).toBe(2_999);
    expect(lineRefundPaise(odd, 2, 1)).toBe(second + third);
  });

  it('refunds the full price of an undiscounted line', () => {
    expect(lineRefundPaise({ lineTotalPaise: 2 * 124_950, discountPaise: 0, quantity: 2 }, 1)).toBe(124_950);
  });

  it('refuses more units than the line holds, fractions and negatives', () => {
    expect(() => lineRefundPaise(line, 2, 2)).toThrow(RangeError);
    expect(() => lineRefundPaise(line, 1.5)).toThrow(RangeError);
    expect(() => lineRefundPaise(line, -1)).toThrow(RangeError);
  });
});

describe('returnDeadline', () => {
  const delivered = new Date('2026-11-01T10:00:00Z');
  it('is the window in days after delivery', () => {
    expect(returnDeadline(delivered, 7).toISOString()).toBe('2026-11-08T10:00:00.000Z');
  });
  it('is 24 hours for a 0-day window (damaged or wrong items only)', () => {
    expect(returnDeadline(delivered, 0).toISOString()).toBe('2026-11-02T10:00:00.000Z');
  });
});

describe('returnsPromise', () => {
  it("states the shop's return window and exchanges, or the 24-hour damaged-items policy at 0 days", () => {
    expect(returnsPromise({ windowDays: 7, sizeExchanges: true })).toBe('Returns and size exchanges within 7 days of delivery.');
    expect(returnsPromise({ windowDays: 14, sizeExchanges: false })).toBe('Returns within 14 days of delivery.');
    expect(returnsPromise({ windowDays: 1, sizeExchanges: false })).toBe('Returns within 1 day of delivery.');
    expect(returnsPromise({ windowDays: 0, sizeExchanges: true })).toBe(
      'All sales are final, except damaged or wrong items reported within 24 hours of delivery.',
    );
  });
});
