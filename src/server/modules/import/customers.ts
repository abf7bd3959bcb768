/**
 * Customers from Shopify (docs/architecture.md#customers-from-shopify): each row of Shopify's
 * customers CSV becomes an account without a password (`password_hash` '', so signing in sends a
 * code to set one), role 'customer', its default address kept in the shop's Address shape (ready at
 * checkout) and what the shop has no column for in `imported_from`. Rows without a good e-mail,
 * repeating an e-mail of the file or of an account already here are skipped and named with their
 * line; a dry run answers the same and writes nothing.
 */
import { inArray } from 'drizzle-orm';
import type { Address } from '../../../core/api-types';
import { indianStateOf } from '../../../core/indian-state-codes';
import { toPaise } from '../../../core/money';
import { normaliseIndianMobile } from '../../../core/phone';
import { emailField, isIndianMobile } from '../../../core/schemas/common';
import type { CustomerImportNote, CustomerImportResult } from '../../../core/schemas/customer-import';
import { addressSchema } from '../../../core/schemas/profile';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../errors';
import { recordAudit, type AuditActor } from '../audit/record';
import type { CsvReader } from './csv';

/** Shopify's customers export columns this import reads (its header names, checked case-blind). */
export const CUSTOMER_COLUMNS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  acceptsEmailMarketing: 'Accepts Email Marketing',
  company: 'Default Address Company',
  address1: 'Default Address Address1',
  address2: 'Default Address Address2',
  city: 'Default Address City',
  provinceCode: 'Default Address Province Code',
  countryCode: 'Default Address Country Code',
  zip: 'Default Address Zip',
  addressPhone: 'Default Address Phone',
  phone: 'Phone',
  totalSpent: 'Total Spent',
  totalOrders: 'Total Orders',
  tags: 'Tags',
  note: 'Note',
  taxExempt: 'Tax Exempt',
} as const;
type Field = keyof typeof CUSTOMER_COLUMNS;

export const NOT_A_CUSTOMERS_CSV = "This is not Shopify's customers export: it has no Email column";

/** Most rows one file may hold. */
const MAX_ROWS = 50_000;
/** Accounts written per statement. */
const BATCH = 500;

type NewUser = typeof users.$inferInsert;

interface Candidate {
  line: number;
  values: NewUser;
}

/** A cell as Shopify means it: trimmed, without the apostrophe it puts before numbers (phones, ids, zips). */
const cell = (value: string | undefined) => (value ?? '').trim().replace(/^'/, '').trim();

const yes = (value: string) => /^(yes|true|1|subscribed)$/i.test(value);

/**
 * An Indian mobile's 10 digits (core/phone.ts), or null; a number with another country code
 * ("+65 6123 4567", whose digits would pass as a mobile) is not one.
 */
const mobile = (value: string) => (value && !/^\+(?!\s*9\s*1)/.test(value) && isIndianMobile(value) ? normaliseIndianMobile(value) : null);

/** The default address in the shop's shape, or why it cannot be kept (null problem for no address at all). */
function addressOf(get: (f: Field) => string): { address: Address | null; problem: string | null } {
  const line1 = get('address1');
  const city = get('city');
  const zip = get('zip');
  if (!line1 && !city && !zip) return { address: null, problem: null };
  const country = get('countryCode').toUpperCase();
  if (country && country !== 'IN') return { address: null, problem: `the address is outside India (${country}), not kept` };
  const state = indianStateOf(get('provinceCode'));
  if (!state) return { address: null, problem: `the address has no Indian state (province code "${get('provinceCode')}"), not kept` };
  const line2 = [get('address2'), get('company')].filter(Boolean).join(', ');
  const parsed = addressSchema.safeParse({ line1, line2, city, state, pincode: zip, country: 'India' });
  if (!parsed.success) return { address: null, problem: `the address was not kept: ${parsed.error.issues[0].message}` };
  return { address: parsed.data, problem: null };
}

/**
 * Reads the rows of a customers CSV into accounts to make, in file order, and the rows to leave
 * out (no or bad e-mail, an e-mail an earlier row has) or keep in part. Throws 400 when the
 * file has no Email column or more than MAX_ROWS rows.
 */
async function readCustomers(reader: CsvReader) {
  const byName = new Map(reader.header.map((h) => [h.toLowerCase(), h]));
  if (!byName.has('email')) throw badRequest(NOT_A_CUSTOMERS_CSV);
  const candidates: Candidate[] = [];
  const skipped: CustomerImportNote[] = [];
  const warnings: CustomerImportNote[] = [];
  const firstLine = new Map<string, number>();
  let rows = 0;
  for await (const row of reader.rows) {
    rows += 1;
    if (rows > MAX_ROWS) throw badRequest(`A file may hold at most ${MAX_ROWS} customers: split it in parts`);
    const get = (f: Field) => cell(row.cells[byName.get(CUSTOMER_COLUMNS[f].toLowerCase()) ?? '']);
    const rawEmail = get('email');
    if (!rawEmail) {
      skipped.push({ line: row.line, email: '', message: 'No e-mail: accounts here sign in with their e-mail' });
      continue;
    }
    const email = emailField.safeParse(rawEmail);
    if (!email.success) {
      skipped.push({ line: row.line, email: rawEmail, message: `"${rawEmail}" is not a valid e-mail` });
      continue;
    }
    const earlier = firstLine.get(email.data);
    if (earlier !== undefined) {
      skipped.push({ line: row.line, email: email.data, message: `The same e-mail as line ${earlier}` });
      continue;
    }
    firstLine.set(email.data, row.line);
    const note = (message: string) => warnings.push({ line: row.line, email: email.data, message });
    const typedPhone = get('phone') || get('addressPhone');
    const phone = mobile(get('phone')) ?? mobile(get('addressPhone'));
    if (!phone && typedPhone) note(`The phone "${typedPhone}" is not an Indian mobile number, not kept`);
    const { address, problem } = addressOf(get);
    if (problem) note(problem.charAt(0).toUpperCase() + problem.slice(1));
    const spent = Number(get('totalSpent'));
    const orders = Number.parseInt(get('totalOrders'), 10);
    candidates.push({
      line: row.line,
      values: {
        name: `${get('firstName')} ${get('lastName')}`.trim().slice(0, 80),
        email: email.data,
        phone: phone ?? '',
        passwordHash: '',
        role: 'customer',
        address,
        // The old shop's marketing consent carries over as consent to offers and cart reminders by e-mail.
        emailOffers: yes(get('acceptsEmailMarketing')),
        importedFrom: {
          source: 'shopify',
          tags: get('tags')
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean),
          totalOrders: Number.isFinite(orders) && orders > 0 ? orders : 0,
          totalSpentPaise: Number.isFinite(spent) && spent > 0 ? toPaise(spent) : 0,
          acceptsEmailMarketing: yes(get('acceptsEmailMarketing')),
          note: get('note').trim().slice(0, 2000),
          taxExempt: yes(get('taxExempt')),
        },
      },
    });
  }
  for (const problem of reader.skipped) skipped.push({ line: problem.line, email: '', message: `Unreadable row: ${problem.message}` });
  return { rows, candidates, skipped, warnings };
}

