/**
 * Cash on Delivery confirmation (docs/architecture.md#cod-confirmation) and the refused-COD rule
 * (#cash-on-delivery), through the API on a real database: which orders wait (mode and threshold, to
 * the paisa), confirming and cancelling signed in and by the mail's signed links, the deadline job
 * (cancel with stock back, or hold), the admin's Confirm after call, shipping refused while
 * awaiting, and COD refused by phone across accounts. The race of a shopper's confirm against the
 * deadline job runs on PostgreSQL for real (PGlite takes them in turn).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { COD_CANCELLED, COD_CONFIRM_FIRST } from '../../../core/cod-confirmation';
import { COD_LINK_INVALID } from '../../../core/schemas/cod-confirmation';
import type { ShopSettingsData } from '../../../core/schemas/settings';
import { auditLog, inventoryLedger, mailOutbox, orderEvents, orders, users, variants, whatsappMessages } from '../../db/schema';
import { dispatchWhatsAppButton } from '../../integrations/whatsapp/buttons';
import { demoShopSettings } from '../../db/seed/demo-catalog';
import { SYSTEM_ACTOR } from '../audit/record';
import { refundDeps } from '../refunds/routes';
import { codLinkToken } from './links';
import { expireCodConfirmations } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Rules = ShopSettingsData['codConfirmation'];
async function shopWith(
  codConfirmation: Partial<Rules>,
  cod: Partial<ShopSettingsData['cod']> = {},
  extra: Partial<ShopSettingsData> = {},
) {
  await t.app.settings.save(
    {
      ...demoShopSettings,
      ...extra,
      cod: { ...demoShopSettings.cod, maxOpenOrders: 20, ...cod },
      codConfirmation: { mode: 'all', above: 0, hours: 24, expiry: 'cancel', ...codConfirmation },
    } as ShopSettingsData,
    SYSTEM_ACTOR,
  );
}
beforeEach(() => shopWith({}));

let counter = 0;
/** A shopper with a phone and e-mail of their own (the refused-COD rule counts by both). */
async function shopper(phone?: string) {
  counter += 1;
  const number = phone ?? `9${String(Date.now() % 100_000_000).padStart(8, '0')}${counter % 10}`;
  const made = await createUser(t.app, t.db, { phone: number });
  return { ...made, phone: number, email: `cod-${counter}-${Date.now()}@example.in` };
}
type Shopper = Awaited<ReturnType<typeof shopper>>;

async function line(pricePaise = 149_900) {
  const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise, stockQty: 10 }] });
  return { productId: product.id, variantId: bySize.M.id, quantity: 1 };
}

function placeCod(who: Shopper, items: object[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/cod/create-order',
    headers: who.headers,
    payload: { items, fromBuyNow: true, shippingAddress: { ...shippingAddress, phone: who.phone, email: who.email } },
  });
}

async function placed(who: Shopper, pricePaise = 149_900) {
  const item = await line(pricePaise);
  const res = await placeCod(who, [item]);
  expect(res.statusCode, res.body).toBe(201);
  return { order: res.json().order, variantId: item.variantId };
}

async function row(orderId: string) {
  const [found] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return found;
}

async function stockOf(variantId: string) {
  const [found] = await t.db.select({ stockQty: variants.stockQty }).from(variants).where(eq(variants.id, variantId));
  return found.stockQty;
}

const token = (orderId: string, action: 'confirm' | 'cancel') => codLinkToken(t.config.jwtSecret, orderId, action);
const linkPost = (orderId: string, action: 'confirm' | 'cancel', tokenValue = token(orderId, action)) =>
  t.app.inject({ method: 'POST', url: `/api/cod-links/${orderId}/${action}`, payload: { token: tokenValue } });

