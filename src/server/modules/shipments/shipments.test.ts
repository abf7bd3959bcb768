import { desc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderRecord, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { canMove, ORDER_TRANSITIONS, transitionRefusal } from '../../../core/order-status';
import { ORDER_STATUSES } from '../../../core/constants';
import { trackingUrlFor } from '../../../core/couriers';
import { orderRef } from '../../../core/schemas/admin-orders';
import type { ShopSettingsData } from '../../../core/schemas/settings';
import { mailOutbox, orderEvents, orders, shipments } from '../../db/schema';
import { demoShopSettings } from '../../db/seed/demo-catalog';
import { SYSTEM_ACTOR } from '../audit/record';

let t: TestApp;
let admin: Record<string, string>;
let shopper: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin', name: 'Store Admin' })).headers;
  shopper = await createUser(t.app, t.db, { name: 'Meera Iyer', email: 'meera@example.in' });
});
afterAll(() => t.close());

let awbSeq = 0;
const nextAwb = () => `RM${Date.now().toString().slice(-6)}${String(++awbSeq).padStart(3, '0')}`;

/** A placed order of the shopper; `cod` makes it a Cash on Delivery order with its payment pending. */
async function placedOrder(opts: { cod?: boolean } = {}) {
  const email = `meera+${++awbSeq}@example.in`;
  const order = await createOrderRecord(t.db, {
    userId: shopper.user.id,
    email,
    lines: [
      {
        productId: '00000000-0000-4000-8000-0000000000a1',
        variantId: null,
        title: 'Block-print Kurta',
        size: 'M',
        unitPricePaise: 149_900,
        quantity: 2,
      },
    ],
  });
  if (opts.cod) {
    await t.db
      .update(orders)
      .set({ paymentMethod: 'cod', paymentStatus: 'pending', razorpayPaymentId: null, codFeePaise: 4_900, grandTotalPaise: 304_700 })
      .where(eq(orders.id, order.id));
  }
  return { id: order.id, email };
}

