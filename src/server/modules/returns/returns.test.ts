/**
 * Returns and size exchanges: the settings, the shopper's request and every rule and
 * message, the exchange's stock reservation (and its race), the admin's steps with the order's
 * status, the ledger and the shopper's mails. Runs on PGlite and, with TEST_DB=postgres, PostgreSQL.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrderRecord, createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Order } from '../../../core/api-types';
import type { ReturnRequest } from '../../../core/schemas/returns';
import type { ShopSettingsData } from '../../../core/schemas/settings';
import { inventoryLedger, mailOutbox, orderEvents, orderItems, orders, variants } from '../../db/schema';
import { demoShopSettings } from '../../db/seed/demo-catalog';
import { SYSTEM_ACTOR } from '../audit/record';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let shopper: Awaited<ReturnType<typeof createUser>>;
let stranger: Awaited<ReturnType<typeof createUser>>;
let product: Awaited<ReturnType<typeof createProduct>>;
let other: Awaited<ReturnType<typeof createProduct>>;

const DAY = 86_400_000;
const setPolicy = (windowDays: number, sizeExchanges: boolean) =>
  t.app.settings.save({ ...demoShopSettings, returns: { windowDays, sizeExchanges } } as ShopSettingsData, SYSTEM_ACTOR);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, { role: 'admin' });
  shopper = await createUser(t.app, t.db, { email: 'kavya@example.in', name: 'Kavya Rao' });
  stranger = await createUser(t.app, t.db);
  product = await createProduct(t.db, {
    title: 'Ikat Cotton Kurta',
    variants: [
      { size: 'M', pricePaise: 99_900, stockQty: 5 },
      { size: 'L', pricePaise: 99_900, stockQty: 5 },
      { size: 'XL', pricePaise: 99_900, stockQty: 0 },
    ],
  });
  other = await createProduct(t.db, { title: 'Linen Shirt' });
});
afterAll(() => t.close());
beforeEach(() => setPolicy(7, true));

let seq = 0;
/** A delivered order of `userId` for `quantity` × size M (line discount `discountPaise`), delivered `ago` ms before the clock. */
async function deliveredOrder(opts: { quantity?: number; discountPaise?: number; ago?: number; userId?: string } = {}) {
  const email = `kavya+${++seq}@example.in`;
  const order = await createOrderRecord(t.db, {
    userId: opts.userId ?? shopper.user.id,
    email,
    status: 'delivered',
    discountPaise: opts.discountPaise ?? 0,
    createdAt: new Date(t.clock.now.getTime() - 3 * DAY),
    lines: [
      {
        productId: product.product.id,
        variantId: product.bySize.M.id,
        title: 'Ikat Cotton Kurta',
        size: 'M',
        unitPricePaise: 99_900,
        quantity: opts.quantity ?? 2,
      },
    ],
  });
  await t.db
    .update(orderItems)
    .set({ discountPaise: opts.discountPaise ?? 0 })
    .where(eq(orderItems.orderId, order.id));
  await t.db
    .insert(orderEvents)
    .values({ orderId: order.id, status: 'delivered', note: 'Delivered', at: new Date(t.clock.now.getTime() - (opts.ago ?? DAY)) });
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return { id: order.id, email, itemId: item.id };
}

const ask = (orderId: string, body: object, headers: Record<string, string> = shopper.headers) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/returns`, headers, payload: body });
const act = (id: string, action: string, body: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/admin/returns/${id}/${action}`, headers: admin.headers, payload: body });
const stockOf = async (variantId: string) => (await t.db.select().from(variants).where(eq(variants.id, variantId)))[0].stockQty;
const statusOf = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0].status;
const subjectsFor = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.createdAt))).map((m) => m.subject);
const refundBody = (itemId: string, quantity = 1, reason = 'too_small') => ({
  lines: [{ orderItemId: itemId, quantity }],
  reason,
  resolution: 'refund',
});
const exchangeBody = (itemId: string, variantId: string, quantity = 1) => ({
  lines: [{ orderItemId: itemId, quantity, exchangeVariantId: variantId }],
  reason: 'too_small',
  resolution: 'exchange',
});

