import { describe, expect, it } from 'vitest';
import { dispatchDate, estimateDelivery, isMetro, orderDay } from './delivery-date';

const days = { dispatchDays: 1, transitDaysWithinState: 2, transitDaysMetros: 3, transitDaysRest: 5 };
/** An instant given as India time, e.g. ist('2026-11-25 10:00'). */
const ist = (wall: string) => new Date(`${wall.replace(' ', 'T')}:00+05:30`);
const mysore = { district: 'Mysore', state: 'Karnataka' };
const mumbai = { district: 'Mumbai', state: 'Maharashtra' };
const ernakulam = { district: 'Ernakulam', state: 'Kerala' };

describe('order day (IST, 17:00 cut-off)', () => {
  it('is the India date, and the next day from 17:00 IST', () => {
    expect(orderDay(ist('2026-11-25 10:00'))).toBe('2026-11-25');
    expect(orderDay(ist('2026-11-25 16:59'))).toBe('2026-11-25');
    expect(orderDay(ist('2026-11-25 17:00'))).toBe('2026-11-26');
    // 18:45 UTC is already 00:15 the next day in India.
    expect(orderDay(new Date('2026-11-25T18:45:00Z'))).toBe('2026-11-26');
  });
});

describe('dispatch (Monday to Saturday)', () => {
  it('adds working days and skips Sundays', () => {
    expect(dispatchDate('2026-11-25', 1)).toBe('2026-11-26'); // Wed -> Thu
    expect(dispatchDate('2026-11-28', 1)).toBe('2026-11-30'); // Sat -> Mon
    expect(dispatchDate('2026-11-27', 2)).toBe('2026-11-30'); // Fri -> Sat, Mon
    expect(dispatchDate('2026-11-25', 0)).toBe('2026-11-25');
  });
  it('moves an order placed on a Sunday to Monday first', () => {
    expect(dispatchDate('2026-11-29', 0)).toBe('2026-11-30');
    expect(dispatchDate('2026-11-29', 1)).toBe('2026-12-01');
  });
});

describe('metros', () => {
  it('are any district of Delhi and the named metro districts; suburbs are not', () => {
    expect(isMetro({ district: 'South West Delhi', state: 'Delhi' })).toBe(true);
    expect(isMetro(mumbai)).toBe(true);
    expect(isMetro({ district: 'Bangalore', state: 'Karnataka' })).toBe(true);
    expect(isMetro({ district: 'Pune', state: 'Maharashtra' })).toBe(true);
    expect(isMetro({ district: 'Thane', state: 'Maharashtra' })).toBe(false);
    expect(isMetro({ district: 'Bangalore Rural', state: 'Karnataka' })).toBe(false);
    expect(isMetro(ernakulam)).toBe(false);
  });
});

describe('estimateDelivery', () => {
  const wednesday = ist('2026-11-25 10:00');
  it('rest of India: dispatch Thu, 5 days transit -> Tue, window of 2 days -> Thu', () => {
    expect(estimateDelivery(wednesday, days, 'Karnataka', ernakulam)).toEqual({ from: '2026-12-01', to: '2026-12-03' });
  });
  it('same state uses the within-state days, and wins over metro', () => {
    expect(estimateDelivery(wednesday, days, 'Karnataka', mysore)).toEqual({ from: '2026-11-28', to: '2026-11-30' });
    expect(estimateDelivery(wednesday, days, 'Karnataka', { district: 'Bangalore', state: 'Karnataka' })).toEqual({
      from: '2026-11-28',
      to: '2026-11-30',
    });
  });
  it('a metro in another state uses the metro days; a date on a Sunday moves to Monday', () => {
    // Dispatch Thu 26 + 3 = Sun 29 -> Mon 30; to = Mon + 2 = Wed 2.
    expect(estimateDelivery(wednesday, days, 'Karnataka', mumbai)).toEqual({ from: '2026-11-30', to: '2026-12-02' });
  });
  it('an unknown shop state is never "same state"', () => {
    expect(estimateDelivery(wednesday, days, '', mysore)).toEqual(estimateDelivery(wednesday, days, 'Kerala', mysore));
  });
  it('an order after 17:00 on a Saturday dispatches on Tuesday', () => {
    // Order day Sun 29 -> Mon 30; one working day -> Tue 1; +2 within state -> Thu 3; +2 -> Sat 5.
    expect(estimateDelivery(ist('2026-11-28 17:30'), days, 'Karnataka', mysore)).toEqual({ from: '2026-12-03', to: '2026-12-05' });
  });
  it('follows the settings: more dispatch days, other transit days', () => {
    const slow = { dispatchDays: 3, transitDaysWithinState: 1, transitDaysMetros: 4, transitDaysRest: 7 };
    // Wed -> Thu, Fri, Sat dispatch; + 7 = Sat 5 Dec; + 2 = Mon 7 Dec.
    expect(estimateDelivery(wednesday, slow, 'Karnataka', ernakulam)).toEqual({ from: '2026-12-05', to: '2026-12-07' });
  });
});
