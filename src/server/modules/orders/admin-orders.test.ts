import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRef } from '../../../core/schemas/admin-orders';
import { createOrderRecord, createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { couponUses, coupons, orderEvents, orders, variants } from '../../db/schema';
import { csvCell, exportOrdersCsv } from './admin-service';
import { addIstDays, istDate, istDayEnd, istDayStart } from '../../../core/india-time';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin', name: 'Store Admin' })).headers;
});
afterAll(() => t.close());

const list = (query = '') => t.app.inject({ url: `/api/orders/admin/all${query}`, headers: admin });
const ids = (body: { orders: { _id: string }[] }) => body.orders.map((o) => o._id);

/** A minimal RFC 4180 reader for checking the export (quotes, commas, CRLF and LF in cells). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

// The list and export tests run first, on a known set of orders.
describe('GET /api/orders/admin/all and the CSV export', () => {
  const base = new Date('2024-05-01T18:30:00.000Z'); // 2 May 2024, 00:00 IST
  let rohan: Awaited<ReturnType<typeof createUser>>;
  let priya: Awaited<ReturnType<typeof createUser>>;
  const made: Record<string, typeof orders.$inferSelect> = {};

  beforeAll(async () => {
    rohan = await createUser(t.app, t.db, { name: 'Rohan Mehta', email: 'rohan.mehta@example.in', phone: '9811122233' });
    priya = await createUser(t.app, t.db, { name: 'Priya Nair', email: 'priya@example.in', phone: '' });
    // 24 plain orders, one per hour going back from 1 May 17:00 UTC (1 May 22:30 IST).
    for (let i = 0; i < 24; i++) {
      await createOrderRecord(t.db, {
        userId: rohan.user.id,
        email: 'rohan.mehta@example.in',
        createdAt: new Date(base.getTime() - (i + 1.5) * 3600_000),
      });
    }
    // Either side of the IST midnight between 1 and 2 May.
    made.lastOfMay1 = await createOrderRecord(t.db, {
      userId: rohan.user.id,
      email: 'rohan.mehta@example.in',
      createdAt: new Date(base.getTime() - 1),
    });
    made.firstOfMay2 = await createOrderRecord(t.db, {
      userId: priya.user.id,
      email: 'priya.orders@example.in',
      phone: '9123456780',
      status: 'shipped',
      createdAt: base,
      shipping: { firstName: 'Kavya', lastName: "D'Souza", city: 'Panaji', state: 'Goa', pincode: '403001' },
      lines: [
        {
          productId: '00000000-0000-4000-8000-00000000000a',
          variantId: null,
          title: 'Silk Saree',
          size: 'Free',
          unitPricePaise: 459_950,
          quantity: 1,
        },
        {
          productId: '00000000-0000-4000-8000-00000000000b',
          variantId: null,
          title: 'Cotton Dupatta',
          size: 'Free',
          unitPricePaise: 49_900,
          quantity: 2,
        },
      ],
      discountPaise: 11_195,
    });
    // A customer whose fields try to break the CSV or run as spreadsheet formulas.
    const mallory = await createUser(t.app, t.db, {
      name: '=HYPERLINK("http://evil.example","Click")',
      email: 'mallory@example.in',
      phone: '9000000001',
    });
    made.tricky = await createOrderRecord(t.db, {
      userId: mallory.user.id,
      email: 'mallory@example.in',
      status: 'cancelled',
      createdAt: new Date(base.getTime() + 3600_000),
      shipping: { firstName: '+Mal', lastName: 'Lory', city: 'Mumbai, "South"\nWest', state: '@Maharashtra', pincode: '400001' },
      lines: [
        {
          productId: '00000000-0000-4000-8000-00000000000c',
          variantId: null,
          title: 'Kurta, "Classic"',
          size: 'L',
          unitPricePaise: 100_000,
          quantity: 1,
        },
      ],
    });
  });

  it('pages newest first with the totals the screen needs', async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ currentPage: 1, totalPages: 2, totalOrders: 27 });
    expect(body.orders).toHaveLength(20);
    expect(body.orders[0]._id).toBe(made.tricky.id);
    expect(body.orders[1]._id).toBe(made.firstOfMay2.id);
    const times = body.orders.map((o: { createdAt: string }) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const second = (await list('?page=2')).json();
    expect(second).toMatchObject({ currentPage: 2, totalPages: 2, totalOrders: 27 });
    expect(second.orders).toHaveLength(7);
    expect(new Set([...ids(body), ...ids(second)]).size).toBe(27);
    expect((await list('?page=3')).json()).toMatchObject({ orders: [], currentPage: 3, totalPages: 2, totalOrders: 27 });
    expect((await list('?limit=10&page=3')).json()).toMatchObject({ currentPage: 3, totalPages: 3, totalOrders: 27 });
    expect((await list('?limit=10&page=3')).json().orders).toHaveLength(7);
    // Empty values (an "All" filter) mean not set.
    expect((await list('?status=&startDate=&endDate=&search=&page=&limit=')).json()).toMatchObject({ currentPage: 1, totalOrders: 27 });
    expect((await list('?status=delivered')).json()).toEqual({ orders: [], currentPage: 1, totalPages: 1, totalOrders: 0 });
  });

  it('gives each order the shopper shape plus its customer', async () => {
    const body = (await list('?status=shipped')).json();
    expect(body.totalOrders).toBe(1);
    const [order] = body.orders;
    expect(order).toMatchObject({
      _id: made.firstOfMay2.id,
      status: 'shipped',
      email: 'priya.orders@example.in',
      phone: '9123456780',
      totals: { subTotal: 5597.5, discount: 111.95, grandTotal: 5485.55 },
      shippingAddress: { firstName: 'Kavya', lastName: "D'Souza", city: 'Panaji' },
      // The account has no phone, so the order's is shown.
      customer: { name: 'Priya Nair', email: 'priya@example.in', phone: '9123456780' },
    });
    expect(order.items.map((i: { title: string; quantity: number }) => [i.title, i.quantity])).toEqual([
      ['Silk Saree', 1],
      ['Cotton Dupatta', 2],
    ]);
    expect(order.timeline).toEqual([{ status: 'placed', at: base.toISOString(), note: 'Payment received' }]);

    const one = await t.app.inject({ url: `/api/orders/admin/${made.lastOfMay1.id}`, headers: admin });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      _id: made.lastOfMay1.id,
      customer: { name: 'Rohan Mehta', email: 'rohan.mehta@example.in', phone: '9811122233' },
    });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', 'export']) {
      const res = await t.app.inject({ url: `/api/orders/admin/${id}`, headers: admin });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Order not found');
    }
  });

  it('filters by status and by inclusive India days, at the IST midnight boundary', async () => {
    expect(ids((await list('?status=cancelled')).json())).toEqual([made.tricky.id]);
    // 2 May IST starts at 1 May 18:30 UTC: the order a millisecond earlier is 1 May.
    expect(ids((await list('?startDate=2024-05-02&endDate=2024-05-02')).json())).toEqual([made.tricky.id, made.firstOfMay2.id]);
    const may1 = (await list('?startDate=2024-05-01&endDate=2024-05-01&limit=100')).json();
    expect(may1.orders[0]._id).toBe(made.lastOfMay1.id);
    expect(may1.totalOrders).toBe(24); // 23 hourly orders (22:30 back to 00:30 IST) and the one at 23:59:59.999 IST
    expect(ids((await list('?endDate=2024-04-30')).json())).toHaveLength(1); // 30 Apr, 23:30 IST
    expect((await list('?startDate=2024-05-02')).json().totalOrders).toBe(2);
    expect((await list('?startDate=2024-05-02&status=shipped')).json().totalOrders).toBe(1);
    expect(istDayStart('2024-05-02').toISOString()).toBe('2024-05-01T18:30:00.000Z');
    expect(istDayEnd('2024-05-02').toISOString()).toBe('2024-05-02T18:30:00.000Z');
    expect(istDate(new Date('2024-05-01T18:29:59.999Z'))).toBe('2024-05-01');
    expect(addIstDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('searches by order reference, e-mail, phone and customer name', async () => {
    const ref = orderRef(made.firstOfMay2.id);
    expect(ref).toMatch(/^[0-9A-F]{8}$/);
    for (const term of [ref, ref.toLowerCase(), `#${ref}`, ` ${ref} `, made.firstOfMay2.id]) {
      expect(ids((await list(`?search=${encodeURIComponent(term)}`)).json()), term).toContain(made.firstOfMay2.id);
    }
    const exact = (await list(`?search=${ref}`)).json();
    expect(exact.orders.every((o: { _id: string; phone: string }) => o._id.toUpperCase().includes(ref) || o.phone.includes(ref))).toBe(
      true,
    );

    const search = async (term: string) => ids((await list(`?search=${encodeURIComponent(term)}&limit=100`)).json());
    expect(await search('PRIYA.ORDERS@example')).toEqual([made.firstOfMay2.id]); // the order's e-mail
    expect(await search('priya@example.in')).toEqual([made.firstOfMay2.id]); // the account's e-mail
    expect(await search('+91 91234 56780')).toEqual([made.firstOfMay2.id]); // phone, written the Indian way
    expect(await search('kavya d')).toEqual([made.firstOfMay2.id]); // shipping first and last name
    expect(await search("d'souza")).toEqual([made.firstOfMay2.id]);
    expect(await search('priya nair')).toEqual([made.firstOfMay2.id]); // the account name
    expect(await search('nair')).toEqual([made.firstOfMay2.id]); // any part of it, from 3 characters
    expect(await search('ai')).toEqual([]); // shorter terms match the start only ("a" is not every order)
    expect((await search('rohan')).length).toBe(25);
    expect(await search('981112')).toHaveLength(25); // the account's phone
    expect(await search('%')).toEqual([]); // wildcards are literal
    expect(await search('nobody-here')).toEqual([]);
    expect((await list(`?search=rohan&status=placed&startDate=2024-05-01&endDate=2024-05-01`)).json().totalOrders).toBe(24);
  });

  it('answers 400 with a message for bad query values, never a 500', async () => {
    const cases: [string, string][] = [
      [
        '?status=bogus',
        'Status must be one of: placed, confirmed, processing, packed, shipped, out_for_delivery, delivered, cancelled, return_requested, returned, refunded',
      ],
      [
        '?status=placed&status=shipped',
        'Status must be one of: placed, confirmed, processing, packed, shipped, out_for_delivery, delivered, cancelled, return_requested, returned, refunded',
      ],
      ['?page=0', 'Page must be a whole number of 1 or more'],
      ['?page=-1', 'Page must be a whole number of 1 or more'],
      ['?page=abc', 'Page must be a whole number of 1 or more'],
      ['?page=1.5', 'Page must be a whole number of 1 or more'],
      ['?page=99999999999999999999', 'Page must be a whole number of 1 or more'],
      ['?limit=0', 'Limit must be a whole number from 1 to 100'],
      ['?limit=101', 'Limit must be a whole number from 1 to 100'],
      ['?startDate=2024-02-30', 'Start date must be a date in YYYY-MM-DD form'],
      ['?startDate=02-05-2024', 'Start date must be a date in YYYY-MM-DD form'],
      ['?endDate=tomorrow', 'End date must be a date in YYYY-MM-DD form'],
      ['?startDate=2024-05-03&endDate=2024-05-02', 'Start date must be on or before the end date'],
      [`?search=${'x'.repeat(101)}`, 'Search must be at most 100 characters'],
    ];
    for (const [query, message] of cases) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
    const csv = await t.app.inject({ url: '/api/orders/admin/export.csv?startDate=2024-13-01', headers: admin });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().message).toBe('Start date must be a date in YYYY-MM-DD form');
  });

  it('exports the filtered orders as CSV with IST dates, rupees, escaping and formula guards', async () => {
    const res = await t.app.inject({ url: '/api/orders/admin/export.csv?startDate=2024-05-02', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${istDate(new Date())}.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([
      'Order ref',
      'Date (IST)',
      'Status',
      'Customer',
      'Email',
      'Phone',
      'Items',
      'Subtotal',
      'Discount',
      'Total',
      'City',
      'State',
      'Pincode',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      orderRef(made.tricky.id),
      '2024-05-02 01:00',
      'cancelled',
      `'=HYPERLINK("http://evil.example","Click")`,
      'mallory@example.in',
      '9000000001',
      'Kurta, "Classic" (L) x1',
      '1000.00',
      '0.00',
      '1000.00',
      'Mumbai, "South"\nWest',
      "'@Maharashtra",
      '400001',
    ]);
    expect(rows[2]).toEqual([
      orderRef(made.firstOfMay2.id),
      '2024-05-02 00:00',
      'shipped',
      'Priya Nair',
      'priya@example.in',
      '9123456780',
      'Silk Saree (Free) x1; Cotton Dupatta (Free) x2',
      '5597.50',
      '111.95',
      '5485.55',
      'Panaji',
      'Goa',
      '403001',
    ]);
    // The raw text quotes what needs quoting.
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(res.body).toContain('"Mumbai, ""South""\nWest"');

    const all = parseCsv((await t.app.inject({ url: '/api/orders/admin/export.csv', headers: admin })).body.slice(1));
    expect(all).toHaveLength(28);
    const searched = parseCsv(
      (await t.app.inject({ url: '/api/orders/admin/export.csv?search=kavya&status=shipped', headers: admin })).body.slice(1),
    );
    expect(searched.slice(1).map((r) => r[0])).toEqual([orderRef(made.firstOfMay2.id)]);
    const none = await t.app.inject({ url: '/api/orders/admin/export.csv?status=delivered', headers: admin });
    expect(parseCsv(none.body.slice(1))).toHaveLength(1);
  });

  it('reads the export in batches without losing or repeating an order', async () => {
    const whole = (await t.app.inject({ url: '/api/orders/admin/export.csv', headers: admin })).body;
    let batched = '';
    for await (const chunk of await exportOrdersCsv(t.db, {}, { batchSize: 4 })) batched += chunk;
    expect(batched).toBe(whole);
    expect(new Set(parseCsv(batched.slice(1)).map((r) => r[0])).size).toBe(28);
  });

  it('refuses NUL characters with a 400 instead of failing in the database', async () => {
    const res = await list('?search=a%00b');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Text contains invalid characters');
    const note = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/admin/${made.tricky.id}/status`,
      headers: admin,
      payload: { status: 'cancelled', note: 'a\u0000b' },
    });
    expect(note.statusCode).toBe(400);
  });

  it('neutralises formulas and quotes cells the RFC 4180 way', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+919876543210')).toBe("'+919876543210");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\r\nbreak')).toBe('"line\r\nbreak"');
    expect(csvCell('=a,"b"')).toBe(`"'=a,""b"""`);
    expect(csvCell('Asha Verma')).toBe('Asha Verma');
    expect(csvCell(12.5)).toBe('12.5');
  });
});

describe('PUT /api/orders/admin/{id}/status', () => {
  async function paidOrder(quantities: { M: number; L: number }, couponCode?: string) {
    const shopper = await createUser(t.app, t.db);
    const { product, bySize } = await createProduct(t.db, {
      variants: [
        { size: 'M', pricePaise: 149_900, stockQty: 10 },
        { size: 'L', pricePaise: 159_900, stockQty: 10 },
      ],
    });
    const items = [
      { productId: product.id, variantId: bySize.M.id, quantity: quantities.M },
      { productId: product.id, variantId: bySize.L.id, quantity: quantities.L },
    ];
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/create-order',
      headers: shopper.headers,
      payload: {
        currency: 'INR',
        items,
        email: shippingAddress.email,
        phone: shippingAddress.phone,
        fromBuyNow: true,
        shippingAddress,
        ...(couponCode ? { couponCode } : {}),
      },
    });
    const paid = await t.sandbox.pay(created.json().order.id);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/verify-and-create-order',
      headers: shopper.headers,
      payload: paid,
    });
    expect(verified.statusCode).toBe(200);
    return { shopper, order: verified.json().order, M: bySize.M.id, L: bySize.L.id };
  }
  const stockOf = async (variantId: string) =>
    (await t.db.select({ q: variants.stockQty }).from(variants).where(eq(variants.id, variantId)))[0].q;
  const setStatus = (id: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/orders/admin/${id}/status`, headers: admin, payload });

  it('moves an order between the stages before shipping, with notes on the timeline the shopper sees; no status moves stock', async () => {
    const { shopper, order, M, L } = await paidOrder({ M: 2, L: 1 });
    expect([await stockOf(M), await stockOf(L)]).toEqual([8, 9]);

    const confirmed = await setStatus(order._id, { status: 'confirmed' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ _id: order._id, status: 'confirmed', customer: { name: 'Asha Verma' } });
    expect(confirmed.json().timeline.map((e: { status: string; note: string }) => [e.status, e.note])).toEqual([
      ['placed', 'Payment received'],
      ['confirmed', ''],
    ]);
    expect((await setStatus(order._id, { status: 'packed', note: 'Packed by Ravi' })).json().status).toBe('packed');
    // Back a stage is allowed too: nothing has left the shop.
    expect((await setStatus(order._id, { status: 'processing', note: 'Repacking in a bigger box' })).json().status).toBe('processing');
    expect([await stockOf(M), await stockOf(L)]).toEqual([8, 9]);

    // The same status again: nothing without a note, an entry with one.
    const same = await setStatus(order._id, { status: 'processing' });
    expect(same.statusCode).toBe(200);
    expect(same.json().timeline).toHaveLength(4);
    const noted = await setStatus(order._id, { status: 'processing', note: '  Gift wrap asked for  ' });
    expect(noted.json().timeline.at(-1)).toMatchObject({ status: 'processing', note: 'Gift wrap asked for' });

    const shopperView = await t.app.inject({ url: `/api/orders/${order._id}`, headers: shopper.headers });
    expect(shopperView.statusCode).toBe(200);
    expect(shopperView.json().status).toBe('processing');
    const timeline = shopperView.json().timeline;
    expect(timeline.map((e: { status: string; note: string }) => [e.status, e.note])).toEqual([
      ['placed', 'Payment received'],
      ['confirmed', ''],
      ['packed', 'Packed by Ravi'],
      ['processing', 'Repacking in a bigger box'],
      ['processing', 'Gift wrap asked for'],
    ]);
    const times = timeline.map((e: { at: string }) => e.at);
    expect([...times].sort()).toEqual(times);
    expect(new Set(times).size).toBe(times.length);
    expect((await t.db.select().from(orders).where(eq(orders.id, order._id)))[0].restocked).toBe(false);
  });

  it('refuses to cancel (400, naming Cancel and refund), which then refunds, restocks and gives the coupon back', async () => {
    const [coupon] = await t.db
      .insert(coupons)
      .values({ code: `DROP${Date.now() % 1_000_000}`, kind: 'flat', amountOffPaise: 50_000, maxUses: 5, maxUsesPerShopper: 1 })
      .returning();
    const { order, M, L } = await paidOrder({ M: 1, L: 1 }, coupon.code);
    expect(order.coupon).toMatchObject({ code: coupon.code });
    expect([await stockOf(M), await stockOf(L)]).toEqual([9, 9]);
    const usedOf = async () => (await t.db.select({ used: coupons.used }).from(coupons).where(eq(coupons.id, coupon.id)))[0].used;
    expect(await usedOf()).toBe(1);

    const refused = await setStatus(order._id, { status: 'cancelled', note: 'Customer asked to cancel' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Use Cancel and refund (Payment and refunds, in View Details) to cancel an order: it refunds the payment, puts the items back in stock and gives the coupon back',
    );
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ status: 'placed', restocked: false });
    expect(await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id))).toHaveLength(1);

    // The real action still does everything.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${order._id}/cancel`,
      headers: admin,
      payload: { reason: 'Customer asked to cancel' },
    });
    expect(cancelled.statusCode).toBe(200);
    // Razorpay's sandbox answers the refund at once: cancelled, then refunded in full.
    expect(cancelled.json()).toMatchObject({ status: 'refunded', refunds: { refunded: order.totals.grandTotal } });
    expect(cancelled.json().timeline.map((e: { status: string }) => e.status)).toEqual(['placed', 'cancelled', 'refunded']);
    expect([await stockOf(M), await stockOf(L)]).toEqual([10, 10]);
    expect(await usedOf()).toBe(0);
    const [use] = await t.db.select().from(couponUses).where(eq(couponUses.couponId, coupon.id));
    expect(use.used).toBe(0);
  });

  it('refuses the moves of the explicit actions (400, naming the action) and the moves the state machine refuses (409)', async () => {
    const { order } = await paidOrder({ M: 1, L: 1 });
    const cases: [string, number, string][] = [
      ['shipped', 400, 'Use Ship order (Shipping, in View Details) to ship an order: it records the courier and AWB and mails the shopper'],
      [
        'refunded',
        400,
        'Refunds are made from Payment and refunds, in View Details: the order becomes refunded once everything paid is refunded',
      ],
      ['out_for_delivery', 409, 'This order has not shipped yet and cannot be marked out for delivery'],
      ['delivered', 409, 'This order has not shipped yet and cannot be marked delivered'],
      ['return_requested', 409, 'This order is placed and cannot be returned'],
      ['returned', 409, 'This order is placed and cannot be marked returned'],
    ];
    for (const [status, code, message] of cases) {
      const res = await setStatus(order._id, { status, note: 'by hand' });
      expect([status, res.statusCode, res.json().message]).toEqual([status, code, message]);
    }
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${order._id}/shipments`,
      headers: admin,
      payload: { courier: 'dtdc', awb: `D${Date.now()}` },
    });
    expect(shipped.statusCode).toBe(201);
    const afterShipping: [string, number, string][] = [
      ['out_for_delivery', 400, 'Use Out for delivery (Shipping, in View Details): it notes the step on the parcel and mails the shopper'],
      [
        'delivered',
        400,
        'Use Delivered (Shipping, in View Details) to mark an order delivered: it mails the shopper and records Cash on Delivery as collected',
      ],
      ['placed', 409, 'This order is shipped and cannot be moved to Placed'],
      ['cancelled', 409, 'This order is shipped and cannot be cancelled'],
    ];
    for (const [status, code, message] of afterShipping) {
      const res = await setStatus(order._id, { status });
      expect([status, res.statusCode, res.json().message]).toEqual([status, code, message]);
    }
    // A parcel the courier brought back is the Back undelivered action (restock and refund).
    const back = await setStatus(order._id, { status: 'returned', note: 'RTO: shopper not reachable' });
    expect([back.statusCode, back.json().message]).toEqual([
      400,
      'Use Back undelivered (Payment and refunds, in View Details) when the courier brings the parcel back: it puts the items back in stock and refunds what was paid',
    ]);
    expect((await t.db.select().from(orders).where(eq(orders.id, order._id)))[0].status).toBe('shipped');
  });

  it('records one change when the same status arrives several times at once', async () => {
    const { order, M, L } = await paidOrder({ M: 3, L: 2 });
    const results = await Promise.all(Array.from({ length: 4 }, () => setStatus(order._id, { status: 'confirmed' })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect([await stockOf(M), await stockOf(L)]).toEqual([7, 8]);
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
    expect(events.map((e) => e.status).sort()).toEqual(['confirmed', 'placed']);
  });

  it('refuses bad bodies and unknown orders', async () => {
    const { order } = await paidOrder({ M: 1, L: 1 });
    const bad = await setStatus(order._id, { status: 'pending' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please choose a valid order status');
    expect((await setStatus(order._id, {})).json().message).toBe('Please choose a valid order status');
    const longNote = await setStatus(order._id, { status: 'confirmed', note: 'x'.repeat(501) });
    expect(longNote.statusCode).toBe(400);
    expect(longNote.json().message).toBe('Note must be at most 500 characters');
    expect((await setStatus(order._id, { status: 'confirmed', note: 'x'.repeat(500) })).statusCode).toBe(200);
    expect((await setStatus('00000000-0000-4000-8000-000000000000', { status: 'shipped' })).statusCode).toBe(404);
    expect((await setStatus('nope', { status: 'shipped' })).statusCode).toBe(404);
  });
});
