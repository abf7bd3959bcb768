/**
 * Abandoned-cart reminders (docs/architecture.md#abandoned-carts): who is reminded (consent, the
 * cart untouched long enough, no order since), at most two per cart and one cycle per shopper in 7
 * days, WhatsApp or e-mail, the second with a live coupon only; the restore link (wrong token,
 * another shopper, twice, sold-out sizes); the recovered order and the dashboard's figures; and,
 * on PostgreSQL, two job runs at once send one reminder. Runs on PGlite and, with TEST_DB=postgres,
 * PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrderRecord, createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { DEFAULT_SHOP_SETTINGS } from '../../../core/schemas/settings';
import { cartItems, cartReminders, coupons, mailOutbox, variants, whatsappMessages, whatsappOptOuts } from '../../db/schema';
import { setWhatsAppTemplates } from '../whatsapp/test-templates';
import { cartRestorePath } from './links';
import { cartReminderSummary, remindersOf, sendCartReminders, type CartReminderSettings } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let rule: CartReminderSettings['cartReminders'];
let templates: CartReminderSettings['whatsapp']['templates'];
beforeEach(async () => {
  rule = { enabled: true, firstAfterMinutes: 60, secondAfterHours: null, secondCouponCode: null };
  templates = {};
  // Other tests' carts are left alone: each test starts from no carts and no reminders.
  await t.db.delete(cartReminders);
  await t.db.delete(cartItems);
});

const run = () =>
  sendCartReminders({
    db: t.db,
    settings: async () => ({ cartReminders: rule, whatsapp: { templates } }),
    secret: t.config.jwtSecret,
    shopAddress: () => 'https://shop.example',
  });

const HOUR = 3_600_000;

/** A shopper (consents as given) with one line of 2 × ₹999 in the cart, changed `ago` ms ago. */
async function shopperWithCart(opts: { emailOffers?: boolean; whatsappOffers?: boolean; ago?: number; phone?: string } = {}) {
  const { user, headers } = await createUser(t.app, t.db, {
    emailOffers: opts.emailOffers ?? true,
    whatsappOffers: opts.whatsappOffers ?? false,
    phone: opts.phone ?? '9876500001',
  });
  const { product, bySize } = await createProduct(t.db, {
    title: 'Indigo Kurta',
    variants: [{ size: 'M', pricePaise: 99_900, stockQty: 5 }],
  });
  await t.db.insert(cartItems).values({
    userId: user.id,
    productId: product.id,
    variantId: bySize.M.id,
    quantity: 2,
    updatedAt: new Date(Date.now() - (opts.ago ?? 2 * HOUR)),
  });
  return { user, headers, product, variant: bySize.M };
}

