import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Product } from '../../src/core/api-types';
import { formatINR } from '../../src/core/money';
import { adminTest, bearer, placeCodOrder, placeOrder, signUpShopper } from './admin-api';
import { expect as baseExpect } from './hydrated-test';
import { mailsTo } from './outbox';
import { realImage } from '../../src/server/modules/media/test-fixtures';

// Returns and size exchanges (docs/decisions/0016-returns-and-exchanges.md): one order from placed to delivered to exchanged. The admin
// ships and delivers it through the order modal; the shopper asks for another size on the order
// page; the admin approves, marks the parcel received and ships the new size from /admin/returns,
// then delivers it. Every mail to the shopper is read from the outbox. The refund and shipping policy
// pages state the demo shop's settings (7 days, exchanges on).
const test = adminTest;
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** Opens an admin order's modal and clicks one of its shipping actions. */
async function adminOrderDialog(page: Page, ref: string) {
  await page.goto(`/admin/orders?search=${ref}`);
  await page.getByRole('button', { name: `View Details of order #${ref}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${ref}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the policy pages state the return window and exchanges from the settings, and follow a change', async ({
  page,
  request,
  adminToken,
}) => {
  await page.goto('/refund-policy');
  await expect(page.getByText('within 7 days of delivery').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Returns and size exchanges' })).toBeVisible();
  await page.goto('/shipping-policy');
  await expect(page.getByRole('heading', { name: 'Damaged parcels, returns and size exchanges' })).toBeVisible();
  await expect(page.getByText('within 7 days of delivery')).toBeVisible();

  // Back to the spec's policy (0 days, no exchanges): both pages say so; then the demo's again.
  const settings = (await (await request.get('/api/admin/settings', { headers: bearer(adminToken) })).json()) as Record<string, unknown>;
  const save = async (returns: { windowDays: number; sizeExchanges: boolean }) => {
    const { updatedAt: _updatedAt, ...body } = settings;
    const res = await request.put('/api/admin/settings', { headers: bearer(adminToken), data: { ...body, returns } });
    expect(res.status(), await res.text()).toBe(200);
  };
  try {
    await save({ windowDays: 0, sizeExchanges: false });
    await page.goto('/refund-policy');
    await expect(page.getByRole('heading', { name: 'All sales are final' })).toBeVisible();
    await expect(page.getByText('Returns and size exchanges')).toHaveCount(0);
    await page.goto('/shipping-policy');
    await expect(page.getByRole('heading', { name: 'Damaged parcels and wrong items' })).toBeVisible();
    await expect(page.getByText('within 24 hours of delivery')).toBeVisible();
    await page.goto('/terms');
    await expect(page.getByRole('heading', { name: 'All sales are final' })).toBeVisible();
    await save({ windowDays: 14, sizeExchanges: false });
    await page.goto('/terms');
    await expect(page.getByText('Returns within 14 days of delivery.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All sales are final' })).toHaveCount(0);
    await page.goto('/refund-policy');
    await expect(page.getByRole('heading', { name: '1. Returns', exact: true })).toBeVisible();
    await expect(page.getByText('within 14 days of delivery').first()).toBeVisible();
  } finally {
    await save({ windowDays: 7, sizeExchanges: true });
  }
});

test('placed, delivered and exchanged for another size, as shopper and admin, reading every mail', async ({
  page,
  request,
  browser,
  baseURL,
  adminToken,
}) => {
  const shopper = await signUpShopper(request, { name: 'Nila Krishnan', phone: '9845098450' });
  const products = (await (await request.get('/api/products')).json()) as Product[];
  // Two sizes in stock at one price: an exchange is for another size at the same price (of a product
  // in one colour: this story asks for a new size only).
  const pair = (p: Product) => {
    if (p.colours?.length) return null;
    const sizes = p.variants.filter((v) => v.isActive && v.stockQty >= 3);
    const bought = sizes.find((v) => sizes.some((w) => w !== v && w.price === v.price));
    return bought ? [bought, sizes.find((w) => w !== bought && w.price === bought.price)!] : null;
  };
  const product = products.find((p) => pair(p) !== null)!;
  const [bought, wanted] = pair(product)!;
  const order = await placeOrder(request, shopper, { productId: product._id, variantId: bought._id });
  const ref = order._id.slice(-8).toUpperCase();
  const stamp = Date.now().toString().slice(-8);

  // Admin: ship and deliver through the order modal's existing actions.
  await page.addInitScript((token) => window.localStorage.setItem('apparel-store.token', token), adminToken);
  let dialog = await adminOrderDialog(page, ref);
  const form = dialog.getByRole('form', { name: 'Ship order' });
  await form.getByLabel('Courier').selectOption({ label: 'Delhivery' });
  await form.getByLabel('AWB number').fill(`DL${stamp}1`);
  await form.getByRole('button', { name: 'Ship order' }).click();
  await expect(toast(page, 'Order shipped')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delivered', exact: true }).click();
  await expect(toast(page, 'Marked delivered')).toBeVisible();

  // Shopper: "Return or exchange" on the order page, another size.
  const shopperContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  await shopperContext.addInitScript((token) => window.localStorage.setItem('apparel-store.token', token), shopper.token);
  const shopperPage = await shopperContext.newPage();
  await shopperPage.goto(`/orders/${order._id}`);
  const panel = shopperPage.getByRole('region', { name: 'Returns and exchanges' });
  await expect(panel.getByText(/You can ask for a return or another size until/)).toBeVisible();
  await panel.getByRole('button', { name: 'Return or exchange' }).click();
  const ask = shopperPage.getByRole('dialog', { name: 'Return or exchange' });
  await expect(ask).toBeVisible();
  await ask.getByRole('checkbox').first().check();
  await ask.getByLabel('Another size').check();
  await ask.getByLabel('Reason').selectOption({ label: 'Too small' });
  // Sending without a size names what is missing.
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask.getByRole('alert')).toHaveText('Please choose the size you want instead');
  await ask.getByLabel('New size').selectOption({ label: wanted.size });
  const axe = await new AxeBuilder({ page: shopperPage }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(toast(shopperPage, 'Exchange requested')).toBeVisible();
  await expect(panel.getByText('Requested', { exact: true })).toBeVisible();
  await expect(panel.getByText(`→ size ${wanted.size}`)).toBeVisible();

  // Admin: /admin/returns, approve with a note, mark received, ship the new size.
  await page.goto('/admin/returns?status=requested');
  const card = page.getByTestId('return-card').filter({ hasText: `Order #${ref}` });
  await expect(card).toBeVisible();
  const adminAxe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(adminAxe.violations.map((v) => v.id)).toEqual([]);
  await card.getByLabel('Note to the shopper').fill('Our courier picks it up tomorrow');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Return approved')).toBeVisible();
  await page.goto('/admin/returns');
  await card.getByRole('button', { name: 'Mark received' }).click();
  await expect(toast(page, 'Marked received')).toBeVisible();
  await card.getByLabel('Courier').selectOption({ label: 'Blue Dart' });
  await card.getByLabel('AWB number').fill(`BD${stamp}2`);
  await card.getByRole('button', { name: 'Ship exchange' }).click();
  await expect(toast(page, 'Exchange shipped')).toBeVisible();
  await expect(card.getByText('Exchange shipped', { exact: true })).toBeVisible();
  // The exchange parcel's packing slip and label (the new size) print from its card.
  const documents = card.getByRole('group', { name: 'Exchange parcel documents' });
  for (const [name, file] of [
    ['Exchange packing slip (PDF)', `exchange-packing-slip-${ref}.pdf`],
    ['Exchange shipping label (PDF)', `exchange-shipping-label-${ref}.pdf`],
  ]) {
    const download = page.waitForEvent('download');
    await documents.getByRole('button', { name }).click();
    expect((await download).suggestedFilename()).toBe(file);
  }

  // The line reads the size the shopper now has; the invoice's line is unchanged.
  const exchangedSize = new RegExp(`Size: ${wanted.size} \\(exchanged from (.+ / )?${bought.size}\\)`);
  // The new parcel is delivered through the order modal too.
  dialog = await adminOrderDialog(page, ref);
  await expect(dialog.getByText(exchangedSize)).toBeVisible();
  await dialog.getByRole('button', { name: 'Delivered', exact: true }).click();
  await expect(toast(page, 'Marked delivered')).toBeVisible();

  // Every mail the shopper got about this order, in order.
  await expect
    .poll(async () => (await mailsTo(shopper.email)).map((m) => m.subject).filter((s) => s.includes(ref)))
    .toEqual([
      `Order #${ref} confirmed`,
      `Order #${ref} has shipped`,
      `Order #${ref} was delivered`,
      `We received your exchange request for order #${ref}`,
      `Your exchange for order #${ref} is approved`,
      `We received your returned item for order #${ref}`,
      `Your exchange for order #${ref} has shipped`,
      `Order #${ref} was delivered`,
    ]);
  const mails = await mailsTo(shopper.email);
  expect(mails.find((m) => m.subject.endsWith('is approved'))!.raw).toContain('Our courier picks it up tomorrow');
  expect(mails.find((m) => m.subject.startsWith('Your exchange') && m.subject.endsWith('has shipped'))!.raw).toContain(`BD${stamp}2`);

  // The shopper sees the exchange shipped and both parcels.
  await shopperPage.reload();
  await expect(panel.getByText('Exchange shipped', { exact: true })).toBeVisible();
  await expect(shopperPage.getByRole('region', { name: /^Items/ }).getByText(exchangedSize)).toBeVisible();
  const tracking = shopperPage.getByRole('region', { name: 'Tracking' });
  await expect(tracking.getByText('Blue Dart', { exact: true })).toBeVisible();
  await expect(tracking.getByText('Delhivery', { exact: true })).toBeVisible();
  await shopperContext.close();
});

test('a refund return: the admin approves, receives and refunds it, and the shopper gets the credit note mail', async ({
  page,
  request,
  adminToken,
}) => {
  const shopper = await signUpShopper(request, { name: 'Ravi Shetty', phone: '9845098451' });
  const products = (await (await request.get('/api/products')).json()) as Product[];
  const product = products.find((p) => p.variants.some((v) => v.isActive && v.stockQty >= 3))!;
  const variant = product.variants.find((v) => v.isActive && v.stockQty >= 3)!;
  const order = await placeOrder(request, shopper, { productId: product._id, variantId: variant._id });
  const ref = order._id.slice(-8).toUpperCase();
  const admin = bearer(adminToken);
  const awb = `DT${Date.now().toString().slice(-8)}`;
  expect(
    (await request.post(`/api/orders/admin/${order._id}/shipments`, { headers: admin, data: { courier: 'dtdc', awb } })).status(),
  ).toBe(201);
  expect((await request.post(`/api/orders/admin/${order._id}/delivered`, { headers: admin, data: {} })).status()).toBe(200);
  const asked = await request.post(`/api/orders/${order._id}/returns`, {
    headers: bearer(shopper.token),
    data: { lines: [{ orderItemId: order.items[0]._id, quantity: 1 }], reason: 'not_as_pictured', resolution: 'refund' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const refund = ((await asked.json()) as { refundAmount: number }).refundAmount;
  const amount = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(refund);

  await page.addInitScript((token) => window.localStorage.setItem('apparel-store.token', token), adminToken);
  await page.goto('/admin/returns');
  const card = page.getByTestId('return-card').filter({ hasText: `Order #${ref}` });
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Return approved')).toBeVisible();
  await card.getByRole('button', { name: 'Mark received' }).click();
  await expect(toast(page, 'Marked received')).toBeVisible();
  await card.getByRole('button', { name: `Refund ${amount}` }).click();
  await expect(toast(page, 'Refund issued with its credit note')).toBeVisible();
  await expect(card.getByText('Refunded', { exact: true })).toBeVisible();

  // Every mail about the order (the API steps above run within milliseconds, so the files' order is not theirs).
  await expect
    .poll(async () =>
      (await mailsTo(shopper.email))
        .map((m) => m.subject)
        .filter((s) => s.includes(ref))
        .sort(),
    )
    .toEqual(
      [
        `Order #${ref} confirmed`,
        `Order #${ref} has shipped`,
        `Order #${ref} was delivered`,
        `We received your return request for order #${ref}`,
        `Your return for order #${ref} is approved`,
        `We received your returned item for order #${ref}`,
        `Refund of ${amount} for order #${ref}`,
      ].sort(),
    );
});

test('the return dialog picks photos with a styled button, and each chosen photo can be removed', async ({ page, request, adminToken }) => {
  const shopper = await signUpShopper(request, { name: 'Tara Menon' });
  const products = (await (await request.get('/api/products')).json()) as Product[];
  const product = products.find((p) => p.variants.some((v) => v.isActive && v.stockQty >= 3))!;
  const variant = product.variants.find((v) => v.isActive && v.stockQty >= 3)!;
  const order = await placeOrder(request, shopper, { productId: product._id, variantId: variant._id });
  const shipped = await request.post(`/api/orders/admin/${order._id}/shipments`, {
    headers: bearer(adminToken),
    data: { courier: 'dtdc', awb: `RP${Date.now()}` },
  });
  expect(shipped.ok(), await shipped.text()).toBeTruthy();
  const delivered = await request.post(`/api/orders/admin/${order._id}/delivered`, { headers: bearer(adminToken), data: {} });
  expect(delivered.ok(), await delivered.text()).toBeTruthy();

  await page.addInitScript((token) => window.localStorage.setItem('apparel-store.token', token), shopper.token);
  await page.goto(`/orders/${order._id}`);
  await page.getByRole('region', { name: 'Returns and exchanges' }).getByRole('button', { name: 'Return or exchange' }).click();
  const ask = page.getByRole('dialog', { name: 'Return or exchange' });
  await expect(ask).toBeVisible();

  // A button of the shop's own, the browser's file control hidden behind it.
  const picker = ask.getByLabel('Add photos');
  await expect(ask.getByText('Add photos')).toBeVisible();
  expect((await picker.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
  const image = await realImage('jpeg');
  await picker.setInputFiles([
    { name: 'front.jpg', mimeType: 'image/jpeg', buffer: image },
    { name: 'tag.jpg', mimeType: 'image/jpeg', buffer: image },
  ]);
  await expect(ask.getByRole('img', { name: 'Your photo 2' })).toBeVisible();
  await expect(ask.getByRole('img', { name: 'Your photo 1' })).toBeVisible();

  // Each thumbnail has its Remove.
  await ask.getByRole('button', { name: 'Remove photo 1' }).click();
  await expect(ask.getByRole('img', { name: /^Your photo/ })).toHaveCount(1);
  await expect(ask.getByRole('button', { name: 'Remove photo 2' })).toHaveCount(0);
  await ask.getByRole('button', { name: 'Remove photo 1' }).click();
  await expect(ask.getByRole('img', { name: /^Your photo/ })).toHaveCount(0);
  await expect(ask.getByText('Add photos')).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).include('[role=dialog]').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('before sending a refund request the shopper reads how much comes back, the amount the return then records', async ({
  page,
  request,
  adminToken,
}) => {
  const shopper = await signUpShopper(request, { name: 'Neha Kulkarni', phone: '9845098477' });
  const products = (await (await request.get('/api/products')).json()) as Product[];
  // Two units well under the COD limit; a new shopper's first order carries the first-order discount,
  // so each unit's share is not simply its price.
  const [product, variant] = products.flatMap((p) =>
    p.variants.filter((v) => v.isActive && v.stockQty >= 4 && v.price < 1500).map((v) => [p, v] as const),
  )[0];
  const order = await placeCodOrder(request, shopper, { productId: product._id, variantId: variant._id }, 2);
  expect(order.items[0].discount).toBeGreaterThan(0);
  const admin = bearer(adminToken);
  expect(
    (
      await request.post(`/api/orders/admin/${order._id}/shipments`, { headers: admin, data: { courier: 'dtdc', awb: `RV${Date.now()}` } })
    ).ok(),
  ).toBe(true);
  expect((await request.post(`/api/orders/admin/${order._id}/delivered`, { headers: admin, data: {} })).ok()).toBe(true);

  await page.addInitScript((token) => window.localStorage.setItem('apparel-store.token', token), shopper.token);
  await page.goto(`/orders/${order._id}`);
  await page.getByRole('region', { name: 'Returns and exchanges' }).getByRole('button', { name: 'Return or exchange' }).click();
  const ask = page.getByRole('dialog', { name: 'Return or exchange' });
  await ask.getByRole('checkbox').first().check();
  await ask.getByLabel('Quantity').selectOption('1');
  await ask.getByLabel('Reason').selectOption({ index: 1 });
  await ask.getByRole('textbox', { name: 'UPI ID' }).fill('neha@okaxis');
  const preview = ask.getByTestId('refund-preview');
  await expect(preview).toContainText('back by bank transfer or UPI');
  const shown = (await preview.locator('strong').textContent())!;

  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask).toHaveCount(0);
  const [ret] = (await (await request.get(`/api/orders/${order._id}/returns`, { headers: bearer(shopper.token) })).json()) as {
    refundAmount: number;
  }[];
  expect(shown).toBe(formatINR(ret.refundAmount));
  // One of two units: half of what the line cost after its discount, to the paisa.
  expect(ret.refundAmount).toBe(Math.round(((order.items[0].price - order.items[0].discount) * 100) / 2) / 100);
});
