/**
 * The audit rows of the admin writes on orders, shipments, returns and coupons
 * (docs/architecture.md#staff-and-roles "Audit rows"): each names who (id, name, role), the action,
 * the entity and what changed, and a refused write leaves none. Refunds: refunds/refund-limits.test.ts;
 * settings: settings/settings-split.test.ts.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderRecord, createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { orderRef } from '../../../core/schemas/admin-orders';
import type { ShopSettingsData } from '../../../core/schemas/settings';
import { auditLog, orderEvents, orderItems } from '../../db/schema';
import { demoShopSettings } from '../../db/seed/demo-catalog';
import { SYSTEM_ACTOR } from '../audit/record';

type Staff = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let manager: Staff;
let packer: Staff;
let support: Staff;
let shopper: Staff;
beforeAll(async () => {
  t = await createTestApp();
  manager = await createUser(t.app, t.db, { role: 'manager', name: 'Ravi Manager' });
  packer = await createUser(t.app, t.db, { role: 'fulfilment', name: 'Pooja Packer' });
  support = await createUser(t.app, t.db, { role: 'support', name: 'Sana Support' });
  shopper = await createUser(t.app, t.db);
  await t.app.settings.save({ ...demoShopSettings, returns: { windowDays: 30, sizeExchanges: false } } as ShopSettingsData, SYSTEM_ACTOR);
});
afterAll(() => t.close());

const rowsFor = (entity: string, entityId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.at));
const call = (who: Staff, method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const anOrder = (status: 'placed' | 'delivered' = 'placed') => createOrderRecord(t.db, { userId: shopper.user.id, status });

describe('order status moves and shipping', () => {
  it("writes 'order.status' from the lifecycle for the status dropdown, and nothing for a refused move", async () => {
    const order = await anOrder();
    expect((await call(packer, 'PUT', `/api/orders/admin/${order.id}/status`, { status: 'packed' })).statusCode).toBe(200);
    expect((await call(packer, 'PUT', `/api/orders/admin/${order.id}/status`, { status: 'cancelled' })).statusCode).toBe(400);
    const rows = await rowsFor('order', order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: packer.user.id,
      actorName: 'Pooja Packer',
      actorRole: 'fulfilment',
      action: 'order.status',
      summary: `Order #${orderRef(order.id)} moved from Placed to Packed`,
      changes: { status: { before: 'placed', after: 'packed' } },
    });
  });

  it('logs shipping, out for delivery and delivered; a taken AWB logs nothing', async () => {
    const order = await anOrder();
    const awb = `AW${Date.now()}`;
    expect((await call(packer, 'POST', `/api/orders/admin/${order.id}/shipments`, { courier: 'delhivery', awb })).statusCode).toBe(201);
    const other = await anOrder();
    expect((await call(packer, 'POST', `/api/orders/admin/${other.id}/shipments`, { courier: 'delhivery', awb })).statusCode).toBe(409);
    expect((await call(packer, 'POST', `/api/orders/admin/${order.id}/out-for-delivery`, {})).statusCode).toBe(200);
    expect((await call(packer, 'POST', `/api/orders/admin/${order.id}/delivered`, {})).statusCode).toBe(200);
    expect(await rowsFor('order', other.id)).toEqual([]);
    const rows = await rowsFor('order', order.id);
    expect(rows.map((r) => [r.actorRole, r.action, r.changes])).toEqual([
      [
        'fulfilment',
        'order.ship',
        {
          status: { before: 'placed', after: 'shipped' },
          courier: { before: null, after: 'delhivery' },
          awb: { before: null, after: awb },
        },
      ],
      ['fulfilment', 'order.out-for-delivery', { status: { before: 'shipped', after: 'out_for_delivery' } }],
      ['fulfilment', 'order.deliver', { status: { before: 'out_for_delivery', after: 'delivered' } }],
    ]);
    expect(rows[0].summary).toBe(`Order #${orderRef(order.id)} shipped with Delhivery, AWB ${awb}`);
  });

  it("logs a cancellation ('order.cancel') and the courier's return ('order.undelivered'), not a refused one", async () => {
    const order = await anOrder();
    expect((await call(support, 'POST', `/api/orders/admin/${order.id}/cancel`, { reason: 'Shopper asked' })).statusCode).toBe(200);
    const [cancel] = await rowsFor('order', order.id);
    expect(cancel).toMatchObject({
      actorRole: 'support',
      action: 'order.cancel',
      changes: { status: { before: 'placed', after: 'cancelled' } },
    });
    const delivered = await anOrder('delivered');
    expect((await call(manager, 'POST', `/api/orders/admin/${delivered.id}/cancel`, { reason: 'Too late' })).statusCode).toBe(400);
    expect((await call(packer, 'POST', `/api/orders/admin/${delivered.id}/returned-undelivered`, { note: '' })).statusCode).toBe(409);
    expect(await rowsFor('order', delivered.id)).toEqual([]);
  });

  it("logs the orders CSV export as 'customers.export' with what was exported", async () => {
    const res = await call(manager, 'GET', '/api/orders/admin/export.csv?status=cancelled');
    expect(res.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customers.export'), eq(auditLog.actorId, manager.user.id)));
    expect(row).toMatchObject({ actorRole: 'manager', entity: 'order' });
    expect(row.summary).toMatch(/^Exported \d+ orders? with customers' names, e-mails, phones and addresses as CSV \(status cancelled\)$/);
    // Refused (support has no customers.export) or bad filters: nothing logged.
    expect((await call(support, 'GET', '/api/orders/admin/export.csv')).statusCode).toBe(403);
    expect((await call(manager, 'GET', '/api/orders/admin/export.csv?startDate=bad')).statusCode).toBe(400);
    const all = await t.db.select().from(auditLog).where(eq(auditLog.action, 'customers.export'));
    expect(all).toHaveLength(1);
  });
});

describe('returns', () => {
  async function returnRequest() {
    const { product, bySize } = await createProduct(t.db);
    const order = await createOrderRecord(t.db, {
      userId: shopper.user.id,
      status: 'delivered',
      lines: [{ productId: product.id, variantId: bySize.M.id, size: 'M' }],
    });
    await t.db
      .insert(orderEvents)
      .values({ orderId: order.id, status: 'delivered', note: 'Delivered', at: new Date(t.clock.now.getTime() - 86_400_000) });
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/returns`,
      headers: shopper.headers,
      payload: { lines: [{ orderItemId: item.id, quantity: 1 }], reason: 'too_small', resolution: 'refund' },
    });
    expect(res.statusCode).toBe(201);
    return { orderId: order.id, returnId: res.json()._id as string };
  }

  it('logs approval and receipt with the status before and after; a refused step logs nothing', async () => {
    const { orderId, returnId } = await returnRequest();
    expect((await call(packer, 'POST', `/api/admin/returns/${returnId}/received`, { note: '' })).statusCode).toBe(409);
    expect(await rowsFor('return', returnId)).toEqual([]);
    expect((await call(support, 'POST', `/api/admin/returns/${returnId}/approve`, { note: 'Send it back' })).statusCode).toBe(200);
    expect((await call(packer, 'POST', `/api/admin/returns/${returnId}/received`, { note: '' })).statusCode).toBe(200);
    const rows = await rowsFor('return', returnId);
    expect(rows.map((r) => [r.actorId, r.actorRole, r.action, r.changes.status])).toEqual([
      [support.user.id, 'support', 'return.approve', { before: 'requested', after: 'approved' }],
      [packer.user.id, 'fulfilment', 'return.receive', { before: 'approved', after: 'received' }],
    ]);
    expect(rows[0].summary).toBe(`Approved the return on order #${orderRef(orderId)}`);
    // The order moves the steps made are the steps' own rows, not rows of their own.
    expect(await rowsFor('order', orderId)).toEqual([]);
  });

  it('logs a rejection with its note', async () => {
    const { returnId } = await returnRequest();
    expect((await call(support, 'POST', `/api/admin/returns/${returnId}/reject`, { note: 'Worn and washed' })).statusCode).toBe(200);
    const [row] = await rowsFor('return', returnId);
    expect(row).toMatchObject({
      actorRole: 'support',
      action: 'return.reject',
      changes: { status: { before: 'requested', after: 'rejected' }, adminNote: { before: '', after: 'Worn and washed' } },
    });
    expect(row.summary).toMatch(/: Worn and washed$/);
  });
});

describe('coupons', () => {
  const body = (overrides: object = {}) => ({
    code: `DIWALI${Date.now() % 100_000}`,
    kind: 'percent',
    percentOff: 10,
    amountOff: null,
    minSubtotal: 999,
    maxDiscount: null,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    maxUsesPerShopper: null,
    firstOrderOnly: false,
    isActive: true,
    showInOffers: false,
    ...overrides,
  });

  it('logs create, update (the changed fields) and delete; a taken code logs nothing', async () => {
    const input = body();
    const created = await call(manager, 'POST', '/api/admin/coupons', input);
    expect(created.statusCode).toBe(201);
    const id = created.json()._id as string;
    expect((await call(manager, 'POST', '/api/admin/coupons', input)).statusCode).toBe(409);
    expect((await call(manager, 'PUT', `/api/admin/coupons/${id}`, { ...input, percentOff: 15, isActive: false })).statusCode).toBe(200);
    expect((await call(manager, 'DELETE', `/api/admin/coupons/${id}`)).statusCode).toBe(200);
    const rows = await rowsFor('coupon', id);
    expect(rows.map((r) => [r.actorRole, r.action, r.summary])).toEqual([
      ['manager', 'coupon.create', `Created coupon ${input.code}`],
      ['manager', 'coupon.update', `Deactivated coupon ${input.code}`],
      ['manager', 'coupon.delete', `Deleted coupon ${input.code}`],
    ]);
    expect(rows[0].changes).toMatchObject({ code: { before: null, after: input.code }, percentOff: { before: null, after: 10 } });
    expect(rows[1].changes).toEqual({ percentOff: { before: 10, after: 15 }, isActive: { before: true, after: false } });
    expect(rows[2].changes).toMatchObject({ code: { before: input.code, after: null } });
    const creates = await t.db.select().from(auditLog).where(eq(auditLog.action, 'coupon.create'));
    expect(creates).toHaveLength(1);
  });
});
