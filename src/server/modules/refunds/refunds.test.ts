import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { splitIncludedGst } from '../../../core/refunds';
import { couponUses, coupons, creditNotes, inventoryLedger, mailOutbox, orderItems, orderRefunds, orders, variants } from '../../db/schema';
import type { OutgoingMail } from '../../integrations/mail/mailer';
import { signWebhook } from '../../integrations/razorpay/signature';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin', name: 'Store Admin' })).headers;
});
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof createUser>>;

/**
 * A prepaid order placed through the real checkout (Razorpay sandbox): two lines, ₹1,499 M × 2 and
 * ₹2,999 L × 1, so the 20% multi-item discount applies and the two lines carry different GST slabs.
 */
async function paidOrder(shopper?: Shopper) {
  const who = shopper ?? (await createUser(t.app, t.db));
  const { product, bySize } = await createProduct(t.db, {
    title: 'Block-print Kurta',
    variants: [
      { size: 'M', pricePaise: 149_900, stockQty: 10 },
      { size: 'L', pricePaise: 349_900, stockQty: 10 },
    ],
  });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/create-order',
    headers: who.headers,
    payload: {
      items: [
        { productId: product.id, variantId: bySize.M.id, quantity: 2 },
        { productId: product.id, variantId: bySize.L.id, quantity: 1 },
      ],
      fromBuyNow: true,
      shippingAddress,
    },
  });
  expect(created.statusCode).toBe(200);
  const paid = await t.sandbox.pay(created.json().order.id);
  const verified = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/verify-and-create-order', payload: paid });
  expect(verified.statusCode).toBe(200);
  const order = verified.json().order as { _id: string; totals: { grandTotal: number }; invoiceNumber: string };
  return { shopper: who, order, paymentId: paid.razorpay_payment_id, variants: { M: bySize.M.id, L: bySize.L.id } };
}

const sandboxRefunds = (paymentId: string) => [...t.sandbox.state.refunds.values()].filter((r) => r.payment_id === paymentId);
const cancel = (shopper: Shopper, id: string, reason = 'Ordered by mistake') =>
  t.app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: shopper.headers, payload: { reason } });
const refund = (id: string, body: object, key: string = randomUUID()) =>
  t.app.inject({ method: 'POST', url: `/api/orders/admin/${id}/refunds`, headers: { ...admin, 'idempotency-key': key }, payload: body });
const stockOf = async (variantId: string) =>
  (await t.db.select({ s: variants.stockQty }).from(variants).where(eq(variants.id, variantId)))[0].s;
const paiseOf = (rupees: number) => Math.round(rupees * 100);

async function pdfText(buffer: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(buffer));
  return (await extractText(pdf, { mergePages: true })).text;
}

function refundEvent(
  event: 'refund.processed' | 'refund.failed',
  refund: { id: string; payment_id: string; amount: number; notes: object },
  opts: { eventId?: string; secret?: string } = {},
) {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: ['refund', 'payment'],
    payload: {
      refund: { entity: { ...refund, entity: 'refund', status: event === 'refund.processed' ? 'processed' : 'failed' } },
      payment: { entity: { id: refund.payment_id, entity: 'payment' } },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  return {
    method: 'POST' as const,
    url: '/api/payments/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signWebhook(body, opts.secret ?? 'whsec_test'),
      'x-razorpay-event-id': opts.eventId ?? `evt_${randomUUID().slice(0, 14)}`,
    },
    payload: body,
  };
}