describe('return settings', () => {
  it('are part of the admin and public settings and refuse a bad window', async () => {
    await setPolicy(10, false);
    const pub = (await t.app.inject('/api/settings/public')).json();
    expect(pub.returns).toEqual({ windowDays: 10, sizeExchanges: false });
    const got = (await t.app.inject({ url: '/api/admin/settings', headers: admin.headers })).json();
    expect(got.returns).toEqual({ windowDays: 10, sizeExchanges: false });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { ...demoShopSettings, returns: { windowDays: -1, sizeExchanges: true } },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Return window cannot be negative');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.headers,
      payload: { ...demoShopSettings, returns: { windowDays: 14, sizeExchanges: true } },
    });
    expect(saved.statusCode).toBe(200);
    expect((await t.app.inject('/api/settings/public')).json().returns).toEqual({ windowDays: 14, sizeExchanges: true });
  });
});

describe('a shopper asks for a refund', () => {
  it('fixes the line share of what was paid, moves the order and mails the shopper', async () => {
    // 2 × ₹999 with ₹399.60 of discount on the line: one unit refunds ₹799.20.
    const order = await deliveredOrder({ discountPaise: 39_960 });
    const res = await ask(order.id, { ...refundBody(order.itemId), comment: 'Tight at the shoulders' });
    expect(res.statusCode).toBe(201);
    const ret = res.json<ReturnRequest>();
    expect(ret).toMatchObject({
      status: 'requested',
      resolution: 'refund',
      reason: 'too_small',
      refundAmount: 799.2,
      comment: 'Tight at the shoulders',
    });
    expect(ret.lines).toEqual([
      expect.objectContaining({ orderItemId: order.itemId, quantity: 1, refundAmount: 799.2, size: 'M', exchangeSize: null }),
    ]);
    expect(await statusOf(order.id)).toBe('return_requested');
    const o = (await t.app.inject({ url: `/api/orders/${order.id}`, headers: shopper.headers })).json<Order>();
    expect(o.timeline.at(-1)).toMatchObject({ status: 'return_requested', note: 'Return requested: Too small' });
    expect(await subjectsFor(order.email)).toEqual([`We received your return request for order #${ret.orderRef}`]);
    const mine = (await t.app.inject({ url: `/api/orders/${order.id}/returns`, headers: shopper.headers })).json<ReturnRequest[]>();
    expect(mine.map((r) => r._id)).toEqual([ret._id]);
  });

  it('answers a retried request with the same Idempotency-Key with the first one', async () => {
    const order = await deliveredOrder();
    const headers = { ...shopper.headers, 'idempotency-key': `ret-${order.id}` };
    const first = await ask(order.id, refundBody(order.itemId), headers);
    const again = await ask(order.id, refundBody(order.itemId), headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()._id).toBe(first.json()._id);
    expect(await subjectsFor(order.email)).toHaveLength(1);
  });

  it("is 404 for another shopper's order, a malformed or unknown id, and 401 without a token", async () => {
    const order = await deliveredOrder();
    expect((await ask(order.id, refundBody(order.itemId), stranger.headers)).statusCode).toBe(404);
    expect((await ask('not-a-uuid', refundBody(order.itemId))).statusCode).toBe(404);
    expect((await ask('00000000-0000-4000-8000-000000000000', refundBody(order.itemId))).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/returns`, payload: refundBody(order.itemId) })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ url: `/api/orders/${order.id}/returns`, headers: stranger.headers })).statusCode).toBe(404);
  });

  it('refuses more than bought minus already returned, and items of other orders', async () => {
    const order = await deliveredOrder({ quantity: 2 });
    const tooMany = await ask(order.id, refundBody(order.itemId, 3));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('You can return at most 2 of Ikat Cotton Kurta (M)');
    const elsewhere = await deliveredOrder();
    const foreign = await ask(order.id, refundBody(elsewhere.itemId));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('This item is not part of the order');
    // One unit returned and the request rejected: both units may be returned again; one accepted: one left.
    const first = (await ask(order.id, refundBody(order.itemId, 1))).json<ReturnRequest>();
    expect((await ask(order.id, refundBody(order.itemId, 1))).json().message).toBe('A return request for this order is already open');
    await act(first._id, 'approve');
    await act(first._id, 'received');
    await t.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, order.id));
    const left = await ask(order.id, refundBody(order.itemId, 2));
    expect(left.statusCode).toBe(400);
    expect(left.json().message).toBe('You can return at most 1 of Ikat Cotton Kurta (M)');
  });

  it('refuses orders not delivered and requests after the window, naming when it closed', async () => {
    const placed = await createOrderRecord(t.db, { userId: shopper.user.id, status: 'shipped' });
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placed.id));
    const early = await ask(placed.id, refundBody(item.id));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Returns open once the order is delivered');
    const late = await deliveredOrder({ ago: 8 * DAY });
    const res = await ask(late.id, refundBody(late.itemId));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^The return window for this order closed on \d{1,2} [A-Z][a-z]{2} 20\d\d/);
  });

  it('with a 0-day window takes only damaged or wrong items, within 24 hours', async () => {
    await setPolicy(0, false);
    const order = await deliveredOrder({ ago: 2 * 3_600_000 });
    const fit = await ask(order.id, refundBody(order.itemId, 1, 'too_large'));
    expect(fit.statusCode).toBe(400);
    expect(fit.json().message).toBe('We accept returns only for damaged or wrong items, reported within 24 hours of delivery');
    expect((await ask(order.id, refundBody(order.itemId, 1, 'damaged'))).statusCode).toBe(201);
    const late = await deliveredOrder({ ago: 25 * 3_600_000 });
    expect((await ask(late.id, refundBody(late.itemId, 1, 'wrong_item'))).statusCode).toBe(409);
  });

  it('refuses bad bodies with the field named', async () => {
    const order = await deliveredOrder();
    const cases: [object, string][] = [
      [{ ...refundBody(order.itemId), reason: 'bored' }, 'Please choose a reason'],
      [{ ...refundBody(order.itemId), lines: [] }, 'Please choose at least one item to return'],
      [{ ...refundBody(order.itemId), photos: ['https://evil.example/x.jpg'] }, 'Please upload the photos through the form'],
      [
        {
          ...refundBody(order.itemId),
          photos: ['/media/return_photos/a.jpg', '/media/return_photos/b.jpg', '/media/return_photos/c.jpg', '/media/return_photos/d.jpg'],
        },
        'At most 3 photos',
      ],
      [{ ...refundBody(order.itemId), lines: [{ orderItemId: order.itemId, quantity: 0 }] }, 'Quantity must be at least 1'],
      [exchangeBody(order.itemId, 'M'), 'Please choose another size'],
    ];
    for (const [body, message] of cases) {
      const res = await ask(order.id, body);
      expect(res.statusCode, message).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    // A well-formed URL that is not the shopper's upload is refused too (return-photos.test.ts has the uploads).
    const notUploaded = await ask(order.id, { ...refundBody(order.itemId), photos: ['/media/return_photos/a1.jpg'] });
    expect(notUploaded.statusCode).toBe(400);
    expect(notUploaded.json().message).toBe('Please upload the photos through the form');
    expect((await ask(order.id, refundBody(order.itemId))).statusCode).toBe(201);
  });

  it('gives a photo upload target for the return_photos folder to the owner only', async () => {
    const order = await deliveredOrder();
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/returns/upload-target`, headers: shopper.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().fields.folder).toBe('return_photos');
    const theirs = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/returns/upload-target`, headers: stranger.headers });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('a size exchange', () => {
  it('reserves the new size at request time and refuses sizes out of stock, of other products or the same size', async () => {
    const order = await deliveredOrder();
    const lBefore = await stockOf(product.bySize.L.id);
    const sold = await ask(order.id, exchangeBody(order.itemId, product.bySize.XL.id));
    expect(sold.statusCode).toBe(409);
    expect(sold.json().message).toBe('Size XL of Ikat Cotton Kurta is out of stock');
    for (const variantId of [other.bySize.M.id, product.bySize.M.id]) {
      const bad = await ask(order.id, exchangeBody(order.itemId, variantId));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Please choose another size of Ikat Cotton Kurta');
    }
    const res = await ask(order.id, exchangeBody(order.itemId, product.bySize.L.id));
    expect(res.statusCode).toBe(201);
    expect(res.json().lines[0]).toMatchObject({ exchangeSize: 'L', refundAmount: 0 });
    expect(await stockOf(product.bySize.L.id)).toBe(lBefore - 1);
    const [row] = await t.db
      .select()
      .from(inventoryLedger)
      .where(and(eq(inventoryLedger.orderId, order.id), eq(inventoryLedger.reason, 'exchange_reservation')));
    expect(row).toMatchObject({ variantId: product.bySize.L.id, delta: -1 });
  });

  it('asks a Cash on Delivery shopper where to send the refund (UPI or bank, validated) and shows it to the owner', async () => {
    const order = await deliveredOrder();
    await t.db.update(orders).set({ paymentMethod: 'cod', paymentStatus: 'collected' }).where(eq(orders.id, order.id));
    const none = await ask(order.id, refundBody(order.itemId));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      message: 'Please tell us where to send your refund: a UPI ID or a bank account',
      errors: { refundTo: 'Please give a UPI ID or a bank account for your refund' },
    });
    const badIfsc = await ask(order.id, {
      ...refundBody(order.itemId),
      refundTo: { method: 'bank', accountName: 'Kavya Rao', accountNumber: '123456789012', ifsc: 'SBIN1234567' },
    });
    expect(badIfsc.statusCode).toBe(400);
    expect(badIfsc.json().errors['refundTo.ifsc']).toBe('Please enter the 11-character IFSC, like SBIN0001234');
    const badUpi = await ask(order.id, { ...refundBody(order.itemId), refundTo: { method: 'upi', upiId: 'kavya' } });
    expect(badUpi.statusCode).toBe(400);
    const ok = await ask(order.id, { ...refundBody(order.itemId), refundTo: { method: 'upi', upiId: ' kavya.rao@okaxis ' } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().refundTo).toEqual({ method: 'upi', upiId: 'kavya.rao@okaxis' });
    const listed = (await t.app.inject({ url: '/api/admin/returns', headers: admin.headers })).json<ReturnRequest[]>();
    expect(listed.find((r) => r._id === ok.json()._id)?.refundTo).toEqual({ method: 'upi', upiId: 'kavya.rao@okaxis' });
  });

  it('takes no refund destination for a prepaid order: the money goes back to the payment', async () => {
    const order = await deliveredOrder();
    const res = await ask(order.id, { ...refundBody(order.itemId), refundTo: { method: 'upi', upiId: 'kavya@okaxis' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().refundTo).toBeNull();
  });

  it('is refused for a size at another price: nothing would be paid for the difference', async () => {
    const order = await deliveredOrder();
    const [l] = await t.db.select().from(variants).where(eq(variants.id, product.bySize.L.id));
    await t.db
      .update(variants)
      .set({ pricePaise: l.pricePaise + 20_000 })
      .where(eq(variants.id, l.id));
    try {
      const lBefore = await stockOf(l.id);
      const res = await ask(order.id, exchangeBody(order.itemId, l.id));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Size L of Ikat Cotton Kurta costs ₹[\d,.]+; an exchange is for a size at the same price\./);
      expect(res.json().errors).toEqual({ 'lines.0.exchangeVariantId': 'Choose a size at the same price' });
      expect(await stockOf(l.id)).toBe(lBefore);
    } finally {
      await t.db.update(variants).set({ pricePaise: l.pricePaise }).where(eq(variants.id, l.id));
    }
  });

  it('is refused when the shop does not offer exchanges', async () => {
    await setPolicy(7, false);
    const order = await deliveredOrder();
    const res = await ask(order.id, exchangeBody(order.itemId, product.bySize.L.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Size exchanges are not offered; please choose a refund');
  });

  it('rejected with a note gives the reserved size back and the order is delivered again', async () => {
    const order = await deliveredOrder();
    const lBefore = await stockOf(product.bySize.L.id);
    const ret = (await ask(order.id, exchangeBody(order.itemId, product.bySize.L.id))).json<ReturnRequest>();
    const noNote = await act(ret._id, 'reject', {});
    expect(noNote.statusCode).toBe(400);
    expect(JSON.stringify(noNote.json())).toContain('Please say why the return is rejected');
    const rejected = await act(ret._id, 'reject', { note: 'The tags were removed' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', adminNote: 'The tags were removed' });
    expect(await stockOf(product.bySize.L.id)).toBe(lBefore);
    expect(await statusOf(order.id)).toBe('delivered');
    expect((await act(ret._id, 'approve')).statusCode).toBe(409);
    const subjects = await subjectsFor(order.email);
    expect(subjects.at(-1)).toBe(`Your exchange request for order #${ret.orderRef} was not approved`);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.to, order.email), eq(mailOutbox.subject, `Your exchange request for order #${ret.orderRef} was not approved`)),
      );
    expect(mail.text).toContain('Note from us: The tags were removed');
  });

  it('goes approved, received (the returned unit restocked) and shipped as a new shipment, then delivered', async () => {
    const order = await deliveredOrder();
    const mBefore = await stockOf(product.bySize.M.id);
    const ret = (await ask(order.id, exchangeBody(order.itemId, product.bySize.L.id))).json<ReturnRequest>();
    expect((await act(ret._id, 'received')).json().message).toBe('Only an approved return can be marked received');
    expect((await act(ret._id, 'ship-exchange', { courier: 'delhivery', awb: `EX${seq}0001` })).statusCode).toBe(409);
    expect((await act(ret._id, 'approve', { note: 'Pickup on Monday' })).json().status).toBe('approved');
    expect((await act(ret._id, 'received')).json().status).toBe('received');
    expect(await stockOf(product.bySize.M.id)).toBe(mBefore + 1);
    expect(await statusOf(order.id)).toBe('returned');
    const shipped = await act(ret._id, 'ship-exchange', { courier: 'delhivery', awb: `ex${seq}0002` });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({ status: 'exchange_shipped', shipment: { courier: 'delhivery', awb: `EX${seq}0002` } });
    expect(await statusOf(order.id)).toBe('shipped');
    const delivered = await t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${order.id}/delivered`,
      headers: admin.headers,
      payload: {},
    });
    expect(delivered.json().status).toBe('delivered');
    const ref = ret.orderRef;
    expect(await subjectsFor(order.email)).toEqual([
      `We received your exchange request for order #${ref}`,
      `Your exchange for order #${ref} is approved`,
      `We received your returned item for order #${ref}`,
      `Your exchange for order #${ref} has shipped`,
      `Order #${ref} was delivered`,
    ]);
    const again = await act(ret._id, 'ship-exchange', { courier: 'delhivery', awb: `EX${seq}0003` });
    expect(again.json().message).toBe('Only a received exchange can be shipped');
  });

  it('never reserves the last unit twice when two shoppers race for it', async () => {
    const lone = await createProduct(t.db, {
      title: 'Bandhani Dupatta Set',
      variants: [
        { size: 'S', pricePaise: 149_900, stockQty: 5 },
        { size: 'M', pricePaise: 149_900, stockQty: 1 },
      ],
    });
    const shoppers = [shopper, stranger];
    const requests = await Promise.all(
      shoppers.map(async (s) => {
        const o = await createOrderRecord(t.db, {
          userId: s.user.id,
          status: 'delivered',
          lines: [{ productId: lone.product.id, variantId: lone.bySize.S.id, size: 'S', unitPricePaise: 149_900 }],
        });
        await t.db.insert(orderEvents).values({ orderId: o.id, status: 'delivered', at: new Date(t.clock.now.getTime() - DAY) });
        const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, o.id));
        return () => ask(o.id, exchangeBody(item.id, lone.bySize.M.id), s.headers);
      }),
    );
    const answers = await Promise.all(requests.map((go) => go()));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe('Size M of Cotton Kurta is out of stock');
    expect(await stockOf(lone.bySize.M.id)).toBe(0);
    const ledger = await t.db.select().from(inventoryLedger).where(eq(inventoryLedger.variantId, lone.bySize.M.id));
    expect(ledger.filter((r) => r.reason === 'exchange_reservation')).toHaveLength(1);
  });
});

