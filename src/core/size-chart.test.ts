import { describe, expect, it } from 'vitest';
import { inchesToCm } from './size-chart';

describe('inchesToCm', () => {
  it('multiplies by 2.54 and keeps one decimal', () => {
    expect(inchesToCm(38)).toBe(96.5);
    expect(inchesToCm(36.5)).toBe(92.7);
    expect(inchesToCm(13.5)).toBe(34.3);
    expect(inchesToCm(42.5)).toBe(108);
  });
});
