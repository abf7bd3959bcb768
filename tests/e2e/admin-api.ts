/**
 * API helpers of the admin browser tests: log in, sign a shopper up (code read from the outbox),
 * place paid orders through the Razorpay sandbox, post contact messages, read the public homepage,
 * and build tiny media files whose bytes the server accepts.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { Homepage, Order, Product } from '../../src/core/api-types';
import { ebml, mp4Bytes, realImage } from '../../src/server/modules/media/test-fixtures';
import { test } from './hydrated-test';
import { bearer, DEMO_ADMIN, logIn, type Shopper } from './shoppers';

export { bearer, DEMO_ADMIN as ADMIN, logIn as login, signUpShopper, type Shopper } from './shoppers';

/** The test of the admin specs: `adminToken` is the demo admin's token, signed in once per worker. */
export const adminTest = test.extend<object, { adminToken: string }>({
  adminToken: [
    async ({ playwright }, use, workerInfo) => {
      const api = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await use(await logIn(api, DEMO_ADMIN.email, DEMO_ADMIN.password));
      await api.dispose();
    },
    { scope: 'worker' },
  ],
});

/** Product and variant ids with stock to spare, spread over the catalogue. */
export async function stockedVariants(api: APIRequestContext): Promise<{ productId: string; variantId: string }[]> {
  const products = (await (await api.get('/api/products')).json()) as Product[];
  return products.flatMap((p) => p.variants.filter((v) => v.stockQty >= 3).map((v) => ({ productId: p._id, variantId: v._id })));
}

/** The delivery address the helpers' orders go to: the shopper's name and contact, in Kolkata. */
function kolkataAddress(shopper: Shopper) {
  const [firstName, lastName] = shopper.name.split(' ');
  return {
    firstName,
    lastName,
    email: shopper.email,
    phone: shopper.phone,
    line1: '14 Park Street',
    line2: '',
    city: 'Kolkata',
    state: 'West Bengal',
    pincode: '700016',
  };
}

/** Pays for one unit of `line` as `shopper` (create-order, sandbox pay, verify) and returns the order. */
export async function placeOrder(api: APIRequestContext, shopper: Shopper, line: { productId: string; variantId: string }): Promise<Order> {
  const shippingAddress = kolkataAddress(shopper);
  const items = [{ ...line, quantity: 1 }];
  const base = { email: shopper.email, phone: shopper.phone, fromBuyNow: true, shippingAddress, items };
  const created = await api.post('/api/payments/razorpay/create-order', {
    headers: bearer(shopper.token),
    data: { currency: 'INR', ...base },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { key, order } = (await created.json()) as { key: string; order: { id: string } };
  const paid = await api.post('/razorpay-sandbox/checkout/pay', { data: { key, order_id: order.id } });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  const verified = await api.post('/api/payments/razorpay/verify-and-create-order', {
    headers: bearer(shopper.token),
    data: { ...((await paid.json()) as Record<string, unknown>), ...base },
  });
  expect(verified.ok(), await verified.text()).toBeTruthy();
  return ((await verified.json()) as { order: Order }).order;
}

/** Places a Cash on Delivery order of `quantity` units of `line` for `shopper` (Kolkata), as the checkout does. */
export async function placeCodOrder(
  api: APIRequestContext,
  shopper: Shopper,
  line: { productId: string; variantId: string },
  quantity = 1,
): Promise<Order> {
  const shippingAddress = kolkataAddress(shopper);
  const res = await api.post('/api/payments/cod/create-order', {
    headers: bearer(shopper.token),
    data: { email: shopper.email, phone: shopper.phone, fromBuyNow: true, shippingAddress, items: [{ ...line, quantity }] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: Order }).order;
}

/** Sends a contact message, as a guest or (with a token) as a registered shopper. */
export async function postContact(
  api: APIRequestContext,
  body: { name: string; email: string; phone: string; comment: string },
  token?: string,
) {
  const res = await api.post('/api/contacts', { data: body, headers: token ? bearer(token) : {} });
  expect(res.status(), await res.text()).toBe(201);
}

/** GET /api/homepage: what shoppers see now. */
export async function homepage(api: APIRequestContext): Promise<Homepage> {
  return (await (await api.get('/api/homepage')).json()) as Homepage;
}

/** Tiny files for the pickers: a real PNG, an MP4 and a WebM head, and a text file. */
export async function mediaFiles() {
  return {
    png: { name: 'banner.png', mimeType: 'image/png', buffer: await realImage('png') },
    mp4: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: mp4Bytes() },
    webm: { name: 'hero.webm', mimeType: 'video/webm', buffer: ebml('webm') },
    text: { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
  };
}

const HOMEPAGE_KINDS = ['banners', 'videos', 'instagram'] as const;
type SetAside = { kind: (typeof HOMEPAGE_KINDS)[number]; body: Record<string, unknown> }[];

/**
 * Takes the demo seed's hero video, vertical videos and Instagram photos off the shop (through the
 * admin API) so these tests start below the spec's limits, and returns them for `restoreHomepageMedia`:
 * the storefront specs that run later expect the demo homepage as seeded.
 */
export async function setAsideHomepageMedia(api: APIRequestContext, token: string): Promise<SetAside> {
  const setAside: SetAside = [];
  for (const kind of HOMEPAGE_KINDS) {
    const res = await api.get(`/api/admin/homepage/${kind}`, { headers: bearer(token) });
    expect(res.ok(), await res.text()).toBeTruthy();
    for (const item of (await res.json()) as Record<string, unknown>[]) {
      if (kind === 'banners' && item.mediaType !== 'video') continue;
      const { _id, createdAt: _createdAt, ...body } = item;
      const del = await api.delete(`/api/admin/homepage/${kind}/${String(_id)}`, { headers: bearer(token) });
      expect(del.ok(), await del.text()).toBeTruthy();
      setAside.push({ kind, body: Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null)) });
    }
  }
  return setAside;
}

/** Puts back what `setAsideHomepageMedia` took off, after the tests' own items are gone. */
export async function restoreHomepageMedia(api: APIRequestContext, token: string, setAside: SetAside): Promise<void> {
  for (const kind of HOMEPAGE_KINDS) {
    const res = await api.get(`/api/admin/homepage/${kind}`, { headers: bearer(token) });
    for (const item of (await res.json()) as Record<string, unknown>[]) {
      if (kind === 'banners' && item.mediaType !== 'video') continue;
      await api.delete(`/api/admin/homepage/${kind}/${String(item._id)}`, { headers: bearer(token) });
    }
  }
  for (const { kind, body } of setAside) {
    const res = await api.post(`/api/admin/homepage/${kind}`, { headers: bearer(token), data: body });
    expect(res.status(), await res.text()).toBe(201);
  }
}