describe('shopper cancels before shipping', () => {
  it('cancels a paid order: stock back through the ledger, one Razorpay refund of the total, credit note, mail', async () => {
    const { shopper, order, paymentId, variants: v } = await paidOrder();
    expect([await stockOf(v.M), await stockOf(v.L)]).toEqual([8, 9]);
    const res = await cancel(shopper, order._id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Razorpay (the sandbox) processed the refund at once: cancelled, then refunded in full.
    expect(body.timeline.map((e: { status: string }) => e.status)).toEqual(['placed', 'cancelled', 'refunded']);
    expect(body.timeline[1].note).toBe('Cancelled by the shopper: Ordered by mistake');
    expect(body.status).toBe('refunded');
    const total = paiseOf(order.totals.grandTotal);
    expect(sandboxRefunds(paymentId)).toHaveLength(1);
    expect(sandboxRefunds(paymentId)[0]).toMatchObject({ amount: total, status: 'processed' });
    expect(body.refunds).toMatchObject({ paid: order.totals.grandTotal, refunded: order.totals.grandTotal, refundable: 0 });
    expect(body.refunds.refunds).toHaveLength(1);
    expect(body.refunds.refunds[0]).toMatchObject({
      source: 'cancel',
      status: 'processed',
      method: 'razorpay',
      amount: order.totals.grandTotal,
    });
    expect(body.refunds.refunds[0].creditNote.number).toMatch(/^RM\/CN\/\d{4}-\d{2}\/\d{5}$/);

    expect([await stockOf(v.M), await stockOf(v.L)]).toEqual([10, 10]);
    const ledger = await t.db
      .select()
      .from(inventoryLedger)
      .where(and(eq(inventoryLedger.orderId, order._id), eq(inventoryLedger.reason, 'cancellation')));
    expect(ledger.map((l) => l.delta).sort()).toEqual([1, 2]);

    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Order #${order._id.slice(-8).toUpperCase()} cancelled`));
    expect(mail.attachments).toEqual([{ kind: 'credit_note', creditNoteId: body.refunds.refunds[0].creditNote._id }]);
    expect(mail.text).toContain(`A refund of ₹${order.totals.grandTotal.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
    const sent: OutgoingMail | undefined = t.mails.find((m) => m.subject === mail.subject);
    expect(sent?.files?.[0].filename).toMatch(/^credit-note-RM-CN-\d{4}-\d{2}-\d{5}\.pdf$/);

    // Cancelling again answers the same order and refunds nothing more.
    const again = await cancel(shopper, order._id);
    expect(again.statusCode).toBe(200);
    expect(again.json().refunds.refunds).toHaveLength(1);
    expect(sandboxRefunds(paymentId)).toHaveLength(1);
    expect(await stockOf(v.M)).toBe(10);
  });

  it("answers 404 for someone else's order, 401 for a guest, 400 for a reason off the list", async () => {
    const { order, shopper } = await paidOrder();
    const stranger = await createUser(t.app, t.db);
    expect((await cancel(stranger, order._id)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${order._id}/cancel`, payload: { reason: 'Other' } })).statusCode).toBe(
      401,
    );
    const bad = await cancel(shopper, order._id, 'Because');
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Please choose a reason for cancelling']);
    expect((await cancel(shopper, 'not-an-id')).statusCode).toBe(404);
  });

  it('refuses once the order has shipped', async () => {
    const { order, shopper, paymentId } = await paidOrder();
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${order._id}/shipments`,
      headers: admin,
      payload: { courier: 'delhivery', awb: `RM${Date.now()}` },
    });
    expect(shipped.statusCode).toBe(201);
    const res = await cancel(shopper, order._id);
    expect([res.statusCode, res.json().message]).toEqual([400, 'This order has shipped and can no longer be cancelled']);
    expect(sandboxRefunds(paymentId)).toHaveLength(0);
  });

  it('cancels a Cash on Delivery order with nothing to refund', async () => {
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 99_900, stockQty: 3 }] });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/payments/cod/create-order',
      headers: { ...shopper.headers, 'idempotency-key': randomUUID() },
      payload: { items: [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }], fromBuyNow: true, shippingAddress },
    });
    expect(placed.statusCode).toBe(201);
    const id = placed.json().order._id;
    const res = await cancel(shopper, id, 'Other');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', refunds: { paid: 0, refunded: 0, refunds: [] } });
    expect(await stockOf(bySize.M.id)).toBe(3);
    // Nothing was paid, but the GST invoice is reversed as a prepaid order's is: a credit note of the
    // whole invoice with no refund behind it.
    const notes = await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ refundId: null, totalPaise: paiseOf(placed.json().order.totals.grandTotal) });
    expect(notes[0].lines.reduce((sum, l) => sum + l.totalPaise, 0)).toBe(notes[0].totalPaise);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Order #${id.slice(-8).toUpperCase()} cancelled`));
    expect(mail.text).toContain('nothing to pay or refund');
    expect(mail.attachments).toEqual([{ kind: 'credit_note', creditNoteId: notes[0].id }]);
    // Cancelling again issues no second note.
    expect((await cancel(shopper, id, 'Other')).statusCode).toBe(200);
    expect(await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, id))).toHaveLength(1);
  });
});