describe('COD confirmation at placement', () => {
  it('waits only as the mode and threshold say, to the paisa', async () => {
    // A first order of ₹1,499.00 less 5% is ₹1,424.05.
    await shopWith({ mode: 'off' });
    expect((await placed(await shopper())).order.codConfirmation).toBeNull();
    await shopWith({ mode: 'above', above: 1424.05 });
    expect((await placed(await shopper())).order.codConfirmation).toBeNull();
    await shopWith({ mode: 'above', above: 1424.04, hours: 6 });
    const before = t.clock.now.getTime();
    const { order } = await placed(await shopper());
    expect(order).toMatchObject({ status: 'placed', codConfirmation: { state: 'awaiting' } });
    expect(new Date(order.codConfirmation.until).getTime()).toBe(before + 6 * 3_600_000);
    expect(await row(order._id)).toMatchObject({ codConfirmation: 'awaiting', codConfirmBy: new Date(before + 6 * 3_600_000) });
    await shopWith({ mode: 'all' });
    expect((await placed(await shopper(), 10_000)).order.codConfirmation).toMatchObject({ state: 'awaiting' });
  });

  it('asks for the confirmation in the order mail, with signed Confirm and Cancel links', async () => {
    const who = await shopper();
    const { order } = await placed(who);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, who.email));
    expect(mail.subject).toBe(`Please confirm your order #${order._id.slice(-8).toUpperCase()}`);
    expect(mail.text).toContain(`/cod/${order._id}/confirm?token=${token(order._id, 'confirm')}`);
    expect(mail.text).toContain(`/cod/${order._id}/cancel?token=${token(order._id, 'cancel')}`);
    expect(mail.html).toContain('Confirm order');
  });
});

describe('confirming and cancelling', () => {
  it('the signed-in shopper confirms once: placed → confirmed; again answers OK; someone else is 404', async () => {
    const who = await shopper();
    const { order } = await placed(who);
    const url = `/api/orders/${order._id}/confirm-cod`;
    const other = await shopper();
    expect((await t.app.inject({ method: 'POST', url, headers: other.headers })).statusCode).toBe(404);
    const first = await t.app.inject({ method: 'POST', url, headers: who.headers });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'confirmed', codConfirmation: { state: 'confirmed', until: null } });
    const again = await t.app.inject({ method: 'POST', url, headers: who.headers });
    expect(again.statusCode).toBe(200);
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order._id), eq(orderEvents.status, 'confirmed')));
    expect(events).toMatchObject([{ actor: 'shopper', actorId: who.user.id, note: 'Cash on Delivery confirmed by the shopper' }]);
  });

  it('the mail link shows the order and confirms only on POST with the right token; a wrong token changes nothing', async () => {
    const { order } = await placed(await shopper());
    const page = await t.app.inject({ method: 'GET', url: `/api/cod-links/${order._id}/confirm?token=${token(order._id, 'confirm')}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ _id: order._id, action: 'confirm', status: 'placed', codConfirmation: 'awaiting', total: 1424.05 });
    expect(await row(order._id)).toMatchObject({ status: 'placed', codConfirmation: 'awaiting' });

    for (const wrong of ['x', token(order._id, 'cancel'), token(crypto.randomUUID(), 'confirm')]) {
      const res = await linkPost(order._id, 'confirm', wrong);
      expect([res.statusCode, res.json().message]).toEqual([403, COD_LINK_INVALID]);
    }
    const get = await t.app.inject({ method: 'GET', url: `/api/cod-links/${order._id}/confirm?token=nope` });
    expect(get.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/cod-links/not-an-id/confirm?token=x` })).statusCode).toBe(404);
    expect(await row(order._id)).toMatchObject({ status: 'placed', codConfirmation: 'awaiting' });

    const done = await linkPost(order._id, 'confirm');
    expect(done.statusCode).toBe(200);
    expect(done.json().order).toMatchObject({ status: 'confirmed', codConfirmation: 'confirmed' });
    expect((await linkPost(order._id, 'confirm')).statusCode).toBe(200);
  });

  it('the cancel link cancels as the shopper (stock back, credit note mail); confirming then is 409', async () => {
    const who = await shopper();
    const { order, variantId } = await placed(who);
    expect(await stockOf(variantId)).toBe(9);
    const res = await linkPost(order._id, 'cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'cancelled', codConfirmation: null });
    expect(await stockOf(variantId)).toBe(10);
    expect((await linkPost(order._id, 'cancel')).statusCode).toBe(200);
    expect(await stockOf(variantId)).toBe(10);
    const late = await linkPost(order._id, 'confirm');
    expect([late.statusCode, late.json().message]).toEqual([409, COD_CANCELLED]);
    const signedIn = await t.app.inject({ method: 'POST', url: `/api/orders/${order._id}/confirm-cod`, headers: who.headers });
    expect(signedIn.statusCode).toBe(409);
  });
});