const mailsTo = (to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
/** Moves the shopper's reminders back in time by `ms` (as if sent earlier). */
const ageReminders = (userId: string, ms: number) =>
  t.db.execute(
    sql`update cart_reminders set created_at = created_at - make_interval(secs => ${ms / 1000}) where user_id = ${userId}::uuid`,
  );

describe('who gets a reminder', () => {
  it('mails a consenting shopper once their cart is untouched an hour, with the value and a link; never twice', async () => {
    const { user } = await shopperWithCart();
    expect(await run()).toMatchObject({ first: 1, second: 0 });
    const [reminder] = await remindersOf(t.db, user.id);
    expect(reminder).toMatchObject({ step: 1, channel: 'email', valuePaise: 199_800, couponCode: null });
    expect(reminder.items).toHaveLength(1);
    const [mail] = await mailsTo(user.email);
    expect(mail.subject).toMatch(/You left something in your .* cart/);
    expect(mail.text).toContain('₹1,998');
    expect(mail.text).toContain('2 × Indigo Kurta (M)');
    expect(mail.text).toContain(cartRestorePath(t.config.jwtSecret, reminder.id));
    expect(await run()).toMatchObject({ first: 0, second: 0 });
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('waits until the cart is untouched long enough, and leaves carts without consent alone', async () => {
    await shopperWithCart({ ago: 30 * 60_000 });
    await shopperWithCart({ emailOffers: false });
    expect(await run()).toMatchObject({ first: 0, second: 0 });
    rule.firstAfterMinutes = 15;
    expect(await run()).toMatchObject({ first: 1, second: 0 });
    rule.enabled = false;
    await shopperWithCart();
    expect(await run()).toMatchObject({ first: 0, second: 0 });
  });

  it('sends nothing after an order placed since the cart last changed', async () => {
    const { user } = await shopperWithCart();
    await createOrderRecord(t.db, { userId: user.id, createdAt: new Date(Date.now() - HOUR) });
    expect(await run()).toMatchObject({ first: 0, second: 0 });
    // An order from before the cart's last change does not count.
    const other = await shopperWithCart();
    await createOrderRecord(t.db, { userId: other.user.id, createdAt: new Date(Date.now() - 3 * HOUR) });
    expect(await run()).toMatchObject({ first: 1, second: 0 });
  });

  it('goes by WhatsApp when the shop has the template and the shopper takes offers there, else by e-mail', async () => {
    await setWhatsAppTemplates(t.db, ['cart_reminder']);
    templates = { cart_reminder: { name: 'rangmanch_cart_reminder', language: 'en' } };
    const { user } = await shopperWithCart({ whatsappOffers: true, emailOffers: false, phone: '9812300011' });
    expect(await run()).toMatchObject({ first: 1, second: 0 });
    const [reminder] = await remindersOf(t.db, user.id);
    expect(reminder.channel).toBe('whatsapp');
    const [message] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.userId, user.id));
    expect(message).toMatchObject({ kind: 'cart_reminder', to: '919812300011', marketing: true });
    expect(JSON.stringify(message.components)).toContain(`https://shop.example${cartRestorePath(t.config.jwtSecret, reminder.id)}`);
    expect(await mailsTo(user.email)).toHaveLength(0);
    // A number that sent STOP gets the mail instead when the shopper agreed to e-mail; nothing otherwise.
    const stopped = await shopperWithCart({ whatsappOffers: true, emailOffers: true, phone: '9812300012' });
    const silent = await shopperWithCart({ whatsappOffers: true, emailOffers: false, phone: '9812300013' });
    await t.db.insert(whatsappOptOuts).values([{ phone: '919812300012' }, { phone: '919812300013' }]);
    expect(await run()).toMatchObject({ first: 1, second: 0 });
    expect((await remindersOf(t.db, stopped.user.id))[0].channel).toBe('email');
    expect(await mailsTo(stopped.user.email)).toHaveLength(1);
    expect(await remindersOf(t.db, silent.user.id)).toHaveLength(0);
  });

  it('reminds one cycle per shopper in 7 days, even when the cart keeps changing', async () => {
    const { user } = await shopperWithCart();
    expect((await run()).first).toBe(1);
    await t.db
      .update(cartItems)
      .set({ quantity: 3, updatedAt: new Date(Date.now() - 2 * HOUR + 60_000) })
      .where(eq(cartItems.userId, user.id));
    expect((await run()).first).toBe(0);
    await ageReminders(user.id, 8 * 24 * HOUR);
    expect((await run()).first).toBe(1);
  });
});

describe('the second reminder', () => {
  it('goes after the hours set, with the coupon while it is live, at most two in all', async () => {
    rule.secondAfterHours = 24;
    rule.secondCouponCode = 'COMEBACK10';
    await t.db.insert(coupons).values({ code: 'COMEBACK10', kind: 'percent', percentOff: 10 }).onConflictDoNothing();
    const { user } = await shopperWithCart();
    expect(await run()).toMatchObject({ first: 1, second: 0 });
    await ageReminders(user.id, 23 * HOUR);
    expect(await run()).toMatchObject({ first: 0, second: 0 });
    await ageReminders(user.id, 2 * HOUR);
    expect(await run()).toMatchObject({ first: 0, second: 1 });
    const [second] = await remindersOf(t.db, user.id);
    expect(second).toMatchObject({ step: 2, couponCode: 'COMEBACK10' });
    const mails = await mailsTo(user.email);
    expect(mails.map((m) => m.subject)).toContain('Your cart is still waiting: use COMEBACK10 at checkout');
    await ageReminders(user.id, 48 * HOUR);
    expect(await run()).toMatchObject({ first: 0, second: 0 });
    expect(await remindersOf(t.db, user.id)).toHaveLength(2);
  });

  it('goes without a coupon that is no longer live, and never after an order or a restore', async () => {
    rule.secondAfterHours = 1;
    rule.secondCouponCode = 'GONE50';
    await t.db.insert(coupons).values({ code: 'GONE50', kind: 'percent', percentOff: 50, isActive: false }).onConflictDoNothing();
    const plain = await shopperWithCart();
    const ordered = await shopperWithCart();
    const restored = await shopperWithCart();
    expect((await run()).first).toBe(3);
    for (const who of [plain, ordered, restored]) await ageReminders(who.user.id, 2 * HOUR);
    await createOrderRecord(t.db, { userId: ordered.user.id });
    const [first] = await remindersOf(t.db, restored.user.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/restore',
      headers: restored.headers,
      payload: { reminderId: first.id, token: cartRestorePath(t.config.jwtSecret, first.id).split('/').at(-1) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await run()).toMatchObject({ first: 0, second: 1 });
    expect((await remindersOf(t.db, plain.user.id))[0]).toMatchObject({ step: 2, couponCode: null });
    expect(await remindersOf(t.db, ordered.user.id)).toHaveLength(1);
    expect(await remindersOf(t.db, restored.user.id)).toHaveLength(1);
  });
});

describe('the restore link', () => {
  const restore = (headers: Record<string, string>, reminderId: string, token: string) =>
    t.app.inject({ method: 'POST', url: '/api/cart/restore', headers, payload: { reminderId, token } });
  const tokenOf = (id: string) => cartRestorePath(t.config.jwtSecret, id).split('/').at(-1)!;

  it('puts the cart back on another device without doubling it, and refuses tampered links and other shoppers', async () => {
    const { user, headers, variant } = await shopperWithCart();
    await run();
    const [reminder] = await remindersOf(t.db, user.id);
    await t.db.delete(cartItems).where(eq(cartItems.userId, user.id));

    const someone = await createUser(t.app, t.db);
    const refused = await restore(someone.headers, reminder.id, tokenOf(reminder.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/another account/);
    const token = tokenOf(reminder.id);
    const tampered = await restore(headers, reminder.id, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    expect(tampered.statusCode).toBe(403);
    expect((await restore(headers, '00000000-0000-4000-8000-000000000009', token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/cart/restore', payload: { reminderId: reminder.id, token } })).statusCode).toBe(
      401,
    );
    expect((await restore(headers, 'junk', 'x')).statusCode).toBe(400);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(0);

    for (let i = 0; i < 2; i++) {
      const res = await restore(headers, reminder.id, token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ restored: 1, problems: [], couponCode: null });
    }
    const cart = (await t.app.inject({ url: '/api/cart', headers })).json();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ variantId: variant.id, quantity: 2 });
    const [after] = await remindersOf(t.db, user.id);
    expect(after.restoredAt).not.toBeNull();
  });

  it('says what it could not restore: a sold-out size, a size with fewer left', async () => {
    const { user, headers, product, variant } = await shopperWithCart();
    const other = await createProduct(t.db, { title: 'Mustard Dupatta', variants: [{ size: 'Free', pricePaise: 49_900, stockQty: 3 }] });
    await t.db.insert(cartItems).values({
      userId: user.id,
      productId: other.product.id,
      variantId: other.bySize.Free.id,
      quantity: 1,
      updatedAt: new Date(Date.now() - 3 * HOUR),
    });
    await run();
    const [reminder] = await remindersOf(t.db, user.id);
    expect(reminder.items).toHaveLength(2);
    await t.db.delete(cartItems).where(eq(cartItems.userId, user.id));
    await t.db.update(variants).set({ stockQty: 0 }).where(eq(variants.id, other.bySize.Free.id));
    await t.db.update(variants).set({ stockQty: 1 }).where(eq(variants.id, variant.id));
    const res = await restore(headers, reminder.id, tokenOf(reminder.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().restored).toBe(1);
    expect(res.json().problems).toEqual(['Only 1 of Indigo Kurta (M) left: your cart has 1', 'Mustard Dupatta (Free) is sold out']);
    const cart = (await t.app.inject({ url: '/api/cart', headers })).json();
    expect(cart.items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity])).toEqual([[product.id, 1]]);
  });
});

describe('recovered orders and the dashboard', () => {
  it('marks the order placed after a reminder and counts it (value in rupees) on the dashboard', async () => {
    const before = await cartReminderSummary(t.db);
    const { user, headers, product, variant } = await shopperWithCart({ phone: '9876500077' });
    await run();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/cod/create-order',
      headers,
      payload: {
        items: [{ productId: product.id, variantId: variant.id, quantity: 2 }],
        shippingAddress: { ...shippingAddress, phone: user.phone, email: user.email },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().order._id;
    // The job marks it within a minute of the order (not in the placement's transaction).
    expect((await run()).recovered).toBe(1);
    expect((await run()).recovered).toBe(0);
    const [reminder] = await remindersOf(t.db, user.id);
    expect(reminder.orderId).toBe(orderId);
    const after = await cartReminderSummary(t.db);
    expect(after.cartsReminded - before.cartsReminded).toBe(1);
    expect(after.ordersRecovered - before.ordersRecovered).toBe(1);
    expect(after.recoveredValue - before.recoveredValue).toBeGreaterThan(0);

    const owner = await createUser(t.app, t.db, { role: 'admin' });
    const summary = await t.app.inject({ url: '/api/admin/cart-reminders/summary', headers: owner.headers });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({ days: 30, ordersRecovered: after.ordersRecovered, recoveredValue: after.recoveredValue });
    const shopper = await t.app.inject({ url: '/api/admin/cart-reminders/summary', headers });
    expect(shopper.statusCode).toBe(403);
    // A reminder older than the recovery window does not claim a later order.
    const late = await shopperWithCart();
    await run();
    await ageReminders(late.user.id, 8 * 24 * HOUR);
    await createOrderRecord(t.db, { userId: late.user.id });
    expect((await run()).recovered).toBe(0);
    expect((await remindersOf(t.db, late.user.id))[0].orderId).toBeNull();
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('on PostgreSQL', () => {
  it('two job runs at once send one reminder per cart', async () => {
    const shoppers = await Promise.all([1, 2, 3].map(() => shopperWithCart()));
    const runs = await Promise.all([run(), run(), run()]);
    expect(runs.reduce((sum, r) => sum + r.first, 0)).toBe(3);
    // Their orders are each counted once, by one of three runs at once.
    for (const { user } of shoppers) await createOrderRecord(t.db, { userId: user.id });
    const marking = await Promise.all([run(), run(), run()]);
    expect(marking.reduce((sum, r) => sum + r.recovered, 0)).toBe(3);
    for (const { user } of shoppers) {
      expect(await remindersOf(t.db, user.id)).toHaveLength(1);
      expect(await mailsTo(user.email)).toHaveLength(1);
    }
  });
});

// The defaults the settings API starts from keep reminders off.
it('is off until the owner turns it on', () => {
  expect(DEFAULT_SHOP_SETTINGS.cartReminders.enabled).toBe(false);
});

describe('consent on the profile', () => {
  it('takes e-mail offers on and off through PUT /api/users/me, off by default, and refuses junk', async () => {
    const { headers } = await createUser(t.app, t.db);
    expect((await t.app.inject({ url: '/api/users/me', headers })).json().emailOffers).toBe(false);
    const on = await t.app.inject({ method: 'PUT', url: '/api/users/me', headers, payload: { emailOffers: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().emailOffers).toBe(true);
    const junk = await t.app.inject({ method: 'PUT', url: '/api/users/me', headers, payload: { emailOffers: 'yes' } });
    expect(junk.statusCode).toBe(400);
    const off = await t.app.inject({ method: 'PUT', url: '/api/users/me', headers, payload: { emailOffers: false } });
    expect(off.json().emailOffers).toBe(false);
  });
});
