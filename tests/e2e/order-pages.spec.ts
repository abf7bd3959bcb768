/**
 * What the shopper's order pages and the admin's orders say about money and next steps, once an
 * order has left the happy path: a Cash on Delivery order cancelled, or brought back undelivered,
 * asks nobody to pay or collect anything; the admin's totals state the GST included, as the
 * shopper's do; while a return is open the admin's Shipping panel offers no shipping moves and
 * points to Returns, and the shopper's returns panel says why there is no second "Return or exchange".
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Order, Product } from '../../src/core/api-types';
import { adminTest, bearer, signUpShopper, type Shopper } from './admin-api';
import { expect } from './hydrated-test';

const test = adminTest;
test.describe.configure({ timeout: 120_000 });

/** Places a Cash on Delivery order of one unit of each line as `shopper` through the API. */
async function placeCod(api: APIRequestContext, shopper: Shopper, lines: { productId: string; variantId: string }[]): Promise<Order> {
  const [firstName, lastName] = shopper.name.split(' ');
  const shippingAddress = {
    firstName,
    lastName,
    email: shopper.email,
    phone: shopper.phone,
    line1: '12 MG Road',
    line2: '',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
  };
  const res = await api.post('/api/payments/cod/create-order', {
    headers: { ...bearer(shopper.token), 'Idempotency-Key': `order-pages-${Date.now()}-${Math.random()}` },
    data: {
      email: shopper.email,
      phone: shopper.phone,
      fromBuyNow: lines.length === 1,
      shippingAddress,
      items: lines.map((l) => ({ ...l, quantity: 1 })),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: Order }).order;
}

/** Sizes in stock under ₹2,000 each (two stay under the ₹5,000 COD limit), of different products. */
async function cheapLines(api: APIRequestContext): Promise<{ productId: string; variantId: string }[]> {
  const products = (await (await api.get('/api/products?limit=100')).json()) as Product[];
  return products.flatMap((p) => {
    const v = p.variants.find((x) => x.isActive && x.stockQty >= 3 && x.price < 2000);
    return v ? [{ productId: p._id, variantId: v._id }] : [];
  });
}

async function ship(api: APIRequestContext, adminToken: string, orderId: string) {
  const res = await api.post(`/api/orders/admin/${orderId}/shipments`, {
    headers: bearer(adminToken),
    data: { courier: 'delhivery', awb: `DL${Date.now().toString().slice(-9)}`, trackingUrl: '' },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function signedIn(browser: Browser, token: string, isMobile: boolean): Promise<Page> {
  const context = await browser.newContext(
    isMobile ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } },
  );
  await context.addInitScript((t) => window.localStorage.setItem('apparel-store.token', t), token);
  return context.newPage();
}

const ref = (order: Order) => order._id.slice(-8).toUpperCase();

/** Opens the admin's View Details of `order`. */
async function viewDetails(page: Page, order: Order) {
  await page.goto(`/admin/orders?search=${ref(order)}`);
  await page
    .getByRole('button', { name: `View Details of order #${ref(order)}` })
    .filter({ visible: true })
    .click();
  const dialog = page.getByRole('dialog', { name: `Order #${ref(order)}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a cancelled or undelivered Cash on Delivery order asks nothing to be paid or collected; totals state the GST included', async ({
  request,
  browser,
  adminToken,
  isMobile,
}) => {
  const shopper = await signUpShopper(request, { name: 'Meera Pillai', phone: '9845011223' });
  const [line, other] = await cheapLines(request);
  const cancelled = await placeCod(request, shopper, [line]);
  const cancel = await request.post(`/api/orders/${cancelled._id}/cancel`, {
    headers: bearer(shopper.token),
    data: { reason: 'Ordered by mistake' },
  });
  expect(cancel.ok(), await cancel.text()).toBeTruthy();
  const undelivered = await placeCod(request, shopper, [other]);
  await ship(request, adminToken, undelivered._id);
  const back = await request.post(`/api/orders/admin/${undelivered._id}/returned-undelivered`, {
    headers: bearer(adminToken),
    data: { note: 'Courier brought it back: nobody home' },
  });
  expect(back.ok(), await back.text()).toBeTruthy();

  const shopperPage = await signedIn(browser, shopper.token, isMobile);
  for (const [order, words] of [
    [cancelled, 'Cancelled · nothing to pay'],
    [undelivered, 'Returned undelivered · nothing to pay'],
  ] as const) {
    await shopperPage.goto(`/orders/${order._id}`);
    const payment = shopperPage.getByTestId('payment-method');
    await expect(payment).toContainText('Cash on Delivery');
    await expect(payment).toContainText(words);
    await expect(payment).not.toContainText('when it arrives');
    await shopperPage.goto('/orders');
    const card = shopperPage.getByRole('link', { name: new RegExp(`Order #${ref(order)}`) });
    await expect(card.getByTestId('payment-method')).toContainText(words);
    await expect(card).not.toContainText('when it arrives');
  }
  await shopperPage.context().close();

  const adminPage = await signedIn(browser, adminToken, isMobile);
  for (const [order, words] of [
    [cancelled, 'Cancelled · nothing to pay'],
    [undelivered, 'Returned undelivered · nothing to pay'],
  ] as const) {
    await adminPage.goto(`/admin/orders?search=${ref(order)}`);
    const list = adminPage.locator(isMobile ? 'ul[aria-label="Orders"]' : 'table');
    await expect(list.getByText(words)).toBeVisible();
    await expect(list.getByText('To collect')).toHaveCount(0);
    const dialog = await viewDetails(adminPage, order);
    await expect(dialog.getByText(`Payment: Cash on Delivery · ${words}`)).toBeVisible();
    await expect(dialog.getByText('To collect')).toHaveCount(0);
    // Totals: the GST is included in the grand total, never a line added to it.
    const totals = dialog.locator('section').filter({ has: adminPage.getByRole('heading', { name: 'Totals', exact: true }) });
    await expect(totals.getByText(/^incl\. GST ₹[\d,]+(\.\d\d)?$/)).toBeVisible();
    await expect(totals.getByText('Tax', { exact: true })).toHaveCount(0);
  }
  await adminPage.context().close();
});

test('while a return is open the admin is pointed to Returns, and the shopper is told when another can be asked', async ({
  request,
  browser,
  adminToken,
  isMobile,
}) => {
  const shopper = await signUpShopper(request, { name: 'Kavya Rao', phone: '9845033445' });
  const [a, b] = await cheapLines(request);
  const order = await placeCod(request, shopper, [a, b]);
  await ship(request, adminToken, order._id);
  const delivered = await request.post(`/api/orders/admin/${order._id}/delivered`, { headers: bearer(adminToken), data: { note: '' } });
  expect(delivered.ok(), await delivered.text()).toBeTruthy();

  const shopperPage = await signedIn(browser, shopper.token, isMobile);
  await shopperPage.goto(`/orders/${order._id}`);
  const panel = shopperPage.getByRole('region', { name: 'Returns and exchanges' });
  await expect(panel.getByRole('button', { name: 'Return or exchange' })).toBeVisible();

  const asked = await request.post(`/api/orders/${order._id}/returns`, {
    headers: bearer(shopper.token),
    data: {
      lines: [{ orderItemId: order.items[0]._id, quantity: 1 }],
      reason: 'too_small',
      resolution: 'refund',
      refundTo: { method: 'upi', upiId: 'kavya@okaxis' },
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  await shopperPage.reload();
  await expect(panel.getByText('Requested', { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Return or exchange' })).toHaveCount(0);
  await expect(panel.getByText(/You can ask for another return once this one is settled/)).toBeVisible();
  await shopperPage.context().close();

  const adminPage = await signedIn(browser, adminToken, isMobile);
  const dialog = await viewDetails(adminPage, order);
  const shipping = dialog.locator('section').filter({ has: adminPage.getByRole('heading', { name: 'Shipping', exact: true }) });
  await expect(shipping.getByText('A return is open: handle it under Returns')).toBeVisible();
  await expect(shipping.getByRole('button', { name: 'Delivered' })).toHaveCount(0);
  await expect(shipping.getByRole('button', { name: 'Out for delivery' })).toHaveCount(0);
  await expect(shipping.getByRole('button', { name: 'Ship order' })).toHaveCount(0);
  await shipping.getByRole('link', { name: 'Returns' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/returns$/);
  await adminPage.context().close();
});
