import type { Product } from '../../src/core/api-types';
import { expect, test } from './fixtures';

// Readable product addresses (docs/architecture.md#product-addresses): /products/<handle>, with the
// old /product/<id> answering 301 to it; cards and the sitemap use the handle.

test('the old /product/<id> answers 301 to /products/<handle>, and cards and the sitemap use handles', async ({ page, request }) => {
  const [product] = (await (await request.get('/api/products?limit=1')).json()) as Product[];
  expect(product.handle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);

  const old = await request.get(`/product/${product._id}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers()['location']).toBe(`/products/${product.handle}`);

  await page.goto(`/product/${product._id}`);
  await expect(page).toHaveURL(new RegExp(`/products/${product.handle}$`));
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/products/${product.handle}$`));

  await page.goto('/products');
  const card = page.locator('main ul a[href^="/products/"]').first();
  await expect(card).toHaveAttribute('href', /^\/products\/[a-z0-9]+(-[a-z0-9]+)*$/);
  await card.click();
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const xml = await (await request.get('/sitemap.xml')).text();
  expect(xml).toContain(`/products/${product.handle}</loc>`);
  expect(xml).not.toContain(`/product/${product._id}`);
});
