/**
 * The parcel of a size exchange (docs/decisions/0016-returns-and-exchanges.md): its packing slip and
 * shipping label print the new sizes and quantities, not the order's lines, and its own AWB; the
 * order's own slip and label keep the order's lines and first parcel; the order answer keeps what
 * was sold while its returns answer says what was sent instead. Runs on PGlite and, with
 * TEST_DB=postgres, PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderRecord, createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { Order } from '../../../core/api-types';
import { orderRef } from '../../../core/schemas/admin-orders';
import type { ReturnRequest } from '../../../core/schemas/returns';
import type { ShopSettingsData } from '../../../core/schemas/settings';
import { orderEvents, orderItems, shipments } from '../../db/schema';
import { demoShopSettings } from '../../db/seed/demo-catalog';
import { SYSTEM_ACTOR } from '../audit/record';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let shopper: Awaited<ReturnType<typeof createUser>>;
let product: Awaited<ReturnType<typeof createProduct>>;

const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, { role: 'admin' });
  shopper = await createUser(t.app, t.db, { email: 'tara@example.in', name: 'Tara Menon' });
  product = await createProduct(t.db, {
    title: 'Block Print Anarkali',
    variants: [
      { size: 'M', pricePaise: 149_900, stockQty: 5 },
      { size: 'L', pricePaise: 149_900, stockQty: 5 },
    ],
  });
  await t.app.settings.save({ ...demoShopSettings, returns: { windowDays: 7, sizeExchanges: true } } as ShopSettingsData, SYSTEM_ACTOR);
});
afterAll(() => t.close());

async function pdfText(buffer: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(buffer));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

const get = (url: string, headers: Record<string, string> = admin.headers) => t.app.inject({ url, headers });
const act = (id: string, action: string, body: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/admin/returns/${id}/${action}`, headers: admin.headers, payload: body });

/** A delivered order of 2 × size M, with its own parcel (AWB `awb`) delivered a day ago. */
async function deliveredOrder(awb: string) {
  const delivered = new Date(t.clock.now.getTime() - DAY);
  const order = await createOrderRecord(t.db, {
    userId: shopper.user.id,
    status: 'delivered',
    createdAt: new Date(t.clock.now.getTime() - 3 * DAY),
    lines: [
      {
        productId: product.product.id,
        variantId: product.bySize.M.id,
        title: 'Block Print Anarkali',
        size: 'M',
        unitPricePaise: 149_900,
        quantity: 2,
      },
    ],
  });
  await t.db.insert(shipments).values({
    orderId: order.id,
    courier: 'delhivery',
    awb,
    trackingUrl: null,
    status: 'delivered',
    events: [
      { status: 'shipped', at: new Date(delivered.getTime() - DAY).toISOString(), note: `Shipped with Delhivery, AWB ${awb}` },
      { status: 'delivered', at: delivered.toISOString(), note: 'Delivered' },
    ],
    createdAt: new Date(delivered.getTime() - DAY),
    updatedAt: delivered,
  });
  await t.db.insert(orderEvents).values({ orderId: order.id, status: 'delivered', note: 'Delivered', at: delivered });
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return { id: order.id, item };
}

