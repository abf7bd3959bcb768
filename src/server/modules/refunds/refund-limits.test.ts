import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ShopSettingsData } from '../../../core/schemas/settings';
import { auditLog, creditNotes, orderRefunds, users } from '../../db/schema';
import { demoShopSettings } from '../../db/seed/demo-catalog';
import { SYSTEM_ACTOR } from '../audit/record';
import { TWO_STEP_YOURSELF_FIRST } from '../settings/routes';

type Staff = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let owner: Staff;
let manager: Staff;
let support: Staff;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, t.db, { role: 'owner', name: 'Meera Owner' });
  manager = await createUser(t.app, t.db, { role: 'manager', name: 'Ravi Manager' });
  support = await createUser(t.app, t.db, { role: 'support', name: 'Sana Support' });
  await t.app.settings.save(demoShopSettings as ShopSettingsData, SYSTEM_ACTOR);
});
afterAll(() => t.close());

/** A prepaid order of one ₹15,000 piece, paid through the Razorpay sandbox. */
async function paidOrder() {
  const shopper = await createUser(t.app, t.db);
  const { product, bySize } = await createProduct(t.db, {
    title: 'Banarasi Silk Saree',
    variants: [{ size: 'Free', pricePaise: 1_500_000, stockQty: 5 }],
  });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/create-order',
    headers: shopper.headers,
    payload: { items: [{ productId: product.id, variantId: bySize.Free.id, quantity: 1 }], fromBuyNow: true, shippingAddress },
  });
  expect(created.statusCode).toBe(200);
  const paid = await t.sandbox.pay(created.json().order.id);
  const verified = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/verify-and-create-order', payload: paid });
  expect(verified.statusCode).toBe(200);
  const order = verified.json().order as { _id: string; totals: { grandTotal: number } };
  // A first order: its 5% welcome discount makes it ₹14,250.
  return { orderId: order._id, paid: order.totals.grandTotal, paymentId: paid.razorpay_payment_id, shopper };
}

