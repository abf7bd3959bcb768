import { describe, expect, it } from 'vitest';
import { errorChain, isPgError, isUniqueViolation, pgCode, pgErrorOf, PG_ERROR } from './pg-errors';

/** A driver error wrapped as Drizzle wraps it. */
const wrapped = (inner: object) => Object.assign(new Error('Failed query'), { cause: inner });

describe('pg-errors', () => {
  it('finds the SQLSTATE code through wrapping errors', () => {
    const err = wrapped({ code: '23505', constraint: 'products_sku_unique', detail: 'Key (sku)=(A) already exists.' });
    expect(pgCode(err)).toBe('23505');
    expect(pgErrorOf(err)).toMatchObject({ code: '23505', constraint: 'products_sku_unique' });
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, 'sku')).toBe(true);
    expect(isUniqueViolation(err, 'slug')).toBe(false);
    expect(isPgError(err, PG_ERROR.foreignKeyViolation, PG_ERROR.uniqueViolation)).toBe(true);
  });

  it('skips codes that are not SQLSTATEs and gives up after five levels', () => {
    expect(pgCode(Object.assign(new Error('x'), { code: 'ECONNREFUSED', cause: { code: '40001' } }))).toBe('40001');
    expect(pgCode(new Error('plain'))).toBeUndefined();
    expect(pgCode(undefined)).toBeUndefined();
    let deep: object = { code: '23503' };
    for (let i = 0; i < 5; i++) deep = wrapped(deep);
    expect(pgCode(deep)).toBeUndefined();
    expect([...errorChain(deep)]).toHaveLength(5);
  });
});
