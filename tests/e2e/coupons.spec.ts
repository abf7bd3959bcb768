/**
 * Coupon codes, one shopper's story: an unknown code is refused, the demo's WELCOME10
 * loses to the 20% multi-item discount on three units (the summary says so), wins over the 5%
 * first-order discount on one unit, is paid for in the sandbox and shows on the order page.
 */
import type { Product } from '../../src/core/api-types';
import { formatINR, toRupees } from '../../src/core/money';
import { addToCartApi, clearCartApi, expect, listProducts, sizeWithStock, test } from './accounts-fixtures';

test('a shopper applies a coupon in the cart, sees which discount wins, pays and finds it on the order', async ({
  shopperPage: page,
  shopper,
  request,
}) => {
  const products = await listProducts(request);
  const product = products.find((p) => !p.isBestseller && p.variants.some((v) => v.isActive && v.stockQty >= 5))!;
  const variant = sizeWithStock(product, 5);
  const pricePaise = Math.round(variant.price * 100);
  // WELCOME10 is 10% off a first order, at most ₹300.
  const couponPaise = Math.min(Math.round(pricePaise / 10), 30_000);

  await addToCartApi(request, shopper.token, { productId: product._id, variantId: variant._id, quantity: 3 });
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();

  // The offers hint lists the demo coupons.
  await expect(page.getByText('Offers')).toBeVisible();
  await expect(page.getByText('10% off your first order, up to ₹300')).toBeVisible();

  const field = page.getByLabel('Coupon code');
  await field.fill('nope1234');
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid coupon code' })).toBeVisible();

  // Three units: the 20% multi-item discount saves more than WELCOME10, and stays.
  await field.fill('welcome10');
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  await expect(page.getByText('Your 20% multi-item discount saves more than WELCOME10')).toBeVisible();
  await expect(page.getByText('Discount (20% off applied)')).toBeVisible();

  // One unit: WELCOME10 beats 5% first-order and is the discount in the summary.
  await clearCartApi(request, shopper.token);
  await addToCartApi(request, shopper.token, { productId: product._id, variantId: variant._id, quantity: 1 });
  await page.reload();
  await expect(page.getByText('WELCOME10 saves more than your 5% first-order discount')).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary.getByRole('term').filter({ hasText: 'Coupon WELCOME10' })).toBeVisible();
  await expect(summary.getByText(`−${formatINR(toRupees(couponPaise))}`)).toBeVisible();
  const total = formatINR(toRupees(pricePaise - couponPaise));
  await expect(summary.getByText(total, { exact: true })).toBeVisible();

  // Checkout carries the coupon; pay in the sandbox.
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('WELCOME10 saves more than your 5% first-order discount')).toBeVisible();
  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Verma');
  await page.getByLabel('Address line 1').fill('14 Park Street');
  await page.getByLabel('City').fill('Kolkata');
  await page.getByLabel('State').selectOption('West Bengal');
  await page.getByLabel('Pincode').fill('700016');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  const widget = page.getByRole('dialog');
  await expect(widget).toBeVisible();
  await widget.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/confirmed$/);

  // The order page names the coupon and what it saved.
  await page.getByRole('link', { name: 'View order' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]+$/);
  const totals = page.getByRole('region', { name: 'Payment summary' });
  await expect(totals.getByText('Coupon WELCOME10')).toBeVisible();
  await expect(totals.getByText(`−${formatINR(toRupees(couponPaise))}`)).toBeVisible();
  await expect(totals.getByText(total, { exact: true })).toBeVisible();
});

test('an offer the cart does not reach yet says how much more unlocks it, with no Apply until it does', async ({
  shopperPage: page,
  shopper,
  request,
}) => {
  // FLAT200 needs ₹1,999 and FESTIVE15 ₹2,999 (the demo coupons): one unit under ₹1,999, then two.
  const products = await listProducts(request);
  const fits = (v: Product['variants'][number]) => v.isActive && v.stockQty >= 2 && v.price >= 1000 && v.price < 1499;
  const product = products.find((p) => p.variants.some(fits))!;
  const variant = product.variants.find(fits)!;
  await clearCartApi(request, shopper.token);
  await addToCartApi(request, shopper.token, { productId: product._id, variantId: variant._id, quantity: 1 });
  await page.goto('/cart');

  const offers = page.getByRole('list', { name: 'Offers' });
  const row = (code: string) => offers.getByRole('listitem').filter({ hasText: code });
  const short = (minRupees: number, subTotalRupees: number) => formatINR(toRupees(minRupees * 100 - Math.round(subTotalRupees * 100)));
  await expect(row('FLAT200')).toContainText(`Add ${short(1999, variant.price)} more to unlock`);
  await expect(row('FLAT200').getByRole('button')).toHaveCount(0);
  await expect(row('FESTIVE15')).toContainText(`Add ${short(2999, variant.price)} more to unlock`);
  await expect(row('FESTIVE15').getByRole('button')).toHaveCount(0);
  // No minimum: Apply as before.
  await expect(row('WELCOME10').getByRole('button', { name: 'Apply WELCOME10' })).toBeEnabled();

  // Two units reach FLAT200's minimum (the subtotal before any discount) but not FESTIVE15's.
  await page
    .getByRole('group', { name: `Quantity of ${product.title}` })
    .getByRole('button', { name: 'Increase quantity' })
    .click();
  await expect(row('FLAT200').getByRole('button', { name: 'Apply FLAT200' })).toBeEnabled();
  await expect(row('FLAT200')).not.toContainText('more to unlock');
  await expect(row('FESTIVE15')).toContainText(`Add ${short(2999, 2 * variant.price)} more to unlock`);
  await clearCartApi(request, shopper.token);
});
