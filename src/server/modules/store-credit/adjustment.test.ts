/**
 * A staff member's store credit adjustment (docs/architecture.md#store-credit): credits and debits
 * with a note, never below zero, once per Idempotency-Key, within the refund limit, with its audit row;
 * two debits of the whole balance at once: one is made, the other refused (a race on PostgreSQL).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { auditLog, storeCreditLedger, users } from '../../db/schema';
import { ADJUST_ACTION } from './adjustment';

let t: TestApp;
let owner: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await createUser(t.app, t.db, { role: 'owner', name: 'Store Owner' })).headers;
});
afterAll(() => t.close());

const adjust = (customerId: string, payload: object, headers: Record<string, string> = owner, key: string | null = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/customers/${customerId}/store-credit/adjustments`,
    headers: { ...headers, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload,
  });
const balance = async (userId: string) => (await t.db.select({ b: users.storeCreditPaise }).from(users).where(eq(users.id, userId)))[0].b;
const ledger = (userId: string) =>
  t.db.select().from(storeCreditLedger).where(eq(storeCreditLedger.userId, userId)).orderBy(asc(storeCreditLedger.createdAt));

describe('adjusting a shopper’s store credit', () => {
  it('adds and takes away credit with a note, written to the ledger and the audit log', async () => {
    const { user } = await createUser(t.app, t.db);
    const added = await adjust(user.id, { amount: 250.5, note: 'Sorry for the late parcel' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      balance: 250.5,
      entry: { amount: 250.5, reason: 'adjustment', note: 'Sorry for the late parcel' },
    });
    const taken = await adjust(user.id, { amount: -50.5, note: 'Credit given twice by mistake' });
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toMatchObject({ balance: 200, entry: { amount: -50.5, balanceAfter: 200 } });
    expect((await ledger(user.id)).map((r) => [r.deltaPaise, r.balanceAfterPaise, r.reason])).toEqual([
      [25_050, 25_050, 'adjustment'],
      [-5_050, 20_000, 'adjustment'],
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, ADJUST_ACTION), eq(auditLog.entityId, user.id)))
      .orderBy(asc(auditLog.at));
    expect(audit.map((a) => a.summary)).toEqual([
      'Added ₹250.50 to store credit: Sorry for the late parcel',
      'Took ₹50.50 from store credit: Credit given twice by mistake',
    ]);
    expect(audit[0]).toMatchObject({ actorName: 'Store Owner', entity: 'customer' });
    // The shopper reads it in their history.
    const mine = await t.app.inject({ method: 'GET', url: `/api/admin/customers/${user.id}/store-credit`, headers: owner });
    expect(mine.json().history[0]).toMatchObject({ amount: -50.5, note: 'Credit given twice by mistake' });
  });

  it('never takes the balance below zero', async () => {
    const { user } = await createUser(t.app, t.db);
    await adjust(user.id, { amount: 100, note: 'Goodwill' });
    const res = await adjust(user.id, { amount: -100.01, note: 'Too much' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not enough store credit: ₹100 is available');
    expect(await balance(user.id)).toBe(10_000);
  });

  it('makes an adjustment once per Idempotency-Key, and refuses the key for another one', async () => {
    const { user } = await createUser(t.app, t.db);
    const key = randomUUID();
    const first = await adjust(user.id, { amount: 75, note: 'Goodwill' }, owner, key);
    const again = await adjust(user.id, { amount: 75, note: 'Goodwill' }, owner, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().entry._id).toBe(first.json().entry._id);
    expect(await balance(user.id)).toBe(7_500);
    const other = await adjust(user.id, { amount: 80, note: 'Goodwill' }, owner, key);
    expect(other.statusCode).toBe(422);
    expect(await balance(user.id)).toBe(7_500);
  });

  it('two retries with one key at once credit once', async () => {
    const { user } = await createUser(t.app, t.db);
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => adjust(user.id, { amount: 40, note: 'Goodwill' }, owner, key)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await balance(user.id)).toBe(4_000);
    expect(await ledger(user.id)).toHaveLength(1);
  });

  it('two debits of the whole balance at once: one is made, the other refused', async () => {
    const { user } = await createUser(t.app, t.db);
    await adjust(user.id, { amount: 500, note: 'Goodwill' });
    const answers = await Promise.all([
      adjust(user.id, { amount: -500, note: 'Taken back, first' }),
      adjust(user.id, { amount: -500, note: 'Taken back, second' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('Not enough store credit: ₹0 is available');
    expect(await balance(user.id)).toBe(0);
    const rows = await ledger(user.id);
    expect(rows.map((r) => r.balanceAfterPaise)).toEqual([50_000, 0]);
  });

  it('asks for a key, a note and an amount; 404 for an unknown customer', async () => {
    const { user } = await createUser(t.app, t.db);
    expect((await adjust(user.id, { amount: 10, note: 'x' }, owner, null)).statusCode).toBe(400);
    const noNote = await adjust(user.id, { amount: 10, note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toBe('Say why: the shopper sees this note');
    expect((await adjust(user.id, { amount: 0, note: 'Nothing' })).statusCode).toBe(400);
    expect((await adjust(user.id, { amount: 1.001, note: 'Fraction' })).statusCode).toBe(400);
    expect((await adjust(user.id, { amount: '10', note: 'Text' })).statusCode).toBe(400);
    expect((await adjust(randomUUID(), { amount: 10, note: 'Nobody' })).statusCode).toBe(404);
    expect((await adjust('not-an-id', { amount: 10, note: 'Nobody' })).statusCode).toBe(404);
    expect(await balance(user.id)).toBe(0);
  });

  it('needs orders.refund, and holds a credit to the staff member’s refund limit', async () => {
    const { user } = await createUser(t.app, t.db);
    const fulfilment = (await createUser(t.app, t.db, { role: 'fulfilment' })).headers;
    expect((await adjust(user.id, { amount: 10, note: 'Goodwill' }, fulfilment)).statusCode).toBe(403);
    const support = (await createUser(t.app, t.db, { role: 'support' })).headers;
    const over = await adjust(user.id, { amount: 5_000, note: 'Goodwill' }, support);
    expect(over.statusCode).toBe(403);
    expect(over.json().message).toMatch(/^Refunds above ₹[\d,]+ need an owner: a support member may refund up to/);
    expect((await adjust(user.id, { amount: 100, note: 'Goodwill' }, support)).statusCode).toBe(201);
    expect(await balance(user.id)).toBe(10_000);
  });
});
