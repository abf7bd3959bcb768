import { describe, expect, it } from 'vitest';
import { paiseFromRupeeText } from './money';

describe('paiseFromRupeeText', () => {
  it('reads rupees written as text exactly, with no float rounding', () => {
    expect(paiseFromRupeeText('1299.90')).toBe(129990);
    expect(paiseFromRupeeText('1299.9')).toBe(129990);
    expect(paiseFromRupeeText('1299')).toBe(129900);
    expect(paiseFromRupeeText('0.1')).toBe(10);
    expect(paiseFromRupeeText('.05')).toBe(5);
    expect(paiseFromRupeeText(' 4.35 ')).toBe(435);
    // 1.15 * 100 is 114.99999999999999 in floating point; text arithmetic has no such slip.
    expect(paiseFromRupeeText('1.15')).toBe(115);
  });

  it('refuses separators, signs, currency and more than 2 decimals', () => {
    for (const text of ['1,299', '₹1299', '-5', '+5', '12.345', '1 299', '', '.', 'abc', '1e3'])
      expect(paiseFromRupeeText(text)).toBeNull();
  });
});