describe('coupon use on cancel', () => {
  it('gives the coupon use back: a one-per-shopper code can be used again after cancelling', async () => {
    const shopper = await createUser(t.app, t.db);
    const couponCode = `BACK${randomUUID().slice(0, 6).toUpperCase()}`;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: admin,
      payload: { code: couponCode, kind: 'percent', percentOff: 10, maxUses: 1, maxUsesPerShopper: 1 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 199_900, stockQty: 5 }] });
    const buy = async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/payments/razorpay/create-order',
        headers: shopper.headers,
        payload: { items: [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }], fromBuyNow: true, shippingAddress, couponCode },
      });
      expect(created.json().pricing.summary.discountType).toBe('COUPON');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/razorpay/verify-and-create-order',
        payload: await t.sandbox.pay(created.json().order.id),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().order as { _id: string };
    };
    const first = await buy();
    expect((await cancel(shopper, first._id)).statusCode).toBe(200);
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, made.json()._id));
    expect(row.used).toBe(0);
    expect((await t.db.select().from(couponUses).where(eq(couponUses.couponId, row.id)))[0].used).toBe(0);
    await buy();
  });
});

describe('admin refunds', () => {
  it('refunds part of an order to the paisa, with a credit note whose lines sum exactly', async () => {
    const { order, paymentId } = await paidOrder();
    const res = await refund(order._id, { amount: 500.25, reason: 'Late delivery goodwill' });
    expect(res.statusCode).toBe(201);
    expect(sandboxRefunds(paymentId).map((r) => r.amount)).toEqual([50_025]);
    const body = res.json();
    expect(body.status).toBe('placed');
    expect(body.refunds).toMatchObject({ refunded: 500.25, refundable: (paiseOf(order.totals.grandTotal) - 50_025) / 100 });

    const [note] = await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, order._id));
    expect(note.totalPaise).toBe(50_025);
    expect(note.lines.reduce((s, l) => s + l.totalPaise, 0)).toBe(50_025);
    // Split as the invoice split the order's GST (CGST + SGST within the shop's state, else IGST).
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    const intraState = items[0].cgstPaise > 0;
    expect(items[0].cgstPaise + items[0].igstPaise).toBeGreaterThan(0);
    for (const line of note.lines) {
      expect(line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(line.totalPaise);
      expect(splitIncludedGst(line.totalPaise, line.taxRateBp, intraState)).toEqual({
        taxablePaise: line.taxablePaise,
        cgstPaise: line.cgstPaise,
        sgstPaise: line.sgstPaise,
        igstPaise: line.igstPaise,
      });
    }
    // Shared by what was paid for each line, ₹2,398.40 (5%) and ₹2,799.20 (18%, above ₹2,500 a piece):
    // 50025 × 2398.40 / 5197.60 = 230.837 and 269.413; floors 230.83 + 269.41, the odd paisa to the larger remainder.
    expect(note.lines.map((l) => [l.taxRateBp, l.totalPaise])).toEqual([
      [500, 23_084],
      [1800, 26_941],
    ]);

    // The PDF: owner and admin may download it, it names the invoice and adds up to the paisa.
    const pdf = await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}/credit-notes/${note.id}`, headers: admin });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(note.number);
    expect(text).toContain(order.invoiceNumber);
    expect(text).toContain('Late delivery goodwill');
    const sum = (k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise') => note.lines.reduce((s, l) => s + l[k], 0);
    const taxes = intraState ? [sum('cgstPaise'), sum('sgstPaise')] : [sum('igstPaise')];
    for (const paise of [sum('taxablePaise'), ...taxes, 50_025]) {
      expect(text).toContain(`₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
    }
    const stranger = await createUser(t.app, t.db);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}/credit-notes/${note.id}`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}/credit-notes/${note.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}/credit-notes/nope` })).statusCode).toBe(404);
  });

  it('refunds and cancels while the settings are not cached (the embedded database has one connection)', async () => {
    // Reading the settings inside the refund's transaction waited forever on PGlite: the read needs
    // the one connection the open transaction holds. Seen as a shop that stopped answering.
    const first = await paidOrder();
    t.app.settings.forget();
    expect((await refund(first.order._id, { amount: 100, reason: 'Goodwill' })).statusCode).toBe(201);
    const second = await paidOrder();
    t.app.settings.forget();
    expect((await cancel(second.shopper, second.order._id)).statusCode).toBe(200);
    expect(sandboxRefunds(second.paymentId).map((r) => r.amount)).toEqual([paiseOf(second.order.totals.grandTotal)]);
  });

  it('refuses more than is left, to the paisa, and a retried key makes no second refund', async () => {
    const { order, paymentId } = await paidOrder();
    const total = paiseOf(order.totals.grandTotal);
    const key = randomUUID();
    expect((await refund(order._id, { amount: 1000, reason: 'Damaged' }, key)).statusCode).toBe(201);
    expect((await refund(order._id, { amount: 1000, reason: 'Damaged' }, key)).statusCode).toBe(201);
    expect(sandboxRefunds(paymentId)).toHaveLength(1);
    const left = total - 100_000;
    const over = await refund(order._id, { amount: (left + 1) / 100, reason: 'Too much' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      `Only ₹${(left / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })} can still be refunded on this order`,
    );
    expect((await refund(order._id, { amount: left / 100, reason: 'The rest' })).statusCode).toBe(201);
    expect(sandboxRefunds(paymentId).map((r) => r.amount)).toEqual([100_000, left]);
    const none = await refund(order._id, { amount: 1, reason: 'More' });
    expect([none.statusCode, none.json().message]).toEqual([400, 'Nothing is left to refund on this order']);
    // Bad input: 4xx, never a 500.
    expect((await refund(order._id, { amount: 1.234, reason: 'x' })).statusCode).toBe(400);
    expect((await refund(order._id, { amount: 10, reason: '' })).statusCode).toBe(400);
    const noKey = await t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${order._id}/refunds`,
      headers: admin,
      payload: { amount: 1, reason: 'x' },
    });
    expect(noKey.statusCode).toBe(400);
  });

  it('two concurrent full refunds: exactly one succeeds and Razorpay sees one refund', async () => {
    const { order, paymentId } = await paidOrder();
    const results = await Promise.all([
      refund(order._id, { amount: order.totals.grandTotal, reason: 'A' }),
      refund(order._id, { amount: order.totals.grandTotal, reason: 'B' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(sandboxRefunds(paymentId)).toHaveLength(1);
    expect(await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order._id))).toHaveLength(1);
  });

  it('admin "Cancel and refund" cancels and refunds everything paid', async () => {
    const { order, paymentId } = await paidOrder();
    await refund(order._id, { amount: 100, reason: 'Goodwill' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${order._id}/cancel`,
      headers: admin,
      payload: { reason: 'Out of fabric' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('refunded');
    expect(res.json().customer).toBeDefined();
    expect(sandboxRefunds(paymentId).map((r) => r.amount)).toEqual([10_000, paiseOf(order.totals.grandTotal) - 10_000]);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Order #${order._id.slice(-8).toUpperCase()} cancelled`));
    expect(mail.text).toContain('we had to cancel your order (Out of fabric)');
  });

  it('records a manual refund of a collected Cash on Delivery order with its bank/UPI reference', async () => {
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 99_900, stockQty: 3 }] });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/payments/cod/create-order',
      headers: { ...shopper.headers, 'idempotency-key': randomUUID() },
      payload: { items: [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }], fromBuyNow: true, shippingAddress },
    });
    const id = placed.json().order._id;
    // Nothing collected yet: nothing to refund.
    const early = await refund(id, { amount: 100, reason: 'x', manualReference: 'UTR1' });
    expect([early.statusCode, early.json().message]).toEqual([400, 'Nothing is left to refund on this order']);
    await t.db
      .update(orders)
      .set({ status: 'delivered', paymentStatus: 'collected', paymentCollectedAt: new Date() })
      .where(eq(orders.id, id));
    const noRef = await refund(id, { amount: 100, reason: 'Stain on the sleeve' });
    expect([noRef.statusCode, noRef.json().errors?.manualReference]).toEqual([
      400,
      'Please enter the bank or UPI reference of the refund you sent',
    ]);
    const res = await refund(id, { amount: 100, reason: 'Stain on the sleeve', manualReference: 'UPI 4312 8890' });
    expect(res.statusCode).toBe(201);
    expect(res.json().refunds.refunds[0]).toMatchObject({
      method: 'manual',
      status: 'processed',
      manualReference: 'UPI 4312 8890',
      amount: 100,
    });
    expect([...t.sandbox.state.refunds.values()].filter((r) => r.notes.order_id === id)).toHaveLength(0);
  });
});