describe('the parcel of a size exchange', () => {
  it('has a packing slip and label with the new size and quantity; the order keeps its own lines and parcel', async () => {
    const order = await deliveredOrder('DLORIG0001');
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/returns`,
      headers: shopper.headers,
      payload: {
        lines: [{ orderItemId: order.item.id, quantity: 1, exchangeVariantId: product.bySize.L.id }],
        reason: 'too_small',
        resolution: 'exchange',
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const ret = asked.json<ReturnRequest>();
    const ref = orderRef(order.id);

    // The slip can be printed before the parcel goes; the label needs its AWB.
    const early = await get(`/api/admin/returns/${ret._id}/packing-slip`);
    expect(early.statusCode).toBe(200);
    expect(early.headers['content-type']).toBe('application/pdf');
    expect(early.headers['content-disposition']).toBe(`inline; filename="exchange-packing-slip-${ref}.pdf"`);
    const noLabel = await get(`/api/admin/returns/${ret._id}/shipping-label`);
    expect(noLabel.statusCode).toBe(409);
    expect(noLabel.json().message).toBe('Ship the exchange first: the shipping label needs its AWB');

    expect((await act(ret._id, 'approve')).statusCode).toBe(200);
    expect((await act(ret._id, 'received')).statusCode).toBe(200);
    expect((await act(ret._id, 'ship-exchange', { courier: 'bluedart', awb: 'BDEXCH0002' })).statusCode).toBe(200);

    const slip = await pdfText((await get(`/api/admin/returns/${ret._id}/packing-slip`)).rawPayload);
    expect(slip).toContain('Exchange packing slip');
    expect(slip).toContain(`Order #${ref}`);
    expect(slip).toContain('Size exchange: replaces 1 × Block Print Anarkali (M)');
    expect(slip).toContain('Block Print Anarkali');
    expect(slip).toContain(product.bySize.L.sku);
    expect(slip).not.toContain(order.item.sku!);
    expect(slip).toContain('Pieces: 1');
    expect(slip).toContain('PREPAID');
    expect(slip).toContain('Blue Dart AWB');
    expect(slip).toContain('Asha Verma');

    const labelRes = await get(`/api/admin/returns/${ret._id}/shipping-label`);
    expect(labelRes.statusCode).toBe(200);
    expect(labelRes.headers['content-disposition']).toBe(`inline; filename="exchange-shipping-label-${ref}.pdf"`);
    const label = await pdfText(labelRes.rawPayload);
    expect(label).toContain('Blue Dart');
    expect(label).toContain('EXCHANGE');
    expect(label).toContain('PREPAID');
    expect(label).toContain('PIN 560001');
    expect(label).toContain(`Order #${ref}`);
    expect(label).toContain('Pieces: 1');
    expect(label).toContain('AWB: BDEXCH0002');
    expect(label).not.toContain('DLORIG0001');

    // The order's own documents: its two pieces of size M and its first parcel, not the exchange's.
    const ownLabel = await pdfText((await get(`/api/orders/admin/${order.id}/shipping-label`)).rawPayload);
    expect(ownLabel).toContain('AWB: DLORIG0001');
    expect(ownLabel).toContain('Pieces: 2');
    expect(ownLabel).not.toContain('EXCHANGE');
    const ownSlip = await pdfText((await get(`/api/orders/admin/${order.id}/packing-slip`)).rawPayload);
    expect(ownSlip).toMatch(/^Packing slip/);
    expect(ownSlip).toContain(order.item.sku!);
    expect(ownSlip).toContain('Pieces: 2');

    // The order answer keeps what was sold (the invoice's line); its returns say what was sent instead.
    const answer = (await get(`/api/orders/${order.id}`, shopper.headers)).json<Order>();
    expect(answer.items).toHaveLength(1);
    expect(answer.items[0]).toMatchObject({ _id: order.item.id, variantName: 'M', quantity: 2 });
    const returns = (await get(`/api/orders/${order.id}/returns`, shopper.headers)).json<ReturnRequest[]>();
    expect(returns).toHaveLength(1);
    expect(returns[0]).toMatchObject({
      status: 'exchange_shipped',
      resolution: 'exchange',
      lines: [{ orderItemId: order.item.id, size: 'M', quantity: 1, exchangeSize: 'L', exchangeVariantId: product.bySize.L.id }],
      shipment: { courier: 'bluedart', awb: 'BDEXCH0002' },
    });
  });

  it('is refused for a refund-return (no parcel goes out), an unknown return, and anyone but an admin', async () => {
    const order = await deliveredOrder('DLORIG0003');
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/returns`,
      headers: shopper.headers,
      payload: { lines: [{ orderItemId: order.item.id, quantity: 1 }], reason: 'too_small', resolution: 'refund' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const refund = asked.json<ReturnRequest>();
    for (const doc of ['packing-slip', 'shipping-label']) {
      const res = await get(`/api/admin/returns/${refund._id}/${doc}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This return is for a refund, not an exchange');
      expect((await get(`/api/admin/returns/00000000-0000-4000-8000-000000000000/${doc}`)).statusCode).toBe(404);
      expect((await get(`/api/admin/returns/not-an-id/${doc}`)).statusCode).toBe(404);
      expect((await get(`/api/admin/returns/${refund._id}/${doc}`, shopper.headers)).statusCode).toBe(403);
      expect((await t.app.inject({ url: `/api/admin/returns/${refund._id}/${doc}` })).statusCode).toBe(401);
    }
  });
});
