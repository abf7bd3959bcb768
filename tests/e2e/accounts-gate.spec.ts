/**
 * The login gate resumed: after signing in, the action a signed-out visitor started is
 * carried out and cleared — addToCart (add, then /cart), buyNow (/checkout with the item),
 * navigate (cart, profile) — and a failing action is cleared too, with a toast. The login page says
 * why when it was for a line.
 */
import type { Page } from '@playwright/test';
import type { Product } from '../../src/core/api-types';
import {
  clearCartApi,
  expect,
  gotoSignedOut,
  listProducts,
  logInThroughForm,
  pendingAction,
  sizeWithStock,
  test,
  type Shopper,
} from './accounts-fixtures';

let product: Product;

test.beforeEach(async ({ request, shopper }) => {
  product ??= (await listProducts(request)).find((p) => p.variants.some((v) => v.stockQty >= 5))!;
  await clearCartApi(request, shopper.token);
});

/** Opens the product page signed out with the first size that has stock chosen. */
async function openProduct(page: Page) {
  await gotoSignedOut(page, `/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await page.getByRole('radio', { name: sizeWithStock(product, 5).size, exact: true }).click();
}

async function logInAt(page: Page, shopper: Shopper) {
  await expect(page).toHaveURL(/\/login$/);
  expect(await pendingAction(page)).not.toBeNull();
  await logInThroughForm(page, shopper.email, shopper.password);
}

test('Add to Cart while signed out adds the item after login and opens the cart', async ({ page, shopper }) => {
  await openProduct(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  // The login page says why.
  const size = sizeWithStock(product, 5).size;
  await expect(page.getByRole('status').filter({ hasText: 'Log in to add' })).toHaveText(
    `Log in to add ${product.title} (${size}) to your cart. We'll add it right after.`,
  );
  await logInAt(page, shopper);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('link', { name: product.title })).toBeVisible();
  await expect(page.getByText(`Size: ${sizeWithStock(product, 5).size}`)).toBeVisible();
  expect(await pendingAction(page)).toBeNull();
  // The header knows: no Login button any more.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveCount(0);
});

test('Buy Now while signed out continues to checkout with that item', async ({ page, shopper }) => {
  await openProduct(page);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Log in to buy' })).toHaveText(
    `Log in to buy ${product.title} (${sizeWithStock(product, 5).size}). We'll take you to checkout right after.`,
  );
  await logInAt(page, shopper);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Complete your purchase')).toBeVisible();
  await expect(page.getByRole('complementary').getByText(product.title)).toBeVisible();
  expect(await pendingAction(page)).toBeNull();
});

test('the Cart link while signed out opens the cart after login', async ({ page, shopper }) => {
  // Checkout itself only sends a visitor to log in.
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login$/);
  await gotoSignedOut(page, '/products');
  await page.getByRole('banner').getByRole('link', { name: 'Cart' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // A plain page visit needs no reason line.
  await expect(page.getByText(/Log in to (add|buy)/)).toHaveCount(0);
  await logInAt(page, shopper);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  expect(await pendingAction(page)).toBeNull();
});

test('the Account link while signed out opens the profile after login', async ({ page, shopper }) => {
  await gotoSignedOut(page, '/products');
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  await logInAt(page, shopper);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  expect(await pendingAction(page)).toBeNull();
});

test('a pending action that fails is cleared, explained in a toast, and returns to its page', async ({ page, shopper }) => {
  await openProduct(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.route('**/api/cart', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 409, json: { message: `Only 0 left of ${product.title}` } })
      : route.fallback(),
  );
  await logInAt(page, shopper);
  await expect(page.getByText(`Only 0 left of ${product.title}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/products/${product.handle}$`));
  expect(await pendingAction(page)).toBeNull();
});
