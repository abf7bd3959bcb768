import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatINR, toPaise, toRupees } from './money';
import { chooseDiscount, mrpFigures, priceLines, unitsToMultiItemDiscount } from './pricing';

describe('priceLines', () => {
  it('gives a first order of one or two units 5% off, rounded to the paisa', () => {
    const t = priceLines(
      [
        { unitPricePaise: 129_900, quantity: 1 },
        { unitPricePaise: 49_950, quantity: 1 },
      ],
      { hasPaidOrder: false },
    );
    expect(t.itemCount).toBe(2);
    expect(t.subTotal).toBe(179_850);
    expect(t.discountType).toBe('FIRST_ORDER_5');
    expect(t.discountRate).toBe(0.05);
    // 5% of 179,850 paise is 8,992.5 paise: rounded to 8,993
    expect(t.discount).toBe(8_993);
    expect(t.grandTotal).toBe(170_857);
    expect(t.shipping).toBe(0);
    expect(t.tax).toBe(0);
  });

  it('gives 3 or more units 20% off and never stacks it with the first-order discount', () => {
    const t = priceLines([{ unitPricePaise: 99_999, quantity: 3 }], { hasPaidOrder: false });
    expect(t.discountType).toBe('MULTI_ITEM_20');
    expect(t.discountRate).toBe(0.2);
    expect(t.subTotal).toBe(299_997);
    expect(t.discount).toBe(59_999); // 59,999.4 rounds down
    expect(t.grandTotal).toBe(239_998);
  });

  it('counts units, not lines, for the multi-item discount', () => {
    expect(
      priceLines(
        [
          { unitPricePaise: 100, quantity: 2 },
          { unitPricePaise: 100, quantity: 1 },
        ],
        { hasPaidOrder: true },
      ).discountType,
    ).toBe('MULTI_ITEM_20');
  });

  it('gives a returning shopper with fewer than 3 units no discount', () => {
    const t = priceLines([{ unitPricePaise: 250_000, quantity: 2 }], { hasPaidOrder: true });
    expect(t.discountType).toBe('NONE');
    expect(t.discount).toBe(0);
    expect(t.grandTotal).toBe(500_000);
  });

  it('prices an empty cart at zero without a discount', () => {
    const t = priceLines([], { hasPaidOrder: false });
    expect(t).toMatchObject({ itemCount: 0, subTotal: 0, discountType: 'NONE', grandTotal: 0 });
  });
});

describe('discount helpers', () => {
  it('chooses the discount by units and history', () => {
    expect(chooseDiscount(0, false)).toBe('NONE');
    expect(chooseDiscount(1, false)).toBe('FIRST_ORDER_5');
    expect(chooseDiscount(3, true)).toBe('MULTI_ITEM_20');
  });

  it('hints how many more units unlock 20% off only at 1 or 2 units', () => {
    expect(unitsToMultiItemDiscount(0)).toBe(0);
    expect(unitsToMultiItemDiscount(1)).toBe(2);
    expect(unitsToMultiItemDiscount(2)).toBe(1);
    expect(unitsToMultiItemDiscount(3)).toBe(0);
  });
});

describe('money', () => {
  it('converts rupees and paise without float drift', () => {
    expect(toPaise(1299.99)).toBe(129_999);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toRupees(129_999)).toBe(1299.99);
    expect(() => toPaise(Number.NaN)).toThrow();
  });

  it('formats INR the en-IN way', () => {
    expect(formatINR(123456)).toBe('₹1,23,456');
    expect(formatINR(1299.5)).toBe('₹1,299.50');
    expect(formatINR(12_34_56_789.05)).toBe('₹12,34,56,789.05');
    expect(formatINR(0)).toBe('₹0');
    expect(formatINR(-20)).toBe('-₹20');
  });

  it('writes exactly what Intl.NumberFormat en-IN INR writes, for any amount in paise', () => {
    const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    const inrWhole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), (paise) => {
        const rupees = toRupees(paise);
        const expected = Number.isInteger(rupees) ? inrWhole.format(rupees) : inr.format(rupees);
        expect(formatINR(rupees)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('mrpFigures', () => {
  it('takes the compare-at price as MRP only when it is above the price', () => {
    const lines = [
      { unitPricePaise: 129_950, compareAtPaise: 149_900, quantity: 2 },
      { unitPricePaise: 99_900, compareAtPaise: null, quantity: 1 },
      { unitPricePaise: 50_000, compareAtPaise: 40_000, quantity: 1 },
    ];
    expect(mrpFigures(lines, 10_000)).toEqual({ mrpTotal: 449_700, mrpDiscount: 39_900, savings: 49_900 });
  });

  it('saves exactly the MRP less the grand total, to the paisa', () => {
    const line = fc.record({
      unitPricePaise: fc.integer({ min: 1, max: 5_000_000 }),
      compareAtPaise: fc.option(fc.integer({ min: 1, max: 6_000_000 })),
      quantity: fc.integer({ min: 1, max: 99 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.boolean(), (lines, hasPaidOrder) => {
        const totals = priceLines(lines, { hasPaidOrder });
        const mrp = mrpFigures(lines, totals.discount);
        expect(mrp.mrpDiscount).toBeGreaterThanOrEqual(0);
        expect(mrp.mrpTotal - mrp.mrpDiscount).toBe(totals.subTotal);
        expect(mrp.savings).toBe(mrp.mrpTotal - totals.grandTotal);
      }),
    );
  });
});
