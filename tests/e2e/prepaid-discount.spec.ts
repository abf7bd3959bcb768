/**
 * The prepaid discount at checkout (docs/architecture.md#prepaid-discount): with 5% off orders paid
 * online (at most ₹100) and a ₹49 COD fee (set through the admin settings API, restored after), the
 * online option says "Pay online and save ₹x" and COD "+₹49 COD fee"; the summary shows the prepaid
 * discount while paying online and the COD fee once COD is chosen, and back. The amounts are the
 * server's (POST /api/payments/preview `methods`). Desktop and phone; screenshots with SCREENSHOT_DIR.
 */
import { formatINR } from '../../src/core/money';
import { addToCartApi, bearer, clearCartApi, expect, listProducts, test, withShopSettings } from './accounts-fixtures';

const SHOTS = process.env.SCREENSHOT_DIR;

withShopSettings((saved) => ({
  prepaidDiscount: { kind: 'percent', value: 5, cap: 100 },
  cod: { ...(saved.cod as Record<string, unknown>), fee: 49 },
}));

test('the checkout names the saving beside the payment methods and the summary follows the method', async ({
  shopperPage: page,
  shopper,
  request,
}) => {
  const products = await listProducts(request);
  // One unit under the ₹5,000 COD limit.
  const [product, variant] = products
    .flatMap((p) => p.variants.filter((v) => v.isActive && v.stockQty >= 3 && v.price < 4000).map((v) => [p, v] as const))
    .at(-1)!;
  const items = [{ productId: product._id, variantId: variant._id, quantity: 1 }];
  await clearCartApi(request, shopper.token);
  await addToCartApi(request, shopper.token, items[0]);
  const preview = await request.post('/api/payments/preview', { headers: bearer(shopper.token), data: { items } });
  expect(preview.status()).toBe(200);
  const { methods } = (await preview.json()) as {
    methods: { online: { prepaidDiscount: number; total: number }; cod: { fee: number; total: number } };
  };
  expect(methods.online.prepaidDiscount).toBeGreaterThan(0);
  expect(methods.cod.fee).toBe(49);

  await page.goto('/checkout');
  const paymentMethods = page.getByRole('radiogroup', { name: 'Payment method' });
  await expect(paymentMethods.getByTestId('prepaid-saving')).toHaveText(`Pay online and save ${formatINR(methods.online.prepaidDiscount)}`);
  await expect(paymentMethods.getByTestId('cod-fee-note')).toHaveText('+₹49 COD fee');

  // Paying online (the default): the prepaid discount in the summary, no COD fee.
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary.getByTestId('summary-prepaid-discount')).toHaveText(`Prepaid discount−${formatINR(methods.online.prepaidDiscount)}`);
  await expect(summary.getByTestId('summary-cod-fee')).toHaveCount(0);
  await expect(summary.getByRole('button', { name: `Pay ${formatINR(methods.online.total)}` })).toBeVisible();
  const width = page.viewportSize()?.width ?? 1280;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/prepaid-online-${width}.png`, fullPage: true });

  // Cash on Delivery: the fee instead, no prepaid discount.
  await paymentMethods.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await expect(summary.getByTestId('summary-cod-fee')).toHaveText('Cash on Delivery fee₹49');
  await expect(summary.getByTestId('summary-prepaid-discount')).toHaveCount(0);
  await expect(summary.getByRole('button', { name: `Place order · ${formatINR(methods.cod.total)}` })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/prepaid-cod-${width}.png`, fullPage: true });

  // And back.
  await paymentMethods.getByRole('radio', { name: /Pay online/ }).check();
  await expect(summary.getByTestId('summary-prepaid-discount')).toBeVisible();
  await expect(summary.getByTestId('summary-cod-fee')).toHaveCount(0);
});
