import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { fixedStatement } from '../../db/client';
import { orders } from '../../db/schema';

// fixedStatement texts (the order placement's among them) run as named prepared statements on
// PostgreSQL (db/client.ts, NamingClient).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const countOrders = fixedStatement(
  sql`select count(*)::int as n from ${orders} where ${orders.userId} = ${sql.placeholder('userId')}::uuid`,
);

describe('fixed statements', () => {
  it('run prepared once per connection on PostgreSQL, and as they are on PGlite', async () => {
    const userId = '00000000-0000-4000-8000-000000000001';
    const prepared = await t.db.transaction(async (tx) => {
      // A transaction keeps one connection: the second run finds the statement prepared on it.
      const runs = [await tx.execute<{ n: number }>(countOrders({ userId })), await tx.execute<{ n: number }>(countOrders({ userId }))];
      expect(runs.map((r) => r.rows[0].n)).toEqual([0, 0]);
      const { rows } = await tx.execute<{ name: string; statement: string }>(
        sql`select name, statement from pg_prepared_statements where statement like '%count(*)::int as n from "orders"%'`,
      );
      return rows;
    });
    if (process.env.TEST_DB === 'postgres') {
      expect(prepared).toHaveLength(1);
      expect(prepared[0].name).toMatch(/^fixed_\d+$/);
    } else {
      expect(prepared).toEqual([]);
    }
  });
});
