/**
 * A phone typed with a space, or autofilled with +91, keeps its 10 digits in every phone
 * field (checkout, signup, profile, contact): the prefix, spaces and dashes go before the limit of
 * 10 digits applies (src/core/phone.ts).
 */
import type { Locator } from '@playwright/test';
import {
  addToCartApi,
  clearCartApi,
  expect,
  gotoSignedOut,
  listProducts,
  sizeWithStock,
  test,
  waitForHydration,
} from './accounts-fixtures';

/** Types and pastes the examples into `phone` and checks that the 10 digits stay. */
async function keepsTenDigits(phone: Locator) {
  await phone.fill('');
  await phone.pressSequentially('98765 43210');
  await expect(phone).toHaveValue('9876543210');
  await phone.fill('+91 98450 12345');
  await expect(phone).toHaveValue('9845012345');
  await phone.fill('');
  await phone.pressSequentially('+91 98450 12345');
  await expect(phone).toHaveValue('9845012345');
  await phone.fill('098450-12345');
  await expect(phone).toHaveValue('9845012345');
  await phone.fill('98450123456789');
  await expect(phone).toHaveValue('9845012345');
}

test('the checkout address form keeps the 10 digits of a spaced or +91 phone', async ({ shopperPage: page, shopper, request }) => {
  const [product] = await listProducts(request);
  await clearCartApi(request, shopper.token);
  await addToCartApi(request, shopper.token, { productId: product._id, variantId: sizeWithStock(product, 1)._id, quantity: 1 });
  await page.goto('/checkout');
  await waitForHydration(page);
  const form = page.getByRole('form', { name: 'New delivery address' });
  await keepsTenDigits(form.getByLabel('Phone'));
  await expect(form.getByText('Valid 10-digit Indian phone required')).toHaveCount(0);
});

test('the signup form keeps the 10 digits of a spaced or +91 phone', async ({ page }) => {
  await gotoSignedOut(page, '/signup');
  await keepsTenDigits(page.getByLabel('Phone'));
  await expect(page.getByText('Please enter a valid 10-digit Indian mobile number')).toHaveCount(0);
});

test('the profile form keeps the 10 digits of a spaced or +91 phone', async ({ shopperPage: page }) => {
  await page.goto('/profile');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await keepsTenDigits(page.getByLabel('Phone'));
});

test("a guest's contact form keeps the 10 digits of a spaced or +91 phone", async ({ page }) => {
  await gotoSignedOut(page, '/contact');
  await keepsTenDigits(page.getByLabel('Phone', { exact: true }));
});
