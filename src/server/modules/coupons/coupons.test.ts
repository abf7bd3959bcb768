import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIstDateTime } from '../../../core/india-time-input';
import { couponInputSchema, type CouponInput } from '../../../core/schemas/coupons';
import { createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { checkoutAttempts, couponUses, coupons, mailOutbox, orders, refunds } from '../../db/schema';
import { demoCoupons } from '../../db/seed/demo-catalog';
import { couponToRow } from './service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, { role: 'admin' });
});
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof createUser>>;
const code = (prefix = 'C') => `${prefix}${randomBytes(4).toString('hex')}`.toUpperCase();
const HOUR = 3600_000;

async function newCoupon(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    headers: admin.headers,
    payload: { code: code(), kind: 'percent', percentOff: 10, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A product with one size at `pricePaise` (stock 100). */
async function item(pricePaise: number, quantity = 1, stockQty = 100) {
  const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise, stockQty }] });
  return { productId: product.id, variantId: bySize.M.id, quantity };
}

async function preview(shopper: Shopper, items: object[], couponCode?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/preview',
    headers: shopper.headers,
    payload: { items, couponCode },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function createOrder(shopper: Shopper, items: object[], couponCode?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/create-order',
    headers: shopper.headers,
    payload: { currency: 'INR', items, fromBuyNow: true, shippingAddress, couponCode },
  });
}

const verify = (payload: object) => t.app.inject({ method: 'POST', url: '/api/payments/razorpay/verify-and-create-order', payload });

/** Pays and places an order with the coupon; returns the order. */
async function buy(shopper: Shopper, items: object[], couponCode?: string) {
  const created = await createOrder(shopper, items, couponCode);
  expect(created.statusCode, created.body).toBe(200);
  const res = await verify(await t.sandbox.pay(created.json().order.id));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order;
}

