import { describe, expect, it } from 'vitest';
import { codAdvancePaise, codParts } from './cod-advance';

describe('codAdvancePaise', () => {
  it('is 0 when off, or when the value is 0', () => {
    expect(codAdvancePaise({ kind: 'off', value: 200, above: 0 }, { grandTotalPaise: 500_000 })).toBe(0);
    expect(codAdvancePaise({ kind: 'fixed', value: 0, above: 0 }, { grandTotalPaise: 500_000 })).toBe(0);
  });

  it('applies from the threshold on (at least `above` rupees of grand total, before store credit)', () => {
    const rule = { kind: 'fixed', value: 199, above: 2000 } as const;
    expect(codAdvancePaise(rule, { grandTotalPaise: 199_999 })).toBe(0);
    expect(codAdvancePaise(rule, { grandTotalPaise: 200_000 })).toBe(19_900);
    expect(codAdvancePaise(rule, { grandTotalPaise: 200_000, storeCreditPaise: 150_000 })).toBe(19_900);
    expect(codAdvancePaise({ ...rule, above: 0 }, { grandTotalPaise: 500 })).toBe(500);
  });

  it('caps a fixed advance at the amount due after store credit', () => {
    const rule = { kind: 'fixed', value: 500, above: 0 } as const;
    expect(codAdvancePaise(rule, { grandTotalPaise: 120_000, storeCreditPaise: 100_000 })).toBe(20_000);
    expect(codAdvancePaise({ ...rule, value: 199.5 }, { grandTotalPaise: 120_000 })).toBe(19_950);
  });

  it('rounds a percent of the amount due up to a whole rupee', () => {
    const rule = { kind: 'percent', value: 10, above: 0 } as const;
    expect(codAdvancePaise(rule, { grandTotalPaise: 129_900 })).toBe(13_000); // 10% of ₹1,299 = ₹129.90 → ₹130
    expect(codAdvancePaise(rule, { grandTotalPaise: 130_000 })).toBe(13_000); // exactly ₹130
    expect(codAdvancePaise(rule, { grandTotalPaise: 130_001 })).toBe(13_100);
    expect(codAdvancePaise(rule, { grandTotalPaise: 129_900, storeCreditPaise: 29_900 })).toBe(10_000);
    expect(codAdvancePaise({ ...rule, value: 90 }, { grandTotalPaise: 150 })).toBe(150); // ₹1.35 up to ₹2, past the due: capped
  });

  it('is at least ₹1, and 0 when less than ₹1 is due', () => {
    expect(codAdvancePaise({ kind: 'percent', value: 1, above: 0 }, { grandTotalPaise: 5_000 })).toBe(100);
    expect(codAdvancePaise({ kind: 'fixed', value: 0.5, above: 0 }, { grandTotalPaise: 5_000 })).toBe(100);
    expect(codAdvancePaise({ kind: 'fixed', value: 100, above: 0 }, { grandTotalPaise: 5_000, storeCreditPaise: 4_950 })).toBe(0);
  });
});

describe('codParts', () => {
  it('splits what is left after store credit into the advance and the cash', () => {
    expect(codParts({ grandTotalPaise: 150_000, storeCreditPaise: 20_000, codAdvancePaise: 30_000 })).toEqual({
      advance: 30_000,
      cash: 100_000,
    });
    expect(codParts({ grandTotalPaise: 150_000 })).toEqual({ advance: 0, cash: 150_000 });
  });
});
