/**
 * Part-paid COD (docs/architecture.md#part-paid-cod), one shopper's story: with a ₹200 COD advance
 * (set through the settings API as the demo owner, restored after), the checkout's Cash on Delivery
 * option says "Pay ₹200 now, ₹y on delivery"; choosing it opens the Razorpay stand-in for ₹200, and the
 * order-placed page and the order page show both parts. Screenshots at 1280 and 390 px with SCREENSHOT_DIR.
 */
import { addToCartApi, clearCartApi, expect, listProducts, test, screenshotBoth, withShopSettings } from './accounts-fixtures';

withShopSettings({ codAdvance: { kind: 'fixed', value: 200, above: 0 } });

test('a shopper pays the COD advance online and sees both parts on the order', async ({ shopperPage: page, shopper, request }) => {
  const products = await listProducts(request);
  const [product, variant] = products
    .flatMap((p) => p.variants.filter((v) => v.isActive && v.stockQty >= 3 && v.price < 4000 && v.price > 500).map((v) => [p, v] as const))
    .at(0)!;
  await clearCartApi(request, shopper.token);
  await addToCartApi(request, shopper.token, { productId: product._id, variantId: variant._id, quantity: 1 });
  await page.goto('/checkout');

  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Verma');
  await page.getByLabel('Address line 1').fill('12 MG Road');
  await page.getByLabel('Pincode').fill('560001');
  await expect(page.getByLabel('State')).toHaveValue('Karnataka');

  const methods = page.getByRole('radiogroup', { name: 'Payment method' });
  await methods.getByRole('radio', { name: /Cash on Delivery/ }).check();
  const split = methods.getByTestId('cod-advance');
  await expect(split).toHaveText(/^Pay ₹200 now, ₹[\d,.]+ on delivery$/);
  const cash = (await split.textContent())!.match(/now, (₹[\d,.]+) on delivery/)![1];
  await screenshotBoth(page, 'checkout-cod-advance');

  // The summary's pay button (a phone's sticky pay bar, when shown, says the same).
  await page.getByRole('complementary', { name: 'Order Summary' }).getByRole('button', { name: 'Pay ₹200 now' }).click();
  const widget = page.getByRole('dialog');
  await expect(widget).toBeVisible();
  await widget.getByRole('button', { name: /^Pay ₹200/ }).click();

  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/confirmed$/);
  await expect(page.getByTestId('confirmed-payment')).toContainText(`Advance paid online ₹200 · ${cash} to pay in cash on delivery`);
  await screenshotBoth(page, 'order-confirmed-cod-advance');
  await page.getByRole('link', { name: 'View order' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]+$/);
  const totals = page.getByRole('region', { name: 'Payment summary' });
  await expect(totals.getByTestId('payment-method')).toContainText('Cash on Delivery');
  await expect(totals.getByTestId('payment-method')).toContainText(`Advance paid online ₹200 · ${cash} to pay in cash on delivery`);
  await screenshotBoth(page, 'order-cod-advance');
});