describe('admin coupons', () => {
  it('is for admins only', async () => {
    const shopper = await createUser(t.app, t.db);
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      { method: 'GET' as const, url: '/api/admin/coupons' },
      { method: 'POST' as const, url: '/api/admin/coupons', payload: { code: 'NOPE1', kind: 'percent', percentOff: 5 } },
      { method: 'PUT' as const, url: `/api/admin/coupons/${id}`, payload: { code: 'NOPE1', kind: 'percent', percentOff: 5 } },
      { method: 'DELETE' as const, url: `/api/admin/coupons/${id}` },
    ];
    for (const call of calls) {
      expect((await t.app.inject(call)).statusCode).toBe(401);
      const res = await t.app.inject({ ...call, headers: shopper.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access denied. Admin privileges required.');
    }
  });

  it('stores the code upper-case, money in paise, times as India time, and refuses a duplicate in any case with 409', async () => {
    const c = code('Mix');
    const created = await newCoupon({
      code: `  ${c.toLowerCase()} `,
      kind: 'flat',
      amountOff: 199.99,
      percentOff: 50,
      minSubtotal: 999,
      startsAt: '2026-01-01T00:00',
      endsAt: '2026-12-31T23:59',
      maxUses: 100,
      maxUsesPerShopper: 2,
      firstOrderOnly: true,
    });
    expect(created).toMatchObject({
      code: c,
      kind: 'flat',
      amountOff: 199.99,
      percentOff: null,
      minSubtotal: 999,
      startsAt: '2026-01-01T00:00',
      endsAt: '2026-12-31T23:59',
      maxUses: 100,
      maxUsesPerShopper: 2,
      firstOrderOnly: true,
      isActive: true,
      used: 0,
    });
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, created._id));
    expect(row).toMatchObject({ code: c, amountOffPaise: 19_999, minSubtotalPaise: 99_900 });
    expect(row.startsAt?.toISOString()).toBe('2025-12-31T18:30:00.000Z');

    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: admin.headers,
      payload: { code: c.toLowerCase(), kind: 'percent', percentOff: 5 },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A coupon with this code already exists');

    const other = await newCoupon({});
    const clash = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/coupons/${other._id}`,
      headers: admin.headers,
      payload: { code: c, kind: 'percent', percentOff: 5 },
    });
    expect(clash.statusCode).toBe(409);

    const list = await t.app.inject({ url: '/api/admin/coupons', headers: admin.headers });
    expect(list.json().map((x: { code: string }) => x.code)).toEqual(expect.arrayContaining([c, other.code]));
  });

  it('validates with field messages', async () => {
    const cases: [object, string, string][] = [
      [{ code: 'AB1', kind: 'percent', percentOff: 5 }, 'code', 'Code must be 4-20 letters A-Z or digits 0-9'],
      [{ code: 'SAVE-10', kind: 'percent', percentOff: 5 }, 'code', 'Code must be 4-20 letters A-Z or digits 0-9'],
      [{ code: 'A'.repeat(21), kind: 'percent', percentOff: 5 }, 'code', 'Code must be 4-20 letters A-Z or digits 0-9'],
      [{ code: 'SAVE10', kind: 'percent' }, 'percentOff', 'Percent off is required'],
      [{ code: 'SAVE10', kind: 'percent', percentOff: 101 }, 'percentOff', 'Percent off must be at most 100'],
      [{ code: 'SAVE10', kind: 'flat', amountOff: 0 }, 'amountOff', 'Amount off must be above ₹0'],
      [{ code: 'SAVE10', kind: 'flat', amountOff: 10.001 }, 'amountOff', 'Amount off can have at most 2 decimals (paise)'],
      [
        { code: 'SAVE10', kind: 'percent', percentOff: 5, startsAt: '2026-02-01T10:00', endsAt: '2026-02-01T10:00' },
        'endsAt',
        'End must be after the start',
      ],
      [{ code: 'SAVE10', kind: 'percent', percentOff: 5, startsAt: '2026-02-30T10:00' }, 'startsAt', 'Start must be a date and time'],
      [{ code: 'SAVE10', kind: 'bogus' }, 'kind', 'Choose percent or flat amount'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: admin.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
  });

  it('updates, toggles and deletes; a used coupon is only deactivated; unknown ids are 404', async () => {
    const c = await newCoupon({ percentOff: 5 });
    const body = { code: c.code, kind: 'percent', percentOff: 7, isActive: false };
    const put = await t.app.inject({ method: 'PUT', url: `/api/admin/coupons/${c._id}`, headers: admin.headers, payload: body });
    expect(put.json()).toMatchObject({ _id: c._id, percentOff: 7, isActive: false });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/coupons/${c._id}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/coupons/${c._id}`, headers: admin.headers })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/admin/coupons/${c._id}`, headers: admin.headers, payload: body })).statusCode,
    ).toBe(404);
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/admin/coupons/not-a-uuid', headers: admin.headers });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toBe('Coupon not found');

    const used = await newCoupon({ percentOff: 50 });
    await buy(await createUser(t.app, t.db), [await item(100_000)], used.code);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/admin/coupons/${used._id}`, headers: admin.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Deactivate it instead/);
  });
});

