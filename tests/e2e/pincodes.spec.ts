/**
 * Pincodes and delivery dates: the checkout's address form fills city and state from a
 * typed pincode, shows the server's message for an unknown one and for a pincode of another state;
 * the product page's Check delivery shows a date and COD, remembers the pincode and checks it again
 * on the next product page without a hydration error.
 */
import type { Page } from '@playwright/test';
import type { PincodeCheck } from '../../src/core/pincode-check';
import { addToCartApi, clearCartApi, expect, listProducts, sizeWithStock, test } from './accounts-fixtures';

/** 'Thu, 27 Nov' as the storefront shows an India date. */
const shown = (date: string) =>
  new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** Collects console errors and uncaught exceptions (a hydration mismatch is one). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('checkout: the pincode fills city and state; unknown and other-state pincodes get the message', async ({
  shopperPage: page,
  shopper,
  request,
}) => {
  const product = (await listProducts(request)).find((p) => p.variants.some((v) => v.isActive && v.stockQty >= 5))!;
  await clearCartApi(request, shopper.token);
  await addToCartApi(request, shopper.token, { productId: product._id, variantId: sizeWithStock(product, 5)._id, quantity: 1 });
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const form = page.getByRole('form', { name: 'New delivery address' });
  const pincode = form.getByLabel('Pincode');

  await pincode.fill('110001');
  await expect(form.getByText('Central Delhi, Delhi')).toBeVisible();
  await expect(form.getByLabel('City')).toHaveValue('Central Delhi');
  await expect(form.getByLabel('State')).toHaveValue('Delhi');

  // Another pincode replaces the city it filled and the state; a city the shopper typed stays.
  await pincode.fill('560001');
  await expect(form.getByText('Bangalore, Karnataka')).toBeVisible();
  await expect(form.getByLabel('City')).toHaveValue('Bangalore');
  await expect(form.getByLabel('State')).toHaveValue('Karnataka');
  await form.getByLabel('City').fill('Bengaluru');

  await pincode.fill('999999');
  await expect(form.getByText('We could not find this pincode')).toBeVisible();

  // A pincode of another state is refused by the server, with its message at the field.
  await pincode.fill('560001');
  await expect(form.getByText('Bangalore, Karnataka')).toBeVisible();
  await expect(form.getByLabel('City')).toHaveValue('Bengaluru');
  await form.getByLabel('State').selectOption('Kerala');
  await form.getByLabel('First name').fill('Asha');
  await form.getByLabel('Last name').fill('Verma');
  await form.getByLabel('Phone').fill('9876543210');
  await form.getByLabel('Address line 1').fill('12 MG Road');
  await page
    .getByRole('main')
    .getByRole('button', { name: /^Pay ₹/ })
    .click();
  const message = 'Pincode 560001 is in Karnataka, not Kerala';
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(form.getByText(message)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('product page: Check delivery shows the date and COD, and the next product page checks the remembered pincode', async ({
  page,
  request,
}) => {
  const errors = consoleErrors(page);
  const [first, second] = await listProducts(request);
  const expected = (await (await request.get('/api/pincodes/560001')).json()) as PincodeCheck;
  expect(expected.estimatedDelivery).not.toBeNull();

  await page.goto(`/product/${first._id}`);
  const check = page.getByRole('region', { name: 'Check delivery' });
  await check.getByLabel('Pincode').fill('12345');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByText('Please enter a valid 6-digit pincode')).toBeVisible();

  await check.getByLabel('Pincode').fill('560001');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByText(`Delivery by ${shown(expected.estimatedDelivery!.to)}`)).toBeVisible();
  await expect(check.getByText('Cash on Delivery available')).toBeVisible();

  await page.goto(`/product/${second._id}`);
  await expect(check.getByLabel('Pincode')).toHaveValue('560001');
  await expect(check.getByText(`Delivery by ${shown(expected.estimatedDelivery!.to)}`)).toBeVisible();

  // No hydration error, nor any other, on either page.
  expect(errors).toEqual([]);

  await check.getByLabel('Pincode').fill('999999');
  await check.getByRole('button', { name: 'Check' }).click();
  await expect(check.getByText('We could not find this pincode')).toBeVisible();
});