describe('refund webhooks', () => {
  it('moves a pending refund on refund.processed; replays and late refund.failed change nothing', async () => {
    const { order } = await paidOrder();
    t.sandbox.state.refundMode = 'pending';
    try {
      expect((await refund(order._id, { amount: 250, reason: 'Late' })).statusCode).toBe(201);
    } finally {
      t.sandbox.state.refundMode = 'processed';
    }
    const [row] = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order._id));
    expect(row.status).toBe('pending');
    const rz = t.sandbox.state.refunds.get(row.providerRefundId!)!;

    const unsigned = refundEvent('refund.processed', rz, { secret: 'wrong' });
    expect((await t.app.inject(unsigned)).statusCode).toBe(400);

    const processed = refundEvent('refund.processed', rz, { eventId: 'evt_refund_processed_1' });
    expect((await t.app.inject(processed)).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject(processed)).json()).toEqual({ status: 'duplicate' });
    const late = await t.app.inject(refundEvent('refund.failed', rz));
    expect(late.statusCode).toBe(200);
    const [after] = await t.db.select().from(orderRefunds).where(eq(orderRefunds.id, row.id));
    expect(after.status).toBe('processed');
    expect(after.processedAt).not.toBeNull();
  });

  it('a webhook before Razorpay answered finds the refund by its notes', async () => {
    const { order, paymentId } = await paidOrder();
    t.sandbox.state.refundMode = 'pending';
    try {
      await refund(order._id, { amount: 300, reason: 'Late' });
    } finally {
      t.sandbox.state.refundMode = 'processed';
    }
    const [row] = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order._id));
    // As if the answer had been lost: the shop does not know Razorpay's id yet.
    await t.db.update(orderRefunds).set({ providerRefundId: null }).where(eq(orderRefunds.id, row.id));
    const rz = sandboxRefunds(paymentId)[0];
    expect((await t.app.inject(refundEvent('refund.processed', rz))).statusCode).toBe(200);
    const [after] = await t.db.select().from(orderRefunds).where(eq(orderRefunds.id, row.id));
    expect([after.status, after.providerRefundId]).toEqual(['processed', rz.id]);
  });

  it('a failed refund is listed for the dashboard and an admin retry refunds once more under a new key', async () => {
    const { order, paymentId } = await paidOrder();
    t.sandbox.state.refundMode = 'fail';
    try {
      expect((await refund(order._id, { amount: 400, reason: 'Wrong colour' })).statusCode).toBe(201);
    } finally {
      t.sandbox.state.refundMode = 'processed';
    }
    const [row] = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order._id));
    expect(row.status).toBe('failed');
    const failed = await t.app.inject({ method: 'GET', url: '/api/admin/refunds/unsettled', headers: admin });
    expect(failed.json().some((r: { _id: string; orderId: string }) => r._id === row.id && r.orderId === order._id)).toBe(true);
    // A failed refund went nowhere, but it is still owed: it is not made again as a new refund (with a
    // second credit note for the same money); it is retried.
    const before = (await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: admin })).json().refunds;
    expect(before).toMatchObject({ refunded: 0, state: 'refund_failed', refundable: (paiseOf(order.totals.grandTotal) - 40_000) / 100 });
    const full = await refund(order._id, { amount: order.totals.grandTotal, reason: 'Again' });
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toMatch(/^Only ₹[\d,.]+ can still be refunded on this order$/);

    const retry = await t.app.inject({ method: 'POST', url: `/api/orders/admin/${order._id}/refunds/${row.id}/retry`, headers: admin });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().refunds.refunds[0]).toMatchObject({ status: 'processed', amount: 400 });
    expect(sandboxRefunds(paymentId).map((r) => r.status)).toEqual(['failed', 'processed']);
    const again = await t.app.inject({ method: 'POST', url: `/api/orders/admin/${order._id}/refunds/${row.id}/retry`, headers: admin });
    expect(again.statusCode).toBe(409);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/refunds/unsettled', headers: admin }))
        .json()
        .some((r: { _id: string }) => r._id === row.id),
    ).toBe(false);
    // One refund, one credit note: the notes never add up to more than what went back.
    const notes = await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, order._id));
    expect(notes.map((n) => n.totalPaise)).toEqual([40_000]);
  });
});