describe('WhatsApp', () => {
  it("sends the 'cod_confirmation' message with Confirm and Cancel quick replies that do the same, from the order's number only", async () => {
    await shopWith({}, {}, { whatsapp: { templates: { cod_confirmation: { name: 'cod_confirm', language: 'en' } } } });
    const who = await shopper();
    await t.db.update(users).set({ whatsappUpdates: true }).where(eq(users.id, who.user.id));
    const { order } = await placed(who);
    const [message] = await t.db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, order._id));
    expect(message).toMatchObject({ kind: 'cod_confirmation', to: `91${who.phone}`, templateName: 'cod_confirm' });
    const payloads = JSON.stringify(message.components);
    const confirm = `cod:confirm:${order._id}:${token(order._id, 'confirm')}`;
    expect(payloads).toContain(confirm);
    expect(payloads).toContain(`cod:cancel:${order._id}:${token(order._id, 'cancel')}`);

    // A forged token or another number changes nothing.
    await dispatchWhatsAppButton({ payload: `cod:confirm:${order._id}:${'x'.repeat(32)}`, from: `91${who.phone}`, app: t.app });
    await dispatchWhatsAppButton({ payload: confirm, from: '919000000000', app: t.app });
    expect(await row(order._id)).toMatchObject({ status: 'placed', codConfirmation: 'awaiting' });
    expect(await dispatchWhatsAppButton({ payload: confirm, from: `91${who.phone}`, app: t.app })).toBe(true);
    expect(await row(order._id)).toMatchObject({ status: 'confirmed', codConfirmation: 'confirmed' });
    await shopWith({});
  });
});