describe('public offers', () => {
  it('lists active, current coupons with uses left, without usage data', async () => {
    const now = t.clock.now;
    const shown = await newCoupon({ kind: 'flat', amountOff: 200, minSubtotal: 1999, showInOffers: true });
    const inactive = await newCoupon({ isActive: false, showInOffers: true });
    const future = await newCoupon({ startsAt: toIstDateTime(new Date(now.getTime() + HOUR)), showInOffers: true });
    const past = await newCoupon({ endsAt: toIstDateTime(new Date(now.getTime() - HOUR)), showInOffers: true });
    const res = await t.app.inject({ url: '/api/coupons/public' });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ code: string }[]>();
    const codes = list.map((c) => c.code);
    expect(codes).toContain(shown.code);
    for (const hidden of [inactive, future, past]) expect(codes).not.toContain(hidden.code);
    const offer = list.find((c) => c.code === shown.code)!;
    expect(offer).toEqual({
      code: shown.code,
      kind: 'flat',
      percentOff: null,
      amountOff: 200,
      minSubtotal: 1999,
      maxDiscount: null,
      endsAt: null,
      firstOrderOnly: false,
      description: '₹200 off above ₹1,999',
    });
  });

  it('lists only coupons marked "Show in offers"; a new coupon is not shown unless asked (docs/decisions/0007-coupon-codes.md)', async () => {
    const staff = await newCoupon({ percentOff: 40 });
    expect(staff.showInOffers).toBe(false);
    const offer = await newCoupon({ percentOff: 5, showInOffers: true });
    expect(offer.showInOffers).toBe(true);
    const codes = () => t.app.inject({ url: '/api/coupons/public' }).then((r) => r.json<{ code: string }[]>().map((c) => c.code));
    expect(await codes()).toContain(offer.code);
    expect(await codes()).not.toContain(staff.code);

    // Turning the flag off (or on) in the admin form takes effect at once; it is kept on update.
    const hide = { code: offer.code, kind: 'percent', percentOff: 5, showInOffers: false };
    const put = await t.app.inject({ method: 'PUT', url: `/api/admin/coupons/${offer._id}`, headers: admin.headers, payload: hide });
    expect(put.json()).toMatchObject({ showInOffers: false });
    expect(await codes()).not.toContain(offer.code);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: admin.headers,
      payload: { code: code(), kind: 'percent', percentOff: 5, showInOffers: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.showInOffers).toBe('Show in offers must be true or false');
  });

  it('migration 0026 hides existing coupons except the seeded demo ones with their exact terms', async () => {
    const migration = readFileSync(new URL('../../db/migrations/0026_coupon_offers.sql', import.meta.url), 'utf8');
    const [addColumn, ...rest] = migration.split('--> statement-breakpoint');
    expect(addColumn).toMatch(/"show_in_offers" boolean DEFAULT false NOT NULL/);
    const row = (c: CouponInput) => ({ ...couponToRow(couponInputSchema.parse(c)), showInOffers: false });
    const [welcome, flat200, festive] = demoCoupons;
    const rows = [
      row(welcome),
      row(festive),
      row({ ...flat200, amountOff: 500 }), // a demo code whose terms the owner changed: theirs now, hidden
      row({ code: 'STAFF40', kind: 'percent', percentOff: 40 }),
    ];
    await t.db.insert(coupons).values(rows);
    for (const statement of rest) await t.db.execute(sql.raw(statement));
    const after = await t.db
      .select({ code: coupons.code, shown: coupons.showInOffers })
      .from(coupons)
      .where(inArray(coupons.code, ['WELCOME10', 'FESTIVE15', 'FLAT200', 'STAFF40']))
      .orderBy(coupons.code);
    expect(after).toEqual([
      { code: 'FESTIVE15', shown: true },
      { code: 'FLAT200', shown: false },
      { code: 'STAFF40', shown: false },
      { code: 'WELCOME10', shown: true },
    ]);
    await t.db.delete(coupons).where(inArray(coupons.code, ['WELCOME10', 'FESTIVE15', 'FLAT200', 'STAFF40']));
  });
});