describe('a refund return at the shop', () => {
  it('is received with its units restocked (not when damaged), and the order returned', async () => {
    const order = await deliveredOrder({ quantity: 2 });
    const mBefore = await stockOf(product.bySize.M.id);
    const ret = (await ask(order.id, refundBody(order.itemId, 2))).json<ReturnRequest>();
    await act(ret._id, 'approve');
    const received = await act(ret._id, 'received', { note: 'Both pieces fine' });
    expect(received.json().status).toBe('received');
    expect(await stockOf(product.bySize.M.id)).toBe(mBefore + 2);
    expect(await statusOf(order.id)).toBe('returned');
    const ship = await act(ret._id, 'ship-exchange', { courier: 'delhivery', awb: `RF${seq}0001` });
    expect(ship.json().message).toBe('This return is for a refund, not an exchange');

    const damaged = await deliveredOrder();
    const d = (await ask(damaged.id, refundBody(damaged.itemId, 1, 'damaged'))).json<ReturnRequest>();
    await act(d._id, 'approve');
    const before = await stockOf(product.bySize.M.id);
    await act(d._id, 'received');
    expect(await stockOf(product.bySize.M.id)).toBe(before);
  });
});

describe('refunding a received return (refunds module)', () => {
  /** A new shopper's first order, paid through the Razorpay sandbox (5% first-order discount), then delivered. */
  async function paidDeliveredOrder() {
    const buyer = await createUser(t.app, t.db);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/create-order',
      headers: buyer.headers,
      payload: {
        items: [{ productId: product.product.id, variantId: product.bySize.M.id, quantity: 2 }],
        fromBuyNow: true,
        shippingAddress,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const paid = await t.sandbox.pay(created.json().order.id);
    const verified = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/verify-and-create-order', payload: paid });
    expect(verified.statusCode, verified.body).toBe(200);
    const order = verified.json().order as Order;
    await t.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, order._id));
    await t.db.insert(orderEvents).values({ orderId: order._id, status: 'delivered', at: new Date(t.clock.now.getTime() - DAY) });
    return { buyer, order, paymentId: paid.razorpay_payment_id };
  }

  it('refunds the line share once through Razorpay with a credit note; the order keeps its other unit, returnable', async () => {
    const { buyer, order, paymentId } = await paidDeliveredOrder();
    expect(order.totals.discount).toBe(99.9); // 5% of ₹1,998.00
    const ret = (await ask(order._id, refundBody(order.items[0]._id, 1), buyer.headers)).json<ReturnRequest>();
    expect(ret.refundAmount).toBe(949.05); // (₹1,998.00 − ₹99.90) / 2
    expect((await act(ret._id, 'refund')).json().message).toBe('Only a received return can be refunded');
    await act(ret._id, 'approve');
    await act(ret._id, 'received');
    const refunded = await act(ret._id, 'refund');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().status).toBe('refunded');
    // One unit of two came back: the order stays delivered, partly refunded, and its window stays open.
    expect(await statusOf(order._id)).toBe('delivered');
    const partly = (await t.app.inject({ url: `/api/orders/${order._id}`, headers: buyer.headers })).json();
    expect(partly.refunds).toMatchObject({ state: 'partly_refunded', refunded: 949.05 });
    const again = await act(ret._id, 'refund');
    expect(again.statusCode).toBe(200);
    const atRazorpay = [...t.sandbox.state.refunds.values()].filter((r) => r.payment_id === paymentId);
    expect(atRazorpay.map((r) => r.amount)).toEqual([94_905]);
    const view = (await t.app.inject({ url: `/api/orders/admin/${order._id}`, headers: admin.headers })).json();
    expect(view.refunds.refunds).toHaveLength(1);
    expect(view.refunds.refunds[0]).toMatchObject({ amount: 949.05 });
    expect(view.refunds.refunds[0].creditNote.number).toMatch(/^RM\/CN\/\d{4}-\d{2}\/\d{5}$/);
    const subjects = await subjectsFor(order.email);
    expect(subjects.filter((x) => x.startsWith('Refund of'))).toEqual([`Refund of ₹949.05 for order #${ret.orderRef}`]);

    // The other unit can still be returned; once it is back and refunded the order is refunded.
    const second = await ask(order._id, refundBody(order.items[0]._id, 1), buyer.headers);
    expect(second.statusCode, second.body).toBe(201);
    await act(second.json()._id, 'approve');
    await act(second.json()._id, 'received');
    expect(await statusOf(order._id)).toBe('returned');
    expect((await act(second.json()._id, 'refund')).json().status).toBe('refunded');
    expect(await statusOf(order._id)).toBe('refunded');
  });

  it('a refund Razorpay fails leaves the return received and the order saying so, until the Refund is pressed again', async () => {
    const { buyer, order, paymentId } = await paidDeliveredOrder();
    const ret = (await ask(order._id, refundBody(order.items[0]._id, 2), buyer.headers)).json<ReturnRequest>();
    await act(ret._id, 'approve');
    await act(ret._id, 'received');
    t.sandbox.state.refundMode = 'fail';
    try {
      const failed = await act(ret._id, 'refund');
      expect(failed.statusCode, failed.body).toBe(200);
      expect(failed.json().status).toBe('received');
    } finally {
      t.sandbox.state.refundMode = 'processed';
    }
    expect(await statusOf(order._id)).toBe('returned');
    const view = (await t.app.inject({ url: `/api/orders/${order._id}`, headers: buyer.headers })).json();
    expect(view.refunds).toMatchObject({ state: 'refund_failed', refunded: 0 });
    const retried = await act(ret._id, 'refund');
    expect(retried.json().status).toBe('refunded');
    expect(await statusOf(order._id)).toBe('refunded');
    expect([...t.sandbox.state.refunds.values()].filter((r) => r.payment_id === paymentId).map((r) => r.status)).toEqual([
      'failed',
      'processed',
    ]);
    const after = (await t.app.inject({ url: `/api/orders/admin/${order._id}`, headers: admin.headers })).json();
    expect(after.refunds.refunds).toHaveLength(1);
  });

  it('refuses to refund an exchange', async () => {
    const order = await deliveredOrder();
    const ret = (await ask(order.id, exchangeBody(order.itemId, product.bySize.L.id))).json<ReturnRequest>();
    await act(ret._id, 'approve');
    await act(ret._id, 'received');
    const res = await act(ret._id, 'refund');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This return is for an exchange, not a refund');
  });
});

