import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// An authorization matrix over every API route and role. Routes open to guests are listed
// here on purpose; any other route must refuse a guest with 401, and admin routes must refuse a
// shopper with 403. A new route fails this test until it is placed in one of these groups.
const PUBLIC = new Set([
  'GET /api/homepage',
  'GET /api/categories',
  'GET /api/categories/:id/products',
  'GET /api/products',
  'GET /api/products/:id',
  'POST /api/auth/register-start',
  'POST /api/auth/resend-otp',
  'POST /api/auth/verify-otp',
  'POST /api/auth/login',
  // Authorised by the challenge the password step answered.
  'POST /api/auth/login/two-step',
  'POST /api/auth/forgot-password-start',
  'POST /api/auth/verify-reset-otp',
  'POST /api/auth/reset-password',
  // A staff invitation's one-time link: the token in the address is the authorisation.
  'GET /api/staff-invitations/:token',
  'POST /api/staff-invitations/:token/accept',
  'POST /api/contacts',
  // A guest's back-in-stock sign-up and its one-time code (a signed-in shopper's token is optional).
  'POST /api/stock-alerts',
  'POST /api/stock-alerts/:id/confirm',
  // What the storefront may show of the shop's settings.
  'GET /api/settings/public',
  'GET /api/coupons/public',
  // The header search's as-you-type suggestions.
  'GET /api/search/suggestions',
  // Where a pincode is and when an order would arrive there: product pages ask it for guests.
  'GET /api/pincodes/:pincode',
  // Product cards by id for a guest's wishlist and "Recently viewed", both kept in the browser.
  'GET /api/products/cards',
  // How many products the phone filter sheet's choices match, before applying them.
  'GET /api/products/count',
  'GET /api/categories/:id/products/count',
  // Approved reviews and the rating summary of a product.
  'GET /api/products/:id/reviews',
  // Guests get 404: an order is readable by its owner and admins only.
  'GET /api/orders/:id',
  // The same rule for the order's GST tax invoice.
  'GET /api/orders/:id/invoice',
  // ... and for a refund's GST credit note.
  'GET /api/orders/:id/credit-notes/:creditNoteId',
  // Authorised by Razorpay's signature, not by a token.
  'POST /api/payments/razorpay/verify-and-create-order',
  'POST /api/payments/razorpay/webhook',
  // Authorised by the token Shiprocket sends in x-api-key.
  'POST /api/shipping/tracking-webhook',
  // Meta's WhatsApp webhook: the handshake by the verify token, events by X-Hub-Signature-256.
  'GET /api/webhooks/whatsapp',
  'POST /api/webhooks/whatsapp',
  // Authorised by the short-lived upload signature, like Cloudinary.
  'POST /api/media/upload',
  // Authorised by the URL's short-lived signature, handed only to the return's shopper and admins.
  'GET /api/media/return-photos/:file',
  // A COD order's mail links: the token (an HMAC of the order and the action) is the authorisation.
  'GET /api/cod-links/:id/:action',
  'POST /api/cod-links/:id/:action',
]);
// A shopper's own-order routes (cancel, returns) answer 404 for an order that is not theirs.
const SHOPPER =
  /^(GET|POST|PUT|DELETE) \/api\/(cart|users\/me|payments\/preview|payments\/razorpay\/create-order|payments\/cod\/create-order|payments\/cod\/availability|orders\/:id\/confirm-cod|payments\/store-credit\/create-order|store-credit|orders\/my|orders\/:id\/cancel|orders\/:id\/returns|wishlist|reviews\/|products\/:id\/reviews|stock-alerts\/(mine|:id$))/;

let t: TestApp;
let shopper: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  shopper = await createUser(t.app, t.db);
  admin = await createUser(t.app, t.db, { role: 'admin' });
});
afterAll(() => t.close());

const apiRoutes = () =>
  t.app.routeList.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'OPTIONS');

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');

describe('access matrix', () => {
  it('knows the API routes it checks', () => {
    expect(apiRoutes().length).toBeGreaterThan(40);
  });

  it('refuses guests on every non-public route with 401', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const key = `${route.method} ${route.url}`;
      if (PUBLIC.has(key)) continue;
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'GET' ? undefined : {},
      });
      if (res.statusCode !== 401) failures.push(`${key} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses shoppers on every admin route with 403, and lets admins through', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      const key = `${route.method} ${route.url}`;
      if (PUBLIC.has(key) || SHOPPER.test(key)) continue;
      const options = { method: route.method as 'GET', url: concrete(route.url), payload: route.method === 'GET' ? undefined : {} };
      const asShopper = await t.app.inject({ ...options, headers: shopper.headers });
      if (asShopper.statusCode !== 403) failures.push(`shopper ${key} -> ${asShopper.statusCode}`);
      else if (asShopper.json().message !== 'Access denied. Admin privileges required.') failures.push(`shopper ${key}: message`);
      const asAdmin = await t.app.inject({ ...options, headers: admin.headers });
      if (asAdmin.statusCode === 401 || asAdmin.statusCode === 403) failures.push(`admin ${key} -> ${asAdmin.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets shoppers use their own routes', async () => {
    for (const url of ['/api/cart', '/api/users/me', '/api/orders/my']) {
      expect((await t.app.inject({ url, headers: shopper.headers })).statusCode, url).toBe(200);
    }
  });

  it("keeps one shopper's profile, cart and orders from another", async () => {
    const other = await createUser(t.app, t.db, { name: 'Other Shopper' });
    const me = (await t.app.inject({ url: '/api/users/me', headers: other.headers })).json();
    expect(me._id).toBe(other.user.id);
    expect(me._id).not.toBe(shopper.user.id);
    // There is no route taking another user's id: profile, cart and order list are the token's own.
    const idRoutes = apiRoutes().filter((r) => /\/(users|cart)\/:/.test(r.url));
    expect(idRoutes).toEqual([]);
  });
});