describe('a parcel back undelivered (return to origin)', () => {
  const ship = (id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${id}/shipments`,
      headers: admin,
      payload: { courier: 'delhivery', awb: `RTO${randomUUID().slice(0, 8)}` },
    });
  const undelivered = (id: string, note = 'Shopper not reachable') =>
    t.app.inject({ method: 'POST', url: `/api/orders/admin/${id}/returned-undelivered`, headers: admin, payload: { note } });

  it('an unpaid Cash on Delivery order: units back, its invoice reversed by a credit note with no refund, once', async () => {
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 69_900, stockQty: 4 }] });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/payments/cod/create-order',
      headers: { ...shopper.headers, 'idempotency-key': randomUUID() },
      payload: { items: [{ productId: product.id, variantId: bySize.M.id, quantity: 2 }], fromBuyNow: true, shippingAddress },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().order._id as string;
    expect((await undelivered(id)).statusCode).toBe(409); // not shipped yet
    expect((await ship(id)).statusCode).toBe(201);
    expect(await stockOf(bySize.M.id)).toBe(2);
    const res = await undelivered(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'returned', refunds: { paid: 0, refunds: [] } });
    expect(await stockOf(bySize.M.id)).toBe(4);
    const notes = await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ refundId: null, totalPaise: paiseOf(placed.json().order.totals.grandTotal) });
    expect((await undelivered(id)).statusCode).toBe(200);
    expect(await stockOf(bySize.M.id)).toBe(4);
    expect(await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, id))).toHaveLength(1);
  });

  it('a prepaid order: refunded in full once, with its credit note', async () => {
    const { order, paymentId } = await paidOrder();
    expect((await ship(order._id)).statusCode).toBe(201);
    const res = await undelivered(order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('refunded');
    expect((await undelivered(order._id)).statusCode).toBe(200);
    expect(sandboxRefunds(paymentId).map((r) => r.amount)).toEqual([paiseOf(order.totals.grandTotal)]);
    const notes = await t.db.select().from(creditNotes).where(eq(creditNotes.orderId, order._id));
    expect(notes.map((n) => n.totalPaise)).toEqual([paiseOf(order.totals.grandTotal)]);
  });
});
