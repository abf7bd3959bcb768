import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allotDiscount, computeGst, DEFAULT_TAX_SLABS, gstRateFor, gstRateForLine } from './tax';

const karnataka = { shopState: 'Karnataka', shippingState: 'Karnataka' };
const toMaharashtra = { shopState: 'Karnataka', shippingState: 'Maharashtra' };

describe('gstRateFor', () => {
  it('charges 5% up to ₹2,500 a piece and 18% above', () => {
    expect(gstRateFor(1)).toBe(5);
    expect(gstRateFor(250_000)).toBe(5);
    expect(gstRateFor(250_001)).toBe(18);
    expect(gstRateFor(10_000_000)).toBe(18);
  });

  it('follows the slabs it is given and refuses slabs without an open end', () => {
    const slabs = [
      { upToPaise: 100_000, ratePercent: 0 },
      { upToPaise: 500_000, ratePercent: 12 },
      { upToPaise: null, ratePercent: 28 },
    ];
    expect([gstRateFor(100_000, slabs), gstRateFor(100_001, slabs), gstRateFor(500_001, slabs)]).toEqual([0, 12, 28]);
    expect(() => gstRateFor(300_000, [{ upToPaise: 250_000, ratePercent: 5 }])).toThrow(RangeError);
  });
});

describe('computeGst', () => {
  it('takes the GST out of ₹1,049.00 at 5%: taxable ₹999.05, GST ₹49.95', () => {
    const { lines, totals, intraState } = computeGst([{ unitPricePaise: 104_900, quantity: 1 }], toMaharashtra);
    expect(intraState).toBe(false);
    expect(lines[0]).toEqual({
      ratePercent: 5,
      totalPaise: 104_900,
      taxablePaise: 99_905,
      taxPaise: 4_995,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 4_995,
    });
    expect(totals).toEqual({ totalPaise: 104_900, taxablePaise: 99_905, taxPaise: 4_995, cgstPaise: 0, sgstPaise: 0, igstPaise: 4_995 });
  });

  it('splits intra-state GST into CGST and SGST, the odd paisa to CGST', () => {
    const { lines, intraState } = computeGst([{ unitPricePaise: 104_900, quantity: 1 }], karnataka);
    expect(intraState).toBe(true);
    expect(lines[0]).toMatchObject({ taxPaise: 4_995, cgstPaise: 2_498, sgstPaise: 2_497, igstPaise: 0 });
    // An even tax splits evenly: ₹1,050.00 at 5% is taxable ₹1,000.00, GST ₹50.00.
    expect(computeGst([{ unitPricePaise: 105_000, quantity: 1 }], karnataka).lines[0]).toMatchObject({
      taxablePaise: 100_000,
      taxPaise: 5_000,
      cgstPaise: 2_500,
      sgstPaise: 2_500,
    });
  });

  it('uses the rate of the price per piece, on the whole line, at the ₹2,500 boundary', () => {
    const { lines, totals } = computeGst(
      [
        { unitPricePaise: 250_000, quantity: 2 }, // ₹2,500 a piece: 5% on ₹5,000
        { unitPricePaise: 250_001, quantity: 1 }, // ₹2,500.01: 18%
      ],
      toMaharashtra,
    );
    expect(lines[0]).toMatchObject({ ratePercent: 5, totalPaise: 500_000, taxablePaise: 476_190, taxPaise: 23_810 });
    // 250,001 / 1.18 = 211,865.25... -> 211,865
    expect(lines[1]).toMatchObject({ ratePercent: 18, totalPaise: 250_001, taxablePaise: 211_865, taxPaise: 38_136 });
    expect(totals).toMatchObject({ totalPaise: 750_001, taxablePaise: 688_055, taxPaise: 61_946, igstPaise: 61_946 });
  });

  it('rounds the taxable value half up to the paisa', () => {
    // 21 paise at 5%: 21 / 1.05 = 20 exactly; 41 paise: 39.047... -> 39
    expect(computeGst([{ unitPricePaise: 21, quantity: 1 }], karnataka).lines[0]).toMatchObject({
      taxablePaise: 20,
      taxPaise: 1,
      cgstPaise: 1,
      sgstPaise: 0,
    });
    expect(computeGst([{ unitPricePaise: 41, quantity: 1 }], karnataka).lines[0]).toMatchObject({ taxablePaise: 39, taxPaise: 2 });
    // An exact half: 1 paisa at 100% is 0.5 -> 1, leaving no tax; 3 paise at 100% is 1.5 -> 2.
    expect(
      computeGst([{ unitPricePaise: 1, quantity: 1 }], { ...karnataka, slabs: [{ upToPaise: null, ratePercent: 100 }] }).lines[0],
    ).toMatchObject({
      taxablePaise: 1,
      taxPaise: 0,
    });
    expect(
      computeGst([{ unitPricePaise: 3, quantity: 1 }], { ...karnataka, slabs: [{ upToPaise: null, ratePercent: 100 }] }).lines[0],
    ).toMatchObject({
      taxablePaise: 2,
      taxPaise: 1,
    });
  });

  it('treats states by their GST code, and an unknown shipping state as inter-state', () => {
    expect(computeGst([], { shopState: 'Karnataka', shippingState: '29' }).intraState).toBe(true);
    expect(computeGst([], { shopState: 'Karnataka', shippingState: ' KARNATAKA' }).intraState).toBe(true);
    expect(computeGst([], { shopState: 'Karnataka', shippingState: 'Mysore' }).intraState).toBe(false);
    expect(computeGst([], karnataka).totals).toEqual({
      totalPaise: 0,
      taxablePaise: 0,
      taxPaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
    });
  });

  it('refuses fractional or negative amounts', () => {
    expect(() => computeGst([{ unitPricePaise: 10.5, quantity: 1 }], karnataka)).toThrow(RangeError);
    expect(() => computeGst([{ unitPricePaise: 100, quantity: -1 }], karnataka)).toThrow(RangeError);
  });

  it('always adds up: taxable + GST = total, CGST + SGST + IGST = GST, lines sum to totals', () => {
    const line = fc.record({ unitPricePaise: fc.integer({ min: 0, max: 5_000_000 }), quantity: fc.integer({ min: 1, max: 20 }) });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.boolean(), (lines, intra) => {
        const result = computeGst(lines, intra ? karnataka : toMaharashtra);
        for (const l of result.lines) {
          expect(l.taxablePaise + l.taxPaise).toBe(l.totalPaise);
          expect(l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.taxPaise);
          expect(Math.abs(l.cgstPaise - l.sgstPaise)).toBeLessThanOrEqual(1);
          // Within half a paisa of the exact value.
          expect(Math.abs(l.taxablePaise - l.totalPaise / (1 + l.ratePercent / 100))).toBeLessThanOrEqual(0.5 + 1e-9);
          expect(intra ? l.igstPaise : l.cgstPaise + l.sgstPaise).toBe(0);
        }
        const sum = (k: 'taxPaise' | 'totalPaise') => result.lines.reduce((s, l) => s + l[k], 0);
        expect(result.totals.taxPaise).toBe(sum('taxPaise'));
        expect(result.totals.totalPaise).toBe(sum('totalPaise'));
      }),
    );
  });

  it('defaults to the apparel slabs', () => {
    expect(DEFAULT_TAX_SLABS).toEqual([
      { upToPaise: 250_000, ratePercent: 5 },
      { upToPaise: null, ratePercent: 18 },
    ]);
  });
});

