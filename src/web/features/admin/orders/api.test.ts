import { describe, expect, it } from 'vitest';
import { datesInOrder, filtersToParams, readFilters } from './api';

describe('order filters in the URL', () => {
  it('reads the set values and drops what the server would refuse', () => {
    expect(readFilters(new URLSearchParams('status=shipped&startDate=2026-03-01&endDate=2026-03-31&search=asha&page=3'))).toEqual({
      status: 'shipped',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      search: 'asha',
      page: 3,
    });
    expect(readFilters(new URLSearchParams('status=lost&startDate=2026-02-30&endDate=soon&page=-2'))).toEqual({
      status: '',
      startDate: '',
      endDate: '',
      search: '',
      page: 1,
    });
  });

  it('writes only the set values, and the page only past 1', () => {
    const f = { status: 'placed', startDate: '', endDate: '2026-04-01', search: '  #AB12  ', page: 1 } as const;
    expect(filtersToParams(f).toString()).toBe('status=placed&endDate=2026-04-01&search=%23AB12');
    expect(filtersToParams({ ...f, page: 2 }).get('page')).toBe('2');
    expect(filtersToParams({ ...f, page: 2 }, false).has('page')).toBe(false);
  });

  it('checks that the start date is not after the end date', () => {
    const f = { status: '', search: '', page: 1 } as const;
    expect(datesInOrder({ ...f, startDate: '2026-03-02', endDate: '2026-03-01' })).toBe(false);
    expect(datesInOrder({ ...f, startDate: '2026-03-01', endDate: '2026-03-01' })).toBe(true);
    expect(datesInOrder({ ...f, startDate: '', endDate: '2026-03-01' })).toBe(true);
  });
});
