import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { DashboardSummary } from '../../../core/schemas/admin-orders';
import { jobRuns, mailOutbox } from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';
import { createMailQueue } from '../../integrations/mail/outbox';
import { sendDailyLowStockMail, type LowStockMailDeps } from './low-stock-mail';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let product: Awaited<ReturnType<typeof createProduct>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, { role: 'admin', name: 'Meera', email: 'meera@rangmanch.in' });
  await createUser(t.app, t.db, { role: 'admin', name: 'Kabir', email: 'kabir@rangmanch.in' });
  await createUser(t.app, t.db, { name: 'A shopper', email: 'shopper@example.in' });
  product = await createProduct(t.db, {
    title: 'Ikat Dupatta',
    variants: [
      { size: 'S', pricePaise: 99_900, stockQty: 0 },
      { size: 'M', pricePaise: 99_900, stockQty: 3 },
      { size: 'L', pricePaise: 99_900, stockQty: 8 },
      { size: 'XL', pricePaise: 99_900, stockQty: 1, isActive: false },
    ],
  });
});
afterAll(() => t.close());

/** Valid settings with `lowStockThreshold`, rupees. */
const settings = (inventory?: object) => ({
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
  ...(inventory ? { inventory } : {}),
});
const putSettings = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.headers, payload });
const dashboard = async () => (await t.app.inject({ url: '/api/admin/dashboard', headers: admin.headers })).json<DashboardSummary>();
const ours = (s: DashboardSummary) => s.lowStock.filter((r) => r.productId === product.product.id).map((r) => [r.size, r.stockQty]);

/** Deps of one instance: its own mail queue (capturing into `sent`) over the shared database. */
function instance(sent: MailMessage[]): LowStockMailDeps {
  const queue = createMailQueue(t.db, {
    target: 'memory',
    async send(message) {
      sent.push(message);
    },
  });
  return { db: t.db, mailQueue: queue, lowStockThreshold: async () => (await t.app.settings.get()).inventory.lowStockThreshold };
}

describe('low-stock threshold setting', () => {
  it('defaults to 5 and is used by the dashboard', async () => {
    expect((await t.app.inject({ url: '/api/admin/settings', headers: admin.headers })).json().inventory).toEqual({ lowStockThreshold: 5 });
    const s = await dashboard();
    expect(s.lowStockThreshold).toBe(5);
    expect(ours(s)).toEqual([
      ['S', 0],
      ['M', 3],
    ]);
  });

  it('is saved by the admin and changes what the dashboard calls low', async () => {
    const res = await putSettings(settings({ lowStockThreshold: 8 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().inventory).toEqual({ lowStockThreshold: 8 });
    const s = await dashboard();
    expect(s.lowStockThreshold).toBe(8);
    expect(ours(s)).toEqual([
      ['S', 0],
      ['M', 3],
      ['L', 8],
    ]);
    // 0: only sold-out sizes are low.
    expect((await putSettings(settings({ lowStockThreshold: 0 }))).statusCode).toBe(200);
    expect(ours(await dashboard())).toEqual([['S', 0]]);
    // A body without the section (a client that predates it) gets the default.
    expect((await putSettings(settings())).json().inventory).toEqual({ lowStockThreshold: 5 });
  });

  it.each([
    [-1, 'Low-stock threshold cannot be negative'],
    [2.5, 'Low-stock threshold must be a whole number'],
    [1001, 'Low-stock threshold must be at most 1000'],
    ['5', 'Low-stock threshold must be a number'],
  ])('refuses a threshold of %j with 400', async (value, message) => {
    const res = await putSettings(settings({ lowStockThreshold: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'inventory.lowStockThreshold': message });
  });
});

describe('daily low-stock mail', () => {
  const at = (iso: string) => new Date(iso);

  it('waits until 09:00 India time', async () => {
    const sent: MailMessage[] = [];
    // 08:59 IST on 20 Nov 2026.
    expect(await sendDailyLowStockMail(instance(sent), at('2026-11-20T03:29:00Z'))).toEqual({ status: 'too-early', date: '2026-11-20' });
    expect(sent).toEqual([]);
    expect(await t.db.select().from(jobRuns).where(eq(jobRuns.period, '2026-11-20'))).toEqual([]);
  });

  it('mails every admin once a day, even with several instances running it at once', async () => {
    expect((await putSettings(settings({ lowStockThreshold: 3 }))).statusCode).toBe(200);
    const inboxes: MailMessage[][] = Array.from({ length: 4 }, () => []);
    const now = at('2026-11-20T03:30:00Z'); // 09:00 IST
    const results = await Promise.all(inboxes.map((inbox) => sendDailyLowStockMail(instance(inbox), now)));
    expect(results.filter((r) => r.status === 'sent')).toEqual([
      { status: 'sent', date: '2026-11-20', recipients: 2, sizes: expect.any(Number) as number },
    ]);
    expect(results.filter((r) => r.status === 'already-sent')).toHaveLength(3);
    const mails = inboxes.flat();
    expect(mails.map((m) => m.to).sort()).toEqual(['kabir@rangmanch.in', 'meera@rangmanch.in']);
    const mail = mails.find((m) => m.to === 'meera@rangmanch.in')!;
    expect(mail.subject).toMatch(/^Low stock on 2026-11-20: \d+ sizes? at 3 or fewer$/);
    expect(mail.text).toContain('Hi Meera,');
    expect(mail.text).toContain('SOLD OUT - Ikat Dupatta, size S');
    expect(mail.text).toContain('3 left - Ikat Dupatta, size M');
    expect(mail.text).not.toContain('Ikat Dupatta, size L');
    // An inactive size is not for sale: not listed.
    expect(mail.text).not.toContain('Ikat Dupatta, size XL');
    expect(mail.html).toContain('Ikat Dupatta');
    // Through the outbox: both rows are there and delivered.
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, mail.subject));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
    // Later the same day: nothing more.
    expect((await sendDailyLowStockMail(instance(inboxes[0]), at('2026-11-20T12:00:00Z'))).status).toBe('already-sent');
    expect(inboxes.flat()).toHaveLength(2);
  });

  it('sends again the next India day', async () => {
    const sent: MailMessage[] = [];
    // 00:10 IST on 21 Nov is still too early; 09:05 IST sends.
    expect((await sendDailyLowStockMail(instance(sent), at('2026-11-20T18:40:00Z'))).status).toBe('too-early');
    expect(await sendDailyLowStockMail(instance(sent), at('2026-11-21T03:35:00Z'))).toMatchObject({ status: 'sent', date: '2026-11-21' });
    expect(sent).toHaveLength(2);
  });

  it('mails nobody when no size is low, and the day counts as done', async () => {
    const sent: MailMessage[] = [];
    // A threshold no size is at or under (the demo's S is sold out, so even 0 would list it).
    const noLow = { ...instance(sent), lowStockThreshold: async () => -1 };
    expect(await sendDailyLowStockMail(noLow, at('2026-11-22T04:00:00Z'))).toEqual({ status: 'nothing-low', date: '2026-11-22' });
    expect(sent).toEqual([]);
    expect((await sendDailyLowStockMail(instance(sent), at('2026-11-22T05:00:00Z'))).status).toBe('already-sent');
  });
});
