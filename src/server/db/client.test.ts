import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { fixedStatement, keptStatements, type Database } from './client';
import { orders } from './schema';

describe('keptStatements', () => {
  // Stand-ins for two database handles: the kept statements are per handle, by identity.
  const one = {} as Database;
  const other = {} as Database;

  it('builds a statement once per key and basis, per database handle', () => {
    const kept = keptStatements<string>(10);
    let builds = 0;
    const build = (text: string) => () => `${text}#${++builds}`;
    const basis = { words: ['kurta'] };
    expect(kept(one, 'kurta', basis, build('a'))).toBe('a#1');
    expect(kept(one, 'kurta', basis, build('b'))).toBe('a#1');
    expect(kept(other, 'kurta', basis, build('c'))).toBe('c#2');
    // A new basis (the catalogue changed: a new match) builds it again, and keeps that one.
    const newer = { words: ['kurta'] };
    expect(kept(one, 'kurta', newer, build('d'))).toBe('d#3');
    expect(kept(one, 'kurta', newer, build('e'))).toBe('d#3');
    expect(kept(one, 'kurta', null, build('f'))).toBe('f#4');
    expect(kept(one, 'kurta', null, build('g'))).toBe('f#4');
  });

  it('keeps at most its number of keys, the least recently built out first', () => {
    const kept = keptStatements<string>(2);
    const build = (text: string) => () => text;
    kept(one, 'a', null, build('a1'));
    kept(one, 'b', null, build('b1'));
    kept(one, 'c', null, build('c1'));
    expect(kept(one, 'b', null, build('b2'))).toBe('b1');
    expect(kept(one, 'c', null, build('c2'))).toBe('c1');
    expect(kept(one, 'a', null, build('a2'))).toBe('a2');
  });
});

describe('fixedStatement', () => {
  const dialect = new PgDialect({ casing: 'snake_case' });
  const statement = fixedStatement(
    sql`select ${orders.id} from ${orders} where ${orders.userId} = ${sql.placeholder('user')}::uuid and ${orders.status} = any(${sql.placeholder(
      'statuses',
    )}::text[]) and (${sql.placeholder('user')}::uuid is not null)`,
  );

  it('renders the text once, one parameter per name however often it is used, with the values as given', () => {
    const query = dialect.sqlToQuery(statement({ user: 'u-1', statuses: ['placed', 'packed'], unused: 1 }));
    expect(query.sql).toBe(
      'select "orders"."id" from "orders" where "orders"."user_id" = $1::uuid and "orders"."status" = any($2::text[]) and ($1::uuid is not null)',
    );
    // An array stays one parameter (Drizzle spreads a bare array into a list).
    expect(query.params).toEqual(['u-1', ['placed', 'packed']]);
    expect(dialect.sqlToQuery(statement({ user: null, statuses: [] })).params).toEqual([null, []]);
  });

  it('refuses a call without a value, and a template with a value in it', () => {
    expect(() => statement({ user: 'u-1' })).toThrow('no value for statuses');
    expect(() => fixedStatement(sql`select ${1}`)).toThrow('not a placeholder');
  });
});
