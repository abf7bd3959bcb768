import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderRecord, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { financialYearOf } from '../../../core/financial-year';
import { documentSequences, orders } from '../../db/schema';
import { createInvoiceNumbering } from './numbering';

// Invoice numbers given just after the order's commit (numbering.ts), on PGlite and PostgreSQL.
let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await createUser(t.app, t.db)).user.id;
});
afterAll(() => t.close());

const prefix = async () => (await t.app.settings.get()).invoicePrefix;

/** Orders placed at `times`, due an invoice number (as placeOrder writes them). */
async function dueOrders(times: Date[]): Promise<string[]> {
  const ids: string[] = [];
  for (const createdAt of times) {
    const order = await createOrderRecord(t.db, { userId, createdAt });
    ids.push(order.id);
  }
  await t.db.update(orders).set({ invoiceDue: true }).where(inArray(orders.id, ids));
  return ids;
}

async function numbersOf(ids: string[]): Promise<Map<string, { invoiceNumber: string | null; invoiceDue: boolean }>> {
  const rows = await t.db
    .select({ id: orders.id, invoiceNumber: orders.invoiceNumber, invoiceDue: orders.invoiceDue })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

async function lastOf(financialYear: string): Promise<number> {
  const [row] = await t.db
    .select({ last: documentSequences.last })
    .from(documentSequences)
    .where(and(eq(documentSequences.series, 'invoice'), eq(documentSequences.financialYear, financialYear)));
  return row?.last ?? 0;
}

const serial = (invoiceNumber: string | null | undefined) => Number(invoiceNumber?.split('/')[2]);

describe('invoice numbering', () => {
  it('numbers the orders left due (a shop stopped before its run) oldest first, without gaps, and leaves orders from before invoices alone', async () => {
    const start = Date.now() - 60_000;
    const due = await dueOrders([new Date(start + 2000), new Date(start), new Date(start + 1000)]);
    const legacy = await createOrderRecord(t.db, { userId, createdAt: new Date(start) });
    const year = financialYearOf(new Date(start));
    const before = await lastOf(year);

    const numbering = createInvoiceNumbering(t.db, prefix);
    expect(await numbering.numberDue()).toBe(3);
    const after = await numbersOf([...due, legacy.id]);
    // Oldest first: due[1] was placed first, then due[2], then due[0].
    expect([due[1], due[2], due[0]].map((id) => after.get(id)?.invoiceNumber)).toEqual(
      [1, 2, 3].map((n) => `RM/${year}/${String(before + n).padStart(5, '0')}`),
    );
    expect(due.map((id) => after.get(id)?.invoiceDue)).toEqual([false, false, false]);
    expect(after.get(legacy.id)).toMatchObject({ invoiceNumber: null, invoiceDue: false });
    expect(await lastOf(year)).toBe(before + 3);
    expect(await numbering.numberDue()).toBe(0);
  });

  it('counts each financial year in its own series, in India time', async () => {
    // 31 March 2027 23:59:59.999 and 1 April 2027 00:00 in India (UTC+05:30).
    const lastOfMarch = new Date('2027-03-31T18:29:59.999Z');
    const firstOfApril = new Date('2027-03-31T18:30:00.000Z');
    expect([financialYearOf(lastOfMarch), financialYearOf(firstOfApril)]).toEqual(['2026-27', '2027-28']);
    const [march, april] = await dueOrders([lastOfMarch, firstOfApril]);
    const before = { march: await lastOf('2026-27'), april: await lastOf('2027-28') };
    const numbering = createInvoiceNumbering(t.db, prefix);
    expect(await numbering.numberFor(march)).toBe(`RM/2026-27/${String(before.march + 1).padStart(5, '0')}`);
    expect(await numbering.numberFor(april)).toBe(`RM/2027-28/${String(before.april + 1).padStart(5, '0')}`);
  });

  it('answers an order from the run out when it asks, if that run found it: no second run, no read-back', async () => {
    const [order] = await dueOrders([new Date(Date.now() - 10_000)]);
    let statements = 0;
    const counted = new Proxy(t.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== 'execute') return value;
        return (...args: unknown[]) => {
          statements++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const numbering = createInvoiceNumbering(counted, prefix);
    // A run starts (the job's, or another order's) after the order committed, and is out when the
    // order asks for its number.
    const run = numbering.numberDue();
    await new Promise((resolve) => setImmediate(resolve));
    const number = await numbering.numberFor(order);
    expect(await run).toBeGreaterThanOrEqual(1);
    expect(number).toBe((await numbersOf([order])).get(order)?.invoiceNumber);
    expect(number).toMatch(/^RM\/\d{4}-\d{2}\/\d{5}$/);
    expect(statements).toBe(1);
  });

  it('gives every order one number and leaves no gap when two instances number at once', async () => {
    const start = Date.now() - 30_000;
    const ids = await dueOrders(Array.from({ length: 40 }, (_, i) => new Date(start + i)));
    const year = financialYearOf(new Date(start));
    const before = await lastOf(year);
    // Two instances, each with its own run coalescing; every order asks both for its number.
    const instances = [createInvoiceNumbering(t.db, prefix), createInvoiceNumbering(t.db, prefix)];
    const answers = await Promise.all(ids.flatMap((id) => instances.map((numbering) => numbering.numberFor(id))));
    const stored = await numbersOf(ids);
    // Each order's two answers are the number it keeps.
    ids.forEach((id, i) => {
      expect(answers[2 * i]).toBe(stored.get(id)?.invoiceNumber);
      expect(answers[2 * i + 1]).toBe(stored.get(id)?.invoiceNumber);
    });
    const serials = ids.map((id) => serial(stored.get(id)?.invoiceNumber)).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: 40 }, (_, i) => before + i + 1));
    expect(await lastOf(year)).toBe(before + 40);
  });
});
