import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingAddressFromProfile, shippingAddressSchema } from '../../../core/schemas/checkout';
import type { CustomerImportResult } from '../../../core/schemas/customer-import';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { auditLog, users } from '../../db/schema';

// Customers from Shopify (docs/architecture.md#customers-from-shopify), from a file shaped like Shopify's export.

const FIXTURE = readFileSync(new URL('../../../../tests/fixtures/shopify/customers.csv', import.meta.url), 'utf8');
const IMPORTED = ['priya.sharma@example.in', 'arjun.nair@example.in', 'reena@example.in', 'sam.lee@example.com', 'kiran@example.in'];

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;

/** A multipart body holding `csv` as the `file` field. */
function upload(csv: string, headers = owner.headers) {
  const boundary = `----customers-${randomBytes(6).toString('hex')}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="customers_export.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const post = (csv: string, query = '', headers = owner.headers) =>
  t.app.inject({ method: 'POST', url: `/api/admin/import/customers${query}`, ...upload(csv, headers) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, t.db, { role: 'owner' });
  await createUser(t.app, t.db, { email: 'already@example.in', name: 'Meera Iyer' });
});

afterAll(async () => {
  await t?.close();
});

describe('customer import', () => {
  it('a dry run answers what would happen and writes nothing', async () => {
    const res = await post(FIXTURE, '?dryRun=1');
    expect(res.statusCode).toBe(200);
    const result = res.json<CustomerImportResult>();
    expect(result).toMatchObject({ dryRun: true, rows: 9, created: 5 });
    expect(result.skipped.map((s) => s.line)).toEqual([6, 7, 8, 10]);
    expect(await t.db.select().from(users).where(inArray(users.email, IMPORTED))).toHaveLength(0);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'customers.import'))).toHaveLength(0);
  });

  it('makes password-less customer accounts, skipping duplicates and bad e-mails with their lines', async () => {
    const res = await post(FIXTURE);
    expect(res.statusCode).toBe(200);
    const result = res.json<CustomerImportResult>();
    expect(result).toMatchObject({ dryRun: false, rows: 9, created: 5 });
    expect(result.skipped).toEqual([
      { line: 6, email: 'priya.sharma@example.in', message: 'The same e-mail as line 2' },
      { line: 7, email: '', message: 'No e-mail: accounts here sign in with their e-mail' },
      { line: 8, email: 'not-an-email', message: '"not-an-email" is not a valid e-mail' },
      { line: 10, email: 'already@example.in', message: 'An account with this e-mail is already here' },
    ]);
    expect(result.warnings.map((w) => [w.line, w.message])).toEqual([
      [9, 'The phone "+65 6123 4567" is not an Indian mobile number, not kept'],
      [9, 'The address is outside India (SG), not kept'],
    ]);

    const rows = await t.db.select().from(users).where(inArray(users.email, IMPORTED));
    const by = Object.fromEntries(rows.map((r) => [r.email, r]));
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row).toMatchObject({ passwordHash: '', role: 'customer' });

    // The apostrophes Shopify puts before numbers are gone; +91 and 0 prefixes normalised.
    expect(by['priya.sharma@example.in']).toMatchObject({
      name: 'Priya Sharma',
      phone: '9820012345',
      address: {
        line1: 'Flat 12, Shanti Niwas',
        line2: 'Bandra West',
        city: 'Mumbai',
        state: 'Maharashtra',
        pincode: '400050',
        country: 'India',
      },
      importedFrom: {
        source: 'shopify',
        tags: ['VIP', 'Diwali 2025'],
        totalOrders: 3,
        totalSpentPaise: 1_249_900,
        acceptsEmailMarketing: true,
        note: 'Likes silk sarees,\nasks for gift wrap',
        taxExempt: false,
      },
      emailOffers: true,
    });
    // No customer phone: the address's phone is taken; the company is kept on the second line.
    expect(by['arjun.nair@example.in']).toMatchObject({ phone: '9847012345', address: { line2: 'Nair Textiles', state: 'Kerala' } });
    expect(by['arjun.nair@example.in'].importedFrom).toMatchObject({ totalSpentPaise: 299_950, acceptsEmailMarketing: false });
    // "Accepts Email Marketing" carries over as consent to e-mailed offers and cart reminders; no consent, none.
    expect(by['arjun.nair@example.in'].emailOffers).toBe(false);
    expect(by['reena@example.in']).toMatchObject({ name: 'रीना गुप्ता', phone: '9829012345', address: { state: 'Rajasthan' } });
    expect(by['kiran@example.in']).toMatchObject({ phone: '', address: { state: 'Telangana' }, importedFrom: { tags: ['wholesale'] } });
    expect(by['sam.lee@example.com']).toMatchObject({ phone: '', address: null });

    // The saved address is what checkout takes when the shopper sends none.
    const ready = shippingAddressSchema.safeParse(shippingAddressFromProfile(by['priya.sharma@example.in']));
    expect(ready.success).toBe(true);

    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'customers.import'));
    expect(audit).toMatchObject({ actorId: owner.user.id, entity: 'customer' });
    expect(audit.changes).toMatchObject({ created: { after: 5 }, skipped: { after: 4 } });
  });

  it('a second run skips every customer already imported', async () => {
    const result = (await post(FIXTURE)).json<CustomerImportResult>();
    expect(result.created).toBe(0);
    expect(result.skipped.filter((s) => s.message.startsWith('An account'))).toHaveLength(6);
  });

  it('refuses a file that is not a customers export, a request without a file, and staff without customers.import', async () => {
    expect((await post('Handle,Title\nkurta,Kurta\n')).statusCode).toBe(400);
    const none = await t.app.inject({ method: 'POST', url: '/api/admin/import/customers', headers: owner.headers, payload: {} });
    expect(none.statusCode).toBe(400);
    const content = await createUser(t.app, t.db, { role: 'content' });
    expect((await post(FIXTURE, '', content.headers)).statusCode).toBe(403);
  });
});
