import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { mailOutbox, orders } from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';

// With the mail server down the order still completes; its mail waits and is delivered later.
let t: TestApp;
let serverUp = false;
const delivered: MailMessage[] = [];
beforeAll(async () => {
  t = await createTestApp({
    mailer: {
      target: 'flaky smtp',
      async send(message) {
        if (!serverUp) throw new Error('connect ECONNREFUSED 127.0.0.1:587');
        delivered.push(message);
      },
    },
  });
});
afterAll(() => t.close());

describe('mail server outage', () => {
  it('completes the order, keeps its confirmation mail, and delivers it once the server is back', async () => {
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/create-order',
      headers: shopper.headers,
      payload: { items: [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }], shippingAddress },
    });
    const paid = await t.sandbox.pay(created.json().order.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/razorpay/verify-and-create-order', payload: paid });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(orders).where(eq(orders.userId, shopper.user.id))).toHaveLength(1);
    // The mail was written in the order's transaction: it is there as soon as the order is.
    expect(await t.db.select({ to: mailOutbox.to }).from(mailOutbox)).toEqual([{ to: shippingAddress.email }]);

    // Its first delivery attempt, made after the commit, fails: wait for it.
    await expect.poll(async () => (await t.db.select().from(mailOutbox)).map((m) => m.lastError !== null)).toEqual([true]);
    const [pending] = await t.db.select().from(mailOutbox);
    expect(pending.sentAt).toBeNull();
    expect(pending.lastError).toContain('ECONNREFUSED');
    expect(delivered).toEqual([]);

    // Still down: a retry run fails again and keeps the mail.
    await t.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await t.app.mailQueue.deliverDue()).toEqual({ sent: 0, failed: 1 });

    serverUp = true;
    await t.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await t.app.mailQueue.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(delivered.map((m) => m.to)).toEqual([shippingAddress.email]);
    expect(delivered[0].subject).toMatch(/^Order #[0-9A-F]{8} confirmed$/);
    // Nothing is sent twice.
    await t.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await t.app.mailQueue.deliverDue()).toEqual({ sent: 0, failed: 0 });
  });

  it('tells a shopper signing up that the code could not be sent, with 502', async () => {
    serverUp = false;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register-start',
      payload: { name: 'Neha Gupta', email: 'neha@example.in', phone: '9876501234', password: 'Str0ng!Pass' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'We could not send the code right now. Please try again in a minute.' });
  });
});
