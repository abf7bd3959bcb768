import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words';

describe('amountInWords', () => {
  it('writes rupees and paise in the Indian numbering system', () => {
    expect(amountInWords(12_345_678)).toBe('Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only');
  });

  it('writes nothing and single paise', () => {
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(1)).toBe('One Paisa Only');
    expect(amountInWords(50)).toBe('Fifty Paise Only');
    expect(amountInWords(101)).toBe('Rupees One and One Paisa Only');
  });

  it('drops the paise of whole rupees', () => {
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(amountInWords(99_900)).toBe('Rupees Nine Hundred Ninety-Nine Only');
    expect(amountInWords(1_000_000)).toBe('Rupees Ten Thousand Only');
  });

  it('writes exact lakhs and crores without empty groups', () => {
    expect(amountInWords(10_000_000)).toBe('Rupees One Lakh Only');
    expect(amountInWords(1_000_000_000)).toBe('Rupees One Crore Only');
    expect(amountInWords(10_000_000_000)).toBe('Rupees Ten Crore Only');
    expect(amountInWords(1_000_000_500)).toBe('Rupees One Crore Five Only');
    expect(amountInWords(2_000_500_000)).toBe('Rupees Two Crore Five Thousand Only');
  });

  it('writes the largest two-digit crore amount, 99,99,99,999.99', () => {
    expect(amountInWords(99_999_999_999)).toBe(
      'Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    );
  });

  it('writes hundreds of crores out in words', () => {
    expect(amountInWords(120 * 10_000_000 * 100)).toBe('Rupees One Hundred Twenty Crore Only');
    expect(amountInWords(123_456_789_012)).toBe(
      'Rupees One Hundred Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety and Twelve Paise Only',
    );
  });

  it('writes teens and round tens', () => {
    expect(amountInWords(1_100)).toBe('Rupees Eleven Only');
    expect(amountInWords(1_910)).toBe('Rupees Nineteen and Ten Paise Only');
    expect(amountInWords(4_000)).toBe('Rupees Forty Only');
    expect(amountInWords(11_111_100)).toBe('Rupees One Lakh Eleven Thousand One Hundred Eleven Only');
  });

  it('refuses negative, fractional and unsafe amounts', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
    expect(() => amountInWords(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});
