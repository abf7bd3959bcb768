import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { shopSettings } from '../../db/schema';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ cacheTtlMs: 60_000 });
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
});
afterAll(() => t.close());

/** Valid settings for a Karnataka shop, rupees; `overrides` replace top-level fields. */
const valid = (overrides: Record<string, unknown> = {}) => ({
  legalName: 'Rangmanch Retail Private Limited',
  address: '14, 2nd Cross, Indiranagar, Bengaluru 560038',
  state: 'Karnataka',
  gstin: '29AABCR1234M1Z9',
  invoicePrefix: 'RM',
  supportEmail: 'Help@Rangmanch.in',
  supportPhone: '+91 98450 12345',
  whatsappNumber: '9845012345',
  cod: { enabled: true, maxOrderTotal: 5000, maxOpenOrders: 2, fee: 0, blockedPincodes: ['110001'] },
  delivery: { dispatchDays: 1, transitDaysWithinState: 2, transitDaysMetros: 3, transitDaysRest: 5, nonServiceablePincodes: [] },
  tax: {
    slabs: [
      { upTo: 2500, rate: 5 },
      { upTo: null, rate: 18 },
    ],
  },
  ...overrides,
});

const put = (payload: unknown, headers = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers, payload: payload as object });

describe('shop settings', () => {
  it('answers the defaults before any save: COD on, ₹5,000 limit, 2 open orders, no fee; 5% up to ₹2,500, 18% above', async () => {
    const res = await t.app.inject({ url: '/api/admin/settings', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      legalName: '',
      address: '',
      state: '',
      gstin: '',
      invoicePrefix: 'RM',
      supportEmail: '',
      supportPhone: '',
      whatsappNumber: '',
      cod: { enabled: true, maxOrderTotal: 5000, maxOpenOrders: 2, fee: 0, blockedPincodes: [], maxRefused: 2 },
      // Off until the owner turns them on: no COD confirmation, no WhatsApp templates, refunds the way they were paid.
      codConfirmation: { mode: 'off', above: 0, hours: 24, expiry: 'cancel' },
      whatsapp: { templates: {} },
      backInStock: { factor: 3 },
      storeCredit: { refunds: 'off', bonusPercent: 0 },
      prepaidDiscount: { kind: 'off', value: 0, cap: null },
      codAdvance: { kind: 'off', value: 0, above: 0 },
      cartReminders: { enabled: false, firstAfterMinutes: 60, secondAfterHours: null, secondCouponCode: null },
      delivery: { dispatchDays: 1, transitDaysWithinState: 2, transitDaysMetros: 3, transitDaysRest: 5, nonServiceablePincodes: [] },
      tax: {
        slabs: [
          { upTo: 2500, rate: 5 },
          { upTo: null, rate: 18 },
        ],
      },
      inventory: { lowStockThreshold: 5 },
      returns: { windowDays: 0, sizeExchanges: false },
      updatedAt: null,
      staffPolicy: { refundLimitManagerRupees: 10_000, refundLimitSupportRupees: 1_000, staffTwoStepRequired: false },
    });
    const pub = await t.app.inject('/api/settings/public');
    expect(pub.statusCode).toBe(200);
    expect(pub.json().cod).toEqual({ enabled: true, maxOrderTotal: 5000, fee: 0 });
  });

  it('refuses a GSTIN of the wrong length, with a wrong check character or another state, naming the field', async () => {
    const cases: [string, string, string][] = [
      ['29AABCR1234M1Z', 'Karnataka', 'GSTIN must be 15 characters'],
      ['29AABCR1234M1Z8', 'Karnataka', 'GSTIN check character is wrong: please check the number for a typo'],
      ['29AABCR1234M1Z9', 'Maharashtra', 'GSTIN must start with 27, the state code of Maharashtra'],
      ['', 'Karnataka', 'GSTIN is required'],
    ];
    for (const [gstin, state, message] of cases) {
      const res = await put(valid({ gstin, state }));
      expect(res.statusCode, gstin).toBe(400);
      expect(res.json(), gstin).toEqual({ message, errors: { gstin: message } });
    }
  });

  it('names every bad field, nested ones by their path, and never fails with a 5xx on junk', async () => {
    const res = await put(
      valid({
        legalName: '',
        supportPhone: '12345',
        cod: { enabled: true, maxOrderTotal: -1, maxOpenOrders: 2.5, fee: 10.555, blockedPincodes: '110001, 12ab' },
        tax: {
          slabs: [
            { upTo: 2500, rate: 5 },
            { upTo: 1000, rate: 18 },
          ],
        },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      legalName: 'Legal name is required',
      supportPhone: 'Support phone must be a 10-digit Indian mobile number',
      'cod.maxOrderTotal': 'COD order limit cannot be negative',
      'cod.maxOpenOrders': 'Open COD orders per shopper must be a whole number',
      'cod.fee': 'COD fee can have at most 2 decimals (paise)',
      'cod.blockedPincodes': 'COD blocked pincodes: "12ab" is not a 6-digit pincode',
      'tax.slabs.1.upTo': 'The last GST slab has no upper limit',
    });
    for (const junk of [null, [], {}, { legalName: 42 }, { cod: null }, valid({ state: 'Atlantis' }), valid({ tax: { slabs: [] } })]) {
      const r = await put(junk);
      expect(r.statusCode, JSON.stringify(junk)).toBe(400);
      expect(typeof r.json().message).toBe('string');
    }
    expect((await put(valid({ state: 'Atlantis' }))).json().errors.state).toBe("Please choose the shop's state");
  });

  it('is for admins only: 401 without a valid token, 403 for a shopper', async () => {
    const shopper = await createUser(t.app, t.db);
    for (const method of ['GET', 'PUT'] as const) {
      const payload = method === 'PUT' ? valid() : undefined;
      expect((await t.app.inject({ method, url: '/api/admin/settings', payload })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method, url: '/api/admin/settings', payload, headers: { authorization: 'Bearer nope' } })).statusCode,
      ).toBe(401);
      const denied = await t.app.inject({ method, url: '/api/admin/settings', payload, headers: shopper.headers });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe('Access denied. Admin privileges required.');
    }
    const [row] = await t.db.select().from(shopSettings);
    expect(row).toBeUndefined();
  });

  it('saves normalised values, paise in the database, and the public read shows the change at once', async () => {
    // Read first, so both the service copy and the response cache hold the old values.
    expect((await t.app.inject('/api/settings/public')).json().supportPhone).toBe('');
    const res = await put(
      valid({ gstin: ' 29aabcr1234m1z9 ', cod: { ...valid().cod, fee: 49.5, blockedPincodes: '560001\n110001, 560001' } }),
    );
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({
      gstin: '29AABCR1234M1Z9',
      supportEmail: 'help@rangmanch.in',
      supportPhone: '9845012345',
      cod: { enabled: true, maxOrderTotal: 5000, maxOpenOrders: 2, fee: 49.5, blockedPincodes: ['110001', '560001'] },
    });
    expect(Date.parse(saved.updatedAt)).not.toBeNaN();

    const [row] = await t.db.select().from(shopSettings);
    expect(row).toMatchObject({
      codFeePaise: 4950,
      codMaxOrderTotalPaise: 500_000,
      taxSlabs: [
        { upToPaise: 250_000, ratePercent: 5 },
        { upToPaise: null, ratePercent: 18 },
      ],
    });

    const pub = await t.app.inject('/api/settings/public');
    expect(pub.headers['cache-control']).toBe('no-cache');
    expect(pub.json()).toEqual({
      legalName: 'Rangmanch Retail Private Limited',
      address: '14, 2nd Cross, Indiranagar, Bengaluru 560038',
      state: 'Karnataka',
      supportEmail: 'help@rangmanch.in',
      supportPhone: '9845012345',
      whatsappNumber: '9845012345',
      cod: { enabled: true, maxOrderTotal: 5000, fee: 49.5 },
      prepaidDiscount: { kind: 'off', value: 0, cap: null },
      codAdvance: { kind: 'off', value: 0, above: 0 },
      delivery: { dispatchDays: 1, transitDaysWithinState: 2, transitDaysMetros: 3, transitDaysRest: 5 },
      returns: { windowDays: 0, sizeExchanges: false },
    });
    expect(pub.body).not.toContain('29AABCR1234M1Z9');
    expect(pub.body).not.toContain('110001');

    // A second save: the admin read and the public read follow at once.
    const generation = t.app.responseCache.generation;
    expect((await put(valid({ supportPhone: '7022334455' }))).statusCode).toBe(200);
    expect(t.app.responseCache.generation).toBeGreaterThan(generation);
    expect((await t.app.inject('/api/settings/public')).json().supportPhone).toBe('7022334455');
    expect((await t.app.inject({ url: '/api/admin/settings', headers: admin })).json().supportPhone).toBe('7022334455');

    // A refused save changes nothing.
    expect((await put(valid({ supportPhone: '7022', gstin: '29AABCR1234M1Z8' }))).statusCode).toBe(400);
    expect((await t.app.inject('/api/settings/public')).json().supportPhone).toBe('7022334455');
  });

  it("drops another instance's copy when the response cache is invalidated there", async () => {
    // A second app on the same database, as a second instance would be. With REDIS_URL, a save on
    // one instance invalidates the other's response cache (plugins/cache.ts); here that message is
    // played by calling invalidate() on the second app.
    const other = await buildApp({ config: t.config, db: t.db, cacheTtlMs: 60_000 });
    await other.ready();
    try {
      expect((await other.inject('/api/settings/public')).json().supportPhone).toBe('7022334455');
      await t.db.update(shopSettings).set({ supportPhone: '8123456789' }).where(eq(shopSettings.id, 1));
      // Still the copy it holds...
      expect((await other.inject('/api/settings/public')).json().supportPhone).toBe('7022334455');
      other.responseCache.invalidate();
      // ...until the cache is dropped.
      expect((await other.inject('/api/settings/public')).json().supportPhone).toBe('8123456789');
    } finally {
      await other.close();
    }
  });
  it('keeps the prepaid discount, COD advance and cart reminders: rupees in the API, paise in the row, percents as they are', async () => {
    const offers = {
      prepaidDiscount: { kind: 'percent', value: 5, cap: 60 },
      codAdvance: { kind: 'fixed', value: 199.5, above: 2000 },
      cartReminders: { enabled: true, firstAfterMinutes: 90, secondAfterHours: 24, secondCouponCode: ' comeback10 ' },
    };
    const res = await put(valid(offers));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...offers, cartReminders: { ...offers.cartReminders, secondCouponCode: 'COMEBACK10' } });
    const [row] = await t.db.select().from(shopSettings);
    expect(row).toMatchObject({
      prepaidDiscountKind: 'percent',
      prepaidDiscountValue: 5,
      prepaidDiscountCapPaise: 6000,
      codAdvanceKind: 'fixed',
      codAdvanceValue: 19950,
      codAdvanceAbovePaise: 200000,
      cartReminders: true,
      cartReminderFirstMinutes: 90,
      cartReminderSecondHours: 24,
      cartReminderCouponCode: 'COMEBACK10',
    });
    // The storefront sees the offers it names beside the payment methods, not the reminder settings.
    const pub = (await t.app.inject('/api/settings/public')).json();
    expect(pub).toMatchObject({ prepaidDiscount: offers.prepaidDiscount, codAdvance: offers.codAdvance });
    expect(pub.cartReminders).toBeUndefined();

    const refused = await put(
      valid({
        prepaidDiscount: { kind: 'percent', value: 60, cap: null },
        codAdvance: { kind: 'percent', value: 95, above: 0 },
        cartReminders: { enabled: true, firstAfterMinutes: 5, secondAfterHours: null, secondCouponCode: null },
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('A prepaid discount percent must be a whole number from 1 to 50');
    expect(refused.body).toContain('A COD advance percent must be a whole number from 1 to 90');
    expect(refused.body).toContain('The first reminder waits at least 15 minutes');
    // A flat discount is rupees in the API and paise in the row.
    expect((await put(valid({ ...offers, prepaidDiscount: { kind: 'flat', value: 60, cap: null } }))).statusCode).toBe(200);
    expect((await t.db.select().from(shopSettings))[0]).toMatchObject({ prepaidDiscountKind: 'flat', prepaidDiscountValue: 6000 });
  });
});
