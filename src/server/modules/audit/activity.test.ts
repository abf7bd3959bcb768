import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { auditLog } from '../../db/schema';
import type { ActivityPage } from '../../../core/schemas/audit';
import { activityCsv } from './service';

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let manager: Awaited<ReturnType<typeof createUser>>;
const ORDER_ID = '11111111-1111-4111-8111-111111111111';

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, t.db, { role: 'owner', name: 'Meera Owner' });
  manager = await createUser(t.app, t.db, { role: 'manager', name: 'Ravi Manager' });
  const actor = (u: typeof owner.user) => ({ actorId: u.id, actorName: u.name, actorEmail: u.email, actorRole: u.role });
  // Written straight to the table at known times (recordAudit stamps now()): 30 rows over three India days.
  const rows: (typeof auditLog.$inferInsert)[] = [];
  for (let i = 0; i < 30; i++) {
    rows.push({
      ...actor(i % 2 ? manager.user : owner.user),
      // 2026-12-01 00:00 IST is 2026-11-30T18:30Z; one row an hour from 23:00 IST on 30 Nov.
      at: new Date(Date.parse('2026-11-30T17:30:00Z') + i * 3_600_000),
      action: i % 3 === 0 ? 'order.refund' : i % 3 === 1 ? 'order.cancel' : 'product.update',
      entity: i % 3 === 2 ? 'product' : 'order',
      entityId: i % 3 === 2 ? `p-${i}` : ORDER_ID,
      summary: `row ${i}`,
      changes: i === 2 ? { 'M: pricePaise': { before: 129900, after: 109900 } } : {},
    });
  }
  // Two rows at the same instant: the cursor orders them by id.
  const same = new Date('2026-12-03T10:00:00.123456Z');
  rows.push({ ...actor(owner.user), at: same, action: 'category.update', entity: 'category', entityId: 'c1', summary: 'twin a' });
  rows.push({ ...actor(owner.user), at: same, action: 'category.update', entity: 'category', entityId: 'c2', summary: 'twin b' });
  await t.db.insert(auditLog).values(rows);
});
afterAll(() => t.close());

const get = (query: string, headers = owner.headers) => t.app.inject({ method: 'GET', url: `/api/admin/activity?${query}`, headers });

/** Every row of a filter, following the cursor page by page. */
async function all(query: string, limit = 7): Promise<ActivityPage['entries']> {
  const out: ActivityPage['entries'] = [];
  let cursor: string | null = null;
  do {
    const res = await get(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode).toBe(200);
    const page = res.json<ActivityPage>();
    out.push(...page.entries);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

describe('GET /api/admin/activity', () => {
  it('pages newest first by cursor, every row once, twins at the same instant included', async () => {
    const rows = await all('entity=&action=');
    const test = rows.filter((r) => r.summary.startsWith('row') || r.summary.startsWith('twin'));
    expect(test).toHaveLength(32);
    expect(new Set(rows.map((r) => r._id)).size).toBe(rows.length);
    const times = rows.map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(test.filter((r) => r.summary.startsWith('twin'))).toHaveLength(2);
  });

  it('filters by person, entity and id, exact action and prefix, and India dates', async () => {
    // The seeded rows only: other rows (a sign-in the app records) may name the manager too.
    const byManager = (await all(`actorId=${manager.user.id}`)).filter((r) => r.summary.startsWith('row'));
    expect(byManager).toHaveLength(15);
    expect(byManager.every((r) => r.actor.name === 'Ravi Manager' && r.actor.role === 'manager')).toBe(true);

    const history = await all(`entity=order&entityId=${ORDER_ID}`);
    expect(history).toHaveLength(20);
    expect((await all('action=order.refund')).length).toBe(10);
    expect((await all('action=order.')).length).toBe(20);
    expect((await all('action=order')).length).toBe(0);

    // 30 Nov 23:00 IST is row 0; 1 Dec IST holds rows 1..24; 2 Dec from row 25.
    const dec1 = await all('from=2026-12-01&to=2026-12-01');
    expect(dec1.map((r) => r.summary).sort()).toEqual(Array.from({ length: 24 }, (_, i) => `row ${i + 1}`).sort());
    const price = (await all('entity=product&entityId=p-2'))[0];
    expect(price.changes).toEqual({ 'M: pricePaise': { before: 129900, after: 109900 } });
  });

  it('refuses bad filters with a message', async () => {
    for (const [query, message] of [
      ['actorId=someone', 'Person must be a staff member id'],
      ['from=2026-13-01', 'From date must be a date in YYYY-MM-DD form'],
      ['from=2026-12-05&to=2026-12-01', 'From date must be on or before the to date'],
      ['action=DROP TABLE', "Action must be an action such as product.update, or a prefix such as 'order.'"],
      ['cursor=abc', 'Cursor is not one this list gave; start from the first page'],
      ['limit=0', 'Limit must be a whole number from 1 to 100'],
      ['entity=Order%25', 'Entity must be a word such as product or order'],
    ]) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(message);
    }
  });

  it('is for owners only: 403 for a manager, fulfilment, support and content', async () => {
    for (const role of ['manager', 'fulfilment', 'support', 'content'] as const) {
      const staff = role === 'manager' ? manager : await createUser(t.app, t.db, { role });
      for (const url of ['/api/admin/activity', '/api/admin/activity.csv', '/api/admin/activity/people']) {
        const res = await t.app.inject({ method: 'GET', url, headers: staff.headers });
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json().message).toBe('You need the audit.read permission for this');
      }
    }
  });

  it('lists the people in the log for the person filter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/activity/people', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const names = res.json<{ name: string }[]>().map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Meera Owner', 'Ravi Manager']));
  });
});

describe('GET /api/admin/activity.csv', () => {
  it('downloads every matching row with India times and readable changes, and records the download', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/activity.csv?entity=product', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = parse(res.body, { bom: true });
    expect(header[0]).toBe('When (India time)');
    expect(rows).toHaveLength(10);
    const priced = rows.find((r) => r[8] === 'row 2')!;
    expect(priced[0]).toBe('2026-12-01 01:00');
    expect(priced[9]).toBe('M: price: ₹1,299.00 → ₹1,099.00');

    const exported = await all('action=audit.export');
    expect(exported[0]).toMatchObject({ entity: 'audit', summary: 'Downloaded the activity log as CSV (entity=product)' });
    expect(exported[0].actor.id).toBe(owner.user.id);
  });

  it('reads batch after batch, each row once', async () => {
    let text = '';
    for await (const chunk of activityCsv(t.db, { entity: 'order' }, 3)) text += chunk;
    const rows = parse(text, { bom: true }).slice(1);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r[8])).size).toBe(20);
  });

  it('refuses a bad filter with 400 and records nothing', async () => {
    const before = (await all('action=audit.export')).length;
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/activity.csv?to=yesterday', headers: owner.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('To date must be a date in YYYY-MM-DD form');
    expect((await all('action=audit.export')).length).toBe(before);
  });
});
