/**
 * Cart, checkout and orders, as one shopper's story: the cart screen, a cart-mode
 * checkout with a new address (validation, the sandbox widget dismissed, then paid, the address
 * saved to the profile), a second shopper told that stock ran out, a buy-now checkout with the
 * saved address, and the orders pages.
 */
import type { Page } from '@playwright/test';
import type { Order, Pricing, Product, User, Variant } from '../../src/core/api-types';
import { formatINR } from '../../src/core/money';
import {
  addToCartApi,
  bearer,
  clearCartApi,
  expect,
  lastRazorpayOptions,
  listProducts,
  recordRazorpayOptions,
  signInPage,
  signUpShopper,
  sizeWithStock,
  test,
  waitForHydration,
  type Shopper,
} from './accounts-fixtures';

test.describe.configure({ mode: 'serial' });

interface Pick {
  product: Product;
  variant: Variant;
}

let picks: { a: Pick; b: Pick; c: Pick; low: Pick } | null = null;
let otherShopper: Shopper;

/**
 * Three products with stock to spare, and a size with exactly one unit left (not a bestseller's
 * first size, which the purchase journey buys).
 */
async function catalogue(request: Parameters<typeof listProducts>[0]) {
  if (picks) return picks;
  // Products in one colour: these flows choose a size only.
  const products = (await listProducts(request)).filter((p) => !p.colours?.length);
  const roomy = products.filter((p) => p.variants.some((v) => v.stockQty >= 5));
  const pick = (product: Product): Pick => ({ product, variant: sizeWithStock(product, 5) });
  const lowProduct = products.find(
    (p) => !p.isBestseller && !roomy.slice(0, 3).includes(p) && p.variants.slice(1).some((v) => v.stockQty === 1),
  );
  if (!lowProduct) throw new Error('The demo catalogue has no size with one unit left');
  picks = {
    a: pick(roomy[0]),
    b: pick(roomy[1]),
    c: pick(roomy[2]),
    low: { product: lowProduct, variant: lowProduct.variants.slice(1).find((v) => v.stockQty === 1)! },
  };
  return picks;
}

const line = ({ product, variant }: Pick, quantity = 1) => ({
  productId: product._id,
  variantId: variant._id,
  quantity,
});

const payButton = (page: Page) => page.getByRole('main').getByRole('button', { name: /^Pay ₹/ });