const refund = (who: Staff, orderId: string, amount: number, key: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/admin/${orderId}/refunds`,
    headers: { ...who.headers, 'idempotency-key': key },
    payload: { amount, reason: 'Colour not as shown' },
  });
const refundsOf = (orderId: string) => t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
const sandboxRefunds = (paymentId: string) => [...t.sandbox.state.refunds.values()].filter((r) => r.payment_id === paymentId);
const auditOf = (orderId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, orderId)))
    .orderBy(asc(auditLog.at));
const setPolicy = (who: Staff, body: object) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/settings/staff-policy', headers: who.headers, payload: body });

describe('refund limits per role (docs/decisions/0023-staff-roles.md "Refund limits")', () => {
  it("refuses a manager's ₹12,000 refund with the limit in the message, and nothing moves", async () => {
    const { orderId, paymentId } = await paidOrder();
    const res = await refund(manager, orderId, 12_000);
    expect([res.statusCode, res.json().message]).toEqual([403, 'Refunds above ₹10,000 need an owner: a manager may refund up to ₹10,000']);
    expect(await refundsOf(orderId)).toEqual([]);
    expect(await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId))).toEqual([]);
    expect(sandboxRefunds(paymentId)).toEqual([]);
    expect(await auditOf(orderId)).toEqual([]);
  });

  it("lets a manager's ₹9,000 refund through, logs it once, and the same key is still the same refund", async () => {
    const { orderId, paymentId } = await paidOrder();
    const key = randomUUID();
    const res = await refund(manager, orderId, 9_000, key);
    expect(res.statusCode).toBe(201);
    expect(res.json().refunds.refunds).toMatchObject([{ amount: 9_000, status: 'processed' }]);
    const again = await refund(manager, orderId, 9_000, key);
    expect(again.statusCode).toBe(201);
    expect(await refundsOf(orderId)).toHaveLength(1);
    expect(sandboxRefunds(paymentId)).toHaveLength(1);
    const rows = await auditOf(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: manager.user.id,
      actorName: 'Ravi Manager',
      actorRole: 'manager',
      action: 'order.refund',
      entity: 'order',
      entityId: orderId,
      changes: { refundedPaise: { before: 0, after: 900_000 } },
    });
    expect(rows[0].summary).toBe(
      `Refunded ₹9,000 on order #${orderId.slice(-8).toUpperCase()} to the original payment: Colour not as shown`,
    );
  });

  it("holds support to its limit (₹1,000), and an owner's refund to none", async () => {
    const { orderId, paid } = await paidOrder();
    const over = await refund(support, orderId, 1_000.5);
    expect([over.statusCode, over.json().message]).toEqual([
      403,
      'Refunds above ₹1,000 need an owner: a support member may refund up to ₹1,000',
    ]);
    expect((await refund(support, orderId, 1_000)).statusCode).toBe(201);
    const rest = await refund(owner, orderId, paid - 1_000);
    expect(rest.statusCode).toBe(201);
    expect(rest.json().refunds).toMatchObject({ refunded: paid, refundable: 0 });
    expect((await auditOf(orderId)).map((r) => [r.actorRole, r.action, r.changes])).toEqual([
      ['support', 'order.refund', { refundedPaise: { before: 0, after: 100_000 } }],
      ['owner', 'order.refund', { refundedPaise: { before: 100_000, after: paid * 100 } }],
    ]);
  });

  it("does not limit a cancellation's full refund, nor the retry of a failed refund", async () => {
    const cancelled = await paidOrder();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${cancelled.orderId}/cancel`,
      headers: support.headers,
      payload: { reason: 'Shopper called to cancel' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().refunds).toMatchObject({ refunded: cancelled.paid });
    const [cancel] = await auditOf(cancelled.orderId);
    expect(cancel).toMatchObject({
      actorRole: 'support',
      action: 'order.cancel',
      changes: { status: { before: 'placed', after: 'cancelled' }, refundedPaise: { before: 0, after: cancelled.paid * 100 } },
    });
    expect(cancel.summary).toContain('was cancelled; ₹14,250 refunded: Shopper called to cancel');

    const failing = await paidOrder();
    t.sandbox.state.refundMode = 'fail';
    try {
      expect((await refund(owner, failing.orderId, 5_000)).statusCode).toBe(201);
    } finally {
      t.sandbox.state.refundMode = 'processed';
    }
    const [failed] = await refundsOf(failing.orderId);
    expect(failed.status).toBe('failed');
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${failing.orderId}/refunds/${failed.id}/retry`,
      headers: support.headers,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().refunds.refunds[0]).toMatchObject({ status: 'processed', amount: 5_000 });
    expect((await auditOf(failing.orderId)).map((r) => [r.actorRole, r.action, r.summary])).toEqual([
      ['owner', 'order.refund', expect.stringContaining('Refunded ₹5,000')],
      ['support', 'order.refund-retry', expect.stringContaining('Retried the failed refund of ₹5,000')],
    ]);
  });

  it('takes the limits the owner sets (staff.manage only) and logs the change', async () => {
    const denied = await setPolicy(manager, {
      refundLimitManagerRupees: 50_000,
      refundLimitSupportRupees: 1_000,
      staffTwoStepRequired: false,
    });
    expect([denied.statusCode, denied.json().message]).toEqual([403, 'You need the staff.manage permission for this']);
    const bad = await setPolicy(owner, { refundLimitManagerRupees: -1, refundLimitSupportRupees: 1_000, staffTwoStepRequired: false });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Manager refund limit cannot be negative']);
    try {
      const saved = await setPolicy(owner, {
        refundLimitManagerRupees: 20_000,
        refundLimitSupportRupees: 500,
        staffTwoStepRequired: false,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().staffPolicy).toEqual({
        refundLimitManagerRupees: 20_000,
        refundLimitSupportRupees: 500,
        staffTwoStepRequired: false,
      });
      const { orderId } = await paidOrder();
      const large = await refund(manager, orderId, 12_000);
      expect([large.statusCode, large.json().message]).toEqual([201, undefined]);
      const small = await refund(support, orderId, 600);
      expect([small.statusCode, small.json().message]).toEqual([
        403,
        'Refunds above ₹500 need an owner: a support member may refund up to ₹500',
      ]);
      // Last: two-step sign-in required of staff, which the owner may ask only with their own on
      // (else it would hold them at My sign-in).
      const requireIt = () =>
        setPolicy(owner, { refundLimitManagerRupees: 20_000, refundLimitSupportRupees: 500, staffTwoStepRequired: true });
      const refused = await requireIt();
      expect([refused.statusCode, refused.json().message]).toEqual([400, TWO_STEP_YOURSELF_FIRST]);
      await t.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, owner.user.id));
      expect((await requireIt()).statusCode).toBe(200);
      const rows = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'settings.staff-policy'), eq(auditLog.actorId, owner.user.id)))
        .orderBy(asc(auditLog.at));
      expect(rows.map((r) => [r.entity, r.actorRole, r.changes])).toEqual([
        [
          'settings',
          'owner',
          { refundLimitManagerPaise: { before: 1_000_000, after: 2_000_000 }, refundLimitSupportPaise: { before: 100_000, after: 50_000 } },
        ],
        ['settings', 'owner', { staffTwoStepRequired: { before: false, after: true } }],
      ]);
    } finally {
      await setPolicy(owner, { refundLimitManagerRupees: 10_000, refundLimitSupportRupees: 1_000, staffTwoStepRequired: false });
    }
  });
});
