import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProduct, createUser, shippingAddress } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
});
afterAll(() => t.close());
// Wednesday 25 November 2026, 10:00 in India.
beforeEach(() => {
  t.clock.now = new Date('2026-11-25T10:00:00+05:30');
});

/** Saves shop settings (a Karnataka shop) with these COD and delivery overrides. */
async function saveSettings(cod: object = {}, delivery: object = {}) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: admin,
    payload: {
      legalName: 'Rangmanch Retail Private Limited',
      address: '14, 2nd Cross, Indiranagar, Bengaluru 560038',
      state: 'Karnataka',
      gstin: '29AABCR1234M1Z9',
      invoicePrefix: 'RM',
      supportEmail: 'help@rangmanch.in',
      supportPhone: '9845012345',
      whatsappNumber: '9845012345',
      cod: { enabled: true, maxOrderTotal: 5000, maxOpenOrders: 2, fee: 0, blockedPincodes: [], ...cod },
      delivery: {
        dispatchDays: 1,
        transitDaysWithinState: 2,
        transitDaysMetros: 3,
        transitDaysRest: 5,
        nonServiceablePincodes: [],
        ...delivery,
      },
      tax: {
        slabs: [
          { upTo: 2500, rate: 5 },
          { upTo: null, rate: 18 },
        ],
      },
    },
  });
  expect(res.statusCode).toBe(200);
}

const check = (pincode: string) => t.app.inject({ url: `/api/pincodes/${pincode}` });

describe('GET /api/pincodes/{pincode}', () => {
  it('answers place, serviceable, COD and the delivery window with the default settings (shop state unset)', async () => {
    const res = await check('682001');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      pincode: '682001',
      district: 'Ernakulam',
      state: 'Kerala',
      serviceable: true,
      cod: true,
      // Dispatch Thu 26 Nov, 5 days to the rest of India.
      estimatedDelivery: { from: '2026-12-01', to: '2026-12-03' },
    });
  });

  it("answers 404 'We could not find this pincode' for an unknown pincode", async () => {
    const res = await check('999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'We could not find this pincode' });
  });

  it('answers 404 with a clear message for a malformed pincode, never a 5xx', async () => {
    for (const bad of ['56000', '5600011', '056001', 'abcdef', '56%2000', '%00', '__proto__', '１２３４５６']) {
      const res = await check(bad);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json(), bad).toEqual({ message: 'Please enter a valid 6-digit pincode' });
    }
  });

  it('reads serviceable and COD from the shop settings, and the same-state and metro days', async () => {
    await saveSettings({ blockedPincodes: ['110001'] }, { nonServiceablePincodes: ['682001'] });
    expect((await check('682001')).json()).toMatchObject({ serviceable: false, cod: false, estimatedDelivery: null });
    expect((await check('110001')).json()).toMatchObject({
      state: 'Delhi',
      serviceable: true,
      cod: false,
      // Metro: dispatch Thu 26 + 3 = Sun 29 -> Mon 30.
      estimatedDelivery: { from: '2026-11-30', to: '2026-12-02' },
    });
    expect((await check('570001')).json()).toMatchObject({
      district: 'Mysore',
      state: 'Karnataka',
      cod: true,
      estimatedDelivery: { from: '2026-11-28', to: '2026-11-30' },
    });

    await saveSettings({ enabled: false });
    expect((await check('570001')).json()).toMatchObject({ serviceable: true, cod: false });
  });
});

describe('address checks', () => {
  const items = async () => {
    const { product, bySize } = await createProduct(t.db);
    return [{ productId: product.id, variantId: bySize.M.id, quantity: 1 }];
  };
  const createOrder = async (headers: Record<string, string>, address: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/create-order',
      headers,
      payload: {
        currency: 'INR',
        items: await items(),
        email: shippingAddress.email,
        phone: shippingAddress.phone,
        fromBuyNow: true,
        shippingAddress: address,
      },
    });

  it('create-order refuses a pincode from another state, naming the pincode field', async () => {
    const shopper = await createUser(t.app, t.db);
    const ordersBefore = t.sandbox.state.orders.size;
    const res = await createOrder(shopper.headers, { ...shippingAddress, pincode: '560001', state: 'Kerala' });
    expect(res.statusCode).toBe(400);
    const message = 'Pincode 560001 is in Karnataka, not Kerala';
    expect(res.json()).toEqual({ message, errors: { pincode: message } });
    expect(t.sandbox.state.orders.size).toBe(ordersBefore);
    expect((await createOrder(shopper.headers, shippingAddress)).statusCode).toBe(200);
  });

  it('create-order refuses a non-serviceable pincode, also when it comes from the saved address', async () => {
    await saveSettings({}, { nonServiceablePincodes: ['744101'] });
    const shopper = await createUser(t.app, t.db, {
      address: {
        line1: '1 Aberdeen Bazaar',
        line2: '',
        city: 'Port Blair',
        state: 'Andaman and Nicobar Islands',
        pincode: '744101',
        country: 'India',
      },
    });
    const andaman = { ...shippingAddress, city: 'Port Blair', state: 'Andaman and Nicobar Islands', pincode: '744101' };
    const message = 'Sorry, we do not deliver to pincode 744101 yet';
    const res = await createOrder(shopper.headers, andaman);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: { pincode: message } });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/create-order',
      headers: shopper.headers,
      payload: { currency: 'INR', items: await items(), email: 'a@example.in', fromBuyNow: true },
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().errors).toEqual({ pincode: message });
  });

  it('a pincode on a state border is accepted with either state; an unknown pincode passes', async () => {
    const shopper = await createUser(t.app, t.db);
    expect(
      (await createOrder(shopper.headers, { ...shippingAddress, city: 'Chandigarh', state: 'Chandigarh', pincode: '160003' })).statusCode,
    ).toBe(200);
    expect(
      (await createOrder(shopper.headers, { ...shippingAddress, city: 'Mohali', state: 'Punjab', pincode: '160003' })).statusCode,
    ).toBe(200);
    expect((await createOrder(shopper.headers, { ...shippingAddress, pincode: '999999' })).statusCode).toBe(200);
  });

  it('the profile update refuses a pincode from another state and keeps the old address', async () => {
    const shopper = await createUser(t.app, t.db);
    const put = (address: object) => t.app.inject({ method: 'PUT', url: '/api/users/me', headers: shopper.headers, payload: { address } });
    const address = { line1: '12 MG Road', line2: '', city: 'Kochi', state: 'Kerala', pincode: '560001', country: 'India' };
    const res = await put(address);
    expect(res.statusCode).toBe(400);
    const message = 'Pincode 560001 is in Karnataka, not Kerala';
    expect(res.json()).toEqual({ message, errors: { pincode: message } });
    const ok = await put({ ...address, pincode: '682001' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().address).toMatchObject({ state: 'Kerala', pincode: '682001' });
  });
});
