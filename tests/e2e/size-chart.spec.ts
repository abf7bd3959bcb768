import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Product } from '../../src/core/api-types';
import { expect, POST_LOGIN_KEY, TOKEN_KEY, test } from './fixtures';
import { bearer, DEMO_ADMIN, logIn } from './shoppers';

// Size charts and the phone's bottom buying bar on the product page. Runs on a desktop
// and on a phone (playwright.config.ts).

/** Opens a demo product by its title through the search. */
async function openProduct(page: Page, title: string) {
  await page.goto(`/products?q=${encodeURIComponent(title)}`);
  // The product's card (the search's "clear" chip is a link with the same words).
  await page.locator('main a[href^="/products/"]', { hasText: title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('Size chart opens a labelled dialog with the table, a cm toggle and the note; Escape closes it', async ({ page }) => {
  test.setTimeout(90_000);
  await openProduct(page, 'Indigo Dabu Print Cotton Kurta');
  await page.getByRole('radio', { name: 'XS', exact: true }).click();
  const opener = page.getByRole('button', { name: 'Size chart' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Size chart' });
  await expect(dialog).toBeVisible();

  // The women's tops chart of the demo catalogue, in inches, with the chosen size (XS) marked.
  const table = dialog.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Size', 'Chest', 'Waist', 'Hip', 'Length', 'Shoulder']);
  await expect(table.getByRole('row', { name: /^XS/ }).getByRole('cell')).toHaveText(['32', '26', '35', '44', '13.5']);
  await expect(table.getByRole('rowheader', { name: 'XS (selected)' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'How to measure' })).toBeVisible();
  await expect(dialog.getByText(/Chest: measure around the fullest part of your bust/)).toBeVisible();

  // Centimetres: inches x 2.54, one decimal.
  await dialog.getByRole('button', { name: 'cm' }).click();
  await expect(dialog.getByRole('button', { name: 'cm' })).toHaveAttribute('aria-pressed', 'true');
  await expect(table.getByRole('row', { name: /^XS/ }).getByRole('cell')).toHaveText(['81.3', '66', '88.9', '111.8', '34.3']);
  await expect(dialog).toContainText('Body measurements in centimetres');

  // No serious or critical accessibility problem with the dialog open.
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).include('dialog[open]').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Focus stays inside while tabbing, Escape closes, focus goes back to the button.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // The close button closes it too; the chart shows the size chosen since.
  await page.getByRole('radio', { name: 'L', exact: true }).click();
  await opener.click();
  await expect(dialog.getByRole('rowheader', { name: 'L (selected)' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close size chart' }).click();
  await expect(dialog).toBeHidden();
});

test("a product's own chart replaces its category's; a product without any has no Size chart", async ({ page }) => {
  await openProduct(page, 'Fleece Pullover Hoodie – Maroon');
  await page.getByRole('button', { name: 'Size chart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Size chart' });
  await expect(dialog.getByRole('columnheader')).toHaveText(['Size', 'Chest', 'Length', 'Shoulder']);
  await expect(dialog.getByText(/relaxed fit with dropped shoulders/)).toBeVisible();
  await page.keyboard.press('Escape');

  await openProduct(page, 'Slim Fit Stretch Jeans – Indigo');
  await page.getByRole('button', { name: 'Size chart' }).click();
  await expect(page.getByRole('dialog', { name: 'Size chart' }).getByRole('columnheader')).toHaveText(['Size', 'Waist', 'Hip', 'Length']);
  await page.keyboard.press('Escape');

  await openProduct(page, 'Kanjeevaram Silk Saree – Temple Border');
  await expect(page.getByRole('radiogroup', { name: 'Size' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Size chart' })).toHaveCount(0);
});

/** Scrolls the page's own buying buttons out of view, upwards. */
async function scrollPastButtons(page: Page) {
  await page.getByRole('heading', { name: 'You May Also Like' }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 200));
}

test('@phone-only the bottom bar appears once the buttons scroll away and adds to the cart', async ({ page, signIn }) => {
  await signIn();
  await openProduct(page, 'Indigo Dabu Print Cotton Kurta');
  const bar = page.getByTestId('sticky-buy-bar');
  await expect(bar).toBeHidden();
  const padding = await page.evaluate(() => getComputedStyle(document.body).paddingBottom);

  await page.getByRole('radio', { name: 'XL', exact: true }).click();
  await scrollPastButtons(page);
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('₹1,299');
  await expect(bar).toContainText('Size XL');
  // Room for the bar was there from the start: nothing moved when it appeared.
  expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe(padding);
  expect(parseFloat(padding)).toBeGreaterThan(0);

  // Back up to the buttons: the bar goes away again.
  await page.getByRole('button', { name: 'Buy Now' }).first().scrollIntoViewIfNeeded();
  await expect(bar).toBeHidden();

  await scrollPastButtons(page);
  await bar.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('button', { name: 'Remove Indigo Dabu Print Cotton Kurta (size XL)' })).toBeVisible();
});

test('@phone-only signed out, Buy Now in the bottom bar goes through the login gate', async ({ page }) => {
  await openProduct(page, 'Indigo Dabu Print Cotton Kurta');
  const path = new URL(page.url()).pathname;
  await page.getByRole('radio', { name: 'S', exact: true }).click();
  await scrollPastButtons(page);
  const bar = page.getByTestId('sticky-buy-bar');
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const saved = JSON.parse((await page.evaluate((k) => sessionStorage.getItem(k), POST_LOGIN_KEY)) ?? '{}');
  expect(saved).toMatchObject({ type: 'buyNow', returnTo: path, payload: { quantity: 1 } });
});

test('@desktop-only no bottom bar on a desktop', async ({ page }) => {
  await openProduct(page, 'Indigo Dabu Print Cotton Kurta');
  await scrollPastButtons(page);
  await page.waitForTimeout(300);
  await expect(page.getByTestId('sticky-buy-bar')).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
});

test('@desktop-only the admin gives a category a chart in its form and its product pages show it', async ({ page, request }) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36).slice(-5);
  const token = await logIn(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const demo = ((await (await request.get('/api/products?q=Indigo+Dabu')).json()) as Product[])[0];
  const category = (await (
    await request.post('/api/categories', { headers: bearer(token), data: { name: `Chart Test ${run}` } })
  ).json()) as {
    _id: string;
    name: string;
  };
  const created = await request.post('/api/products', {
    headers: bearer(token),
    data: {
      title: `Chart Test Kurta ${run}`,
      description: 'A kurta for the size chart test.',
      categoryIds: [category._id],
      images: [{ url: demo.images[0].url, alt: 'Kurta' }],
      variants: [{ size: 'M', price: 999, stockQty: 5 }],
    },
  });
  expect(created.status()).toBe(201);
  const product = (await created.json()) as Product;

  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto('/admin/categories');
  await page.getByRole('group', { name: category.name, exact: true }).getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('checkbox', { name: 'Size chart' }).check();
  // A new chart offers S to XL with chest, waist and length; keep one size.
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Remove size chart row 2' }).click();
  const row = page.getByRole('listitem', { name: 'Size chart row 1' });
  await row.getByLabel('Size').selectOption('M');
  await row.getByLabel('Chest (in)').fill('38');
  await row.getByLabel('Waist (in)').fill('320');
  await row.getByLabel('Length (in)').fill('28.5');
  await page.getByLabel('How to measure').fill('Measure over a thin layer.');
  await page.getByRole('button', { name: 'Update Category' }).click();
  await expect(row.getByLabel('Waist (in)')).toHaveAccessibleDescription('Waist for M must be between 18 and 70 inches');
  await row.getByLabel('Waist (in)').fill('32');
  await page.getByRole('button', { name: 'Update Category' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Category updated successfully' }).first()).toBeVisible();

  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Size chart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Size chart' });
  await expect(dialog.getByRole('columnheader')).toHaveText(['Size', 'Chest', 'Waist', 'Length']);
  await expect(dialog.getByRole('row', { name: /^M/ }).getByRole('cell')).toHaveText(['38', '32', '28.5']);
  await expect(dialog.getByText('Measure over a thin layer.')).toBeVisible();

  // The product form says the product uses its category's chart.
  await page.goto('/admin/products');
  await page.getByRole('button', { name: `Edit ${product.title}` }).click();
  await expect(page.getByRole('radio', { name: "Use the category's chart" })).toBeChecked();
});
