/**
 * Limits on the calls that cost the shop CPU or let a caller guess (docs/decisions/0021-upload-limits.md
 * "Request limits"): PDF renders, pincode look-ups, helpful votes, disk uploads per address, and
 * wrong coupon codes per shopper (only failures count, so a shopper's ordinary previews never do).
 * Each test speaks from its own address (inject's remoteAddress).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createInvoicedOrder } from '../../../../tests/helpers/invoiced-order';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { ABUSE_LIMITS } from '../../plugins/abuse-limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipSeq = 0;
/** A fresh caller address for one test. */
const newIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

/** Sends `count` requests and answers the status codes; the last response is returned too. */
async function hammer(count: number, send: () => Promise<Answer>) {
  const codes: number[] = [];
  let last: Answer | undefined;
  for (let i = 0; i < count; i++) {
    last = await send();
    codes.push(last.statusCode);
  }
  return { codes, last: last! };
}

function expectLimited(res: { statusCode: number; headers: Record<string, unknown>; json(): { message: string } }) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json().message).toMatch(/^Too many .*Please try again in \d+ (seconds|minutes?)\.$/);
}

describe('PDF renders', () => {
  it(`renders at most ${ABUSE_LIMITS.pdf.max} invoices a minute per address, then answers 429 with Retry-After`, async () => {
    const shopper = await createUser(t.app, t.db);
    const order = await createInvoicedOrder(t.db, {
      userId: shopper.user.id,
      invoiceNumber: `RM/2026-27/${Date.now() % 100000}`,
      lines: [{ title: 'Kurta', size: 'M', hsn: '6211', unitPricePaise: 99_900, quantity: 1, discountPaise: 0 }],
    });
    const headers = shopper.headers;
    const remoteAddress = newIp();
    const { codes, last } = await hammer(ABUSE_LIMITS.pdf.max + 1, () =>
      t.app.inject({ url: `/api/orders/${order.id}/invoice`, headers, remoteAddress }),
    );
    expect(codes.slice(0, -1).every((c) => c === 200)).toBe(true);
    expectLimited(last);
  });

  it('limits credit note renders the same way', async () => {
    const headers = {};
    const remoteAddress = newIp();
    const { codes, last } = await hammer(ABUSE_LIMITS.pdf.max + 1, () =>
      t.app.inject({ url: `/api/orders/${randomUUID()}/credit-notes/${randomUUID()}`, headers, remoteAddress }),
    );
    expect(codes.slice(0, -1).every((c) => c === 404)).toBe(true);
    expectLimited(last);
  });
});

describe('pincode look-ups', () => {
  it(`answer at most ${ABUSE_LIMITS.pincode.max} a minute per address`, async () => {
    const headers = {};
    const remoteAddress = newIp();
    const { codes, last } = await hammer(ABUSE_LIMITS.pincode.max + 1, () =>
      t.app.inject({ url: '/api/pincodes/560001', headers, remoteAddress }),
    );
    expect(codes.slice(0, -1).every((c) => c === 200)).toBe(true);
    expectLimited(last);
  });
});

describe('helpful votes', () => {
  it(`take at most ${ABUSE_LIMITS.helpfulVote.max} votes a minute per address`, async () => {
    const shopper = await createUser(t.app, t.db);
    const headers = shopper.headers;
    const remoteAddress = newIp();
    const { codes, last } = await hammer(ABUSE_LIMITS.helpfulVote.max + 1, () =>
      t.app.inject({ method: 'POST', url: `/api/reviews/${randomUUID()}/helpful`, headers, remoteAddress }),
    );
    expect(codes.slice(0, -1).every((c) => c === 404)).toBe(true);
    expectLimited(last);
  });
});

describe('disk uploads', () => {
  it(`take at most ${ABUSE_LIMITS.upload.max} upload requests a minute per address`, async () => {
    const headers = {};
    const remoteAddress = newIp();
    const { codes, last } = await hammer(ABUSE_LIMITS.upload.max + 1, () =>
      t.app.inject({ method: 'POST', url: '/api/media/upload', headers, remoteAddress, payload: { file: 'x' } }),
    );
    expect(codes.slice(0, -1).every((c) => c === 400)).toBe(true);
    expectLimited(last);
  });
});

describe('coupon tries', () => {
  const preview = (shopper: { headers: Record<string, string> }, items: object[], couponCode?: string, ip = newIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/preview',
      headers: shopper.headers,
      remoteAddress: ip,
      payload: { items, couponCode },
    });

  it('counts wrong codes per shopper: past the limit every code try gets 429, a preview without a code still works', async () => {
    const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 99_900, stockQty: 10 }] });
    const items = [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }];
    const shopper = await createUser(t.app, t.db);

    // Ordinary use never counts: many previews without a code.
    for (let i = 0; i < ABUSE_LIMITS.couponFailures.max + 5; i++) expect((await preview(shopper, items)).statusCode).toBe(200);

    for (let i = 0; i < ABUSE_LIMITS.couponFailures.max; i++) {
      const res = await preview(shopper, items, `WRONG${i}X`);
      expect(res.statusCode).toBe(200);
      expect(res.json().coupon).toMatchObject({ valid: false, message: 'Invalid coupon code' });
    }
    const limited = await preview(shopper, items, 'WRONGAGAIN');
    expectLimited(limited);
    expect(limited.json().message).toMatch(/^Too many wrong coupon codes\./);
    // From another address too: the count is the shopper's.
    expectLimited(await preview(shopper, items, 'WELCOME10'));
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/create-order',
      headers: shopper.headers,
      remoteAddress: newIp(),
      payload: { currency: 'INR', items, fromBuyNow: true, shippingAddress, couponCode: 'WRONGCODE' },
    });
    expectLimited(order);

    // The shopper can still see prices and check out without a code; another shopper is unaffected.
    expect((await preview(shopper, items)).statusCode).toBe(200);
    const other = await createUser(t.app, t.db);
    expect((await preview(other, items, 'WRONGCODE')).statusCode).toBe(200);
  });

  it('counts wrong codes given to create-order (refused with 400) the same way', async () => {
    const { product, bySize } = await createProduct(t.db, { variants: [{ size: 'M', pricePaise: 99_900, stockQty: 10 }] });
    const items = [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }];
    const shopper = await createUser(t.app, t.db);
    const create = (couponCode: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/cod/create-order',
        headers: shopper.headers,
        remoteAddress: newIp(),
        payload: { currency: 'INR', items, fromBuyNow: true, shippingAddress, couponCode },
      });
    for (let i = 0; i < ABUSE_LIMITS.couponFailures.max; i++) {
      const res = await create(`NOPE${i}CODE`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid coupon code');
    }
    expectLimited(await create('NOPEAGAIN'));
  });
});
