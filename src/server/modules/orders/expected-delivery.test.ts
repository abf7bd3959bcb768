/**
 * An order's expected delivery (Order.expectedDelivery, orders/service.ts): the window the product
 * page's "Check delivery" (GET /api/pincodes/{pincode}) gives for the order's pincode at the moment
 * the order was placed, on the order page's and the orders list's answers; null once the order was
 * delivered, cancelled or returned, and for an exchange going out again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderRecord, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Order } from '../../../core/api-types';
import type { PincodeCheck } from '../../../core/pincode-check';
import { orderEvents } from '../../db/schema';

let t: TestApp;
let shopper: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  shopper = await createUser(t.app, t.db);
});
afterAll(() => t.close());

/** What "Check delivery" answers for `pincode` at `at` (the test clock set there for the call). */
async function checkDeliveryAt(pincode: string, at: Date): Promise<PincodeCheck['estimatedDelivery']> {
  const before = t.clock.now;
  t.clock.now = at;
  try {
    const res = await t.app.inject({ method: 'GET', url: `/api/pincodes/${pincode}` });
    expect(res.statusCode).toBe(200);
    return res.json<PincodeCheck>().estimatedDelivery;
  } finally {
    t.clock.now = before;
  }
}

const getOrder = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: shopper.headers })).json<Order>();

describe('expected delivery of an order', () => {
  it('is what Check delivery said for its pincode when it was placed, on the order and in the list', async () => {
    // Four days ago: the window of that day, not of today.
    const placedAt = new Date(t.clock.now.getTime() - 4 * 24 * 3600_000);
    const order = await createOrderRecord(t.db, {
      userId: shopper.user.id,
      createdAt: placedAt,
      shipping: { pincode: '110001', state: 'Delhi', city: 'New Delhi' },
    });
    const expected = await checkDeliveryAt('110001', placedAt);
    expect(expected).not.toBeNull();
    // Not today's answer: the order's own day.
    expect(await checkDeliveryAt('110001', t.clock.now)).not.toEqual(expected);

    expect((await getOrder(order.id)).expectedDelivery).toEqual(expected);
    const list = (await t.app.inject({ method: 'GET', url: '/api/orders/my', headers: shopper.headers })).json<Order[]>();
    expect(list.find((o) => o._id === order.id)?.expectedDelivery).toEqual(expected);
  });

  it('follows the order while it is being packed and shipped', async () => {
    for (const status of ['confirmed', 'packed', 'shipped', 'out_for_delivery'] as const) {
      const order = await createOrderRecord(t.db, { userId: shopper.user.id, status, createdAt: t.clock.now });
      expect((await getOrder(order.id)).expectedDelivery, status).toEqual(await checkDeliveryAt('560001', t.clock.now));
    }
  });

  it('is null once delivered, cancelled, returned or refunded', async () => {
    for (const status of ['delivered', 'cancelled', 'returned', 'refunded', 'return_requested'] as const) {
      const order = await createOrderRecord(t.db, { userId: shopper.user.id, status });
      expect((await getOrder(order.id)).expectedDelivery, status).toBeNull();
    }
  });

  it('is null for a size exchange on its way (the order was delivered once)', async () => {
    const order = await createOrderRecord(t.db, { userId: shopper.user.id, status: 'shipped' });
    await t.db
      .insert(orderEvents)
      .values({ orderId: order.id, status: 'delivered', note: '', at: new Date(order.createdAt.getTime() + 1000) });
    expect((await getOrder(order.id)).expectedDelivery).toBeNull();
  });

  it('uses the address city and state when the directory does not know the pincode', async () => {
    const order = await createOrderRecord(t.db, {
      userId: shopper.user.id,
      createdAt: t.clock.now,
      shipping: { pincode: '999999', city: 'Mumbai', state: 'Maharashtra' },
    });
    // Mumbai is a metro, as Check delivery would count 400001.
    expect((await getOrder(order.id)).expectedDelivery).toEqual(await checkDeliveryAt('400001', t.clock.now));
  });
});
