/**
 * The product page starts with no size chosen (src/web/features/product/purchase-panel.tsx): a
 * shopper who taps Add to Cart or Buy Now without choosing is told "Select a size" under the sizes,
 * which come into view with the first size in stock focused, and nothing is added or bought. A
 * product with one size (a saree's Free Size) keeps it chosen. On a phone the bottom bar says
 * "Select a size" and its buttons do the same. Runs on a desktop and a phone (playwright.config.ts).
 */
import type { Page } from '@playwright/test';
import { expect, pendingAction, test } from './accounts-fixtures';

/** Opens a demo product by its title through the search. */
async function openProduct(page: Page, title: string) {
  await page.goto(`/products?q=${encodeURIComponent(title)}`);
  await page.locator('main a[href^="/products/"]', { hasText: title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

const sizes = (page: Page) => page.getByRole('radiogroup', { name: 'Size' });

/** True while the element is inside the viewport (at least partly). */
const inViewport = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight;
  });

test('no size is chosen on load; Add to Cart and Buy Now say "Select a size" and focus the sizes', async ({ page }, testInfo) => {
  await openProduct(page, 'Indigo Dabu Print Cotton Kurta');
  await expect(sizes(page).getByRole('radio')).toHaveCount(6);
  await expect(sizes(page).getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Size', exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Select a size' })).toHaveCount(0);

  for (const button of ['Add to Cart', 'Buy Now']) {
    await page.getByRole('button', { name: button }).first().click();
    await expect(page.getByRole('alert').filter({ hasText: 'Select a size' })).toBeVisible();
    await expect(sizes(page)).toHaveAttribute('aria-invalid', 'true');
    // The keyboard is on the first size in stock (XS), and nothing was added, bought or saved for after login.
    await expect(sizes(page).getByRole('radio', { name: 'XS', exact: true })).toBeFocused();
    await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
    expect(await pendingAction(page)).toBeNull();
    if (button === 'Add to Cart') await page.screenshot({ path: testInfo.outputPath('select-a-size.png') });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  }

  // Choosing a size clears the message; then Buy Now goes on (to the login gate, signed out).
  await sizes(page).getByRole('radio', { name: 'L', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Size: L' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Select a size' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Buy Now' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  expect(JSON.parse((await pendingAction(page)) ?? '{}')).toMatchObject({
    type: 'buyNow',
    label: expect.stringContaining('(L)'),
  });
});

test('a product with one size keeps it chosen and can be bought at once', async ({ page }) => {
  await openProduct(page, 'Kanjeevaram Silk Saree – Temple Border');
  await expect(sizes(page).getByRole('radio')).toHaveCount(1);
  await expect(sizes(page).getByRole('radio')).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  expect(JSON.parse((await pendingAction(page)) ?? '{}')).toMatchObject({ type: 'addToCart' });
});

test('@phone-only the bottom bar says "Select a size" and its buttons bring the sizes into view', async ({ page }, testInfo) => {
  await openProduct(page, 'Indigo Dabu Print Cotton Kurta');
  const bar = page.getByTestId('sticky-buy-bar');
  await page.getByRole('heading', { name: 'You May Also Like' }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 200));
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('Select a size');
  await page.screenshot({ path: testInfo.outputPath('bar-select-a-size.png') });
  expect(await inViewport(page, '[role="radiogroup"][aria-label="Size"]')).toBe(false);

  await bar.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Select a size' })).toBeVisible();
  await expect(sizes(page).getByRole('radio', { name: 'XS', exact: true })).toBeFocused();
  await expect.poll(() => inViewport(page, '[role="radiogroup"][aria-label="Size"]')).toBe(true);
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  expect(await pendingAction(page)).toBeNull();
});