const ship = (id: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/orders/admin/${id}/shipments`, headers: admin, payload: body as object });
const step = (id: string, what: 'out-for-delivery' | 'delivered', body: unknown = {}) =>
  t.app.inject({ method: 'POST', url: `/api/orders/admin/${id}/${what}`, headers: admin, payload: body as object });
const outboxFor = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.createdAt);

async function pdfText(buffer: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(buffer));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

describe('the order state machine (src/core/order-status.ts)', () => {
  it('names every status and only moves to known statuses', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_TRANSITIONS[from]) expect(ORDER_STATUSES).toContain(to);
    }
    expect(canMove('placed', 'shipped')).toBe(true);
    expect(canMove('processing', 'shipped')).toBe(true);
    expect(canMove('packed', 'shipped')).toBe(true);
    expect(canMove('cancelled', 'shipped')).toBe(false);
    expect(canMove('shipped', 'shipped')).toBe(false);
    expect(canMove('placed', 'delivered')).toBe(false);
    expect(canMove('delivered', 'out_for_delivery')).toBe(false);
    expect(canMove('out_for_delivery', 'shipped')).toBe(false);
    expect(canMove('refunded', 'placed')).toBe(false);
    expect(transitionRefusal('cancelled', 'shipped')).toBe('This order is cancelled and cannot be shipped');
    expect(transitionRefusal('placed', 'delivered')).toBe('This order has not shipped yet and cannot be marked delivered');
    expect(transitionRefusal('shipped', 'shipped')).toBe('This order is already shipped');
  });

  it('fills tracking links from the courier patterns', () => {
    expect(trackingUrlFor('delhivery', 'AB 12/3')).toBe('https://www.delhivery.com/track/package/AB%2012%2F3');
    expect(trackingUrlFor('bluedart', '7788')).toContain('trackNo=7788');
    expect(trackingUrlFor('other', '7788')).toBeNull();
  });
});

describe('shipping an order: placed to shipped to out for delivery to delivered', () => {
  it('ships with courier and AWB, fills the link, adds a timeline entry and mails the shopper in the outbox', async () => {
    const { id, email } = await placedOrder();
    const awb = nextAwb();
    const res = await ship(id, { courier: 'delhivery', awb: ` ${awb.toLowerCase()} ` });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.status).toBe('shipped');
    expect(body.customer.name).toBe('Meera Iyer');
    expect(body.shipments).toHaveLength(1);
    expect(body.shipments[0]).toMatchObject({
      courier: 'delhivery',
      courierName: 'Delhivery',
      awb,
      trackingUrl: `https://www.delhivery.com/track/package/${awb}`,
      status: 'shipped',
    });
    expect(body.timeline.at(-1)).toMatchObject({ status: 'shipped', note: `Shipped with Delhivery, AWB ${awb}` });

    const mails = await outboxFor(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Order #${orderRef(id)} has shipped`);
    expect(mails[0].text).toContain('Courier: Delhivery');
    expect(mails[0].text).toContain(`AWB number: ${awb}`);
    expect(mails[0].text).toContain(`Track it: https://www.delhivery.com/track/package/${awb}`);
    expect(mails[0].html).toContain(`href="https://www.delhivery.com/track/package/${awb}"`);

    // The shopper sees the parcel on their order.
    const mine = await t.app.inject({ url: `/api/orders/${id}`, headers: shopper.headers });
    expect(mine.json().shipments[0]).toMatchObject({ courierName: 'Delhivery', awb, status: 'shipped' });

    const out = await step(id, 'out-for-delivery');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ status: 'out_for_delivery', shipments: [{ status: 'out_for_delivery' }] });
    expect(out.json().timeline.at(-1)).toMatchObject({ status: 'out_for_delivery', note: 'Out for delivery' });

    const done = await step(id, 'delivered', { note: 'Left with the neighbour, Mrs Rao' });
    expect(done.statusCode).toBe(200);
    const delivered = done.json();
    expect(delivered.status).toBe('delivered');
    expect(delivered.payment).toMatchObject({ method: 'razorpay', status: 'captured', collectedAt: null });
    expect(delivered.shipments[0].status).toBe('delivered');
    expect(delivered.shipments[0].events.map((e: { status: string }) => e.status)).toEqual(['shipped', 'out_for_delivery', 'delivered']);
    expect(delivered.timeline.map((e: { status: string }) => e.status)).toEqual(['placed', 'shipped', 'out_for_delivery', 'delivered']);
    const times = delivered.timeline.map((e: { at: string }) => e.at);
    expect([...times].sort()).toEqual(times);

    const all = await outboxFor(email);
    expect(all.map((m) => m.subject)).toEqual([
      `Order #${orderRef(id)} has shipped`,
      `Order #${orderRef(id)} is out for delivery`,
      `Order #${orderRef(id)} was delivered`,
    ]);
    expect(all[2].text).toContain('We hope you love it');
    // Mail sits in the outbox and was delivered through the mailer.
    expect(t.mails.filter((m) => m.to === email)).toHaveLength(3);
  });

  it('keeps a link the admin typed, and "other" couriers without one', async () => {
    const a = await placedOrder();
    const typed = await ship(a.id, { courier: 'bluedart', awb: nextAwb(), trackingUrl: 'https://track.example.in/p/1' });
    expect(typed.json().shipments[0].trackingUrl).toBe('https://track.example.in/p/1');
    const b = await placedOrder();
    const other = await ship(b.id, { courier: 'other', awb: nextAwb(), trackingUrl: '' });
    expect(other.statusCode).toBe(201);
    expect(other.json().shipments[0]).toMatchObject({ courierName: 'Other', trackingUrl: null });
    expect((await outboxFor(b.email))[0].text).not.toContain('Track it');
  });

  it('delivering a COD order marks its payment collected, once', async () => {
    const { id, email } = await placedOrder({ cod: true });
    const shipped = await ship(id, { courier: 'ekart', awb: nextAwb() });
    expect(shipped.json().payment).toMatchObject({ method: 'cod', status: 'pending', collectedAt: null });
    expect((await outboxFor(email))[0].text).toContain('Please keep ₹3,047 ready to pay on delivery');
    const before = Date.now();
    const res = await step(id, 'delivered');
    expect(res.statusCode).toBe(200);
    const { payment, timeline } = res.json();
    expect(payment.status).toBe('collected');
    expect(new Date(payment.collectedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(timeline.at(-1)).toMatchObject({ status: 'delivered', note: 'Delivered and paid on delivery' });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row.paymentStatus).toBe('collected');
    expect(row.paymentCollectedAt).not.toBeNull();
    expect((await outboxFor(email)).at(-1)!.text).toContain('₹3,047 was paid in cash');
    // Delivered twice is refused; nothing changes.
    const again = await step(id, 'delivered');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is already delivered');
    expect(await outboxFor(email)).toHaveLength(2);
  });

  it('refuses moves the machine does not allow with 409 and a clear message, without mail', async () => {
    const { id, email } = await placedOrder();
    const early = await step(id, 'out-for-delivery');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: 'This order has not shipped yet and cannot be marked out for delivery' });
    expect((await step(id, 'delivered')).json().message).toBe('This order has not shipped yet and cannot be marked delivered');

    // Cancelled (as Cancel and refund leaves it; the status alone, so no cancellation mail).
    await t.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, id));
    const res = await ship(id, { courier: 'dtdc', awb: nextAwb() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This order is cancelled and cannot be shipped' });
    expect(await t.db.select().from(shipments).where(eq(shipments.orderId, id))).toHaveLength(0);
    expect(await outboxFor(email)).toHaveLength(0);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row.status).toBe('cancelled');
  });

  it('refuses shipping twice and an AWB already used with the same courier', async () => {
    const a = await placedOrder();
    const awb = nextAwb();
    expect((await ship(a.id, { courier: 'xpressbees', awb })).statusCode).toBe(201);
    const twice = await ship(a.id, { courier: 'xpressbees', awb: nextAwb() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This order is already shipped');
    const b = await placedOrder();
    const reused = await ship(b.id, { courier: 'xpressbees', awb });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(`AWB ${awb} is already used for Xpressbees (order #${orderRef(a.id)})`);
    // The same number with another courier is another parcel.
    expect((await ship(b.id, { courier: 'indiapost', awb })).statusCode).toBe(201);
  });

  it('ships one order once when two admins ship it at the same moment', async () => {
    const { id, email } = await placedOrder();
    const results = await Promise.all([ship(id, { courier: 'dtdc', awb: nextAwb() }), ship(id, { courier: 'dtdc', awb: nextAwb() })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(shipments).where(eq(shipments.orderId, id))).toHaveLength(1);
    expect(await outboxFor(email)).toHaveLength(1);
  });

  it('validates the body with clear messages and answers 404 for unknown orders', async () => {
    const { id } = await placedOrder();
    const cases: [unknown, string][] = [
      [{ courier: 'fedex', awb: '12345' }, 'Please choose a courier'],
      [{ courier: 'delhivery' }, 'AWB number is required'],
      [{ courier: 'delhivery', awb: '  ' }, 'AWB number is required'],
      [{ courier: 'delhivery', awb: 'AB<script>' }, 'Please enter a valid AWB number (4-40 letters, digits or dashes)'],
      [
        { courier: 'delhivery', awb: '12345', trackingUrl: 'javascript:alert(1)' },
        'Please enter a valid tracking link starting with https://',
      ],
      [
        { courier: 'delhivery', awb: '12345', trackingUrl: 'http://track.example.in/1' },
        'Please enter a valid tracking link starting with https://',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await ship(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    const unknown = '00000000-0000-4000-8000-00000000dead';
    expect((await ship(unknown, { courier: 'delhivery', awb: '12345' })).statusCode).toBe(404);
    expect((await step(unknown, 'delivered')).statusCode).toBe(404);
    expect((await ship('not-an-id', { courier: 'delhivery', awb: '12345' })).statusCode).toBe(404);
    const longNote = await step(id, 'out-for-delivery', { note: 'x'.repeat(501) });
    expect(longNote.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const { id } = await placedOrder();
    const asShopper = await t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${id}/shipments`,
      headers: shopper.headers,
      payload: { courier: 'delhivery', awb: '12345' },
    });
    expect(asShopper.statusCode).toBe(403);
    const asGuest = await t.app.inject({ url: `/api/orders/admin/${id}/shipping-label` });
    expect(asGuest.statusCode).toBe(401);
  });
});

describe('packing slip and shipping label PDFs', () => {
  it('prints the address, reference, PREPAID and the AWB for a prepaid order', async () => {
    const { id } = await placedOrder();
    const noLabel = await t.app.inject({ url: `/api/orders/admin/${id}/shipping-label`, headers: admin });
    expect(noLabel.statusCode).toBe(409);
    expect(noLabel.json().message).toBe('Ship the order first: the shipping label needs its AWB');

    const slipBefore = await t.app.inject({ url: `/api/orders/admin/${id}/packing-slip`, headers: admin });
    expect(slipBefore.statusCode).toBe(200);
    expect(slipBefore.headers['content-type']).toBe('application/pdf');
    expect(slipBefore.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const slipText = await pdfText(slipBefore.rawPayload);
    expect(slipText).toContain(`Order #${orderRef(id)}`);
    expect(slipText).toContain('Block-print Kurta');
    expect(slipText).toContain('12 MG Road');
    expect(slipText).toContain('Bengaluru, Karnataka - 560001');
    expect(slipText).toContain('PREPAID');

    const awb = nextAwb();
    await ship(id, { courier: 'delhivery', awb });
    const label = await t.app.inject({ url: `/api/orders/admin/${id}/shipping-label`, headers: admin });
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.headers['content-disposition']).toBe(`inline; filename="shipping-label-${orderRef(id)}.pdf"`);
    const labelText = await pdfText(label.rawPayload);
    expect(labelText).toContain('Delhivery');
    expect(labelText).toContain('PREPAID');
    expect(labelText).toContain('Asha Verma');
    expect(labelText).toContain(`Order #${orderRef(id)}`);
    expect(labelText).toContain(`AWB: ${awb}`);
    // The pincode in large type for the courier's sorting, and the declared weight (2 pieces of 400 g).
    expect(labelText).toContain('PIN 560001');
    expect(labelText).toContain('Weight: 0.8 kg');
    // The page is 4 x 6 inches and carries the barcode image.
    const pdf = await getDocumentProxy(new Uint8Array(label.rawPayload));
    const page = await pdf.getPage(1);
    expect(page.view).toEqual([0, 0, 288, 432]);
    expect(label.rawPayload.toString('latin1')).toMatch(/\/Subtype \/Image/);
  });

  it('prints the amount to collect for a COD order', async () => {
    const { id } = await placedOrder({ cod: true });
    await ship(id, { courier: 'bluedart', awb: nextAwb() });
    for (const doc of ['packing-slip', 'shipping-label']) {
      const res = await t.app.inject({ url: `/api/orders/admin/${id}/${doc}`, headers: admin });
      expect(res.statusCode).toBe(200);
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('COD: COLLECT ₹3,047.00');
      expect(text).not.toContain('PREPAID');
    }
  });
});

describe('the admin dropdown makes no shipping move', () => {
  it('refuses to move a shipped order on or back (naming the action, or the machine refusing), and moves nothing', async () => {
    const { id, email } = await placedOrder();
    await ship(id, { courier: 'ekart', awb: nextAwb() });
    const mails = (await outboxFor(email)).length;
    const setStatus = (status: string) =>
      t.app.inject({ method: 'PUT', url: `/api/orders/admin/${id}/status`, headers: admin, payload: { status } });
    for (const [status, code] of [
      ['out_for_delivery', 400],
      ['delivered', 400],
      ['returned', 400],
      ['placed', 409],
      ['packed', 409],
    ] as const) {
      expect([status, (await setStatus(status)).statusCode]).toEqual([status, code]);
    }
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row.status).toBe('shipped');
    const [last] = await t.db.select().from(shipments).where(eq(shipments.orderId, id)).orderBy(desc(shipments.createdAt));
    expect(last.status).toBe('shipped');
    expect(await outboxFor(email)).toHaveLength(mails);
  });
});

describe('the shipping label of a COD parcel', () => {
  it("prints the shop's phone, and nothing to collect once the parcel came back undelivered", async () => {
    await t.app.settings.save({ ...demoShopSettings, supportPhone: '9845012345' } as ShopSettingsData, SYSTEM_ACTOR);
    const { id } = await placedOrder({ cod: true });
    await ship(id, { courier: 'delhivery', awb: nextAwb() });
    const label = async () => pdfText((await t.app.inject({ url: `/api/orders/admin/${id}/shipping-label`, headers: admin })).rawPayload);
    expect(await label()).toContain('Phone: 9845012345');
    expect(await label()).toContain('COD: COLLECT ₹3,047.00');

    const back = await t.app.inject({ method: 'POST', url: `/api/orders/admin/${id}/returned-undelivered`, headers: admin, payload: {} });
    expect(back.statusCode, back.body).toBe(200);
    expect(await label()).toContain('COD: NOTHING TO COLLECT');
    expect(await label()).not.toContain('COD: COLLECT ₹');
  });
});

describe('who moved the parcel', () => {
  it('records the signed-in admin on the timeline rows of shipping, out for delivery and delivery', async () => {
    const packer = await createUser(t.app, t.db, { role: 'admin', name: 'Packer' });
    const { id } = await placedOrder();
    const as = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: packer.headers, payload });
    expect((await as(`/api/orders/admin/${id}/shipments`, { courier: 'delhivery', awb: nextAwb() })).statusCode).toBe(201);
    expect((await as(`/api/orders/admin/${id}/out-for-delivery`, {})).statusCode).toBe(200);
    expect((await as(`/api/orders/admin/${id}/delivered`, {})).statusCode).toBe(200);
    const rows = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(orderEvents.at);
    const moves = rows.filter((r) => ['shipped', 'out_for_delivery', 'delivered'].includes(r.status));
    expect(moves.map((r) => [r.status, r.actor, r.actorId])).toEqual([
      ['shipped', 'admin', packer.user.id],
      ['out_for_delivery', 'admin', packer.user.id],
      ['delivered', 'admin', packer.user.id],
    ]);
  });
});