describe('applying a coupon', () => {
  it('answers every rule with its message, in preview (200) and in create-order (400)', async () => {
    const now = t.clock.now;
    const shopper = await createUser(t.app, t.db);
    const line = await item(99_800);
    const returning = await createUser(t.app, t.db);
    await buy(returning, [await item(10_000)]);
    const limited = await newCoupon({ maxUses: 1 });
    await buy(await createUser(t.app, t.db), [await item(50_000)], limited.code);
    const once = await newCoupon({ maxUsesPerShopper: 1 });
    await buy(returning, [await item(50_000)], once.code);

    const cases: [Shopper, string, string][] = [
      [shopper, 'NOSUCHCODE', 'Invalid coupon code'],
      [shopper, 'bad code!', 'Invalid coupon code'],
      [shopper, (await newCoupon({ isActive: false })).code, 'Invalid coupon code'],
      [shopper, (await newCoupon({ startsAt: toIstDateTime(new Date(now.getTime() + HOUR)) })).code, 'Invalid coupon code'],
      [shopper, (await newCoupon({ endsAt: toIstDateTime(new Date(now.getTime() - 60_000)) })).code, 'This coupon has expired'],
      [shopper, (await newCoupon({ minSubtotal: 999 })).code, 'Minimum order value for this coupon is ₹999'],
      [returning, once.code, 'You have already used this coupon'],
      [returning, (await newCoupon({ firstOrderOnly: true })).code, 'This coupon is for first orders only'],
      [shopper, limited.code, 'This coupon has reached its usage limit'],
    ];
    for (const [who, couponCode, message] of cases) {
      const p = await preview(who, [line], couponCode);
      expect(p.coupon, couponCode).toMatchObject({ applied: false, valid: false, message, discount: 0 });
      expect(p.summary.discountType).not.toBe('COUPON');
      const res = await createOrder(who, [line], couponCode);
      expect(res.statusCode, couponCode).toBe(400);
      expect(res.json()).toEqual({ message, errors: { couponCode: message } });
    }
  });

  it('applies a percent coupon to the paisa, in any letter case, with its cap', async () => {
    const shopper = await createUser(t.app, t.db);
    await buy(shopper, [await item(10_000)]); // no first-order discount from here on
    const c = await newCoupon({ percentOff: 15, maxDiscount: 750 });
    // 15% of ₹1,999.90 is 29,998.5 paise: ₹299.99 (half up)
    let p = await preview(shopper, [await item(199_990)], c.code.toLowerCase());
    expect(p.summary).toMatchObject({
      subTotal: 1999.9,
      discountType: 'COUPON',
      couponCode: c.code,
      discount: 299.99,
      grandTotal: 1699.91,
      discountRate: 0.15,
    });
    expect(p.coupon).toEqual({ code: c.code, applied: true, valid: true, message: `Coupon ${c.code} applied`, discount: 299.99 });
    p = await preview(shopper, [await item(900_000)], c.code);
    expect(p.summary).toMatchObject({ discount: 750, grandTotal: 8250 });
  });

  it('never takes a flat coupon below zero, and will not open a payment under ₹1', async () => {
    const shopper = await createUser(t.app, t.db);
    await buy(shopper, [await item(10_000)]);
    const c = await newCoupon({ kind: 'flat', amountOff: 500 });
    const line = await item(45_050);
    const p = await preview(shopper, [line], c.code);
    expect(p.summary).toMatchObject({ subTotal: 450.5, discount: 450.5, grandTotal: 0, discountType: 'COUPON' });
    const res = await createOrder(shopper, [line], c.code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The order total must be at least ₹1 to pay online');
  });

  it('keeps a larger automatic discount and says so; the coupon is not used', async () => {
    const shopper = await createUser(t.app, t.db);
    const c = await newCoupon({ code: code('SAVE'), percentOff: 10 });
    const three = await item(100_000, 3);
    const p = await preview(shopper, [three], c.code);
    expect(p.summary).toMatchObject({ discountType: 'MULTI_ITEM_20', discount: 600, couponCode: null, grandTotal: 2400 });
    expect(p.coupon).toEqual({
      code: c.code,
      applied: false,
      valid: true,
      message: `Your 20% multi-item discount saves more than ${c.code}`,
      discount: 300,
    });
    const order = await buy(shopper, [three], c.code);
    expect(order).toMatchObject({ discountType: 'MULTI_ITEM_20', coupon: null });
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, c._id));
    expect(row.used).toBe(0);
  });

  it('takes a coupon that beats the first-order discount and records it on the order', async () => {
    const shopper = await createUser(t.app, t.db);
    const c = await newCoupon({ kind: 'flat', amountOff: 200, minSubtotal: 1999, maxUsesPerShopper: 1 });
    const line = await item(249_900);
    const p = await preview(shopper, [line], c.code);
    expect(p.coupon.message).toBe(`${c.code} saves more than your 5% first-order discount`);
    const order = await buy(shopper, [line], c.code);
    expect(order).toMatchObject({
      discountType: 'COUPON',
      coupon: { code: c.code, discount: 200 },
      totals: { subTotal: 2499, discount: 200, grandTotal: 2299 },
    });
    const mine = await t.app.inject({ url: `/api/orders/${order._id}`, headers: shopper.headers });
    expect(mine.json().coupon).toEqual({ code: c.code, discount: 200 });
    const adminView = await t.app.inject({ url: `/api/orders/admin/${order._id}`, headers: admin.headers });
    expect(adminView.json().coupon).toEqual({ code: c.code, discount: 200 });
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, c._id));
    expect(row.used).toBe(1);
    const uses = await t.db.select().from(couponUses).where(eq(couponUses.couponId, c._id));
    expect(uses).toMatchObject([{ userId: shopper.user.id, used: 1, lastOrderId: order._id }]);
    const mails = await t.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(like(mailOutbox.text, `%Coupon ${c.code}: −₹200%`));
    expect(mails).toHaveLength(1);
    const again = await preview(shopper, [line], c.code);
    expect(again.coupon.message).toBe('You have already used this coupon');
  });
});

