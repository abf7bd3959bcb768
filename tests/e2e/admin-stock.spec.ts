import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Category, Product } from '../../src/core/api-types';
import { ADMIN, bearer, login, placeOrder, signUpShopper } from './admin-api';
import { expect, test } from './hydrated-test';

// Stock you can trust (docs/decisions/0011-stock-ledger.md) and the GST slab editor, on desktop and on a phone: the
// product form refuses a save made against stock that sold meanwhile, each size's history opens in
// a dialog, and the settings' GST slabs can be added and removed. Each test makes its own product;
// settings are put back as they were.

const FAST = { waitUntil: 'domcontentloaded' } as const;
const TOKEN_KEY = 'apparel-store.token';
const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).first();
const run = Date.now().toString(36);

let token = '';
test.beforeEach(async ({ page, request }) => {
  token = await login(request, ADMIN.email, ADMIN.password);
  await page.context().addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
});

/** A product of this test's own (sizes M and L), with a demo image that exists. */
async function makeProduct(request: APIRequestContext, tag: string, stock = { M: 5, L: 2 }): Promise<Product> {
  const [category] = (await (await request.get('/api/categories')).json()) as Category[];
  const [demo] = (await (await request.get('/api/products')).json()) as Product[];
  const res = await request.post('/api/products', {
    headers: bearer(token),
    data: {
      title: `Ledger Kurta ${tag} ${run}`,
      description: 'A kurta whose every piece is accounted for.',
      categoryIds: [category._id],
      images: [{ url: demo.images[0].url, alt: 'Front', publicId: null }],
      variants: Object.entries(stock).map(([size, stockQty]) => ({ size, price: 1299, stockQty, isActive: true })),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Product;
}

async function stockOf(request: APIRequestContext, productId: string, size: string): Promise<number> {
  const list = (await (await request.get('/api/products/admin/all', { headers: bearer(token) })).json()) as Product[];
  return list.find((p) => p._id === productId)!.variants.find((v) => v.size === size)!.stockQty;
}

async function openEditForm(page: Page, title: string) {
  await page.goto('/admin/products', FAST);
  await page
    .getByRole('article', { name: title })
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
}

/** The variant row whose size select shows `size`. */
const sizeRow = (page: Page, size: string) =>
  page.getByRole('listitem', { name: /^Variant \d$/ }).filter({ has: page.locator(`select option[value="${size}"]:checked`) });

test('a save against stock that sold meanwhile is refused, then made against the stock now', async ({
  page,
  request,
  allowConsole,
}, info) => {
  // The browser logs the refused call (409) as a failed resource.
  allowConsole(/409/);
  const product = await makeProduct(request, `stale ${info.project.name}`);
  await openEditForm(page, product.title);
  const stock = sizeRow(page, 'M').getByRole('spinbutton', { name: 'Stock', exact: true });
  await expect(stock).toHaveValue('5');

  // A shopper buys one M while the owner has the form open.
  const shopper = await signUpShopper(request);
  await placeOrder(request, shopper, { productId: product._id, variantId: product.variants.find((v) => v.size === 'M')!._id });
  expect(await stockOf(request, product._id, 'M')).toBe(4);

  await stock.fill('8');
  await expect(sizeRow(page, 'M').getByText('Was 5, +3')).toBeVisible();
  await page.getByLabel('Reason for stock changes (optional)').fill('New batch from Jaipur');
  await page.getByRole('button', { name: 'Update Product' }).click();
  const message = 'Stock for M changed since you opened this form (now 4)';
  await expect(toast(page, message)).toBeVisible();
  await expect(sizeRow(page, 'M').getByText(message)).toBeVisible();
  await expect(stock).toHaveAttribute('aria-invalid', 'true');
  await expect(stock).toBeFocused();
  // The list behind the form shows the stock now (4 M + 2 L).
  await expect(page.getByRole('article', { name: product.title })).toContainText('6 in stock');
  // Nothing was written; the form now shows the stock as it is.
  expect(await stockOf(request, product._id, 'M')).toBe(4);
  await expect(stock).toHaveValue('4');
  await page.screenshot({ path: info.outputPath('stale-refusal.png'), fullPage: false });

  await stock.fill('7');
  await expect(sizeRow(page, 'M').getByText('Was 4, +3')).toBeVisible();
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(toast(page, 'Product updated successfully')).toBeVisible();
  expect(await stockOf(request, product._id, 'M')).toBe(7);
  expect(await stockOf(request, product._id, 'L')).toBe(2);
});

test("each size's stock history opens in an accessible dialog", async ({ page, request }, info) => {
  const product = await makeProduct(request, `history ${info.project.name}`);
  const m = product.variants.find((v) => v.size === 'M')!;
  // An order placed, then cancelled by the owner ("Cancel and refund"): its unit comes back as a
  // 'cancellation' (choosing the status in the dropdown would move no stock, docs/architecture.md#order-lifecycle).
  const shopper = await signUpShopper(request);
  const order = await placeOrder(request, shopper, { productId: product._id, variantId: m._id });
  const cancelled = await request.post(`/api/orders/admin/${order._id}/cancel`, {
    headers: { ...bearer(token), 'Idempotency-Key': `cancel-${order._id}` },
    data: { reason: 'Shopper called to cancel' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  await openEditForm(page, product.title);
  const button = sizeRow(page, 'M').getByRole('button', { name: 'Stock history of size M' });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Stock history: size M' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(product.title);
  await expect(dialog).toContainText('5 in stock now');
  const entries = dialog.getByRole('list', { name: 'Stock changes of size M, newest first' }).getByRole('listitem');
  const ref = order._id.slice(-8).toUpperCase();
  // Newest first: the cancellation, with its order and the owner's note; the opening stock last.
  await expect(entries.first()).toContainText('Order cancelled');
  await expect(entries.first()).toContainText(`Order #${ref}`);
  await expect(entries.first()).toContainText('+1');
  await expect(entries.first()).toContainText('Stock after 5');
  await expect(entries.first()).toContainText('Shopper called to cancel');
  // The sale the order made, between them.
  await expect(entries.nth(1)).toContainText('Sale');
  await expect(entries.nth(1)).toContainText(`Order #${ref}`);
  await expect(entries.nth(1)).toContainText('-1');
  await expect(entries.nth(1)).toContainText('Stock after 4');
  await expect(entries).toHaveCount(3);
  await expect(entries.last()).toContainText('Admin adjustment');
  await expect(entries.last()).toContainText('+5');
  await expect(entries.last()).toContainText('New size');
  await page.screenshot({ path: info.outputPath('history-dialog.png'), fullPage: false });

  const axe = await new AxeBuilder({ page }).include('dialog[open]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  // Nothing wider than the screen.
  expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth + 1)).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test.describe('shop settings', () => {
  let original: unknown = null;
  test.beforeEach(async ({ request }) => {
    original = await (await request.get('/api/admin/settings', { headers: bearer(token) })).json();
  });
  test.afterEach(async ({ request }) => {
    if (original) await request.put('/api/admin/settings', { headers: bearer(token), data: original });
  });

  test('GST slabs can be added and removed, the last without a limit, and the low-stock threshold saved', async ({ page }, info) => {
    await page.goto('/admin/settings', FAST);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    const slabs = page.getByRole('list', { name: 'GST slabs' }).getByRole('listitem');
    await expect(slabs).toHaveCount(2);
    await expect(slabs.nth(1)).toContainText('Slab 2: above ₹2,500 a piece');

    // A new slab goes before the last one.
    await page.getByRole('button', { name: '+ Add slab' }).click();
    await expect(slabs).toHaveCount(3);
    const limit = page.getByLabel('Slab 2: up to (₹ per piece)');
    await expect(limit).toBeFocused();
    await expect(limit).toHaveValue('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Slab limit must be an amount in rupees')).toBeVisible();
    await limit.fill('1000');
    await page.getByLabel('Slab 2: GST rate (%)').fill('12');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Slab limits must go up')).toBeVisible();
    await limit.fill('5000');
    await expect(slabs.nth(2)).toContainText('Slab 3: above ₹5,000 a piece');
    await page.getByLabel('Low-stock threshold (pieces)').fill('7');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(toast(page, 'Settings saved')).toBeVisible();
    await page.screenshot({ path: info.outputPath('slabs.png'), fullPage: true });

    await page.reload(FAST);
    await expect(slabs).toHaveCount(3);
    await expect(page.getByLabel('Slab 2: up to (₹ per piece)')).toHaveValue('5000');
    await expect(page.getByLabel('Slab 3: GST rate (%)')).toHaveValue('18');
    await expect(page.getByLabel('Low-stock threshold (pieces)')).toHaveValue('7');
    // Neither the settings form nor the owner's Staff policy form is wider than the screen.
    for (const form of await page.locator('form').all()) expect(await form.evaluate((f) => f.scrollWidth <= window.innerWidth)).toBe(true);

    // Removing the last slab leaves the one before it without a limit.
    await page.getByRole('button', { name: 'Remove GST slab 3' }).click();
    await expect(slabs).toHaveCount(2);
    await expect(slabs.nth(1)).toContainText('Slab 2: above ₹2,500 a piece');
    await expect(page.getByLabel('Slab 2: up to (₹ per piece)')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(toast(page, 'Settings saved')).toBeVisible();
    await page.reload(FAST);
    await expect(slabs).toHaveCount(2);
    await expect(page.getByLabel('Slab 1: up to (₹ per piece)')).toHaveValue('2500');
    await expect(page.getByLabel('Slab 2: GST rate (%)')).toHaveValue('12');
    // One slab left: it covers every price and has no Remove.
    await page.getByRole('button', { name: 'Remove GST slab 1' }).click();
    await expect(slabs).toHaveCount(1);
    await expect(slabs.first()).toContainText('Slab 1: every price');
    await expect(page.getByRole('button', { name: /Remove GST slab/ })).toHaveCount(0);
  });
});
