import { describe, expect, it } from 'vitest';
import { documentNumber, financialYearOf } from './financial-year';

describe('financialYearOf', () => {
  it('runs April to March in India time', () => {
    expect(financialYearOf(new Date('2026-11-25T10:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27'); // 23:59:59 IST on 31 March
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28'); // 00:00 IST on 1 April
    expect(financialYearOf(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
  });
});

describe('documentNumber', () => {
  it('pads the sequence to five digits and keeps longer ones whole', () => {
    expect(documentNumber('RM', '2026-27', 1)).toBe('RM/2026-27/00001');
    expect(documentNumber('RM', '2026-27', 123456)).toBe('RM/2026-27/123456');
  });
});