describe('the admin returns list', () => {
  it('lists returns with a status filter, counts open ones on the dashboard, and is admin-only', async () => {
    const order = await deliveredOrder();
    const ret = (await ask(order.id, refundBody(order.itemId))).json<ReturnRequest>();
    const all = (await t.app.inject({ url: '/api/admin/returns', headers: admin.headers })).json<ReturnRequest[]>();
    expect(all.map((r) => r._id)).toContain(ret._id);
    const requested = (await t.app.inject({ url: '/api/admin/returns?status=requested', headers: admin.headers })).json<ReturnRequest[]>();
    expect(requested.every((r) => r.status === 'requested')).toBe(true);
    expect(requested.find((r) => r._id === ret._id)).toMatchObject({ email: order.email, orderId: order.id });
    const rejectedOnly = (await t.app.inject({ url: '/api/admin/returns?status=rejected', headers: admin.headers })).json<
      ReturnRequest[]
    >();
    expect(rejectedOnly.some((r) => r._id === ret._id)).toBe(false);
    expect((await t.app.inject({ url: '/api/admin/returns?status=lost', headers: admin.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/admin/returns', headers: shopper.headers })).statusCode).toBe(403);
    expect((await act('not-a-uuid', 'approve')).statusCode).toBe(404);
    expect((await act('00000000-0000-4000-8000-000000000000', 'approve')).statusCode).toBe(404);
    const dash = (await t.app.inject({ url: '/api/admin/dashboard', headers: admin.headers })).json();
    expect(dash.openReturns).toBeGreaterThanOrEqual(1);
  });
});
