import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { auditLog, shopSettings } from '../../db/schema';

type Staff = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let owner: Staff;
let manager: Staff;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, t.db, { role: 'owner', name: 'Meera Owner' });
  manager = await createUser(t.app, t.db, { role: 'manager', name: 'Ravi Manager' });
});
afterAll(() => t.close());

/** Valid settings for a Karnataka shop, rupees; `overrides` replace top-level fields. */
const valid = (overrides: Record<string, unknown> = {}) => ({
  legalName: 'Rangmanch Retail Private Limited',
  address: '14, 2nd Cross, Indiranagar, Bengaluru 560038',
  state: 'Karnataka',
  gstin: '29AABCR1234M1Z9',
  invoicePrefix: 'RM',
  supportEmail: 'help@rangmanch.in',
  supportPhone: '9845012345',
  whatsappNumber: '9845012345',
  cod: { enabled: true, maxOrderTotal: 5000, maxOpenOrders: 2, fee: 0, blockedPincodes: [] },
  delivery: { dispatchDays: 1, transitDaysWithinState: 2, transitDaysMetros: 3, transitDaysRest: 5, nonServiceablePincodes: [] },
  tax: {
    slabs: [
      { upTo: 2500, rate: 5 },
      { upTo: null, rate: 18 },
    ],
  },
  ...overrides,
});

const put = (who: Staff, payload: object) => t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: who.headers, payload });
const settingsAudit = (actorId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.actorId, actorId)))
    .orderBy(desc(auditLog.at));

describe('settings split: tax fields need settings.tax (docs/architecture.md#staff-and-roles)', () => {
  it('lets the owner save everything, logging the changed fields', async () => {
    const res = await put(owner, valid());
    expect(res.statusCode).toBe(200);
    const [row] = await settingsAudit(owner.user.id);
    expect(row).toMatchObject({ actorRole: 'owner', entity: 'settings', entityId: '1' });
    expect(row.changes).toMatchObject({
      legalName: { before: '', after: 'Rangmanch Retail Private Limited' },
      gstin: { before: '', after: '29AABCR1234M1Z9' },
    });
    expect(row.changes).not.toHaveProperty('updatedBy');
  });

  it('lets a manager change the non-tax settings (the tax fields sent back as they are), logging only what changed', async () => {
    const res = await put(manager, valid({ cod: { enabled: true, maxOrderTotal: 7000, maxOpenOrders: 2, fee: 49, blockedPincodes: [] } }));
    expect(res.statusCode).toBe(200);
    expect(res.json().cod).toMatchObject({ maxOrderTotal: 7000, fee: 49 });
    const rows = await settingsAudit(manager.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorName: 'Ravi Manager',
      actorRole: 'manager',
      action: 'settings.update',
      entity: 'settings',
      changes: { codMaxOrderTotalPaise: { before: 500_000, after: 700_000 }, codFeePaise: { before: 0, after: 4_900 } },
    });
    expect(Object.keys(rows[0].changes).sort()).toEqual(['codFeePaise', 'codMaxOrderTotalPaise']);
    expect(rows[0].summary).toBe('Changed the shop settings: cod max order total, cod fee');
  });

  it('refuses a manager a change of any tax field (403 settings.tax), saving nothing and logging nothing', async () => {
    const cases: Record<string, unknown>[] = [
      { legalName: 'Someone Else Private Limited' },
      { address: '1, MG Road, Bengaluru 560001, Karnataka' },
      { invoicePrefix: 'XX' },
      { tax: { slabs: [{ upTo: null, rate: 12 }] } },
      // A tax field changed along with an allowed one: nothing is saved.
      { legalName: 'Someone Else Private Limited', supportEmail: 'new@rangmanch.in' },
    ];
    const [before] = await t.db.select().from(shopSettings);
    const logged = (await settingsAudit(manager.user.id)).length;
    for (const change of cases) {
      const res = await put(manager, valid(change));
      expect([res.statusCode, res.json().message], JSON.stringify(change)).toEqual([403, 'You need the settings.tax permission for this']);
    }
    const [after] = await t.db.select().from(shopSettings);
    expect(after).toEqual(before);
    expect(await settingsAudit(manager.user.id)).toHaveLength(logged);
  });

  it('answers the staff policy in the settings, and refuses the policy route to a manager', async () => {
    const res = await t.app.inject({ url: '/api/admin/settings', headers: manager.headers });
    expect(res.json().staffPolicy).toEqual({
      refundLimitManagerRupees: 10_000,
      refundLimitSupportRupees: 1_000,
      staffTwoStepRequired: false,
    });
    const denied = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/staff-policy',
      headers: manager.headers,
      payload: { refundLimitManagerRupees: 99_999, refundLimitSupportRupees: 1_000, staffTwoStepRequired: false },
    });
    expect(denied.statusCode).toBe(403);
    // A settings save keeps the policy the owner set.
    expect((await put(manager, valid())).json().staffPolicy.refundLimitManagerRupees).toBe(10_000);
  });
});
