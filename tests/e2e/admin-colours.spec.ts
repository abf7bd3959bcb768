import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import type { Category, Product } from '../../src/core/api-types';
import { ADMIN, bearer, login, placeCodOrder, signUpShopper } from './admin-api';
import { expect, test } from './hydrated-test';

// Colours and sizes in the admin (docs/architecture.md#colours-and-sizes), on desktop and on a
// phone: the owner makes a product in two colours and four sizes in one save, gives each colour its
// picture, and once a shopper buys the last-but-one Maroon / L, the dashboard's low-stock panel and
// that variant's stock history name it "Maroon / L".

const FAST = { waitUntil: 'domcontentloaded' } as const;
const TOKEN_KEY = 'apparel-store.token';
const run = Date.now().toString(36).slice(-5);
const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).first();

async function png(color: string): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 50, channels: 3, background: color } })
    .png()
    .toBuffer();
}

let token = '';
test.beforeEach(async ({ page, request }) => {
  token = await login(request, ADMIN.email, ADMIN.password);
  await page.context().addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
});

/** The whole story at the viewport the test runs in; `tag` tells the runs' products apart. */
async function story(page: Page, request: APIRequestContext, info: TestInfo, tag: string) {
  // "Aaa" sorts it to the top of the low-stock list, which shows 20 rows.
  const title = `Aaa Colour Kurta ${tag} ${run}`;
  const [category] = (await (await request.get('/api/categories')).json()) as Category[];
  await page.goto('/admin/products', FAST);
  await page.getByRole('button', { name: '+ Add Product' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Product' })).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Hand-block printed cotton kurta, in indigo and in maroon.');
  await page.getByRole('button', { name: /^Categories/ }).click();
  await page.getByLabel('Search categories').fill(category.name);
  await page.getByRole('checkbox', { name: category.name, exact: true }).first().check();
  await page.getByRole('button', { name: 'Done' }).click();

  // Colours, then the sizes for all of them.
  const newColour = page.getByLabel('New colour');
  for (const name of ['Indigo', 'Maroon', 'Mustard']) {
    await newColour.fill(name);
    await page.getByRole('button', { name: '+ Add colour' }).click();
  }
  const colours = page.getByRole('list', { name: 'Colours' });
  await expect(colours.getByRole('listitem')).toHaveCount(3);
  await newColour.fill('maroon');
  await newColour.press('Enter');
  await expect(page.getByText('Maroon is listed already')).toBeVisible();
  await newColour.fill('');

  const sizes = page.getByRole('group', { name: 'Sizes', exact: true });
  for (const size of ['S', 'M', 'L', 'XL']) await sizes.getByText(size, { exact: true }).click();
  const grid = page.getByRole('group', { name: 'Variants' });
  await expect(grid.getByRole('listitem')).toHaveCount(12);

  // Removing a colour says what goes with it.
  await colours.getByRole('button', { name: 'Remove Mustard' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove Mustard?' });
  await expect(confirm).toContainText('Removing Mustard removes its 4 sizes.');
  await confirm.getByRole('button', { name: 'Remove Mustard' }).click();
  await expect(grid.getByRole('listitem')).toHaveCount(8);

  // One price, MRP and stock for every row, then Maroon / L's own stock.
  const setAll = page.getByRole('group', { name: 'Set for all' });
  await setAll.getByLabel('Price for all (₹)').fill('1499');
  await setAll.getByLabel('Compare-at for all (₹)').fill('1999');
  await setAll.getByLabel('Stock for all').fill('20');
  await setAll.getByRole('button', { name: 'Apply to rows' }).click();
  const maroonL = grid.getByRole('listitem', { name: 'Maroon / L' });
  await expect(maroonL.getByLabel('Price (₹)')).toHaveValue('1499');
  await maroonL.getByRole('spinbutton', { name: 'Stock', exact: true }).fill('2');

  // A picture for each colour.
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'indigo.png', mimeType: 'image/png', buffer: await png('#33407a') },
    { name: 'maroon.png', mimeType: 'image/png', buffer: await png('#800020') },
  ]);
  await page.getByLabel('Colour of image 1').selectOption('Indigo');
  await page.getByLabel('Colour of image 2').selectOption('Maroon');

  const form = page.locator('form[aria-labelledby="product-form-heading"]');
  await form.screenshot({ path: info.outputPath(`form-${tag}.png`) });
  // The grid scrolls inside its own box; the page never scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'Add Product', exact: true }).click();
  await expect(toast(page, 'Product added successfully')).toBeVisible();

  const all = (await (await request.get('/api/products/admin/all', { headers: bearer(token) })).json()) as Product[];
  const product = all.find((p) => p.title === title)!;
  expect(product.colours?.map((c) => c.name)).toEqual(['Indigo', 'Maroon']);
  expect(product.variants.map((v) => `${v.colour} / ${v.size}`)).toEqual([
    'Indigo / S',
    'Indigo / M',
    'Indigo / L',
    'Indigo / XL',
    'Maroon / S',
    'Maroon / M',
    'Maroon / L',
    'Maroon / XL',
  ]);
  expect(product.variants.map((v) => [v.price, v.compareAtPrice])).toEqual(Array(8).fill([1499, 1999]));
  expect(product.images.map((i) => i.colour)).toEqual(['Indigo', 'Maroon']);
  const variant = product.variants.find((v) => v.colour === 'Maroon' && v.size === 'L')!;
  expect(variant.stockQty).toBe(2);

  // A shopper buys one Maroon / L: one left.
  const shopper = await signUpShopper(request);
  await placeCodOrder(request, shopper, { productId: product._id, variantId: variant._id });

  await page.goto('/admin/dashboard', FAST);
  const low = page.getByRole('region', { name: '5 or fewer left' });
  const row = low.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Maroon / L');
  await expect(row).toContainText('1 left');

  await page.goto('/admin/products', FAST);
  await page
    .getByRole('article', { name: title })
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Colours' }).getByRole('listitem')).toHaveCount(2);
  await form.screenshot({ path: info.outputPath(`edit-form-${tag}.png`) });
  await page.getByRole('button', { name: 'Stock history of Maroon / L' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stock history: Maroon / L' });
  await expect(dialog).toContainText('1 in stock now');
  const entries = dialog.getByRole('list', { name: 'Stock changes of Maroon / L, newest first' }).getByRole('listitem');
  await expect(entries.first()).toContainText('Sale');
  await expect(entries.first()).toContainText('Stock after 1');
  // Gone again, so other specs' picks of the catalogue (newest first) never meet this product.
  expect((await request.delete(`/api/products/${product._id}`, { headers: bearer(token) })).ok()).toBeTruthy();
}

test('a product in two colours and four sizes: made in one save, its low size named "Maroon / L"', async ({ page, request }, info) => {
  await story(page, request, info, info.project.name);
});

test.describe('on a phone', () => {
  // The phone project runs a fixed list of specs; this one takes a phone's screen itself.
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test('the same at 390px: the grid scrolls inside its box, the page does not', async ({ page, request }, info) => {
    await story(page, request, info, `${info.project.name}-390`);
  });
});
