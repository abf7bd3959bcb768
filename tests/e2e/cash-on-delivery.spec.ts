/**
 * Cash on Delivery, one shopper's story: with WELCOME10 applied they choose Cash on
 * Delivery at checkout (its terms shown beside it), place the order without any payment window, find
 * it on the order page as Cash on Delivery with the amount to pay and the GST it includes, and
 * download its tax invoice: Karnataka to Karnataka, so CGST and SGST, and the same grand total.
 */
import { readFile } from 'node:fs/promises';
import { getDocumentProxy } from 'unpdf';
import { formatINR, toRupees } from '../../src/core/money';
import { addToCartApi, clearCartApi, expect, listProducts, test } from './accounts-fixtures';

test('a shopper places a Cash on Delivery order with a coupon and sees what to pay on delivery', async ({
  shopperPage: page,
  shopper,
  request,
}) => {
  const products = await listProducts(request);
  // One unit under the ₹5,000 COD limit.
  const [product, variant] = products
    .flatMap((p) => p.variants.filter((v) => v.isActive && v.stockQty >= 3 && v.price < 4000).map((v) => [p, v] as const))
    .at(-1)!;
  const pricePaise = Math.round(variant.price * 100);
  const couponPaise = Math.min(Math.round(pricePaise / 10), 30_000);
  const total = formatINR(toRupees(pricePaise - couponPaise));

  await clearCartApi(request, shopper.token);
  await addToCartApi(request, shopper.token, { productId: product._id, variantId: variant._id, quantity: 1 });
  await page.goto('/cart');
  await page.getByLabel('Coupon code').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  await expect(page.getByText('WELCOME10 saves more than your 5% first-order discount')).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);

  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Verma');
  await page.getByLabel('Address line 1').fill('12 MG Road');
  await page.getByLabel('Pincode').fill('560001');
  await expect(page.getByLabel('City')).toHaveValue(/Bengaluru|Bangalore/);
  await expect(page.getByLabel('State')).toHaveValue('Karnataka');

  const methods = page.getByRole('radiogroup', { name: 'Payment method' });
  const cod = methods.getByRole('radio', { name: /Cash on Delivery/ });
  await expect(methods.getByText('No extra fee; for orders up to ₹5,000.', { exact: false })).toBeVisible();
  await cod.check();
  await page.getByRole('button', { name: `Place order · ${total}` }).click();

  // The order-placed page says what to pay (order-confirmed.spec.ts), then links to the order.
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/confirmed$/);
  await expect(page.getByTestId('confirmed-payment')).toContainText(`Pay ${total} in cash or UPI when it arrives`);
  await page.getByRole('link', { name: 'View order' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]+$/);
  const totals = page.getByRole('region', { name: 'Payment summary' });
  await expect(totals.getByText('Coupon WELCOME10')).toBeVisible();
  await expect(totals.getByText(total, { exact: true })).toBeVisible();
  await expect(totals.getByText(/^incl\. GST ₹/)).toBeVisible();
  await expect(totals.getByTestId('payment-method')).toContainText('Cash on Delivery');
  await expect(totals.getByTestId('payment-method')).toContainText(`Pay ${total} when it arrives`);

  // The tax invoice: downloaded from the order page, read back.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download invoice' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^invoice-RM-\d{4}-\d{2}-\d{5}\.pdf$/);
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(await file.path())));
  const cells = (await (await pdf.getPage(1)).getTextContent()).items
    .map((i) => ('str' in i ? i.str.trim() : ''))
    .filter(Boolean)
    .join('|');
  expect(cells).toContain('Payment|Cash on Delivery');
  expect(cells).toContain('Intra-state supply: CGST + SGST');
  expect(cells).toContain(`Grand total|₹${toRupees(pricePaise - couponPaise).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
});
