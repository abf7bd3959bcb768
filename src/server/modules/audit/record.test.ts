import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { auditLog } from '../../db/schema';
import { changesBetween, HIDDEN, recordAudit, SYSTEM_ACTOR } from './record';

let t: TestApp;
/** The trigger's refusal, as drizzle wraps it (the database error is the cause). */
const refusedAsAppendOnly = (e: unknown) => /append-only/.test(String((e as { cause?: Error }).cause?.message ?? e));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the audit log', () => {
  it('records a change in its transaction, and not when the transaction rolls back', async () => {
    await t.db.transaction((tx) => recordAudit(tx, SYSTEM_ACTOR, { action: 'test.kept', entity: 'test', entityId: 'a' }));
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, SYSTEM_ACTOR, { action: 'test.rolled-back', entity: 'test', entityId: 'b' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'test'));
    expect(rows.map((r) => r.action)).toEqual(['test.kept']);
    expect(rows[0]).toMatchObject({ actorRole: 'system', actorName: 'System', entityId: 'a' });
  });

  it('refuses to change or remove a row, whoever asks', async () => {
    await recordAudit(t.db, SYSTEM_ACTOR, { action: 'test.fixed', entity: 'fixed' });
    await expect(t.db.update(auditLog).set({ summary: 'rewritten' }).where(eq(auditLog.entity, 'fixed'))).rejects.toSatisfy(
      refusedAsAppendOnly,
    );
    await expect(t.db.delete(auditLog).where(eq(auditLog.entity, 'fixed'))).rejects.toSatisfy(refusedAsAppendOnly);
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toSatisfy(refusedAsAppendOnly);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entity, 'fixed'))).toHaveLength(1);
  });
});

describe('changesBetween', () => {
  it('keeps only the fields that changed, with before and after', () => {
    expect(
      changesBetween({ title: 'Kurta', pricePaise: 99900, updatedAt: 1 }, { title: 'Kurta', pricePaise: 89900, updatedAt: 2 }),
    ).toEqual({
      pricePaise: { before: 99900, after: 89900 },
    });
    expect(changesBetween(null, { title: 'Kurta' })).toEqual({ title: { before: null, after: 'Kurta' } });
    expect(changesBetween({ sizes: ['S', 'M'] }, { sizes: ['S', 'M'] })).toEqual({});
  });

  it('never keeps a secret, only that it changed', () => {
    expect(
      changesBetween({ passwordHash: 'scrypt$old', razorpayKeySecret: 'a' }, { passwordHash: 'scrypt$new', razorpayKeySecret: 'b' }),
    ).toEqual({
      passwordHash: { before: HIDDEN, after: HIDDEN },
      razorpayKeySecret: { before: HIDDEN, after: HIDDEN },
    });
  });
});
