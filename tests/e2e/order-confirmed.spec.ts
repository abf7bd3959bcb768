/**
 * After placing an order the shopper lands on its order-placed page (/orders/{id}/confirmed):
 * "Order placed", the order number, what to pay and how (Cash on Delivery: "Pay ₹… in cash or UPI
 * when it arrives"; paid online: "Paid ₹… online") and the expected delivery date, the one the
 * product page's "Check delivery" gives for the pincode (GET /api/pincodes/{pincode}); then the order
 * page and the orders list repeat that date. Runs on a desktop and a phone (playwright.config.ts).
 */
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import type { PincodeCheck } from '../../src/core/pincode-check';
import type { Pricing } from '../../src/core/api-types';
import { formatINR } from '../../src/core/money';
import {
  addToCartApi,
  bearer,
  clearCartApi,
  expect,
  listProducts,
  signInPage,
  signUpShopper,
  test,
  type Shopper,
} from './accounts-fixtures';

test.describe.configure({ timeout: 90_000 });

const PINCODE = '560001';

/** "Thu, 4 Dec": the latest date "Check delivery" gives for PINCODE now, as the shop prints it. */
async function checkDelivery(request: APIRequestContext): Promise<string> {
  const res = await request.get(`/api/pincodes/${PINCODE}`);
  const { estimatedDelivery } = (await res.json()) as PincodeCheck;
  const format = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  return format.format(new Date(`${estimatedDelivery!.to}T00:00:00Z`));
}

/** One unit of a demo size under the COD limit in the cart; answers the checkout's total. */
async function oneLineInCart(request: APIRequestContext, shopper: Shopper): Promise<string> {
  const products = await listProducts(request);
  const [product, variant] = products
    .flatMap((p) => p.variants.filter((v) => v.isActive && v.stockQty >= 3 && v.price < 3000).map((v) => [p, v] as const))
    .at(0)!;
  const line = { productId: product._id, variantId: variant._id, quantity: 1 };
  await clearCartApi(request, shopper.token);
  await addToCartApi(request, shopper.token, line);
  const res = await request.post('/api/payments/preview', { headers: bearer(shopper.token), data: { items: [line] } });
  return formatINR(((await res.json()) as Pricing).summary.grandTotal);
}

/** Checkout with a new Bengaluru address, up to the payment method. */
async function checkoutWithAddress(page: Page) {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const newAddress = page.getByRole('radio', { name: 'Use a new address' });
  if (await newAddress.count()) await newAddress.check();
  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Verma');
  await page.getByLabel('Address line 1').fill('12 MG Road');
  await page.getByLabel('Pincode').fill(PINCODE);
  await expect(page.getByLabel('State')).toHaveValue('Karnataka');
}

/** Checks the order-placed page, then the order page and the orders list; answers the order's id. */
async function seeConfirmation(page: Page, payment: string, date: string, testInfo: TestInfo, shot: string) {
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/confirmed$/);
  const id = /\/orders\/([0-9a-f-]{36})\/confirmed$/.exec(page.url())![1];
  const ref = id.slice(-8).toUpperCase();
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible();
  await expect(page.getByText(`#${ref}`)).toBeVisible();
  await expect(page.getByTestId('confirmed-payment')).toContainText(payment);
  await expect(page.getByTestId('confirmed-delivery')).toContainText(`By ${date}`);
  await expect(page.getByTestId('confirmed-delivery')).toContainText(`Karnataka ${PINCODE}`);
  await page.screenshot({ path: testInfo.outputPath(`${shot}-confirmed.png`), fullPage: true });

  await page.getByRole('link', { name: 'View order' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order #${ref}` })).toBeVisible();
  await expect(page.getByTestId('expected-delivery')).toHaveText(`Expected delivery by ${date}`);
  await page.screenshot({ path: testInfo.outputPath(`${shot}-order.png`) });

  await page.getByRole('link', { name: '← Back to Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const card = page.getByRole('link', { name: new RegExp(`Order #${ref}`) });
  await expect(card.getByTestId('expected-delivery')).toHaveText(`Expected delivery by ${date}`);
  await page.screenshot({ path: testInfo.outputPath(`${shot}-orders.png`) });
  return id;
}

test('Place order (Cash on Delivery) opens the order-placed page with the number, the cash to pay and the delivery date', async ({
  page,
  request,
}, testInfo) => {
  // A shopper of its own: the desktop and the phone run each place orders (COD counts open orders).
  const shopper = await signUpShopper(request);
  await signInPage(page, shopper.token);
  const total = await oneLineInCart(request, shopper);
  const date = await checkDelivery(request);
  await checkoutWithAddress(page);
  await page
    .getByRole('radiogroup', { name: 'Payment method' })
    .getByRole('radio', { name: /Cash on Delivery/ })
    .check();
  await page.getByRole('button', { name: `Place order · ${total}` }).click();
  await seeConfirmation(page, `Pay ${total} in cash or UPI when it arrives`, date, testInfo, 'cod');
});

test('paying online opens the order-placed page with what was paid and the delivery date', async ({ page, request }, testInfo) => {
  // A shopper of its own: the desktop and the phone run each place orders (COD counts open orders).
  const shopper = await signUpShopper(request);
  await signInPage(page, shopper.token);
  const total = await oneLineInCart(request, shopper);
  const date = await checkDelivery(request);
  await checkoutWithAddress(page);
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  const widget = page.getByRole('dialog');
  await widget.getByRole('button', { name: /^Pay ₹/ }).click();
  await seeConfirmation(page, `Paid ${total} online`, date, testInfo, 'paid');
});
