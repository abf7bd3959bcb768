/**
 * db/client.ts `pipelinedTransaction`, the transaction of a Cash on Delivery order (cod.ts): on
 * PostgreSQL its BEGIN, lead statements and first statement go out together, so an error must still
 * roll back everything and reach the caller, and a COMMIT that PostgreSQL answers with ROLLBACK must
 * never pass for success.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { fixedStatement, pipelinedTransaction } from '../../db/client';
import { pgErrorOf } from '../../db/pg-errors';
import { users } from '../../db/schema';
import { lockShopper } from '../orders/place-order';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A lead statement that fails when it runs (division by `zero`). */
const failing = fixedStatement(sql`select 1 / ${sql.placeholder('zero')}::int as one`);

const DIVISION_BY_ZERO = '22012';

/** The SQLSTATE of the error `run` rejects with (Drizzle's error wraps the driver's), or null. */
async function sqlState(run: Promise<unknown>): Promise<string | null> {
  const error = await run.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).not.toBeNull();
  return pgErrorOf(error)?.code ?? null;
}

async function nameOf(userId: string) {
  const [row] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row.name;
}

describe('pipelinedTransaction', () => {
  it('commits the lead and the body, and resolves with the body', async () => {
    const { user } = await createUser(t.app, t.db);
    const value = await pipelinedTransaction(t.db, [lockShopper({ userId: user.id })], async (tx) => {
      await tx.update(users).set({ name: 'Renamed' }).where(eq(users.id, user.id));
      return 'done';
    });
    expect(value).toBe('done');
    expect(await nameOf(user.id)).toBe('Renamed');
  });

  it('rolls back and throws the error of a failed lead statement, not the aborted statements after it', async () => {
    const { user } = await createUser(t.app, t.db, { name: 'Kept' });
    const run = pipelinedTransaction(t.db, [failing({ zero: 0 })], async (tx) => {
      await tx.update(users).set({ name: 'Written' }).where(eq(users.id, user.id));
    });
    expect(await sqlState(run)).toBe(DIVISION_BY_ZERO);
    expect(await nameOf(user.id)).toBe('Kept');
  });

  it('rolls back what the body wrote when it throws afterwards (an Unfillable placement)', async () => {
    const { user } = await createUser(t.app, t.db, { name: 'Kept' });
    const run = pipelinedTransaction(t.db, [lockShopper({ userId: user.id })], async (tx) => {
      await tx.update(users).set({ name: 'Written' }).where(eq(users.id, user.id));
      throw new Error('refused after writing');
    });
    await expect(run).rejects.toThrow('refused after writing');
    expect(await nameOf(user.id)).toBe('Kept');
  });

  // PGlite's own transaction commits what it can; the pipelined path is PostgreSQL's.
  it.runIf(process.env.TEST_DB === 'postgres')('throws when the COMMIT answers ROLLBACK after an error the body caught', async () => {
    const { user } = await createUser(t.app, t.db, { name: 'Kept' });
    const run = pipelinedTransaction(t.db, [lockShopper({ userId: user.id })], async (tx) => {
      await tx.update(users).set({ name: 'Written' }).where(eq(users.id, user.id));
      await tx.execute(failing({ zero: 0 })).catch(() => undefined);
      return 'done';
    });
    await expect(run).rejects.toThrow(/rolled back/);
    expect(await nameOf(user.id)).toBe('Kept');
  });

  it('leaves its connection usable after a rollback', async () => {
    const { user } = await createUser(t.app, t.db);
    for (let i = 0; i < 12; i++) {
      expect(await sqlState(pipelinedTransaction(t.db, [failing({ zero: 0 })], async () => undefined))).toBe(DIVISION_BY_ZERO);
    }
    const value = await pipelinedTransaction(t.db, [lockShopper({ userId: user.id })], async (tx) => {
      const { rows } = await tx.execute<{ one: number }>(failing({ zero: 1 }));
      return rows[0].one;
    });
    expect(value).toBe(1);
  });
});
