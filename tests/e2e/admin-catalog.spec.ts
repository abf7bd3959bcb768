import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import sharp from 'sharp';
import { DEMO_ADMIN as ADMIN, logIn as login, signUpShopper, type Shopper } from './shoppers';

// The admin catalogue screens: a category tree, a product's whole life from the admin
// form to the public shop and back, the dashboard's figures after an order, and who may enter.

const TOKEN_KEY = 'apparel-store.token';
const run = Date.now().toString(36).slice(-5);
const PARENT = `Monsoon Edit ${run}`;
const CHILD = `Rain Kurtas ${run}`;
const TITLE = `Indigo Rain Kurta ${run}`;

async function signedIn(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
}

async function png(color: string): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 50, channels: 3, background: color } })
    .png()
    .toBuffer();
}

// Pages are checked through web-first assertions: no need to wait for every product photo to load.
const FAST = { waitUntil: 'domcontentloaded' } as const;

// A toast with this text (an identical earlier one may still be fading out, hence first()).
const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).first();

let adminToken = '';
/** What the product tests hand on to each other (they run in order). */
const product = { countBefore: 0, path: '', imageSrc: '' };
let shopper: Shopper;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  adminToken = await login(request, ADMIN.email, ADMIN.password);
  shopper = await signUpShopper(request, { name: 'Meera Iyer', phone: `9${String(Date.now()).slice(-9)}` });
});

