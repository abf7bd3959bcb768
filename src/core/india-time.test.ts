import { describe, expect, it } from 'vitest';
import {
  addIstDays,
  DATE,
  DATE_2DIGIT,
  DATE_TIME,
  DAY_LONG_MONTH_TIME,
  DAY_MONTH,
  DAY_MONTH_TIME,
  formatIndiaDay,
  formatIndiaTime,
  IST_ISO_OFFSET,
  IST_OFFSET_MS,
  istDate,
  istDateTime,
  istDayEnd,
  istDayStart,
  istMonthStart,
  LONG_DATE_TIME,
  MEDIUM_DATE,
  MEDIUM_DATE_SHORT_TIME,
  TIME,
  WEEKDAY_DAY_MONTH,
} from './india-time';
import { fromIstDateTime, toIstDateTime } from './india-time-input';

describe('India time', () => {
  const at = new Date('2026-03-05T10:37:00Z'); // 4:07 pm in India

  it('reads calendar days and wall clocks at UTC+05:30', () => {
    expect(IST_OFFSET_MS).toBe(5.5 * 3600_000);
    expect(istDate(new Date('2026-03-05T18:29:59Z'))).toBe('2026-03-05');
    expect(istDate(new Date('2026-03-05T18:30:00Z'))).toBe('2026-03-06');
    expect(istDateTime(at)).toBe('2026-03-05 16:07');
    expect(istDayStart('2024-05-01').toISOString()).toBe('2024-04-30T18:30:00.000Z');
    expect(istDayEnd('2024-05-01').toISOString()).toBe('2024-05-01T18:30:00.000Z');
    expect(addIstDays('2024-02-28', 2)).toBe('2024-03-01');
    expect(istMonthStart('2024-02-28')).toBe('2024-02-01');
    expect(new Date(`2026-03-05T16:07:00${IST_ISO_OFFSET}`).getTime()).toBe(at.getTime());
  });

  it('turns datetime-local wall clocks into instants and back', () => {
    expect(fromIstDateTime('2026-11-26T00:00')?.toISOString()).toBe('2026-11-25T18:30:00.000Z');
    expect(toIstDateTime(new Date('2026-11-25T18:30:00Z'))).toBe('2026-11-26T00:00');
    expect(fromIstDateTime('2026-02-30T10:00')).toBeNull();
  });

  it('writes dates in en-IN words in India time, whatever the input', () => {
    expect(formatIndiaTime(at)).toBe('5 Mar 2026');
    expect(formatIndiaTime(at.toISOString(), DATE)).toBe('5 Mar 2026');
    expect(formatIndiaTime(at.getTime(), DATE_2DIGIT)).toBe('05 Mar 2026');
    expect(formatIndiaTime(at, MEDIUM_DATE)).toBe('5 Mar 2026');
    expect(formatIndiaTime(at, DATE_TIME)).toBe('5 Mar 2026, 4:07 pm');
    expect(formatIndiaTime(at, DAY_MONTH_TIME)).toBe('5 Mar, 4:07 pm');
    expect(formatIndiaTime(at, DAY_LONG_MONTH_TIME)).toBe('5 March at 4:07 pm');
    expect(formatIndiaTime(at, LONG_DATE_TIME)).toBe('5 March 2026 at 4:07 pm');
    expect(formatIndiaTime(at, MEDIUM_DATE_SHORT_TIME)).toBe('5 Mar 2026, 4:07 pm');
    expect(formatIndiaTime(at, TIME)).toBe('4:07 pm');
    // Late evening UTC is already the next day in India.
    expect(formatIndiaTime(new Date('2026-03-05T19:00:00Z'))).toBe('6 Mar 2026');
  });

  it('writes an India calendar date in words', () => {
    expect(formatIndiaDay('2026-03-05', WEEKDAY_DAY_MONTH)).toBe('Thu, 5 Mar');
    expect(formatIndiaDay('2026-03-05', DAY_MONTH)).toBe('5 Mar');
  });
});
