/**
 * The login page on a phone and a desktop: it says why the login gate sent the shopper
 * ("Log in to add … (M) to your cart. We'll add it right after.") and adds the line after login;
 * after a password reset it has the e-mail filled in.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { clearCartApi, expect, listProducts, logInThroughForm, signUpShopper, sizeWithStock, test } from './accounts-fixtures';
import { readCodeFromOutbox } from './outbox';

async function noSeriousAxe(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('the login gate says what it will add, then adds it', async ({ page, request, shopper }) => {
  const product = (await listProducts(request)).find((p) => p.variants.some((v) => v.stockQty >= 5))!;
  const size = sizeWithStock(product, 5).size;
  await clearCartApi(request, shopper.token);
  await page.goto(`/product/${product._id}`);
  await page.getByRole('radio', { name: size, exact: true }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(`Log in to add ${product.title} (${size}) to your cart. We'll add it right after.`)).toBeVisible();
  await noSeriousAxe(page);
  await logInThroughForm(page, shopper.email, shopper.password);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('link', { name: product.title })).toBeVisible();
});

test('after a password reset the login form has the e-mail filled in', async ({ page, request }) => {
  // A shopper of its own: the reset signs every earlier token out.
  const shopper = await signUpShopper(request);
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page).toHaveURL(/\/verify-reset-otp$/);
  const code = await readCodeFromOutbox(shopper.email);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  const password = 'Bandhani#2027';
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await noSeriousAxe(page);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
});