test.describe('as the admin', () => {
  test.beforeEach(async ({ context }) => {
    await signedIn(context, adminToken);
  });

  test('builds a two-level category tree', async ({ page, request }) => {
    await page.goto('/admin/categories', FAST);
    await expect(page.getByRole('heading', { name: 'Categories', level: 1 })).toBeVisible();

    // A main category.
    await page.getByRole('button', { name: '+ Add Category' }).click();
    await page.getByLabel('Name').fill(PARENT);
    await page.getByLabel('Description').fill('Light cottons for the rains.');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(toast(page, 'Category added successfully')).toBeVisible();
    const parentRow = page.getByRole('group', { name: PARENT, exact: true });
    await expect(parentRow.getByText('Main Category')).toBeVisible();

    // A child: the parent select offers main categories only.
    await page.getByRole('button', { name: '+ Add Category' }).click();
    const all = (await (await request.get('/api/categories/admin/all', { headers: { Authorization: `Bearer ${adminToken}` } })).json()) as {
      name: string;
      parentId: string | null;
    }[];
    const mains = all.filter((c) => c.parentId === null).map((c) => c.name);
    const parentSelect = page.getByLabel('Parent category');
    await expect(parentSelect.locator('option')).toHaveText(['None (main category)', ...mains]);
    expect(mains).toContain(PARENT);
    await page.getByLabel('Name').fill(CHILD);
    await parentSelect.selectOption({ label: PARENT });
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(toast(page, 'Category added successfully')).toBeVisible();
    const childRow = page.getByRole('group', { name: CHILD, exact: true });
    await expect(childRow.getByText('Subcategory')).toBeVisible();

    // The child is never offered as a parent.
    await page.getByRole('button', { name: '+ Add Category' }).click();
    await expect(parentSelect.locator('option', { hasText: CHILD })).toHaveCount(0);

    // Names are unique whatever the case.
    await page.getByLabel('Name').fill(PARENT.toUpperCase());
    await page.getByRole('button', { name: 'Add Category' }).click();
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Category name already exists');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByLabel('Name')).toHaveCount(0);

    // Deactivate and activate again.
    await childRow.getByRole('button', { name: 'Deactivate' }).click();
    await expect(toast(page, 'Category deactivated')).toBeVisible();
    await expect(childRow.getByText('Inactive')).toBeVisible();
    await childRow.getByRole('button', { name: 'Activate' }).click();
    await expect(toast(page, 'Category activated')).toBeVisible();

    // Deleting asks first; Escape cancels; the server refuses a parent with a child and says why.
    await parentRow.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete category?' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await parentRow.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'This category has 1 subcategory. Move or delete it first.')).toBeVisible();
    await expect(parentRow).toBeVisible();

    // The tree is searchable.
    await page.getByLabel('Search categories').fill(CHILD);
    await expect(childRow).toBeVisible();
    await expect(page.getByRole('group', { name: 'Sarees', exact: true })).toHaveCount(0);
    await page.getByLabel('Search categories').fill('no such category');
    await expect(page.getByText('No categories found')).toBeVisible();
  });

  test('adds a product with two images and two sizes', async ({ page, request, allowConsole }) => {
    await page.goto('/admin/products', FAST);
    const heading = page.getByRole('heading', { level: 1, name: /^Products \(\d+\)$/ });
    await expect(heading).toBeVisible();
    product.countBefore = Number((await heading.textContent())?.match(/\d+/)?.[0]);

    // Every rule of the form speaks first.
    await page.getByRole('button', { name: '+ Add Product' }).click();
    await page.getByRole('button', { name: 'Add Product', exact: true }).click();
    for (const message of [
      'Product title is required',
      'Product description is required',
      'At least one category must be selected',
      'At least one product image is required',
      'Size is required',
      'Valid price is required',
      'Stock quantity is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }

    await page.getByLabel('Title').fill(TITLE);
    await page.getByLabel('Description').fill('Hand block printed cotton kurta in indigo, cut for humid days.');
    await page.getByRole('button', { name: /^Categories/ }).click();
    await page.getByLabel('Search categories').fill(CHILD);
    await page.getByRole('checkbox', { name: CHILD, exact: true }).check();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('button', { name: /^Categories/ })).toContainText(CHILD);
    await page.getByLabel('Bestseller').check();

    const first = page.getByRole('listitem', { name: 'Variant 1' });
    await first.getByLabel('Size').selectOption('M');
    await first.getByLabel('Price (₹)').fill('1499');
    await first.getByLabel('Compare-at (₹)').fill('1999');
    await first.getByLabel('Stock').fill('10');
    await expect(first.getByRole('button', { name: /Remove/ })).toHaveCount(0);
    await page.getByRole('button', { name: '+ Add variant' }).click();
    const second = page.getByRole('listitem', { name: 'Variant 2' });
    await second.getByLabel('Size').selectOption('L');
    await second.getByLabel('Price (₹)').fill('1599.50');
    await second.getByLabel('Stock').fill('4');

    // Files are checked before anything is uploaded.
    const files = page.locator('input[type="file"]');
    await files.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(toast(page, 'notes.txt is not a valid image file')).toBeVisible();
    await files.setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: await png('#1e3a8a') },
      { name: 'back.png', mimeType: 'image/png', buffer: await png('#60a5fa') },
    ]);
    await expect(page.getByText('Images (2/5)')).toBeVisible();
    await page.getByLabel('Alt text for image 1').fill('Indigo kurta, front');

    // Reordered from the keyboard; focus stays with the moved image.
    await page.getByRole('button', { name: 'Move image 2 up' }).press('Enter');
    await expect(page.getByLabel('Alt text for image 2')).toHaveValue('Indigo kurta, front');
    await expect(page.getByRole('button', { name: 'Move image 1 down' })).toBeFocused();

    // A failed upload stops the save (and is logged as a warning).
    allowConsole(/product image upload failed/);
    await page.route('**/api/media/upload', (route) => route.fulfill({ status: 500, json: { message: 'down' } }));
    await page.getByRole('button', { name: 'Add Product', exact: true }).click();
    await expect(toast(page, 'Failed to upload image')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Add New Product' })).toBeVisible();
    await page.unroute('**/api/media/upload');

    await page.getByRole('button', { name: 'Add Product', exact: true }).click();
    await expect(toast(page, 'Product added successfully')).toBeVisible();
    await expect(heading).toHaveText(`Products (${product.countBefore + 1})`);
    const card = page.getByRole('article', { name: TITLE });
    await expect(card).toContainText('₹1,499 - ₹1,599.50');
    await expect(card).toContainText('2 variants');
    await expect(card.getByText('Bestseller')).toBeVisible();
    product.path = (await card.getByRole('link', { name: TITLE }).getAttribute('href')) ?? '';
    expect(product.path).toMatch(/^\/products\/[a-z0-9-]+$/);
    product.imageSrc = (await card.getByRole('img').getAttribute('src')) ?? '';
    expect(product.imageSrc).toMatch(/^\/media\/product_images\//);
    expect((await request.get(product.imageSrc)).status()).toBe(200);

    // In the shop.
    await page.goto('/products', FAST);
    await expect(page.getByText(TITLE)).toBeVisible();
  });

  test('hides the product from the shop and shows it again', async ({ page, context }) => {
    await page.goto('/admin/products', FAST);
    const card = page.getByRole('article', { name: TITLE });
    const shop = await context.newPage();

    await card.getByRole('button', { name: `Hide ${TITLE}` }).click();
    await expect(toast(page, 'Product deactivated')).toBeVisible();
    await expect(card.getByText('Inactive')).toBeVisible();
    await shop.goto('/products', FAST);
    await expect(shop.getByRole('heading', { name: 'All Products' })).toBeVisible();
    await expect(shop.getByText(TITLE)).toHaveCount(0);
    await shop.goto(product.path, FAST);
    await expect(shop.getByRole('heading', { name: 'Product not found' })).toBeVisible();

    await card.getByRole('button', { name: `Show ${TITLE}` }).click();
    await expect(toast(page, 'Product activated')).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await shop.goto(product.path, FAST);
    await expect(shop.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    await expect(shop.getByText('₹1,499').first()).toBeVisible();
  });

  test('edits a price and the product page shows it', async ({ page }) => {
    await page.goto('/admin/products', FAST);
    const card = page.getByRole('article', { name: TITLE });
    await card.getByRole('button', { name: `Edit ${TITLE}` }).click();
    await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(TITLE);
    await page.getByRole('listitem', { name: 'Variant 1' }).getByLabel('Price (₹)').fill('1349');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(toast(page, 'Product updated successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Edit Product' })).toHaveCount(0);
    await expect(card).toContainText('₹1,349 - ₹1,599.50');
    await page.goto(product.path, FAST);
    await expect(page.getByText('₹1,349').first()).toBeVisible();
  });

  test('deletes the product after confirming, with its images', async ({ page, request }) => {
    await page.goto('/admin/products', FAST);
    const heading = page.getByRole('heading', { level: 1, name: /^Products \(\d+\)$/ });
    const card = page.getByRole('article', { name: TITLE });
    await card.getByRole('button', { name: `Delete ${TITLE}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete product?' });
    await expect(dialog).toContainText(TITLE);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Product deleted successfully')).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(heading).toHaveText(`Products (${product.countBefore})`);
    expect((await request.get(product.imageSrc)).status()).toBe(404);
  });

  test("sees the dashboard's figures move after an order", async ({ page, request }) => {
    await page.goto('/admin/dashboard', FAST);
    const tile = page.getByText("Today's revenue").locator('..');
    await expect(tile).toContainText(/order\(s\) today/);
    const revenueBefore = await tile.locator('p').nth(1).textContent();
    const ordersBefore = Number((await tile.locator('p').nth(2).textContent())?.match(/\d+/)?.[0]);

    // A shopper pays through the Razorpay sandbox.
    const products = (await (await request.get('/api/products')).json()) as {
      _id: string;
      variants: { _id: string; stockQty: number; isActive: boolean }[];
    }[];
    const product = products.find((p) => p.variants.some((v) => v.isActive && v.stockQty > 0));
    const variant = product?.variants.find((v) => v.isActive && v.stockQty > 0);
    expect(product && variant).toBeTruthy();
    const headers = { Authorization: `Bearer ${shopper.token}` };
    const shippingAddress = {
      firstName: 'Meera',
      lastName: 'Iyer',
      email: shopper.email,
      phone: shopper.phone,
      line1: '7 Cathedral Road',
      city: 'Chennai',
      state: 'Tamil Nadu',
      pincode: '600086',
    };
    const created = await request.post('/api/payments/razorpay/create-order', {
      headers,
      data: {
        currency: 'INR',
        items: [{ productId: product?._id, variantId: variant?._id, quantity: 1 }],
        email: shopper.email,
        phone: shopper.phone,
        fromBuyNow: true,
        shippingAddress,
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const { key, order } = (await created.json()) as { key: string; order: { id: string } };
    const paid = await request.post('/razorpay-sandbox/checkout/pay', { data: { key, order_id: order.id } });
    expect(paid.ok(), await paid.text()).toBeTruthy();
    const verified = await request.post('/api/payments/razorpay/verify-and-create-order', {
      headers,
      data: { ...(await paid.json()), email: shopper.email, phone: shopper.phone, shippingAddress, fromBuyNow: true },
    });
    expect(verified.ok(), await verified.text()).toBeTruthy();

    await page.reload(FAST);
    await expect(tile).toContainText(`${ordersBefore + 1} order(s) today`);
    await expect(tile.locator('p').nth(1)).not.toHaveText(revenueBefore ?? '');
  });
});

test.describe('who may enter', () => {
  test('a shopper is turned away from the admin screens', async ({ context, page }) => {
    await signedIn(context, shopper.token);
    await page.goto('/admin/products', FAST);
    await expect(page.getByText('Access denied. Admin privileges required.')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('a visitor without a token is sent to log in', async ({ page }) => {
    await page.goto('/admin/products', FAST);
    await expect(page).toHaveURL(/\/login$/);
  });
});
