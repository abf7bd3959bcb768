import { describe, expect, it } from 'vitest';
import { INDIAN_STATES } from './constants';
import { GST_STATE_CODES, gstinCheckCharacter, gstinProblem, gstStateCode, normalizeGstin } from './gstin';

describe('gstinCheckCharacter', () => {
  it('gives the check character of published GSTINs', () => {
    // GSTN's own example, and registrations printed on public invoices.
    for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '33AAACH7409R1Z8', '07AAACB5343E1Z3', '24AAACC1206D1ZM']) {
      expect(gstinCheckCharacter(gstin.slice(0, 14)), gstin).toBe(gstin[14]);
    }
  });

  it('can give 0 (sum a multiple of 36) and refuses other input', () => {
    // Find a body whose check character is 0 by varying the entity number: (36 - 0) mod 36 = 0.
    const bodies = [...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((e) => `29AABCR1234M${e}Z`);
    expect(bodies.map(gstinCheckCharacter)).toContain('0');
    expect(() => gstinCheckCharacter('29aabcr1234m1z')).toThrow(RangeError);
    expect(() => gstinCheckCharacter('29AABCR1234M1')).toThrow(RangeError);
  });
});

describe('gstinProblem', () => {
  const valid = '29AABCR1234M1Z9';

  it('accepts a valid GSTIN, with or without the matching shop state', () => {
    expect(gstinProblem(valid)).toBeNull();
    expect(gstinProblem(valid, 'Karnataka')).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZV', 'Maharashtra')).toBeNull();
  });

  it('names the first problem', () => {
    expect(gstinProblem('29AABCR1234M1Z')).toBe('GSTIN must be 15 characters');
    expect(gstinProblem('29AABCR1234M1Z90')).toBe('GSTIN must be 15 characters');
    expect(gstinProblem('39AABCR1234M1Z9')).toBe('GSTIN must start with a GST state code from 01 to 38');
    expect(gstinProblem('00AABCR1234M1Z9')).toBe('GSTIN must start with a GST state code from 01 to 38');
    expect(gstinProblem(valid, 'Maharashtra')).toBe('GSTIN must start with 27, the state code of Maharashtra');
    expect(gstinProblem('29AABC11234M1Z9')).toBe('GSTIN characters 3-12 must be a PAN (5 letters, 4 digits, 1 letter)');
    expect(gstinProblem('29AABCR1234M0Z9')).toBe('GSTIN characters 13-14 must be the entity number (1-9 or A-Z) and Z');
    expect(gstinProblem('29AABCR1234M1Y9')).toBe('GSTIN characters 13-14 must be the entity number (1-9 or A-Z) and Z');
    expect(gstinProblem('29AABCR1234M1Z8')).toBe('GSTIN check character is wrong: please check the number for a typo');
    expect(gstinProblem('29AABCR1234M1Z-')).toBe('GSTIN check character is wrong: please check the number for a typo');
  });

  it('catches every single-character typo in the body', () => {
    const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (let i = 0; i < 14; i++) {
      for (const c of chars) {
        if (c === valid[i]) continue;
        const typo = valid.slice(0, i) + c + valid.slice(i + 1);
        expect(gstinProblem(typo), typo).not.toBeNull();
      }
    }
  });

  it('normalises spaces and case', () => {
    expect(normalizeGstin(' 29aabcr1234m1z9 ')).toBe(valid);
    expect(normalizeGstin('29 AABCR 1234M 1Z9')).toBe(valid);
  });
});

describe('GST state codes', () => {
  it('has 38 codes, 01 to 38', () => {
    expect(Object.keys(GST_STATE_CODES).sort()).toEqual(Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, '0')));
  });

  it('maps every state and union territory of the address form to one current code', () => {
    const codes = INDIAN_STATES.map((s) => gstStateCode(s));
    expect(codes).not.toContain(null);
    expect(new Set(codes).size).toBe(INDIAN_STATES.length);
    expect(codes).not.toContain('25');
    expect(codes).not.toContain('28');
    expect(gstStateCode('Karnataka')).toBe('29');
    expect(gstStateCode(' karnataka ')).toBe('29');
    expect(gstStateCode('Andhra Pradesh')).toBe('37');
    expect(gstStateCode('Dadra and Nagar Haveli and Daman and Diu')).toBe('26');
    expect(gstStateCode('Ladakh')).toBe('38');
    expect(gstStateCode('07')).toBe('07');
    expect(gstStateCode('39')).toBeNull();
    expect(gstStateCode('Atlantis')).toBeNull();
  });
});
