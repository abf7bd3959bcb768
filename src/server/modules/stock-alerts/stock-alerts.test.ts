/**
 * Back-in-stock alerts (docs/architecture.md#back-in-stock): the sign-up's rules (sizes in stock
 * refused, retired ones unknown, a guest's code with its tries and expiry, signing up twice), and the
 * sending: alerts go out when a size's stock rises through the ledger, oldest sign-up first, at most
 * the pieces × the shop's factor, each once, never for a fall, never for a rolled-back change.
 * Runs on PGlite and, with TEST_DB=postgres, PostgreSQL.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCategory, createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { STOCK_ALERT_IN_STOCK, STOCK_ALERT_NO_VARIANT, STOCK_ALERT_WAITING } from '../../../core/schemas/stock-alerts';
import { mailOutbox, products, shopSettings, stockAlerts, variants, whatsappMessages, whatsappOptOuts } from '../../db/schema';
import { changeStock } from '../inventory/ledger';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Each call from its own address, so the per-address limit (10 a minute) is tested on its own.
let address = 0;
const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${address % 250}`;
const signUp = (payload: object, headers: Record<string, string> = {}, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/stock-alerts', payload, headers, remoteAddress });
const confirm = (id: string, code: string) =>
  t.app.inject({ method: 'POST', url: `/api/stock-alerts/${id}/confirm`, payload: { code }, remoteAddress: nextAddress() });
const codeMailedTo = (email: string) => {
  const mail = [...t.mails].reverse().find((m) => m.to === email && /back-in-stock code/.test(m.subject));
  return mail?.subject.match(/^(\d{6})/)?.[1] ?? null;
};
let n = 0;
const guestEmail = () => `guest-${++n}-${Date.now()}@example.in`;

async function soldOutProduct(opts: { isActive?: boolean; variantActive?: boolean } = {}) {
  const made = await createProduct(t.db, {
    title: 'Indigo Kurta',
    isActive: opts.isActive ?? true,
    variants: [
      { size: 'M', pricePaise: 99_900, stockQty: 0, isActive: opts.variantActive ?? true },
      { size: 'L', pricePaise: 99_900, stockQty: 4 },
    ],
  });
  return { ...made, soldOut: made.bySize.M, inStock: made.bySize.L };
}

const restock = (variantId: string, delta: number) =>
  t.db.transaction((tx) => changeStock(tx, { variantId, delta, reason: 'adjustment', note: 'Restock' }));

/** The shop's alerts per piece, as the owner saves it at /admin/settings (a fresh shop has no settings row: 3). */
async function setFactor(factor: number, whatsapp = false) {
  const owner = await createUser(t.app, t.db, { role: 'admin' });
  const current = (await t.app.inject({ url: '/api/admin/settings', headers: owner.headers })).json();
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: owner.headers,
    payload: {
      ...current,
      legalName: 'Rangmanch Retail Pvt Ltd',
      address: '12 MG Road, Bengaluru 560001',
      state: 'Karnataka',
      gstin: '29AABCR1234M1Z9',
      supportEmail: 'help@rangmanch.in',
      supportPhone: '9845012345',
      whatsappNumber: '9845012345',
      backInStock: { factor },
      whatsapp: {
        templates: whatsapp
          ? { back_in_stock: { name: 'back_in_stock', language: 'en' }, verification_code: { name: 'verification_code', language: 'en' } }
          : {},
      },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.db.select({ factor: shopSettings.backInStockFactor }).from(shopSettings);
  expect(row.factor).toBe(factor);
}

describe('signing up', () => {
  beforeEach(() => setFactor(3));

  it('a signed-in shopper waits at once, by e-mail; signing up again answers the same alert', async () => {
    const { soldOut } = await soldOutProduct();
    const shopper = await createUser(t.app, t.db);
    const first = await signUp({ variantId: soldOut.id }, shopper.headers);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'waiting', channel: 'email', message: STOCK_ALERT_WAITING, to: shopper.user.email });
    const again = await signUp({ variantId: soldOut.id }, shopper.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(first.json()._id);
    const mine = await t.app.inject({ url: `/api/stock-alerts/mine?productId=${soldOut.productId}`, headers: shopper.headers });
    expect(mine.json()).toEqual([{ _id: first.json()._id, variantId: soldOut.id }]);
  });

  it('refuses a size in stock (409) and an unknown, retired or hidden one (404)', async () => {
    const { inStock } = await soldOutProduct();
    const inStockRes = await signUp({ variantId: inStock.id, email: guestEmail() });
    expect(inStockRes.statusCode).toBe(409);
    expect(inStockRes.json().message).toBe(STOCK_ALERT_IN_STOCK);
    const unknown = await signUp({ variantId: '00000000-0000-4000-8000-000000000000', email: guestEmail() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(STOCK_ALERT_NO_VARIANT);
    const retired = await soldOutProduct({ variantActive: false });
    expect((await signUp({ variantId: retired.soldOut.id, email: guestEmail() })).statusCode).toBe(404);
    const hidden = await soldOutProduct({ isActive: false });
    expect((await signUp({ variantId: hidden.soldOut.id, email: guestEmail() })).statusCode).toBe(404);
    expect((await signUp({ variantId: 'nope', email: guestEmail() })).statusCode).toBe(400);
    expect((await signUp({ variantId: hidden.soldOut.id })).statusCode).toBe(404);
  });

  it('an address may sign up 10 times a minute', async () => {
    const { soldOut } = await soldOutProduct();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await signUp({ variantId: soldOut.id, email: guestEmail() }, {}, '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('a guest needs an e-mail or a phone, and a phone needs WhatsApp', async () => {
    const { soldOut } = await soldOutProduct();
    const none = await signUp({ variantId: soldOut.id });
    expect(none.statusCode).toBe(400);
    const both = await signUp({ variantId: soldOut.id, email: guestEmail(), phone: '9876543210' });
    expect(both.statusCode).toBe(400);
    const bad = await signUp({ variantId: soldOut.id, email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
  });

  it('a guest confirms with the mailed code; a wrong code says the tries left; signing up again sends no new code at once', async () => {
    const { soldOut } = await soldOutProduct();
    const email = guestEmail();
    const res = await signUp({ variantId: soldOut.id, email: email.toUpperCase() });
    expect(res.statusCode).toBe(201);
    const alert = res.json();
    expect(alert).toMatchObject({ status: 'code_sent', channel: 'email' });
    expect(alert.to).toMatch(/^g•••@example\.in$/);
    const code = codeMailedTo(email);
    expect(code).toMatch(/^\d{6}$/);
    const mailsBefore = t.mails.length;
    const again = await signUp({ variantId: soldOut.id, email });
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(alert._id);
    expect(t.mails.length).toBe(mailsBefore);
    const wrong = await confirm(alert._id, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid code. 4 attempts left.');
    const right = await confirm(alert._id, code!);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ _id: alert._id, status: 'waiting', message: STOCK_ALERT_WAITING });
    const [row] = await t.db.select().from(stockAlerts).where(eq(stockAlerts.id, alert._id));
    expect(row.confirmedAt).not.toBeNull();
    expect(row.codeHash).toBeNull();
    // Confirmed: signing up again answers it, waiting, with no code.
    const third = await signUp({ variantId: soldOut.id, email });
    expect(third.json()).toMatchObject({ _id: alert._id, status: 'waiting' });
  });

  it('five wrong codes use the sign-up up; a new sign-up later sends a new code', async () => {
    const { soldOut } = await soldOutProduct();
    const email = guestEmail();
    const alert = (await signUp({ variantId: soldOut.id, email })).json();
    const code = codeMailedTo(email)!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await confirm(alert._id, wrongCode)).json().message);
    expect(answers).toEqual([
      'Invalid code. 4 attempts left.',
      'Invalid code. 3 attempts left.',
      'Invalid code. 2 attempts left.',
      'Invalid code. 1 attempt left.',
      'Too many wrong attempts. Please ask for a new code.',
    ]);
    const late = await confirm(alert._id, code);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Too many wrong attempts. Please ask for a new code.');
    t.clock.advance(31_000);
    await signUp({ variantId: soldOut.id, email });
    const fresh = codeMailedTo(email)!;
    expect((await confirm(alert._id, fresh)).json().status).toBe('waiting');
  });

  it('a code expires after 15 minutes', async () => {
    const { soldOut } = await soldOutProduct();
    const email = guestEmail();
    const alert = (await signUp({ variantId: soldOut.id, email })).json();
    const code = codeMailedTo(email)!;
    t.clock.advance(15 * 60_000 + 1000);
    const res = await confirm(alert._id, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code has expired. Please ask for a new one.');
  });

  it('a signed-in shopper leaves an alert; nobody else can', async () => {
    const { soldOut } = await soldOutProduct();
    const shopper = await createUser(t.app, t.db);
    const other = await createUser(t.app, t.db);
    const alert = (await signUp({ variantId: soldOut.id }, shopper.headers)).json();
    const stranger = await t.app.inject({ method: 'DELETE', url: `/api/stock-alerts/${alert._id}`, headers: other.headers });
    expect(stranger.statusCode).toBe(404);
    const left = await t.app.inject({ method: 'DELETE', url: `/api/stock-alerts/${alert._id}`, headers: shopper.headers });
    expect(left.statusCode).toBe(200);
    expect(await t.db.select().from(stockAlerts).where(eq(stockAlerts.id, alert._id))).toEqual([]);
  });
});

describe('sending when stock comes back', () => {
  /** `count` shoppers waiting for the size, signed up one second apart; their e-mails in sign-up order. */
  async function waiting(variantId: string, count: number): Promise<string[]> {
    const emails: string[] = [];
    for (let i = 0; i < count; i++) {
      const shopper = await createUser(t.app, t.db);
      const res = await signUp({ variantId }, shopper.headers);
      expect(res.statusCode).toBe(201);
      emails.push(shopper.user.email);
      t.clock.advance(1000);
    }
    return emails;
  }
  const alertMails = (variantId: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like 'Back in stock:%' and ${mailOutbox.html} like ${`%${variantId.slice(0, 0)}%`}`);
  const notified = (variantId: string) =>
    t.db
      .select({ id: stockAlerts.id })
      .from(stockAlerts)
      .where(and(eq(stockAlerts.variantId, variantId), isNotNull(stockAlerts.notifiedAt)));

  it('tells the first sign-ups, pieces × factor of them, each once, with a link to the size on the page', async () => {
    await setFactor(2);
    const { product, soldOut } = await soldOutProduct();
    const emails = await waiting(soldOut.id, 5);
    const before = (await alertMails(soldOut.id)).length;
    await restock(soldOut.id, 2); // 2 × 2 = 4 of the 5
    const sentTo = (await alertMails(soldOut.id)).slice(before).map((m) => m.to);
    expect(sentTo.sort()).toEqual(emails.slice(0, 4).sort());
    expect((await notified(soldOut.id)).length).toBe(4);
    // Delivered by the outbox, the link filled in with the shop's address.
    t.mails.length = 0;
    await t.app.mailQueue.deliverDue();
    const mail = t.mails.find((m) => m.to === emails[0])!;
    expect(mail.subject).toBe('Back in stock: Indigo Kurta (size M)');
    expect(mail.text).toContain(`http://localhost:${t.config.port}/products/${product.handle}`);
    expect(mail.html).not.toContain('{{shop.address}}');
    // The next piece tells the fifth; more pieces tell nobody twice.
    await restock(soldOut.id, 1);
    await restock(soldOut.id, 5);
    expect((await notified(soldOut.id)).length).toBe(5);
    const all = (await alertMails(soldOut.id)).slice(before).map((m) => m.to);
    expect(all.sort()).toEqual([...emails].sort());
  });

  it('sends nothing when stock falls or a change rolls back', async () => {
    await setFactor(3);
    const { soldOut } = await soldOutProduct();
    await waiting(soldOut.id, 2);
    await t.db
      .transaction(async (tx) => {
        await changeStock(tx, { variantId: soldOut.id, delta: 3, reason: 'adjustment' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await notified(soldOut.id)).toEqual([]);
    // Stock set in the row directly (no ledger rise), then a fall through the ledger: nobody is told.
    await t.db.execute(sql`update variants set stock_qty = 2 where id = ${soldOut.id}::uuid`);
    await t.db.transaction((tx) => changeStock(tx, { variantId: soldOut.id, delta: -1, reason: 'adjustment' }));
    expect(await notified(soldOut.id)).toEqual([]);
  });

  it('a guest waits only once confirmed, and a retired size keeps its alerts until it is back on sale', async () => {
    await setFactor(3);
    const { soldOut } = await soldOutProduct();
    const email = guestEmail();
    const alert = (await signUp({ variantId: soldOut.id, email })).json();
    await restock(soldOut.id, 1);
    expect(await notified(soldOut.id)).toEqual([]);
    await t.db.execute(sql`update variants set stock_qty = 0 where id = ${soldOut.id}::uuid`);
    await confirm(alert._id, codeMailedTo(email)!);
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, soldOut.productId));
    await restock(soldOut.id, 1);
    expect(await notified(soldOut.id)).toEqual([]);
    await t.db.update(products).set({ isActive: true }).where(eq(products.id, soldOut.productId));
    await restock(soldOut.id, 1);
    expect((await notified(soldOut.id)).length).toBe(1);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails.filter((m) => m.subject.startsWith('Back in stock')).length).toBe(1);
  });

  it("an admin's product save that restocks the size sends the alerts (the ledger's setStock and changeStock)", async () => {
    await setFactor(3);
    const admin = await createUser(t.app, t.db, { role: 'admin' });
    const { soldOut, product } = await soldOutProduct();
    const emails = await waiting(soldOut.id, 1);
    const list = (await t.app.inject({ url: '/api/products/admin/all', headers: admin.headers })).json<
      {
        _id: string;
        title: string;
        description: string;
        variants: { _id: string; size: string; price: number; stockQty: number; sku: string }[];
      }[]
    >();
    const p = list.find((x) => x._id === product.id)!;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product.id}`,
      headers: admin.headers,
      payload: {
        title: p.title,
        description: p.description,
        categoryIds: [(await createCategory(t.db)).id],
        images: [{ url: '/media/test.webp', alt: 'Front', publicId: null }],
        isBestseller: false,
        isActive: true,
        variants: p.variants.map((v) => ({
          _id: v._id,
          size: v.size,
          price: v.price,
          compareAtPrice: null,
          stockQty: v._id === soldOut.id ? 3 : v.stockQty,
          stockLoaded: v.stockQty,
          isActive: true,
          sku: v.sku,
        })),
        stockNote: 'Restock',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, emails[0]));
    expect(sent.map((m) => m.subject)).toEqual(['Back in stock: Indigo Kurta (size M)']);
    const [v] = await t.db.select({ stockQty: variants.stockQty }).from(variants).where(eq(variants.id, soldOut.id));
    expect(v.stockQty).toBe(3);
  });

  it('the admin sees how many wait per size', async () => {
    const admin = await createUser(t.app, t.db, { role: 'admin' });
    const { soldOut, product } = await soldOutProduct();
    await waiting(soldOut.id, 2);
    await signUp({ variantId: soldOut.id, email: guestEmail() }); // not confirmed: not counted
    const res = await t.app.inject({ url: `/api/admin/stock-alerts/waiting?productId=${product.id}`, headers: admin.headers });
    expect(res.json()).toEqual([{ variantId: soldOut.id, waiting: 2 }]);
    const shopper = await createUser(t.app, t.db);
    expect(
      (await t.app.inject({ url: `/api/admin/stock-alerts/waiting?productId=${product.id}`, headers: shopper.headers })).statusCode,
    ).toBe(403);
  });
});

describe('on WhatsApp', () => {
  const messagesTo = (phone: string) =>
    t.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.to, `91${phone}`));
  const bodyParams = (m: typeof whatsappMessages.$inferSelect) =>
    (m.components as { type: string; parameters: { text: string }[] }[]).find((c) => c.type === 'body')!.parameters.map((p) => p.text);

  it('a guest with a phone gets the code on WhatsApp, then the alert there, with the link', async () => {
    await setFactor(3, false);
    const { soldOut, product } = await soldOutProduct();
    const phone = '9812300001';
    const refused = await signUp({ variantId: soldOut.id, phone });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("We can't send a code on WhatsApp right now. Please use your e-mail.");
    await setFactor(3, true);
    t.clock.advance(31_000);
    const res = await signUp({ variantId: soldOut.id, phone: `+91 ${phone}` });
    expect(res.json()).toMatchObject({ status: 'code_sent', channel: 'whatsapp', to: '•••••00001' });
    const [codeMessage] = (await messagesTo(phone)).filter((m) => m.kind === 'verification_code');
    const code = bodyParams(codeMessage)[0];
    expect((await confirm(res.json()._id, code)).json().status).toBe('waiting');
    await restock(soldOut.id, 1);
    const [alert] = (await messagesTo(phone)).filter((m) => m.kind === 'back_in_stock');
    expect(bodyParams(alert)).toEqual(['there', 'Indigo Kurta (M)', `http://localhost:${t.config.port}/products/${product.handle}`]);
    expect(alert.marketing).toBe(true);
  });

  it('a signed-in shopper who takes offers on WhatsApp is told there; after STOP, by e-mail', async () => {
    await setFactor(3, true);
    const { soldOut } = await soldOutProduct();
    const onWhatsApp = await createUser(t.app, t.db, { phone: '9812300002', whatsappOffers: true });
    const stopped = await createUser(t.app, t.db, { phone: '9812300003', whatsappOffers: true });
    const byMail = await createUser(t.app, t.db, { phone: '9812300004' });
    for (const s of [onWhatsApp, stopped, byMail]) {
      await signUp({ variantId: soldOut.id }, s.headers);
      t.clock.advance(1000);
    }
    expect((await t.db.select().from(stockAlerts).where(eq(stockAlerts.variantId, soldOut.id))).map((a) => a.channel)).toEqual([
      'whatsapp',
      'whatsapp',
      'email',
    ]);
    await t.db.insert(whatsappOptOuts).values({ phone: '919812300003' });
    await restock(soldOut.id, 1);
    expect((await messagesTo('9812300002')).map((m) => m.kind)).toEqual(['back_in_stock']);
    expect(await messagesTo('9812300003')).toEqual([]);
    const mailed = await t.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like 'Back in stock:%'`);
    const emails = mailed.map((m) => m.to);
    expect(emails).toContain(stopped.user.email);
    expect(emails).toContain(byMail.user.email);
    expect(emails).not.toContain(onWhatsApp.user.email);
  });
});
