import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

// /products and category pages: headings, counts, grids, empty and error states, and search, sort,
// size and price filters and pages kept in the URL.

const priceOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test('All Products: heading, count, 24 per page and real page links', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  await expect(page.getByText(/^\d+ products$/)).toBeVisible();
  await expect(page.locator('main ul a[href^="/products/"]')).toHaveCount(24);
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await pagination.getByRole('link', { name: 'Next →' }).click();
  await expect(page).toHaveURL(/\/products\?page=2$/);
  await expect(pagination.locator('[aria-current="page"]')).toHaveText('Page 2');
});

test('@desktop-only sort and filters apply at once and stay in a shareable URL', async ({ page }) => {
  await page.goto('/products');
  await page.getByLabel('Sort by').selectOption('price-asc');
  await expect(page).toHaveURL(/\/products\?sort=price-asc$/);
  const shown = page.locator('main ul a[href^="/products/"] .price > span:first-child');
  await expect
    .poll(async () => {
      const values = (await shown.allTextContents()).map(priceOf);
      return values.length > 5 && values.every((v, i) => i === 0 || values[i - 1] <= v);
    })
    .toBe(true);

  await expect(page.getByRole('link', { name: 'Filters' })).toBeHidden();
  await page.getByRole('checkbox', { name: 'XXL' }).check({ force: true });
  await expect(page).toHaveURL(/\/products\?sort=price-asc&sizes=XXL$/);
  await page.getByLabel('Max price').fill('1500');
  await page.getByLabel('Max price').press('Enter');
  await expect(page).toHaveURL(/\/products\?sort=price-asc&sizes=XXL&maxPrice=1500$/);
  const cardPrices = page.locator('main ul a[href^="/products/"] .price > span:first-child');
  await expect.poll(async () => Math.max(...(await cardPrices.allTextContents()).map(priceOf))).toBeLessThanOrEqual(1500);
  await expect(page.getByRole('link', { name: 'Remove filter Size XXL' })).toBeVisible();

  // The same URL, opened afresh, renders the same view on the server.
  const url = page.url();
  const html = await (await page.request.get(url)).text();
  // The chip is named by its text after a screen-reader "Remove filter" (server-rendered).
  expect(html).toMatch(/Remove filter <\/span>(<!-- -->)?Up to ₹1500/);
  await page.getByRole('link', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/products\?sort=price-asc$/);
});

test('@phone-only the filters open as a bottom sheet that counts before applying', async ({ page, request }) => {
  await page.goto('/products?sort=price-asc');
  const counts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/products/count')) counts.push(new URL(r.url()).search);
  });
  const opener = page.getByRole('link', { name: 'Filters' });
  await opener.click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  // A sheet: full width, resting on the bottom of the screen.
  const box = (await sheet.boundingBox())!;
  expect(box.width).toBe(390);
  expect(Math.round(box.y + box.height)).toBe(844);
  // Unfiltered, it counts every product.
  const all = ((await (await request.get('/api/products/count')).json()) as { count: number }).count;
  await expect(sheet.getByRole('button', { name: `Show ${all} items` })).toBeVisible();

  // Choosing applies nothing yet: the button counts what the choice would show.
  await sheet.getByRole('checkbox', { name: 'XXL' }).check({ force: true });
  await sheet.getByLabel('Max price').fill('1500');
  const expected = ((await (await request.get('/api/products/count?sizes=XXL&maxPrice=1500')).json()) as { count: number }).count;
  expect(expected).toBeGreaterThan(0);
  expect(expected).toBeLessThan(all);
  const show = sheet.getByRole('button', { name: `Show ${expected} ${expected === 1 ? 'item' : 'items'}` });
  await expect(show).toBeVisible();
  await expect(page).toHaveURL(/\/products\?sort=price-asc$/);
  // Debounced: one call for the sheet's first state, at most one per settled change after it.
  expect(counts.length).toBeLessThanOrEqual(3);
  expect(counts.at(-1)).toBe('?sort=price-asc&sizes=XXL&maxPrice=1500');

  // An accessible dialog: no serious or critical axe finding, focus kept inside, Escape closes
  // without applying and focus goes back to the Filters button.
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).include('dialog[open]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page).toHaveURL(/\/products\?sort=price-asc$/);

  // Opened again it starts from the listing's filters; the button applies the choice.
  await opener.click();
  await expect(sheet.getByRole('checkbox', { name: 'XXL' })).not.toBeChecked();
  await sheet.getByRole('checkbox', { name: 'XXL' }).check({ force: true });
  await sheet.getByLabel('Max price').fill('1500');
  await show.click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/products\?sort=price-asc&sizes=XXL&maxPrice=1500$/);
  await expect(page.getByText(`${expected} ${expected === 1 ? 'product' : 'products'}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Filters' })).toContainText('2');

  // Clear in the sheet, then apply: back to everything.
  await opener.click();
  await expect(sheet.getByRole('checkbox', { name: 'XXL' })).toBeChecked();
  await sheet.getByRole('button', { name: 'Clear' }).click();
  await sheet.getByRole('button', { name: `Show ${all} items` }).click();
  await expect(page).toHaveURL(/\/products\?sort=price-asc$/);
});

test('a search with no results shows the empty state with its links', async ({ page }) => {
  await page.goto('/products?q=zzzz-nothing');
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('form-style URLs (repeated sizes, empty fields) redirect to the canonical spelling', async ({ page }) => {
  await page.goto('/products?q=&sizes=L&sizes=m&minPrice=&sort=newest');
  await expect(page).toHaveURL(/\/products\?sizes=M,L$/);
});

test('a category page lives at its handle, named after the category; its old address by id answers 301 to it', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('nav[aria-label="Shop by category"] a', { hasText: 'Women' }).getAttribute('href');
  const handle = /^\/category\/([a-z0-9-]+)$/.exec(href ?? '')?.[1];
  expect(handle, href ?? '').toBeTruthy();
  await page.goto(`/category/${handle}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Women' })).toBeVisible();
  await expect(page.getByText(/^\d+ products$/)).toBeVisible();
  await page.getByLabel('Sort by').selectOption('bestsellers');
  await expect(page).toHaveURL(new RegExp(`/category/${handle}\\?sort=bestsellers$`));
  // The address by id (with the name it once carried) moves for good to the handle, filters kept.
  const categories = (await (await request.get('/api/categories')).json()) as { _id: string; handle: string }[];
  const women = categories.find((c) => c.handle === handle)!;
  const old = await request.get(`/category/${women._id}?name=Women&sort=bestsellers`, { maxRedirects: 0 });
  expect([old.status(), old.headers().location]).toEqual([301, `/category/${handle}?sort=bestsellers`]);
});

test('an unknown category answers 404 with the empty state', async ({ page }) => {
  const response = await page.goto('/category/00000000-0000-4000-8000-000000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No products found in this category' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse All Products' })).toHaveAttribute('href', '/');
});

test("a failed load shows 'Failed to fetch products' and 'Try Again' recovers", async ({ page, isMobile }) => {
  await page.goto('/contact');
  await page.route('**/products.data*', (route) => route.fulfill({ status: 500, body: 'down' }));
  if (isMobile) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'All Products' }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Products' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Failed to fetch products' })).toBeVisible();
  await page.unroute('**/products.data*');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
});
