import type { Page } from '@playwright/test';
import { expect, test, POST_LOGIN_KEY } from './fixtures';

// The product page: gallery and zoom, prices, sizes, quantity, stock, buying
// with the login gate, related products, the error view and its structured data.

/** A product with a sold-out size (the seed's Indigo Dabu kurta: M is out of stock). */
async function openKurta(page: Page) {
  await page.goto('/products?q=Indigo+Dabu');
  await page
    .getByRole('link', { name: /Indigo Dabu Print Cotton Kurta/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Indigo Dabu Print Cotton Kurta' })).toBeVisible();
}

test('gallery, zoom, prices, sizes, quantity, stock line and related products', async ({ page }) => {
  await openKurta(page);
  const main = page.locator('img[fetchpriority="high"]');
  await expect(main).toHaveAttribute('srcset', /-400\.webp 400w, .+\.webp 800w/);
  const first = await main.getAttribute('src');
  await page.getByRole('button', { name: 'Show image 2 of 4' }).click();
  await expect(page.getByRole('button', { name: 'Show image 2 of 4' })).toHaveAttribute('aria-current', 'true');
  const second = page.locator('main img[alt*="back view"]').first();
  expect(await second.getAttribute('src')).not.toBe(first);

  // 2x hover zoom follows the pointer.
  const box = (await second.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.75);
  await expect(second).toHaveCSS('transform', 'matrix(2, 0, 0, 2, 0, 0)');
  const origin = await second.evaluate((el) => (el as HTMLElement).style.transformOrigin);
  expect(origin).toMatch(/^2\d(\.\d+)?% 7\d(\.\d+)?%$/);
  await page.mouse.move(0, 0);
  await expect(second).toHaveCSS('transform', 'matrix(1, 0, 0, 1, 0, 0)');

  await expect(page.locator('main s').first()).toContainText('₹1,799');
  const sizes = page.getByRole('radiogroup', { name: 'Size' }).getByRole('radio');
  await expect(sizes).toHaveText(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
  await expect(page.getByRole('radio', { name: 'M (sold out)' })).toBeEnabled(); // it offers Notify me when chosen (back-in-stock.spec.ts)
  // No size is chosen until the shopper picks one (size-required.spec.ts).
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await page.getByRole('radio', { name: 'XS', exact: true }).click();
  await expect(page.getByRole('radio', { name: 'XS', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('In stock')).toBeVisible();
  await page.getByRole('radio', { name: 'XXL', exact: true }).click();
  await expect(page.getByText('Only 2 left')).toBeVisible();
  const minus = page.getByRole('button', { name: 'Decrease quantity' });
  await expect(minus).toBeDisabled();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  await expect(page.getByRole('group', { name: 'Quantity' })).toContainText('2');

  const related = page.locator('section', { has: page.getByRole('heading', { name: 'You May Also Like' }) });
  await expect(related.locator('a[href^="/products/"]')).toHaveCount(5);
});

test('signed out, Add to Cart and Buy Now save the action and go to /login', async ({ page }) => {
  await openKurta(page);
  const path = new URL(page.url()).pathname;
  await page.getByRole('radio', { name: 'S', exact: true }).click();
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const saved = JSON.parse((await page.evaluate((k) => sessionStorage.getItem(k), POST_LOGIN_KEY)) ?? '{}');
  expect(saved).toMatchObject({ type: 'buyNow', returnTo: path, payload: { quantity: 1 } });
  await page.goBack();
  await page.getByRole('radio', { name: 'S', exact: true }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const again = JSON.parse((await page.evaluate((k) => sessionStorage.getItem(k), POST_LOGIN_KEY)) ?? '{}');
  expect(again).toMatchObject({ type: 'addToCart', returnTo: path });
});

test('signed in, Add to Cart opens the cart and Buy Now opens checkout in buy-now mode', async ({ page, signIn }) => {
  await signIn();
  await openKurta(page);
  await page.getByRole('radio', { name: 'L', exact: true }).click();
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Complete your purchase')).toBeVisible();
  await page.goBack();
  await page.getByRole('radio', { name: 'L', exact: true }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('Indigo Dabu Print Cotton Kurta').first()).toBeVisible();
});

test('a product page carries canonical, Open Graph and JSON-LD Product and BreadcrumbList', async ({ page, baseURL }) => {
  await openKurta(page);
  const url = page.url();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    new RegExp(`^${baseURL}/media/demo/products/.+\\.webp$`),
  );
  await expect(page).toHaveTitle('Indigo Dabu Print Cotton Kurta | Rangmanch');
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) => JSON.parse(t) as Record<string, unknown>,
  );
  const product = blocks.find((b) => b['@type'] === 'Product') as { offers: Record<string, string>; image: string[] };
  expect(product.offers).toMatchObject({
    '@type': 'Offer',
    priceCurrency: 'INR',
    price: '1299.00',
    availability: 'https://schema.org/InStock',
    url,
  });
  expect(product.image[0]).toMatch(/^http/);
  expect(blocks.find((b) => b['@type'] === 'BreadcrumbList')).toBeTruthy();
});

test("an unknown product answers 404 with 'Product not found' and 'Browse Products'", async ({ page }) => {
  const response = await page.goto('/product/00000000-0000-4000-8000-000000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
});
