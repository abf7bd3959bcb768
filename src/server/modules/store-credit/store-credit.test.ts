import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { writeFileSync } from 'node:fs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOrderRecord, createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { creditToSpend } from '../../../core/store-credit';
import type { ShopSettingsData } from '../../../core/schemas/settings';
import { creditNotes, orderEvents, orderRefunds, orders, storeCreditLedger, users } from '../../db/schema';
import { demoShopSettings } from '../../db/seed/demo-catalog';
import { SYSTEM_ACTOR } from '../audit/record';
import { splitRefund } from '../refunds/service';
import { bonusPaise, changeCredit, credit, debit } from './wallet';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin', name: 'Store Admin' })).headers;
});
afterAll(() => t.close());

const setStoreCredit = (refunds: 'off' | 'choice', bonusPercent = 0) =>
  t.app.settings.save({ ...demoShopSettings, storeCredit: { refunds, bonusPercent } } as ShopSettingsData, SYSTEM_ACTOR);
beforeEach(() => setStoreCredit('off'));

type Shopper = Awaited<ReturnType<typeof createUser>>;

/** A shopper with an earlier order, so no first-order discount changes the totals below. */
async function regular(): Promise<Shopper> {
  const shopper = await createUser(t.app, t.db);
  const earlier = await product();
  await createOrderRecord(t.db, { userId: shopper.user.id, status: 'delivered', lines: [{ ...earlier, unitPricePaise: 100_000 }] });
  return shopper;
}

/** Gives `userId` `paise` of credit (an owner's adjustment). */
const give = (userId: string, paise: number) =>
  t.db.transaction((tx) => changeCredit(tx, { userId, deltaPaise: paise, reason: 'adjustment', note: 'test' }));
const balance = async (userId: string) => (await t.db.select({ b: users.storeCreditPaise }).from(users).where(eq(users.id, userId)))[0].b;
const ledger = (userId: string) =>
  t.db.select().from(storeCreditLedger).where(eq(storeCreditLedger.userId, userId)).orderBy(asc(storeCreditLedger.createdAt));
/** The ledger sums to the balance, and each row's balance after is the running sum. */
async function expectLedgerMatches(userId: string) {
  const rows = await ledger(userId);
  let running = 0;
  for (const row of rows) {
    running += row.deltaPaise;
    expect(row.balanceAfterPaise).toBe(running);
  }
  expect(await balance(userId)).toBe(running);
}

/** One piece of ₹1,000 (5% GST), so totals are easy to follow. */
async function product(pricePaise = 100_000, stockQty = 20) {
  const { product: p, bySize } = await createProduct(t.db, { title: 'Cotton Kurta', variants: [{ size: 'M', pricePaise, stockQty }] });
  return { productId: p.id, variantId: bySize.M.id };
}
const body = (line: { productId: string; variantId: string }, extra: object = {}) => ({
  items: [{ ...line, quantity: 1 }],
  fromBuyNow: true,
  shippingAddress,
  ...extra,
});

/** Pays through the Razorpay sandbox, spending store credit when `useStoreCredit`. */
async function payOnline(shopper: Shopper, line: { productId: string; variantId: string }, useStoreCredit: boolean) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/create-order',
    headers: shopper.headers,
    payload: body(line, { useStoreCredit }),
  });
  expect(created.statusCode).toBe(200);
  const paid = await t.sandbox.pay(created.json().order.id);
  const verified = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/verify-and-create-order', payload: paid });
  return { created: created.json(), verified, paymentId: paid.razorpay_payment_id };
}

const payWithCredit = (shopper: Shopper, line: { productId: string; variantId: string }, key = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/store-credit/create-order',
    headers: { ...shopper.headers, 'idempotency-key': key },
    payload: body(line),
  });