describe('the deadline job', () => {
  it('cancels orders past their deadline as the shop, stock back through the ledger; others wait', async () => {
    await shopWith({ hours: 1 });
    const late = await placed(await shopper());
    t.clock.advance(30 * 60_000);
    const early = await placed(await shopper());
    t.clock.advance(31 * 60_000);
    const run = await expireCodConfirmations(refundDeps(t.app));
    expect(run.cancelled).toBeGreaterThanOrEqual(1);
    expect(await row(late.order._id)).toMatchObject({ status: 'cancelled', codConfirmation: null, restocked: true });
    expect(await row(early.order._id)).toMatchObject({ status: 'placed', codConfirmation: 'awaiting' });
    expect(await stockOf(late.variantId)).toBe(10);
    const ledger = await t.db.select().from(inventoryLedger).where(eq(inventoryLedger.orderId, late.order._id));
    expect(ledger.map((l) => [l.reason, l.delta]).sort()).toEqual([
      ['cancellation', 1],
      ['sale', -1],
    ]);
    const [cancelled] = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, late.order._id), eq(orderEvents.status, 'cancelled')));
    expect(cancelled).toMatchObject({ actor: 'system', actorId: null, note: 'Cancelled by the shop: Not confirmed in time' });
    // Run again: nothing more to do for it.
    await expireCodConfirmations(refundDeps(t.app));
    expect(await stockOf(late.variantId)).toBe(10);
    t.clock.advance(2 * 3_600_000);
  });

  it("with expiry 'hold' holds the order for a call; the admin's Confirm after call confirms it with an audit row", async () => {
    await shopWith({ hours: 1, expiry: 'hold' });
    const { order } = await placed(await shopper());
    t.clock.advance(61 * 60_000);
    await expireCodConfirmations(refundDeps(t.app));
    expect(await row(order._id)).toMatchObject({ status: 'placed', codConfirmation: 'held' });
    const admin = await createUser(t.app, t.db, { role: 'admin' });
    const view = await t.app.inject({ method: 'GET', url: `/api/orders/admin/${order._id}`, headers: admin.headers });
    expect(view.json().codConfirmation).toEqual({ state: 'held', until: null });
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/admin/${order._id}/cod-confirmation`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'confirmed', codConfirmation: { state: 'confirmed' } });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order._id), eq(auditLog.action, 'order.cod-confirm')));
    expect(audit).toHaveLength(1);
    expect(audit[0].actorId).toBe(admin.user.id);
    t.clock.advance(2 * 3_600_000);
  });
});

describe('packing and shipping wait for the confirmation', () => {
  it('refuses shipping and the status dropdown while awaiting, and ships once confirmed', async () => {
    const { order } = await placed(await shopper());
    const admin = await createUser(t.app, t.db, { role: 'admin' });
    const ship = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/admin/${order._id}/shipments`,
        headers: admin.headers,
        payload: { courier: 'delhivery', awb: `AWB${Date.now()}`, trackingUrl: null },
      });
    let res = await ship();
    expect([res.statusCode, res.json().message]).toEqual([400, COD_CONFIRM_FIRST]);
    res = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/admin/${order._id}/status`,
      headers: admin.headers,
      payload: { status: 'packed' },
    });
    expect([res.statusCode, res.json().message]).toEqual([400, COD_CONFIRM_FIRST]);
    expect(await row(order._id)).toMatchObject({ status: 'placed' });
    await t.app.inject({ method: 'POST', url: `/api/orders/admin/${order._id}/cod-confirmation`, headers: admin.headers });
    res = await ship();
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('refused COD', () => {
  it('counts COD orders refused at the door by phone across accounts, up to the settings’ number', async () => {
    await shopWith({ mode: 'off' }, { maxRefused: 2 });
    const first = await shopper();
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push((await placed(first)).order._id);
    for (const id of ids) await t.db.update(orders).set({ status: 'returned' }).where(eq(orders.id, id));

    // A new account with the same phone (another e-mail) is refused, with the reason at checkout too.
    const again = await shopper(first.phone);
    const refused = await placeCod(again, [await line()]);
    expect([refused.statusCode, refused.json().message]).toEqual([
      400,
      'Cash on Delivery is not available because 2 earlier Cash on Delivery orders were refused at delivery. Please pay online.',
    ]);
    const availability = await t.app.inject({ method: 'GET', url: '/api/payments/cod/availability', headers: again.headers });
    expect(availability.json()).toEqual({ refused: 2, reason: refused.json().message });
    const owner = await createUser(t.app, t.db, { role: 'admin' });
    const customer = await t.app.inject({ url: `/api/admin/customers/${again.user.id}`, headers: owner.headers });
    expect(customer.json().cod).toEqual({ refused: 2, off: true });

    // The owner allows three: COD again. Another phone was never refused.
    await shopWith({ mode: 'off' }, { maxRefused: 3 });
    expect((await placeCod(again, [await line()])).statusCode).toBe(201);
    await shopWith({ mode: 'off' }, { maxRefused: 2 });
    const stranger = await shopper();
    expect((await placeCod(stranger, [await line()])).statusCode).toBe(201);
    const fine = await t.app.inject({ method: 'GET', url: '/api/payments/cod/availability', headers: stranger.headers });
    expect(fine.json()).toEqual({ refused: 0, reason: null });
  });
});

describe('races', () => {
  it("a shopper's confirm racing the deadline job: exactly one wins", async () => {
    await shopWith({ hours: 1 });
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const who = await shopper();
      const { order, variantId } = await placed(who);
      t.clock.advance(61 * 60_000);
      const [confirm] = await Promise.all([
        t.app.inject({ method: 'POST', url: `/api/orders/${order._id}/confirm-cod`, headers: who.headers }),
        expireCodConfirmations(refundDeps(t.app)),
      ]);
      const after = await row(order._id);
      if (confirm.statusCode === 200) {
        expect(after, `round ${round}`).toMatchObject({ status: 'confirmed', codConfirmation: 'confirmed', restocked: false });
        expect(await stockOf(variantId)).toBe(9);
        outcomes.add('confirmed');
      } else {
        expect([confirm.statusCode, confirm.json().message], `round ${round}`).toEqual([409, COD_CANCELLED]);
        expect(after, `round ${round}`).toMatchObject({ status: 'cancelled', codConfirmation: null, restocked: true });
        expect(await stockOf(variantId)).toBe(10);
        outcomes.add('cancelled');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