describe('counting uses when the order is placed', () => {
  it('refunds a paid checkout whose coupon ran out meanwhile, and places no order', async () => {
    const c = await newCoupon({ percentOff: 50, maxUses: 1 });
    const a = await createUser(t.app, t.db);
    const b = await createUser(t.app, t.db);
    const line = await item(100_000);
    const createdA = (await createOrder(a, [line], c.code)).json();
    const createdB = (await createOrder(b, [line], c.code)).json();
    expect(createdB.pricing.summary).toMatchObject({ discountType: 'COUPON', grandTotal: 500 });
    expect((await verify(await t.sandbox.pay(createdA.order.id))).statusCode).toBe(200);
    const paidB = await t.sandbox.pay(createdB.order.id);
    const res = await verify(paidB);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This coupon has reached its usage limit. Your payment of ₹500 is being refunded.');
    // The same payment again: the same answer, no second refund.
    expect((await verify(paidB)).json().message).toBe(res.json().message);
    expect(await t.db.select().from(orders).where(eq(orders.userId, b.user.id))).toEqual([]);
    expect(t.sandbox.state.payments.get(paidB.razorpay_payment_id)?.status).toBe('refunded');
    expect(await t.db.select().from(refunds).where(eq(refunds.razorpayPaymentId, paidB.razorpay_payment_id))).toMatchObject([
      { reason: 'coupon usage limit reached after payment', amountPaise: 50_000 },
    ]);
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, c._id));
    expect(row.used).toBe(1);
  });

  it("refunds a shopper's second paid checkout over their own limit", async () => {
    const c = await newCoupon({ percentOff: 50, maxUsesPerShopper: 1 });
    const shopper = await createUser(t.app, t.db);
    await buy(shopper, [await item(10_000)]);
    const line = await item(100_000);
    const first = (await createOrder(shopper, [line], c.code)).json();
    const second = (await createOrder(shopper, [line], c.code)).json();
    expect((await verify(await t.sandbox.pay(first.order.id))).statusCode).toBe(200);
    const res = await verify(await t.sandbox.pay(second.order.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You have already used this coupon. Your payment of ₹500 is being refunded.');
    const [attempt] = await t.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, second.checkoutAttemptId));
    expect(attempt.status).toBe('refunded');
  });

  it('gives a coupon with one use left to exactly one of ten shoppers paying at once', async () => {
    const c = await newCoupon({ percentOff: 10, maxUses: 5 });
    await t.db.update(coupons).set({ used: 4 }).where(eq(coupons.id, c._id));
    const line = await item(100_000);
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => createUser(t.app, t.db)));
    const paid = [];
    for (const s of shoppers) {
      const res = await createOrder(s, [line], c.code);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().pricing.summary.discountType).toBe('COUPON');
      paid.push(await t.sandbox.pay(res.json().order.id));
    }
    const results = await Promise.all(paid.map((p) => verify(p)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const lost = results.filter((r) => r.statusCode === 409);
    expect(lost).toHaveLength(9);
    for (const r of lost) expect(r.json().message).toBe('This coupon has reached its usage limit. Your payment of ₹900 is being refunded.');
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, c._id));
    expect(row.used).toBe(5);
    const placed = await t.db.select().from(orders).where(eq(orders.couponId, c._id));
    expect(placed).toHaveLength(1);
    expect(await t.db.select().from(couponUses).where(eq(couponUses.couponId, c._id))).toHaveLength(1);
  });
});
