import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderRecord, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { orderRef } from '../../../core/schemas/admin-orders';
import { mailOutbox, orders, shipments } from '../../db/schema';
import { startShiprocketStandIn } from '../../integrations/shiprocket/stand-in';
import { parseShiprocketTime } from './shiprocket';

// Shiprocket (docs/decisions/0009-order-states-and-shipping.md): the app talks to a Shiprocket stand-in on a loopback port (the
// network edge), exactly as it would to apiv2.shiprocket.in; its webhook is driven as Shiprocket does.
const TOKEN = 'sr-webhook-token-0123456789';
let t: TestApp;
let standIn: Awaited<ReturnType<typeof startShiprocketStandIn>>;
let admin: Record<string, string>;
let shopper: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  standIn = await startShiprocketStandIn({ email: 'api@rangmanch.in', password: 'sr-secret' });
  t = await createTestApp(
    {},
    {
      SHIPROCKET_EMAIL: 'api@rangmanch.in',
      SHIPROCKET_PASSWORD: 'sr-secret',
      SHIPROCKET_WEBHOOK_TOKEN: TOKEN,
      SHIPROCKET_API_BASE: standIn.baseUrl,
    },
  );
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
  shopper = await createUser(t.app, t.db, { name: 'Kabir Das', email: 'kabir@example.in' });
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

let seq = 0;
async function placedOrder(cod = false) {
  const email = `kabir+${++seq}@example.in`;
  const order = await createOrderRecord(t.db, {
    userId: shopper.user.id,
    email,
    lines: [
      {
        productId: '00000000-0000-4000-8000-0000000000b1',
        variantId: null,
        title: 'Linen Shirt',
        size: 'L',
        unitPricePaise: 189_900,
        quantity: 1,
      },
    ],
  });
  if (cod) {
    await t.db
      .update(orders)
      .set({ paymentMethod: 'cod', paymentStatus: 'pending', razorpayPaymentId: null })
      .where(eq(orders.id, order.id));
  }
  return { id: order.id, email };
}

const shipWithShiprocket = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/orders/admin/${id}/shipments/shiprocket`, headers: admin });
const webhook = (body: object, token: string | null = TOKEN) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shipping/tracking-webhook',
    headers: token === null ? {} : { 'x-api-key': token },
    payload: body,
  });
const subjects = async (email: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.createdAt)).map((m) => m.subject);

describe('Ship with Shiprocket', () => {
  it('creates the order, assigns the AWB and label through the REST API, and ships the order', async () => {
    const { id, email } = await placedOrder(true);
    const res = await shipWithShiprocket(id);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.status).toBe('shipped');
    const [parcel] = body.shipments;
    expect(parcel).toMatchObject({ courier: 'shiprocket', courierName: 'Shiprocket', status: 'shipped' });
    expect(parcel.awb).toMatch(/^SR\d{10}$/);
    expect(parcel.trackingUrl).toBe(`https://shiprocket.co/tracking/${parcel.awb}`);
    expect(parcel.labelUrl).toMatch(/\/labels\/\d+\.pdf$/);
    expect(body.timeline.at(-1).note).toBe(`Shipped with Shiprocket (Delhivery Surface), AWB ${parcel.awb}`);
    expect(await subjects(email)).toEqual([`Order #${orderRef(id)} has shipped`]);

    // What Shiprocket received: one adhoc order with the address, the line and COD.
    const created = standIn.state.calls.filter((c) => c.path === 'orders/create/adhoc');
    const sent = created.at(-1)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      order_id: id,
      billing_customer_name: 'Asha',
      billing_city: 'Bengaluru',
      billing_pincode: '560001',
      payment_method: 'COD',
      sub_total: 1899,
      order_items: [{ name: 'Linen Shirt (L)', units: 1, selling_price: 1899 }],
    });
    const label = await fetch(parcel.labelUrl as string);
    expect(label.headers.get('content-type')).toBe('application/pdf');

    // Shipping it again is refused by the machine, before Shiprocket is called.
    const calls = standIn.state.calls.length;
    const again = await shipWithShiprocket(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is already shipped');
    expect(standIn.state.calls.length).toBe(calls);
  });

  it('refuses a Cash on Delivery order awaiting its confirmation before Shiprocket is called', async () => {
    const { id } = await placedOrder(true);
    await t.db
      .update(orders)
      .set({ codConfirmation: 'awaiting', codConfirmBy: new Date(Date.now() + 3_600_000) })
      .where(eq(orders.id, id));
    const calls = standIn.state.calls.length;
    const res = await shipWithShiprocket(id);
    expect([res.statusCode, res.json().message]).toEqual([400, 'Confirm the Cash on Delivery order first']);
    expect(standIn.state.calls.length).toBe(calls);
  });

  it('answers 502 with Shiprocket’s message when it refuses', async () => {
    const { id } = await placedOrder();
    await t.db.update(orders).set({ phone: '' }).where(eq(orders.id, id));
    const res = await shipWithShiprocket(id);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Shiprocket: Oops! Invalid Data.');
    expect((await t.db.select().from(orders).where(eq(orders.id, id)))[0].status).toBe('placed');
  });
});

