import { describe, expect, it } from 'vitest';
import { normaliseIndianMobile, typedIndianMobile } from './phone';

/** What the input shows after typing `text` one character at a time. */
function typeKeyByKey(text: string): string {
  let shown = '';
  for (const ch of text) shown = typedIndianMobile(shown + ch);
  return shown;
}

describe('normaliseIndianMobile', () => {
  it.each([
    ['9845012345', '9845012345'],
    ['98450 12345', '9845012345'],
    ['98450-12345', '9845012345'],
    ['+91 98450 12345', '9845012345'],
    ['+91-98450-12345', '9845012345'],
    ['+919845012345', '9845012345'],
    ['919845012345', '9845012345'],
    ['098450 12345', '9845012345'],
    ['+91 0 98450 12345', '9845012345'],
    ['  9845012345 ', '9845012345'],
  ])('%s gives %s', (input, expected) => {
    expect(normaliseIndianMobile(input)).toBe(expected);
  });

  it('leaves a 10-digit number starting 91 alone, and does not cut long input down', () => {
    expect(normaliseIndianMobile('9123456789')).toBe('9123456789');
    expect(normaliseIndianMobile('98450123456789')).toBe('98450123456789');
    expect(normaliseIndianMobile('12345')).toBe('12345');
  });

  it('never takes a number with another country code for an Indian mobile, even one of 10 digits', () => {
    // Singapore's +65 and 8 digits make 10 digits starting 6: without the "+" kept it would pass.
    expect(normaliseIndianMobile('+65 9845 0123')).toBe('+6598450123');
    expect(normaliseIndianMobile('+44 7911 123456')).toBe('+447911123456');
    expect(/^[6-9]\d{9}$/.test(normaliseIndianMobile('+65 9845 0123'))).toBe(false);
  });
});

describe('typedIndianMobile', () => {
  it('keeps the 10 digits of a spaced, +91 or 0-prefixed number, typed or pasted', () => {
    for (const text of ['98765 43210', '+91 98765 43210', '919876543210', '09876543210', '98765-43210']) {
      expect(typeKeyByKey(text), text).toBe('9876543210');
      expect(typedIndianMobile(text), text).toBe('9876543210');
    }
  });

  it('limits to 10 digits after stripping, not before', () => {
    expect(typedIndianMobile('98450123456789')).toBe('9845012345');
    expect(typeKeyByKey('98450123456789')).toBe('9845012345');
    expect(typedIndianMobile('+91 98450 12345 67')).toBe('9845012345');
  });

  it('shows a country code still being typed', () => {
    expect(typedIndianMobile('+')).toBe('+');
    expect(typedIndianMobile('+9')).toBe('+9');
    expect(typedIndianMobile('+91')).toBe('');
    expect(typedIndianMobile('+1 555')).toBe('1555');
  });
});
