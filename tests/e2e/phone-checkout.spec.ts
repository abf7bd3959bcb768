/**
 * Cart and checkout on a phone and a desktop: the summary's total MRP, discount on MRP,
 * the automatic discount and "You save" are the server's figures on both pages; on a phone the
 * checkout's pay bar stays at the bottom while the page's own pay button is out of view, steps aside
 * while a field is being filled in and pays like the page's button; a desktop never shows it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Pricing, Product } from '../../src/core/api-types';
import { formatINR } from '../../src/core/money';
import { addToCartApi, bearer, clearCartApi, expect, listProducts, test, type Shopper } from './accounts-fixtures';

test.describe.configure({ mode: 'serial' });

/** Two demo lines, one of them sold below its MRP (a compare-at price above its price). */
async function twoLines(request: Parameters<typeof listProducts>[0]) {
  const products = await listProducts(request);
  const discounted = (p: Product) => p.variants.find((v) => v.isActive && v.stockQty >= 3 && (v.compareAtPrice ?? 0) > v.price);
  const a = products.find((p) => discounted(p))!;
  const b = products.find((p) => p !== a && p.variants.some((v) => v.isActive && v.stockQty >= 3))!;
  return [
    { productId: a._id, variantId: discounted(a)!._id, quantity: 1 },
    { productId: b._id, variantId: b.variants.find((v) => v.isActive && v.stockQty >= 3)!._id, quantity: 1 },
  ];
}

async function fillCart(request: Parameters<typeof listProducts>[0], shopper: Shopper) {
  const lines = await twoLines(request);
  await clearCartApi(request, shopper.token);
  for (const l of lines) await addToCartApi(request, shopper.token, l);
  const res = await request.post('/api/payments/preview', { headers: bearer(shopper.token), data: { items: lines } });
  return ((await res.json()) as Pricing).summary;
}

/**
 * The summary rows as "label: value" pairs, in order, as they are now: ask with `expect.poll`, since
 * the summary can still be rendering (a phone's checkout once answered no rows while "Total MRP"
 * was already showing).
 */
function summaryRows(page: Page, name: string) {
  return page
    .getByRole('complementary', { name })
    .locator('dl > div')
    .evaluateAll((rows) => rows.map((r) => `${r.querySelector('dt')?.textContent}: ${r.querySelector('dd')?.textContent}`));
}

test('cart and checkout show total MRP, discount on MRP, the discount and "You save", as the server priced them', async ({
  shopperPage: page,
  shopper,
  request,
}) => {
  const s = await fillCart(request, shopper);
  expect(s.mrpDiscount).toBeGreaterThan(0);
  expect(s.savings).toBe(Math.round((s.mrpDiscount + s.discount) * 100) / 100);
  const expected = [
    `Total MRP (2 items): ${formatINR(s.mrpTotal)}`,
    `Discount on MRP: −${formatINR(s.mrpDiscount)}`,
    `Discount (5% first-order): −${formatINR(s.discount)}`,
    'Shipping: FREE',
    `Total: ${formatINR(s.grandTotal)}`,
  ];

  await page.goto('/cart');
  await expect.poll(() => summaryRows(page, 'Order Summary')).toEqual(expected);
  await expect(page.getByText(`You save ${formatINR(s.savings)} on this order`)).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect.poll(() => summaryRows(page, 'Order Summary')).toEqual(expected);
  await expect(page.getByRole('complementary').getByText(`You save ${formatINR(s.savings)} on this order`)).toBeVisible();
});

test('@phone-only the checkout pay bar follows the page button, steps aside for fields and pays', async ({
  shopperPage: page,
  shopper,
  request,
}) => {
  const s = await fillCart(request, shopper);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  const bar = page.getByTestId('sticky-pay-bar');
  // The summary and its button are under the form: the bar is there from the start.
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(formatINR(s.grandTotal));
  await expect(bar).toContainText(`You save ${formatINR(s.savings)}`);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  // Filling in a field: the bar steps aside, and comes back after.
  await page.getByLabel('First name').focus();
  await expect(bar).toBeHidden();
  await page.getByRole('heading', { name: 'Checkout' }).click();
  await expect(bar).toBeVisible();

  // The page's own button in view: no bar; scrolled away again: the bar.
  const pagePay = page.getByRole('main').getByRole('button', { name: /^Pay ₹/ });
  await pagePay.scrollIntoViewIfNeeded();
  await expect(bar).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toBeVisible();

  // The bar's button is the page's: with the address missing (name, e-mail and phone come from the
  // profile) it shows the messages and brings the first empty field into view above the bar's place.
  await bar.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByText('Address line 1 is required')).toBeVisible();
  await expect(page.getByLabel('Address line 1')).toBeFocused();
  await expect(bar).toBeHidden();
  const field = (await page.getByLabel('Address line 1').boundingBox())!;
  expect(field.y + field.height).toBeLessThanOrEqual(844 - 88);

  await page.getByLabel('First name').fill('Meera');
  await page.getByLabel('Last name').fill('Iyer');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('Address line 1').fill('12 Luz Church Road');
  await page.getByLabel('City').fill('Chennai');
  await page.getByLabel('State').selectOption('Tamil Nadu');
  await page.getByLabel('Pincode').fill('600004');
  await page.getByRole('heading', { name: 'Checkout' }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await bar.getByRole('button', { name: 'Pay now' }).click();
  const widget = page.getByRole('dialog');
  await expect(widget).toBeVisible();
  await expect(widget.getByRole('button', { name: `Pay ${formatINR(s.grandTotal)}` })).toBeVisible();
});

test('@desktop-only no pay bar on a desktop checkout', async ({ shopperPage: page, shopper, request }) => {
  await fillCart(request, shopper);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: /^Pay ₹/ })).toBeVisible();
  // Under the button, the demo shop's returns policy from its settings (never "All sales are final").
  await expect(
    page.getByText('By placing this order you agree to our terms. Returns and size exchanges within 7 days of delivery.'),
  ).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(300);
  await expect(page.getByTestId('sticky-pay-bar')).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
});
