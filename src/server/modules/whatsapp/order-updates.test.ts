import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ShopSettingsData } from '../../../core/schemas/settings';
import { WHATSAPP_KINDS } from '../../../core/whatsapp';
import { SYSTEM_ACTOR } from '../audit/record';
import { users, whatsappMessages } from '../../db/schema';
import { demoShopSettings } from '../../db/seed/demo-catalog';

// Order updates on WhatsApp (docs/architecture.md#whatsapp): the consent ticked at checkout is saved
// to the account, and each order event stages its message beside its mail when a template is named.
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const templates = Object.fromEntries(WHATSAPP_KINDS.map((kind) => [kind, { name: `rangmanch_${kind}`, language: 'en' }]));
  await t.app.settings.save({ ...demoShopSettings, whatsapp: { templates } } as ShopSettingsData, SYSTEM_ACTOR);
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
});
afterAll(() => t.close());

async function placeCod(consent: { whatsappUpdates?: boolean; whatsappOffers?: boolean }) {
  const shopper = await createUser(t.app, t.db);
  const { product, variants } = await createProduct(t.db);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/cod/create-order',
    headers: shopper.headers,
    payload: {
      items: [{ productId: product.id, variantId: variants[0].id, quantity: 1 }],
      shippingAddress: { ...shippingAddress, phone: '98450 12345' },
      ...consent,
    },
  });
  expect(res.statusCode).toBe(201);
  return { userId: shopper.user.id, orderId: (res.json<{ order: { _id: string } }>().order ?? res.json<{ _id: string }>())._id };
}

const messagesOf = (orderId: string) =>
  t.db.select().from(whatsappMessages).where(eq(whatsappMessages.orderId, orderId)).orderBy(whatsappMessages.createdAt);

describe('order updates on WhatsApp', () => {
  it('saves the consents ticked at checkout and stages "order placed" with the name, reference and total', async () => {
    const { userId, orderId } = await placeCod({ whatsappUpdates: true, whatsappOffers: false });
    const [account] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(account).toMatchObject({ whatsappUpdates: true, whatsappOffers: false });
    const [placed] = await messagesOf(orderId);
    expect(placed).toMatchObject({
      kind: 'order_placed',
      to: '919845012345',
      templateName: 'rangmanch_order_placed',
      userId,
      marketing: false,
    });
    const params = (placed.components as { type: string; parameters: { text: string }[] }[])[0].parameters.map((p) => p.text);
    expect(params[0]).toBe(shippingAddress.firstName);
    expect(params[1]).toBe(orderId.slice(-8).toUpperCase());
    expect(params[2]).toMatch(/^₹/);
  });

  it('stages nothing for a shopper who did not tick order updates', async () => {
    const { orderId } = await placeCod({ whatsappUpdates: false });
    expect(await messagesOf(orderId)).toEqual([]);
  });

  it('stages shipped (courier, AWB, tracking link), out for delivery and delivered beside their mails', async () => {
    const { orderId } = await placeCod({ whatsappUpdates: true });
    const shipped = await t.app.inject({
      method: 'POST',
      url: `/api/orders/admin/${orderId}/shipments`,
      headers: admin,
      payload: { courier: 'delhivery', awb: 'WA123456' },
    });
    expect(shipped.statusCode).toBe(201);
    for (const step of ['out-for-delivery', 'delivered']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/orders/admin/${orderId}/${step}`, headers: admin, payload: {} });
      expect(res.statusCode).toBeLessThan(300);
    }
    const rows = await messagesOf(orderId);
    expect(rows.map((r) => r.kind)).toEqual(['order_placed', 'shipped', 'out_for_delivery', 'delivered']);
    const shippedParams = (rows[1].components as { parameters: { text: string }[] }[])[0].parameters.map((p) => p.text);
    expect(shippedParams.slice(2)).toEqual(['Delhivery', 'WA123456', 'https://www.delhivery.com/track/package/WA123456']);
    const [stillQueued] = await t.db
      .select()
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.orderId, orderId), eq(whatsappMessages.kind, 'delivered')));
    expect(stillQueued.status).toBe('queued');
    // Staff see them in the order modal (GET /api/orders/admin/{id}/whatsapp).
    const listed = await t.app.inject({ url: `/api/orders/admin/${orderId}/whatsapp`, headers: admin });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ kind: string; status: string }[]>().map((m) => `${m.kind} ${m.status}`)).toEqual([
      'order_placed queued',
      'shipped queued',
      'out_for_delivery queued',
      'delivered queued',
    ]);
  });
});
