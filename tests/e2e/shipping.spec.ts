import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import type { AdminOrder } from '../../src/core/schemas/admin-orders';
import type { Product } from '../../src/core/api-types';
import { formatINR } from '../../src/core/money';
import { adminTest, bearer, placeCodOrder, placeOrder, signUpShopper, stockedVariants } from './admin-api';
import { expect as baseExpect } from './hydrated-test';
import { mailsTo } from './outbox';

// Shipping and tracking (docs/decisions/0009-order-states-and-shipping.md): an admin ships an order from the order modal (courier, AWB,
// tracking link from the courier's pattern), prints the packing slip and label, marks it out for
// delivery and delivered; the shopper is mailed at each step and follows the parcel on the order page.
const test = adminTest;
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

test('ship, track, out for delivery and delivered, as admin and shopper', async ({ page, request, browser, baseURL, adminToken }) => {
  const shopper = await signUpShopper(request, { name: 'Tara Menon', phone: '9845012345' });
  const [line] = await stockedVariants(request);
  const order = await placeOrder(request, shopper, line);
  const ref = order._id.slice(-8).toUpperCase();
  const awb = `BD${Date.now().toString().slice(-9)}`;

  await page.addInitScript((token) => window.localStorage.setItem('apparel-store.token', token), adminToken);
  await page.goto(`/admin/orders?search=${ref}`);
  await page.getByRole('button', { name: `View Details of order #${ref}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${ref}` });
  await expect(dialog).toBeVisible();

  // No label before the parcel has an AWB; the packing slip is there from the start.
  await expect(dialog.getByRole('button', { name: 'Shipping label (PDF)' })).toHaveCount(0);
  const form = dialog.getByRole('form', { name: 'Ship order' });
  await form.getByLabel('Courier').selectOption({ label: 'Blue Dart' });
  await form.getByLabel('AWB number').fill(awb);
  await expect(form.getByLabel('Tracking link')).toHaveValue(
    `https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=${awb}`,
  );
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await form.getByRole('button', { name: 'Ship order' }).click();
  await expect(toast(page, 'Order shipped; the shopper was e-mailed the tracking details')).toBeVisible();
  await expect(form).toHaveCount(0);
  const awbLink = dialog.getByRole('link', { name: awb });
  await expect(awbLink).toHaveAttribute('href', /trackNo=BD\d+/);
  await expect(dialog.getByText('In transit')).toBeVisible();
  await expect(dialog.getByText(`Shipped with Blue Dart, AWB ${awb}`)).toBeVisible();

  // Packing slip and 4x6 label download as PDFs.
  for (const [name, file] of [
    ['Packing slip (PDF)', `packing-slip-${ref}.pdf`],
    ['Shipping label (PDF)', `shipping-label-${ref}.pdf`],
  ]) {
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(file);
    expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');
  }

  await dialog.getByRole('button', { name: 'Out for delivery' }).click();
  await expect(toast(page, 'Marked out for delivery')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Out for delivery' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Delivered', exact: true }).click();
  await expect(toast(page, 'Marked delivered')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Delivered', exact: true })).toHaveCount(0);
  await expect(dialog.getByText('Status:').getByText('Delivered')).toBeVisible();

  // The API refuses to ship it again, with the machine's message.
  const again = await request.post(`/api/orders/admin/${order._id}/shipments`, {
    headers: bearer(adminToken),
    data: { courier: 'dtdc', awb: 'X1234' },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toBe('This order is delivered and cannot be shipped');

  // Every mail the shopper got, in order: confirmation, shipped (courier, AWB, link), out for delivery, delivered.
  await expect
    .poll(async () => (await mailsTo(shopper.email)).map((m) => m.subject).filter((s) => s.includes(ref)))
    .toEqual([`Order #${ref} confirmed`, `Order #${ref} has shipped`, `Order #${ref} is out for delivery`, `Order #${ref} was delivered`]);
  const shippedMail = (await mailsTo(shopper.email)).find((m) => m.subject.endsWith('has shipped'))!;
  expect(shippedMail.raw).toContain('Blue Dart');
  expect(shippedMail.raw).toContain(awb);

  // The shopper's order page: status and the tracking panel.
  const shopperContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  await shopperContext.addInitScript((token) => window.localStorage.setItem('apparel-store.token', token), shopper.token);
  const shopperPage = await shopperContext.newPage();
  await shopperPage.goto(`/orders/${order._id}`);
  await expect(shopperPage.getByRole('heading', { name: `Order #${ref}` })).toBeVisible();
  const tracking = shopperPage.getByRole('region', { name: 'Tracking' });
  await expect(tracking).toBeVisible();
  await expect(tracking.getByText('Blue Dart', { exact: true })).toBeVisible();
  await expect(tracking.getByRole('link', { name: new RegExp(awb) })).toHaveAttribute('href', new RegExp(`trackNo=${awb}$`));
  // Where the parcel is; its steps are the timeline's, not repeated in the panel.
  await expect(tracking.getByText(/^Delivered · updated \d{1,2} \w{3}, \d{1,2}:\d{2}\s?[ap]m$/i)).toBeVisible();
  await expect(tracking.getByText('Out for delivery', { exact: true })).toHaveCount(0);
  const timeline = shopperPage.getByRole('region', { name: 'Order timeline' });
  await expect(timeline.getByText(`Shipped with Blue Dart, AWB ${awb}`)).toBeVisible();
  await expect(timeline.getByText('Out for delivery', { exact: true }).first()).toBeVisible();
  const shopperAxe = await new AxeBuilder({ page: shopperPage }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(shopperAxe.violations.map((v) => v.id)).toEqual([]);
  await shopperContext.close();
});

test('ship with Shiprocket (the built-in stand-in) and follow its tracking webhook', async ({
  page,
  request,
  browser,
  baseURL,
  adminToken,
}) => {
  const shopper = await signUpShopper(request, { name: 'Arjun Pillai', phone: '9847012345' });
  const [line] = await stockedVariants(request);
  const order = await placeOrder(request, shopper, line);
  const ref = order._id.slice(-8).toUpperCase();

  await page.addInitScript((token) => window.localStorage.setItem('apparel-store.token', token), adminToken);
  await page.goto(`/admin/orders?search=${ref}`);
  await page.getByRole('button', { name: `View Details of order #${ref}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${ref}` });
  await dialog.getByRole('button', { name: 'Ship with Shiprocket' }).click();
  await expect(toast(page, 'Shipped with Shiprocket; the shopper was e-mailed the tracking details')).toBeVisible();
  const shipped = (await (await request.get(`/api/orders/admin/${order._id}`, { headers: bearer(adminToken) })).json()) as {
    shipments: { awb: string; labelUrl: string }[];
  };
  const { awb } = shipped.shipments[0];
  expect(awb).toMatch(/^SR\d{10}$/);
  await expect(dialog.getByRole('link', { name: awb })).toHaveAttribute('href', `https://shiprocket.co/tracking/${awb}`);
  await expect(dialog.getByRole('link', { name: 'Shiprocket label' })).toBeVisible();

  // Shiprocket's webhook moves the order along (the stand-in sends it as Shiprocket would).
  for (const status of ['out_for_delivery', 'delivered']) {
    const res = await request.post('/shiprocket-sandbox/stand-in/track', { data: { awb, status } });
    expect(await res.json()).toEqual({ status: 'moved' });
  }
  // After a reload the modal reads the order afresh.
  await page.reload();
  await page.getByRole('button', { name: `View Details of order #${ref}` }).click();
  await expect(dialog.getByText('Status:').getByText('Delivered')).toBeVisible();
  await expect(dialog.getByText('Shiprocket: DELIVERED').first()).toBeVisible();
  await expect
    .poll(async () => (await mailsTo(shopper.email)).map((m) => m.subject).filter((s) => s.includes(ref)))
    .toEqual([`Order #${ref} confirmed`, `Order #${ref} has shipped`, `Order #${ref} is out for delivery`, `Order #${ref} was delivered`]);

  const shopperContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  await shopperContext.addInitScript((token) => window.localStorage.setItem('apparel-store.token', token), shopper.token);
  const shopperPage = await shopperContext.newPage();
  await shopperPage.goto(`/orders/${order._id}`);
  const tracking = shopperPage.getByRole('region', { name: 'Tracking' });
  await expect(tracking.getByText('Shiprocket', { exact: true })).toBeVisible();
  await expect(tracking.getByText(/^Delivered · updated /)).toBeVisible();
  await expect(tracking.getByText(/Shiprocket: /)).toHaveCount(0);
  await shopperContext.close();
});

test('marking a Cash on Delivery order delivered asks whether the cash was collected first', async ({ page, request, adminToken }) => {
  const shopper = await signUpShopper(request, { name: 'Kavya Rao', phone: '9845012399' });
  // A unit well under the ₹5,000 COD limit.
  const products = (await (await request.get('/api/products')).json()) as Product[];
  const [product, variant] = products.flatMap((p) =>
    p.variants.filter((v) => v.stockQty >= 3 && v.price < 4000).map((v) => [p, v] as const),
  )[0];
  const order = await placeCodOrder(request, shopper, { productId: product._id, variantId: variant._id });
  const ref = order._id.slice(-8).toUpperCase();

  await page.addInitScript((token) => window.localStorage.setItem('apparel-store.token', token), adminToken);
  await page.goto(`/admin/orders?search=${ref}`);
  await page.getByRole('button', { name: `View Details of order #${ref}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${ref}` });
  const form = dialog.getByRole('form', { name: 'Ship order' });
  await form.getByLabel('AWB number').fill(`DL${Date.now().toString().slice(-9)}`);
  await form.getByRole('button', { name: 'Ship order' }).click();
  await expect(toast(page, 'Order shipped')).toBeVisible();

  await dialog.getByRole('button', { name: 'Delivered', exact: true }).click();
  const ask = dialog.getByRole('group', { name: 'Confirm cash collected' });
  await expect(ask).toContainText(`Did the courier collect ${formatINR(order.totals.grandTotal)} in cash?`);
  // Back changes nothing.
  await ask.getByRole('button', { name: 'Back' }).click();
  await expect(ask).toHaveCount(0);
  const before = (await (await request.get(`/api/orders/admin/${order._id}`, { headers: bearer(adminToken) })).json()) as AdminOrder;
  expect(before.status).toBe('shipped');
  expect(before.payment.status).not.toBe('collected');

  await dialog.getByRole('button', { name: 'Delivered', exact: true }).click();
  await ask.getByRole('button', { name: 'Delivered, cash collected' }).click();
  await expect(toast(page, 'Marked delivered')).toBeVisible();
  const after = (await (await request.get(`/api/orders/admin/${order._id}`, { headers: bearer(adminToken) })).json()) as AdminOrder;
  expect(after.status).toBe('delivered');
  expect(after.payment.status).toBe('collected');
});