describe('allotDiscount', () => {
  it('shares a discount in proportion to the lines, to the paisa, the leftover paise to the largest remainders', () => {
    // ₹100 off lines of ₹300, ₹200 and ₹100: 50, 33.33 and 16.67 -> 50.00, 33.33, 16.67.
    expect(allotDiscount([30_000, 20_000, 10_000], 10_000)).toEqual([5_000, 3_333, 1_667]);
    // 1 paisa among three equal lines goes to the first.
    expect(allotDiscount([100, 100, 100], 1)).toEqual([1, 0, 0]);
    expect(allotDiscount([100, 100], 0)).toEqual([0, 0]);
    expect(allotDiscount([500], 500)).toEqual([500]);
  });

  it('always adds up to the discount and never gives a line more than its total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (totals, f) => {
          const sum = totals.reduce((a, b) => a + b, 0);
          const discount = Math.floor(sum * f);
          const shares = allotDiscount(totals, discount);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(discount);
          shares.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(totals[i]);
          });
        },
      ),
    );
  });

  it('refuses a negative, fractional or too large discount', () => {
    expect(() => allotDiscount([100], -1)).toThrow(RangeError);
    expect(() => allotDiscount([100], 1.5)).toThrow(RangeError);
    expect(() => allotDiscount([100], 101)).toThrow(RangeError);
  });
});

describe('computeGst with a line total after a discount', () => {
  it('places the price per piece in its slab without rounding it: ₹5,000.01 for two pieces is 18%', () => {
    // Two pieces for ₹5,000.00 are ₹2,500 each (5%); ₹5,000.01 is ₹2,500.005 a piece (18%).
    expect(gstRateForLine(500_000, 2)).toBe(5);
    expect(gstRateForLine(500_001, 2)).toBe(18);
    const { lines } = computeGst([{ unitPricePaise: 300_000, quantity: 2, totalPaise: 499_999 }], karnataka);
    // 499,999 / 1.05 = 476,189.52 -> 476,190; GST 23,809 -> CGST 11,905 + SGST 11,904.
    expect(lines[0]).toEqual({
      ratePercent: 5,
      totalPaise: 499_999,
      taxablePaise: 476_190,
      taxPaise: 23_809,
      cgstPaise: 11_905,
      sgstPaise: 11_904,
      igstPaise: 0,
    });
  });
});