test('cart: line items, stepper, hint, discount labels, failures, remove, clear and empty state', async ({
  shopperPage: page,
  shopper,
  request,
}) => {
  const { a, b } = await catalogue(request);
  await clearCartApi(request, shopper.token);
  await addToCartApi(request, shopper.token, line(a));

  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  const items = page.getByRole('region', { name: 'Items in your cart' });
  await expect(items.getByRole('link', { name: a.product.title })).toBeVisible();
  await expect(items.locator('img')).toHaveCount(1);
  await expect(items.getByText(`Size: ${a.variant.size}`)).toBeVisible();
  await expect(items.getByText(`${formatINR(a.variant.price)} each`)).toBeVisible();
  await expect(page.getByText('Add 2 more item(s) to unlock 20% off.')).toBeVisible();
  await expect(page.getByText('Discount (5% first-order)')).toBeVisible();
  await expect(page.getByText('FREE', { exact: true })).toBeVisible();

  const stepper = items.getByRole('group', { name: `Quantity of ${a.product.title}` });
  await stepper.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(stepper).toContainText('2');
  await expect(page.getByText('Add 1 more item(s) to unlock 20% off.')).toBeVisible();
  await stepper.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(stepper).toContainText('3');
  await expect(page.getByText(/unlock 20% off/)).toHaveCount(0);
  await expect(page.getByText('Discount (20% off applied)')).toBeVisible();
  await stepper.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(stepper).toContainText('2');
  await stepper.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(stepper).toContainText('1');
  await expect(stepper.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();

  await addToCartApi(request, shopper.token, line(b));
  await page.reload();
  await expect(page.getByText('Total MRP (2 items)')).toBeVisible();

  // Failures without a message from the server get the spec's fallbacks.
  await page.route('**/api/cart/**', (route) => route.fulfill({ status: 500, body: '' }));
  const bLine = items.getByRole('listitem').filter({ hasText: b.product.title });
  await bLine.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByText('Failed to update item')).toBeVisible();
  await bLine.getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByText('Failed to remove item')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Cart' }).click();
  await expect(page.getByText('Failed to clear cart')).toBeVisible();
  await page.unroute('**/api/cart/**');

  await bLine.getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByText('Item removed')).toBeVisible();
  await expect(items.getByRole('link', { name: b.product.title })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');

  await page.getByRole('button', { name: 'Clear Cart' }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await page.getByRole('link', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('cart checkout: address messages, the widget dismissed then paid, the address saved to the profile', async ({
  shopperPage: page,
  shopper,
  request,
}) => {
  const { a, b, low } = await catalogue(request);
  // Another shopper holds the last unit of `low` in their cart (used by the next test).
  otherShopper = await signUpShopper(request, { name: 'Kabir Rao' });
  await addToCartApi(request, otherShopper.token, line(low));

  await clearCartApi(request, shopper.token);
  for (const pick of [a, b, low]) await addToCartApi(request, shopper.token, line(pick));
  const priced = (await (
    await request.post('/api/payments/preview', {
      headers: bearer(shopper.token),
      data: { items: [line(a), line(b), line(low)] },
    })
  ).json()) as Pricing;

  await recordRazorpayOptions(page);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('Review your order and complete payment')).toBeVisible();
  const summary = page.getByRole('complementary');
  for (const pick of [a, b, low]) await expect(summary.getByText(pick.product.title)).toBeVisible();
  await expect(summary.getByText('Discount (20% off applied)')).toBeVisible();
  await expect(payButton(page)).toHaveText(`Pay ${formatINR(priced.summary.grandTotal)}`);

  // No saved address yet: the new-address form, offering to save it.
  await expect(page.getByText('Saved', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Save this address to my profile')).toBeChecked();
  const form = page.getByRole('form', { name: 'New delivery address' });
  await form.getByLabel('Pincode').fill('700 016');
  await expect(form.getByLabel('Pincode')).toHaveValue('700016');
  // The pincode filled city and state; empty them all for the required messages.
  await expect(form.getByText('Kolkata, West Bengal')).toBeVisible();
  await form.getByLabel('Pincode').fill('');
  await form.getByLabel('City').fill('');
  await form.getByLabel('State').selectOption('');
  await form.getByLabel('First name').fill('');
  await payButton(page).click();
  for (const message of [
    'Full name is required',
    'Address line 1 is required',
    'City is required',
    'State is required',
    'Valid 6-digit pincode required',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await form.getByLabel('Email').fill('asha@');
  await expect(form.getByText('Valid email is required')).toBeVisible();
  await form.getByLabel('Phone').fill('12345');
  await expect(form.getByText('Valid 10-digit Indian phone required')).toBeVisible();

  await form.getByLabel('First name').fill('Asha');
  await form.getByLabel('Email').fill(shopper.email);
  await form.getByLabel('Phone').fill('9876543210');
  await form.getByLabel('Address line 1').fill('14 Park Street');
  await form.getByLabel('City').fill('Kolkata');
  await form.getByLabel('State').selectOption('West Bengal');
  await form.getByLabel('Pincode').fill('700016');

  // The payment order cannot be created: the spec's fallback, and nothing opens.
  await page.route('**/api/payments/razorpay/create-order', (route) => route.fulfill({ status: 500, body: '' }));
  await payButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to create payment order' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.unroute('**/api/payments/razorpay/create-order');

  // Dismissing the widget.
  await payButton(page).click();
  const widget = page.getByRole('dialog');
  await expect(widget).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Processing...' })).toBeDisabled();
  const options = await lastRazorpayOptions(page);
  // (handler and modal.ondismiss are functions, which the recording leaves out)
  expect(Object.keys(options).sort()).toEqual(
    ['amount', 'currency', 'description', 'key', 'modal', 'notes', 'order_id', 'prefill', 'theme'].sort(),
  );
  expect(options).toMatchObject({
    amount: Math.round(priced.summary.grandTotal * 100),
    currency: 'INR',
    description: 'Order of 3 item(s)',
    prefill: { name: 'Asha Verma', email: shopper.email, contact: '9876543210' },
    notes: { fromBuyNow: 'false', discountType: 'MULTI_ITEM_20', discount: String(priced.summary.discount) },
    theme: { color: '#e11d48' },
  });
  expect(options.key).toMatch(/^rzp_test_/);
  expect(options.order_id).toMatch(/^order_/);
  await widget.getByRole('button', { name: 'Cancel' }).click();
  await expect(widget).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'Payment cancelled' })).toBeVisible();
  await expect(payButton(page)).toBeEnabled();

  // Paying.
  await payButton(page).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Pay ₹/ })
    .click();
  // The order-placed page (order-confirmed.spec.ts), then the orders list.
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/confirmed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible();
  await page.goto('/orders');
  await expect(page.getByText('1 order(s) found')).toBeVisible();

  const me = (await (await request.get('/api/users/me', { headers: bearer(shopper.token) })).json()) as User;
  expect(me.address).toMatchObject({
    line1: '14 Park Street',
    city: 'Kolkata',
    state: 'West Bengal',
    pincode: '700016',
  });
});

test("Proceed to Checkout shows the server's message when stock ran out", async ({ page, request }) => {
  const { low } = await catalogue(request);
  const validate = await request.get('/api/cart/validate', { headers: bearer(otherShopper.token) });
  expect(validate.status()).toBe(409);
  const { message } = (await validate.json()) as { message: string };
  expect(message).toContain(low.product.title);

  await signInPage(page, otherShopper.token);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByText(message)).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
});

test('buy-now checkout with the saved address', async ({ shopperPage: page, request }) => {
  const { c } = await catalogue(request);
  await recordRazorpayOptions(page);
  await page.goto(`/product/${c.product._id}`);
  await waitForHydration(page);
  await page.getByRole('radio', { name: c.variant.size, exact: true }).click();
  await page.getByRole('button', { name: 'Buy Now' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Complete your purchase')).toBeVisible();
  await expect(page.getByRole('complementary').getByText(c.product.title)).toBeVisible();
  const saved = page.getByRole('radio', { name: /Saved/ });
  await expect(saved).toBeChecked();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await expect(page.getByText('14 Park Street')).toBeVisible();
  await expect(page.getByRole('form', { name: 'New delivery address' })).toHaveCount(0);

  // A new address is possible; saving it is then opt-in (it would replace the saved one).
  await page.getByRole('radio', { name: 'Use a new address' }).click();
  await expect(page.getByRole('form', { name: 'New delivery address' })).toBeVisible();
  await expect(page.getByLabel('Save this address to my profile')).not.toBeChecked();
  await saved.check();

  await payButton(page).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Pay ₹/ })
    .click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/confirmed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible();
  expect((await lastRazorpayOptions(page)).notes).toMatchObject({ fromBuyNow: 'true', discountType: 'NONE' });
  await page.goto('/orders');
  await expect(page.getByText('2 order(s) found')).toBeVisible();
});

test('orders list and order page', async ({ shopperPage: page, shopper, request }) => {
  const orders = (await (await request.get('/api/orders/my', { headers: bearer(shopper.token) })).json()) as Order[];
  expect(orders).toHaveLength(2);
  const [buyNow, cartOrder] = orders;

  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Your Orders' })).toBeVisible();
  const cards = page.getByRole('link', { name: /Order #/ });
  await expect(cards).toHaveCount(2);

  const ref = (o: Order) => o._id.slice(-8).toUpperCase();
  const multi = cards.filter({ hasText: `Order #${ref(cartOrder)}` });
  await expect(multi.getByText('Placed', { exact: true })).toHaveClass(/bg-yellow-50/);
  await expect(multi.getByText('20% off applied')).toBeVisible();
  await expect(multi.locator('img')).toHaveCount(2);
  await expect(multi.getByText('+1', { exact: true })).toBeVisible();
  await expect(multi.getByText(cartOrder.items[0].title)).toBeVisible();
  await expect(multi.getByText('3 items')).toBeVisible();
  await expect(multi.getByText(`You saved ${formatINR(cartOrder.totals.discount)}`)).toBeVisible();
  await expect(multi.getByText(formatINR(cartOrder.totals.grandTotal))).toBeVisible();
  await expect(multi.locator('time')).toHaveText(/\d{1,2} \w{3} \d{4}/);

  const single = cards.filter({ hasText: `Order #${ref(buyNow)}` });
  await expect(single.getByText('1 item', { exact: true })).toBeVisible();
  await expect(single.getByText(/off applied|first-order/)).toHaveCount(0);
  await expect(single.locator('img')).toHaveCount(1);

  await multi.click();
  await expect(page).toHaveURL(new RegExp(`/orders/${cartOrder._id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${ref(cartOrder)}`);
  await expect(page.getByText(/Placed on \d{1,2} \w+ \d{4}(,| at) \d{1,2}:\d{2}\s?(am|pm)/i)).toBeVisible();
  for (const item of cartOrder.items) await expect(page.getByRole('link', { name: item.title })).toBeVisible();
  const totals = page.getByRole('region', { name: 'Payment summary' });
  await expect(totals.getByText(formatINR(cartOrder.totals.subTotal))).toBeVisible();
  await expect(totals.getByText(`−${formatINR(cartOrder.totals.discount)}`)).toBeVisible();
  await expect(totals.getByText('FREE', { exact: true })).toBeVisible();
  await expect(totals.getByText(formatINR(cartOrder.totals.grandTotal))).toBeVisible();
  const address = page.getByRole('region', { name: 'Delivery address' });
  await expect(address).toContainText('Asha Verma');
  await expect(address).toContainText('14 Park Street');
  await expect(address).toContainText('Kolkata, West Bengal 700016');
  const timeline = page.getByRole('region', { name: 'Order timeline' });
  await expect(timeline.getByText('Placed', { exact: true })).toBeVisible();
  await expect(timeline.getByText('Payment received')).toBeVisible();

  // The cart order took its lines out of the cart: checkout has nothing left to pay for.
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'No items to checkout' })).toBeVisible();

  await page.goto('/orders/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
});