describe('the wallet', () => {
  it('credits and debits with the balance after each, never below zero (409), the ledger summing to the balance', async () => {
    const { user } = await createUser(t.app, t.db);
    await give(user.id, 50_000);
    await t.db.transaction((tx) => debit(tx, { userId: user.id, amountPaise: 20_001, reason: 'adjustment' }));
    await expect(t.db.transaction((tx) => debit(tx, { userId: user.id, amountPaise: 30_000, reason: 'adjustment' }))).rejects.toMatchObject(
      {
        statusCode: 409,
        message: 'Not enough store credit: ₹299.99 is available',
      },
    );
    expect(await balance(user.id)).toBe(29_999);
    await expectLedgerMatches(user.id);
    // The table refuses a negative balance too, whoever writes it.
    await expect(t.db.update(users).set({ storeCreditPaise: -1 }).where(eq(users.id, user.id))).rejects.toThrow();
  });

  it('credits a refund once however often it is retried, and an order spends once', async () => {
    const shopper = await regular();
    const line = await product();
    await give(shopper.user.id, 200_000);
    const placed = await payWithCredit(shopper, line);
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().order._id;
    const spendAgain = await t.db.transaction((tx) =>
      debit(tx, { userId: shopper.user.id, amountPaise: 100_000, reason: 'order', orderId }),
    );
    expect(spendAgain.created).toBe(false);
    const [refundRow] = await t.db
      .insert(orderRefunds)
      .values({
        orderId,
        amountPaise: 5_000,
        reason: 'test',
        source: 'admin',
        method: 'store_credit',
        status: 'processed',
        idempotencyKey: 'x',
      })
      .returning();
    const first = await t.db.transaction((tx) =>
      credit(tx, { userId: shopper.user.id, amountPaise: 5_000, reason: 'refund', refundId: refundRow.id }),
    );
    const again = await t.db.transaction((tx) =>
      credit(tx, { userId: shopper.user.id, amountPaise: 5_000, reason: 'refund', refundId: refundRow.id }),
    );
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, row: { id: first.row.id } });
    expect(await balance(shopper.user.id)).toBe(105_000);
    await expectLedgerMatches(shopper.user.id);
  });

  it('rounds the bonus down to the paisa', () => {
    expect(bonusPaise(99_999, 10)).toBe(9_999);
    expect(bonusPaise(12_345, 7)).toBe(864); // 864.15
    expect(bonusPaise(12_345, 0)).toBe(0);
  });

  it('GET /api/store-credit answers the balance and history in rupees, newest first', async () => {
    const shopper = await regular();
    await give(shopper.user.id, 12_345);
    const res = await t.app.inject({ url: '/api/store-credit', headers: shopper.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ balance: 123.45, history: [{ amount: 123.45, balanceAfter: 123.45, reason: 'adjustment' }] });
    expect((await t.app.inject({ url: '/api/store-credit' })).statusCode).toBe(401);
    const forAdmin = await t.app.inject({ url: `/api/admin/customers/${shopper.user.id}/store-credit`, headers: admin });
    expect(forAdmin.json().balance).toBe(123.45);
    expect((await t.app.inject({ url: `/api/admin/customers/${randomUUID()}/store-credit`, headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/admin/customers/${shopper.user.id}/store-credit`, headers: shopper.headers })).statusCode).toBe(
      403,
    );
  });
});

describe('spending at checkout', () => {
  it('spends part of the balance on a Razorpay order: Razorpay is asked for the rest, the order records both', async () => {
    const shopper = await regular();
    const line = await product();
    await give(shopper.user.id, 30_050);
    const { created, verified } = await payOnline(shopper, line, true);
    expect(created.order.amount).toBe(100_000 - 30_050);
    expect(verified.statusCode).toBe(200);
    const order = verified.json().order;
    expect(order.totals.grandTotal).toBe(1000);
    expect(order.payment).toMatchObject({ method: 'razorpay', status: 'captured', storeCredit: 300.5 });
    expect(await balance(shopper.user.id)).toBe(0);
    const rows = await ledger(shopper.user.id);
    expect(rows.at(-1)).toMatchObject({ reason: 'order', deltaPaise: -30_050, orderId: order._id, balanceAfterPaise: 0 });
    // The invoice keeps the whole supply's taxable value and GST, and shows the credit as a payment.
    const invoice = await t.app.inject({ url: `/api/orders/${order._id}/invoice`, headers: shopper.headers });
    expect(invoice.statusCode).toBe(200);
    if (process.env.SCREENSHOT_DIR) writeFileSync(`${process.env.SCREENSHOT_DIR}/store-credit-invoice.pdf`, invoice.rawPayload);
    const text = (await extractText(await getDocumentProxy(new Uint8Array(invoice.rawPayload)), { mergePages: true })).text;
    expect(text).toContain('Taxable value ₹952.38');
    expect(text).toContain('Grand total ₹1,000.00');
    expect(text).toContain('Paid with store credit ₹300.50');
    expect(text).toContain('Paid online ₹699.50');
  });

  it('leaves ₹1 to pay online when the balance is within a rupee of the total; all of it pays with store credit', async () => {
    expect(creditToSpend(99_950, 100_000, 'razorpay')).toBe(99_900);
    expect(creditToSpend(99_950, 100_000, 'cod')).toBe(99_950);
    expect(creditToSpend(100_000, 100_000, 'razorpay')).toBe(100_000);
    const shopper = await regular();
    const line = await product();
    await give(shopper.user.id, 150_000);
    const online = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/create-order',
      headers: shopper.headers,
      payload: body(line, { useStoreCredit: true }),
    });
    expect(online.statusCode).toBe(400);
    expect(online.json().message).toBe('Your store credit covers this order: choose Pay with store credit');
    const key = randomUUID();
    const placed = await payWithCredit(shopper, line, key);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order.payment).toMatchObject({ method: 'store_credit', status: 'captured', storeCredit: 1000 });
    // The same key is the same order: nothing is spent twice.
    const replay = await payWithCredit(shopper, line, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().order._id).toBe(placed.json().order._id);
    expect(await balance(shopper.user.id)).toBe(50_000);
    const short = await payWithCredit(shopper, line);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/^Your store credit \(₹500\) does not cover this order \(₹1,000\)/);
    await expectLedgerMatches(shopper.user.id);
  });

  it('spends part of the balance on a Cash on Delivery order, which collects the rest', async () => {
    const shopper = await regular();
    const line = await product();
    await give(shopper.user.id, 40_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/cod/create-order',
      headers: { ...shopper.headers, 'idempotency-key': randomUUID() },
      payload: body(line, { useStoreCredit: true }),
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().order;
    const cash = order.totals.grandTotal - 400;
    expect(order.payment).toMatchObject({ method: 'cod', status: 'pending', storeCredit: 400 });
    expect(res.json().message).toBe(`Order placed! Pay ₹${cash.toLocaleString('en-IN')} in cash when it arrives.`);
    expect(await balance(shopper.user.id)).toBe(0);
  });

  it('two checkouts at once cannot spend the same credit', async () => {
    const shopper = await regular();
    const line = await product();
    await give(shopper.user.id, 100_000);
    const results = await Promise.all([payWithCredit(shopper, line), payWithCredit(shopper, line), payWithCredit(shopper, line)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(201);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201)) expect([400, 409]).toContain(r.statusCode);
    expect(await balance(shopper.user.id)).toBe(0);
    const paidWithCredit = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, shopper.user.id), eq(orders.paymentMethod, 'store_credit')));
    expect(paidWithCredit).toHaveLength(1);
    await expectLedgerMatches(shopper.user.id);
  });
});

describe('cancelling and refunding an order paid partly with store credit', () => {
  it('a cancellation refunds the online part to Razorpay and gives the credit back once', async () => {
    const shopper = await regular();
    const line = await product();
    await give(shopper.user.id, 25_000);
    const { verified, paymentId } = await payOnline(shopper, line, true);
    const order = verified.json().order;
    const cancel = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/${order._id}/cancel`,
        headers: shopper.headers,
        payload: { reason: 'Ordered by mistake' },
      });
    const res = await cancel();
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('refunded');
    const online = [...t.sandbox.state.refunds.values()].filter((r) => r.payment_id === paymentId);
    expect(online.map((r) => r.amount)).toEqual([75_000]);
    expect(
      res
        .json()
        .refunds.refunds.map((r: { method: string; amount: number }) => [r.method, r.amount])
        .sort(),
    ).toEqual([
      ['razorpay', 750],
      ['store_credit', 250],
    ]);
    expect((await cancel()).statusCode).toBe(200);
    const back = (await ledger(shopper.user.id)).filter((r) => r.reason === 'order_cancelled');
    expect(back).toHaveLength(1);
    expect(back[0].deltaPaise).toBe(25_000);
    expect(await balance(shopper.user.id)).toBe(25_000);
    // Each part has its credit note; together they reverse the whole invoice.
    const notes = await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, order._id));
    expect(notes.map((n) => n.totalPaise).sort((a, b) => a - b)).toEqual([25_000, 75_000]);
    await expectLedgerMatches(shopper.user.id);
  });

  it('a cancelled Cash on Delivery order gives its credit back and reverses the rest of its invoice', async () => {
    const shopper = await regular();
    const line = await product();
    await give(shopper.user.id, 10_000);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/payments/cod/create-order',
      headers: { ...shopper.headers, 'idempotency-key': randomUUID() },
      payload: body(line, { useStoreCredit: true }),
    });
    const order = placed.json().order;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/cancel`,
      headers: shopper.headers,
      payload: { reason: 'Ordered by mistake' },
    });
    expect(res.statusCode).toBe(200);
    expect(await balance(shopper.user.id)).toBe(10_000);
    const notes = await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, order._id));
    expect(notes.reduce((s, n) => s + n.totalPaise, 0)).toBe(Math.round(order.totals.grandTotal * 100));
  });

  it('refunds the online part first, then the credit back to store credit, never more than was paid', async () => {
    expect(splitRefund(100_000, 25_000, 0, 80_000)).toEqual({ moneyPaise: 75_000, creditPaise: 5_000 });
    expect(splitRefund(100_000, 25_000, 80_000, 20_000)).toEqual({ moneyPaise: 0, creditPaise: 20_000 });
    const shopper = await regular();
    const line = await product();
    await give(shopper.user.id, 25_000);
    const { verified, paymentId } = await payOnline(shopper, line, true);
    const order = verified.json().order;
    const refund = (amount: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/admin/${order._id}/refunds`,
        headers: { ...admin, 'idempotency-key': randomUUID() },
        payload: { amount, reason: 'Goodwill' },
      });
    expect((await refund(700)).statusCode).toBe(201);
    const second = await refund(200.01);
    expect(second.statusCode).toBe(201);
    const online = [...t.sandbox.state.refunds.values()].filter((r) => r.payment_id === paymentId);
    expect(online.map((r) => r.amount)).toEqual([70_000, 5_000]);
    expect(await balance(shopper.user.id)).toBe(15_001);
    const over = await refund(100);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Only ₹99.99 can still be refunded on this order');
    const last = await refund(99.99);
    expect(last.json().refunds).toMatchObject({ paid: 1000, refunded: 1000, refundable: 0 });
    expect(await balance(shopper.user.id)).toBe(25_000);
    await expectLedgerMatches(shopper.user.id);
  });
});