describe('the tracking webhook', () => {
  async function shipped(cod = false) {
    const order = await placedOrder(cod);
    const res = await shipWithShiprocket(order.id);
    return { ...order, awb: res.json().shipments[0].awb as string };
  }

  it('refuses a missing or wrong token', async () => {
    const { awb } = await shipped();
    expect((await webhook({ awb, current_status_id: 7 }, null)).statusCode).toBe(401);
    const wrong = await webhook({ awb, current_status_id: 7 }, 'not-the-token-at-all-x');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid webhook token' });
  });

  it('records scans, moves the order on, mails once per step, ignores replays and out-of-order updates', async () => {
    const { id, email, awb } = await shipped(true);
    const inTransit = { awb, current_status: 'IN TRANSIT', current_status_id: 18, current_timestamp: '26 11 2030 09:15:00' };
    expect((await webhook(inTransit)).json()).toEqual({ status: 'scan' });
    expect((await webhook(inTransit)).json()).toEqual({ status: 'duplicate' });

    const out = { awb, current_status: 'OUT FOR DELIVERY', current_status_id: 17, current_timestamp: '27 11 2030 08:00:00' };
    expect((await webhook(out)).json()).toEqual({ status: 'moved' });
    // Replayed (Shiprocket retries) and an older in-transit scan arriving late: both ignored.
    expect((await webhook(out)).json()).toEqual({ status: 'duplicate' });
    expect((await webhook({ ...inTransit, current_timestamp: '26 11 2030 18:00:00' })).json()).toEqual({ status: 'stale' });

    const delivered = { awb, current_status: 'DELIVERED', current_status_id: 7, current_timestamp: '27 11 2030 13:30:00' };
    expect((await webhook(delivered)).json()).toEqual({ status: 'moved' });
    // Out for delivery again after delivery (out of order): ignored.
    expect((await webhook({ ...out, current_timestamp: '27 11 2030 14:00:00' })).json()).toEqual({ status: 'stale' });

    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row.status).toBe('delivered');
    expect(row.paymentStatus).toBe('collected');
    expect(row.paymentCollectedAt?.toISOString()).toBe('2030-11-27T08:00:00.000Z');
    const [parcel] = await t.db.select().from(shipments).where(eq(shipments.orderId, id));
    expect(parcel.status).toBe('delivered');
    expect(parcel.events.map((e) => [e.status, e.note])).toEqual([
      ['shipped', `Shipped with Shiprocket (Delhivery Surface), AWB ${awb}`],
      ['shipped', 'Shiprocket: IN TRANSIT'],
      ['out_for_delivery', 'Shiprocket: OUT FOR DELIVERY'],
      ['delivered', 'Shiprocket: DELIVERED'],
    ]);
    const ref = orderRef(id);
    expect(await subjects(email)).toEqual([
      `Order #${ref} has shipped`,
      `Order #${ref} is out for delivery`,
      `Order #${ref} was delivered`,
    ]);
  });

  it('moves the order once when the same update arrives several times at once', async () => {
    const { id, email, awb } = await shipped();
    const update = { awb, current_status: 'DELIVERED', current_status_id: 7, current_timestamp: '28 11 2030 10:00:00' };
    const answers = await Promise.all([webhook(update), webhook(update), webhook(update)]);
    expect(answers.map((a) => a.json().status).sort()).toEqual(['duplicate', 'duplicate', 'moved']);
    expect((await subjects(email)).filter((s) => s.endsWith('was delivered'))).toHaveLength(1);
    expect((await t.db.select().from(orders).where(eq(orders.id, id)))[0].status).toBe('delivered');
  });

  it('takes an update stamped in the same second as the shipment (Shiprocket’s times are to the second)', async () => {
    const { id, awb } = await shipped();
    const [parcel] = await t.db.select().from(shipments).where(eq(shipments.orderId, id));
    const shippedAt = new Date(parcel.events[0].at);
    const sameSecond = new Date(shippedAt.getTime() + 330 * 60_000).toISOString();
    const stamp = `${sameSecond.slice(8, 10)} ${sameSecond.slice(5, 7)} ${sameSecond.slice(0, 4)} ${sameSecond.slice(11, 19)}`;
    const res = await webhook({ awb, current_status: 'OUT FOR DELIVERY', current_status_id: 17, current_timestamp: stamp });
    expect(res.json()).toEqual({ status: 'moved' });
    const [after] = await t.db.select().from(shipments).where(eq(shipments.orderId, id));
    const times = after.events.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('answers 200 for an AWB it does not know, and 400 for a malformed update', async () => {
    expect((await webhook({ awb: 'SR0000000000', current_status_id: 7 })).json()).toEqual({ status: 'unknown_awb' });
    const bad = await webhook({ current_status_id: 'seven' });
    expect(bad.statusCode).toBe(400);
  });

  it('reads Shiprocket’s timestamps as India time', () => {
    const fallback = new Date(0);
    expect(parseShiprocketTime('23 05 2023 11:43:52', fallback).toISOString()).toBe('2023-05-23T06:13:52.000Z');
    expect(parseShiprocketTime('2023-05-23 11:43:52', fallback).toISOString()).toBe('2023-05-23T06:13:52.000Z');
    expect(parseShiprocketTime('yesterday', fallback)).toBe(fallback);
  });
});
