import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderRecord, createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { inventoryLedger, orderEvents, orders, variants } from '../../db/schema';
import { lockOrder, moveOrder, noteOrder } from './lifecycle';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let shopper: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, { role: 'admin', name: 'Store Admin' });
  shopper = await createUser(t.app, t.db);
});
afterAll(() => t.close());

/** An order of two pieces of a size with 3 in stock (the order's pieces were not taken: a record only). */
async function orderOfTwo() {
  const { bySize } = await createProduct(t.db, { title: 'Chanderi Kurta', variants: [{ size: 'M', pricePaise: 149_900, stockQty: 3 }] });
  const order = await createOrderRecord(t.db, {
    userId: shopper.user.id,
    lines: [{ productId: bySize.M.productId, variantId: bySize.M.id, quantity: 2 }],
  });
  return { orderId: order.id, variantId: bySize.M.id };
}

const timeline = (orderId: string) =>
  t.db
    .select({ status: orderEvents.status, note: orderEvents.note, actor: orderEvents.actor, actorId: orderEvents.actorId })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at));
const stockOf = async (variantId: string) => (await t.db.select().from(variants).where(eq(variants.id, variantId)))[0].stockQty;

describe('order lifecycle (orders/lifecycle.ts)', () => {
  it('records who made each move: the admin of the status dropdown, the shopper, the shop', async () => {
    const { orderId } = await orderOfTwo();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/admin/${orderId}/status`,
      headers: admin.headers,
      payload: { status: 'confirmed', note: 'Called the shopper' },
    });
    expect(res.statusCode).toBe(200);
    await t.db.transaction(async (tx) => {
      const row = await lockOrder(tx, orderId);
      await noteOrder(tx, row, { note: 'Asked to gift-wrap', by: { actor: 'shopper', actorId: shopper.user.id }, now: new Date() });
      await moveOrder(tx, row, { to: 'packed', note: 'Packed', by: { actor: 'system' }, now: new Date() });
    });
    expect((await timeline(orderId)).slice(1)).toEqual([
      { status: 'confirmed', note: 'Called the shopper', actor: 'admin', actorId: admin.user.id },
      { status: 'confirmed', note: 'Asked to gift-wrap', actor: 'shopper', actorId: shopper.user.id },
      { status: 'packed', note: 'Packed', actor: 'system', actorId: null },
    ]);
  });

  it('refuses a move the state machine does not allow (409), and writes nothing', async () => {
    const { orderId } = await orderOfTwo();
    const move = t.db.transaction(async (tx) =>
      moveOrder(tx, await lockOrder(tx, orderId), { to: 'delivered', note: '', by: { actor: 'admin' }, now: new Date() }),
    );
    await expect(move).rejects.toMatchObject({ statusCode: 409, message: 'This order has not shipped yet and cannot be marked delivered' });
    const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(row.status).toBe('placed');
    expect(await timeline(orderId)).toHaveLength(1);
  });

  it('puts the units back through the ledger once, however often a move asks', async () => {
    const { orderId, variantId } = await orderOfTwo();
    await t.db.transaction(async (tx) => {
      const row = await lockOrder(tx, orderId);
      const by = { actor: 'shopper' as const, actorId: shopper.user.id };
      const cancelled = await moveOrder(tx, row, {
        to: 'cancelled',
        note: 'Changed my mind',
        by,
        now: new Date(),
        restock: 'cancellation',
      });
      expect(cancelled).toMatchObject({ status: 'cancelled', restocked: true });
      await moveOrder(tx, cancelled, {
        to: 'refunded',
        note: 'Refunded',
        by: { actor: 'system' },
        now: new Date(),
        restock: 'cancellation',
      });
    });
    expect(await stockOf(variantId)).toBe(5);
    const rows = await t.db
      .select({ delta: inventoryLedger.delta, reason: inventoryLedger.reason, adminId: inventoryLedger.adminId })
      .from(inventoryLedger)
      .where(and(eq(inventoryLedger.orderId, orderId), eq(inventoryLedger.variantId, variantId)));
    expect(rows).toEqual([{ delta: 2, reason: 'cancellation', adminId: null }]);
  });

  it('marks Cash on Delivery collected when the courier delivers it', async () => {
    const { orderId } = await orderOfTwo();
    await t.db
      .update(orders)
      .set({ status: 'shipped', paymentMethod: 'cod', paymentStatus: 'pending', razorpayPaymentId: null })
      .where(eq(orders.id, orderId));
    const now = new Date();
    const delivered = await t.db.transaction(async (tx) =>
      moveOrder(tx, await lockOrder(tx, orderId), { to: 'delivered', note: 'Delivered', by: { actor: 'courier' }, now }),
    );
    expect(delivered).toMatchObject({ status: 'delivered', paymentStatus: 'collected', paymentCollectedAt: now });
  });
});