describe('refunds into store credit', () => {
  it('a collected Cash on Delivery order paid partly with credit: the cash back by transfer (or as credit with the bonus), the credit back as credit without one', async () => {
    await setStoreCredit('choice', 10);
    const shopper = await regular();
    const line = await product();
    await give(shopper.user.id, 40_000);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/payments/cod/create-order',
      headers: { ...shopper.headers, 'idempotency-key': randomUUID() },
      payload: body(line, { useStoreCredit: true }),
    });
    const order = placed.json().order;
    const ship = await t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${order._id}/shipments`,
      headers: admin,
      payload: { courier: 'dtdc', awb: `SC${Date.now()}` },
    });
    expect(ship.statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/orders/admin/${order._id}/delivered`, headers: admin, payload: {} })).statusCode,
    ).toBe(200);
    const grand = Math.round(order.totals.grandTotal * 100);
    const cash = grand - 40_000;
    const refund = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/orders/admin/${order._id}/refunds`,
        headers: { ...admin, 'idempotency-key': randomUUID() },
        payload,
      });
    // Part of the cash, as store credit by choice: the bonus on it.
    expect((await refund({ amount: 100, reason: 'Goodwill', toStoreCredit: true })).statusCode).toBe(201);
    // The rest: the cash left by transfer, then the credit spent back as credit (no bonus).
    const rest = await refund({ amount: (grand - 10_000) / 100, reason: 'Returned in full', manualReference: 'UPI123' });
    expect(rest.statusCode).toBe(201);
    const rows = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order._id));
    expect(rows.map((r) => [r.method, r.amountPaise]).sort()).toEqual(
      [
        ['manual', cash - 10_000],
        ['store_credit', 10_000],
        ['store_credit', 40_000],
      ].sort(),
    );
    const moves = (await ledger(shopper.user.id)).filter((r) => r.orderId === order._id).map((r) => [r.reason, r.deltaPaise]);
    expect(moves).toEqual([
      ['order', -40_000],
      ['refund', 10_000],
      ['bonus', 1_000],
      ['refund', 40_000],
    ]);
    expect(rest.json().refunds).toMatchObject({ paid: grand / 100, refundable: 0 });
    await expectLedgerMatches(shopper.user.id);
  });

  it('is refused while the setting is off', async () => {
    const shopper = await regular();
    const { verified } = await payOnline(shopper, await product(), false);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${verified.json().order._id}/refunds`,
      headers: { ...admin, 'idempotency-key': randomUUID() },
      payload: { amount: 10, reason: 'Goodwill', toStoreCredit: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Refunds to store credit are not offered by this shop');
  });

  it("a return refunded to store credit as the shopper chose: processed at once, with a bonus rounded down and the refund's credit note", async () => {
    await setStoreCredit('choice', 7);
    const shopper = await regular();
    const line = await product(123_450);
    const { verified, paymentId } = await payOnline(shopper, line, false);
    const order = verified.json().order;
    await t.db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, order._id));
    await t.db.insert(orderEvents).values({ orderId: order._id, status: 'delivered', note: 'Delivered', at: t.clock.now });
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/returns`,
      headers: { ...shopper.headers, 'idempotency-key': randomUUID() },
      payload: {
        lines: [{ orderItemId: order.items[0]._id, quantity: 1 }],
        reason: 'too_small',
        resolution: 'refund',
        refundTo: { method: 'store_credit' },
      },
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().refundTo).toEqual({ method: 'store_credit' });
    const id = asked.json()._id;
    const act = (action: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url: `/api/admin/returns/${id}/${action}`, headers: admin, payload });
    expect((await act('approve')).statusCode).toBe(200);
    expect((await act('received')).statusCode).toBe(200);
    const refunded = await act('refund');
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().status).toBe('refunded');
    expect([...t.sandbox.state.refunds.values()].filter((r) => r.payment_id === paymentId)).toHaveLength(0);
    const paid = Math.round(order.totals.grandTotal * 100);
    const rows = await ledger(shopper.user.id);
    expect(rows.map((r) => [r.reason, r.deltaPaise])).toEqual([
      ['refund', paid],
      ['bonus', Math.floor((paid * 7) / 100)],
    ]);
    expect(await balance(shopper.user.id)).toBe(paid + Math.floor((paid * 7) / 100));
    const [row] = await t.db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order._id)));
    expect(row).toMatchObject({ method: 'store_credit', status: 'processed', amountPaise: paid });
    const [note] = await t.db.select().from(creditNotes).where(eq(creditNotes.refundId, row.id));
    expect(note.totalPaise).toBe(paid);
    // Pressed again: the same refund, nothing credited twice.
    expect((await act('refund')).statusCode).toBe(200);
    expect(await ledger(shopper.user.id)).toHaveLength(2);
    await expectLedgerMatches(shopper.user.id);
  });
});