const ALREADY_HERE = 'An account with this e-mail is already here';

/**
 * POST /api/admin/import/customers: reads `reader` (Shopify's customers CSV) and makes the accounts,
 * or with `dryRun` only answers what it would do. One transaction with one 'customers.import'
 * audit row carrying the counts. An e-mail that signs up meanwhile is skipped like one already here.
 */
export async function importCustomers(
  db: Database,
  actor: AuditActor,
  reader: CsvReader,
  opts: { dryRun: boolean },
): Promise<CustomerImportResult> {
  const { rows, candidates, skipped, warnings } = await readCustomers(reader);
  const sortByLine = () => {
    skipped.sort((a, b) => a.line - b.line);
    return skipped;
  };
  const existing = new Set<string>();
  for (let i = 0; i < candidates.length; i += BATCH) {
    const emails = candidates.slice(i, i + BATCH).map((c) => c.values.email);
    for (const r of await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))) existing.add(r.email);
  }
  const fresh = candidates.filter((c) => {
    if (!existing.has(c.values.email)) return true;
    skipped.push({ line: c.line, email: c.values.email, message: ALREADY_HERE });
    return false;
  });
  const kept = new Set(fresh.map((c) => c.line));
  const keptWarnings = warnings.filter((w) => kept.has(w.line));
  if (opts.dryRun) return { dryRun: true, rows, created: fresh.length, skipped: sortByLine(), warnings: keptWarnings };

  return db.transaction(async (tx) => {
    let created = 0;
    for (let i = 0; i < fresh.length; i += BATCH) {
      const batch = fresh.slice(i, i + BATCH);
      const inserted = await tx
        .insert(users)
        .values(batch.map((c) => c.values))
        .onConflictDoNothing({ target: users.email })
        .returning({ email: users.email });
      const made = new Set(inserted.map((r) => r.email));
      created += made.size;
      for (const c of batch) if (!made.has(c.values.email)) skipped.push({ line: c.line, email: c.values.email, message: ALREADY_HERE });
    }
    await recordAudit(tx, actor, {
      action: 'customers.import',
      entity: 'customer',
      summary: `Customers imported from Shopify: ${created} accounts made, ${skipped.length} rows skipped`,
      changes: {
        created: { before: null, after: created },
        skipped: { before: null, after: skipped.length },
        rows: { before: null, after: rows },
      },
    });
    const skippedLines = new Set(skipped.map((s) => s.line));
    return { dryRun: false, rows, created, skipped: sortByLine(), warnings: keptWarnings.filter((w) => !skippedLines.has(w.line)) };
  });
}
