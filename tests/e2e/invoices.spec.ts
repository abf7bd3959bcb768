/**
 * "Download invoice" on the shopper's order page and in the admin order modal: the
 * button shows only for an order with an invoice number, fetches the PDF with the signed-in token,
 * saves it under the invoice's file name, and says why when it fails.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Download } from '@playwright/test';
import { getDocumentProxy } from 'unpdf';
import type { Order } from '../../src/core/api-types';
import { ADMIN, login, placeOrder, stockedVariants } from './admin-api';
import { expect, signInPage, signUpShopper, test } from './accounts-fixtures';

test('the order page offers the invoice only when there is one, and shows the server’s message when the download fails', async ({
  page,
  request,
}) => {
  const shopper = await signUpShopper(request);
  const [line] = await stockedVariants(request);
  const order = await placeOrder(request, shopper, line);
  await signInPage(page, shopper.token);

  // The same order without an invoice number: no button.
  await page.route(`**/api/orders/${order._id}`, (route) => route.fulfill({ json: { ...order, invoiceNumber: null } satisfies Order }));
  await page.goto(`/orders/${order._id}`);
  await expect(page.getByRole('heading', { name: 'Payment summary' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download invoice' })).toHaveCount(0);

  // An order the server does not know, shown with an invoice number: the button is there, and the
  // server's answer to the download (404 'Order not found') is shown under it.
  const unknownId = randomUUID();
  await page.route(`**/api/orders/${unknownId}`, (route) =>
    route.fulfill({ json: { ...order, _id: unknownId, invoiceNumber: 'RM/2026-27/99999' } satisfies Order }),
  );
  await page.goto(`/orders/${unknownId}`);
  await expect(page.getByText('Tax invoice RM/2026-27/99999')).toBeVisible();
  const invoiceCall = page.waitForResponse(`**/api/orders/${unknownId}/invoice`);
  await page.getByRole('button', { name: 'Download invoice' }).click();
  const answer = await invoiceCall;
  expect(answer.status()).toBe(404);
  expect(answer.request().headers().authorization).toBe(`Bearer ${shopper.token}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Order not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download invoice' })).toBeEnabled();

  // The button and its message pass axe (WCAG 2 A/AA, serious and critical).
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).include('#main').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

// Needs the order placement that assigns invoice numbers (modules/orders/place-order.ts).
test('a shopper and an admin download the invoice of a placed order', async ({ page, request, browser }) => {
  const shopper = await signUpShopper(request);
  const [line] = await stockedVariants(request);
  const order = await placeOrder(request, shopper, line);
  expect(order.invoiceNumber, 'a placed order has an invoice number').toMatch(/^RM\/\d{4}-\d{2}\/\d{5}$/);
  const filename = `invoice-${order.invoiceNumber!.replaceAll('/', '-')}.pdf`;
  const grandTotal = `₹${order.totals.grandTotal.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  /** Checks a downloaded invoice: its name, and the number and grand total in its text. */
  async function checkDownload(download: Download) {
    expect(download.suggestedFilename()).toBe(filename);
    const bytes = await readFile(await download.path());
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const content = await (await pdf.getPage(1)).getTextContent();
    const cells = content.items
      .map((i) => ('str' in i ? i.str.trim() : ''))
      .filter(Boolean)
      .join('|');
    expect(cells).toContain(`Invoice no.|${order.invoiceNumber}`);
    expect(cells).toContain(`Grand total|${grandTotal}`);
  }

  await signInPage(page, shopper.token);
  await page.goto(`/orders/${order._id}`);
  await expect(page.getByText(`Tax invoice ${order.invoiceNumber}`)).toBeVisible();
  const shopperDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download invoice' }).click();
  await checkDownload(await shopperDownload);
  await expect(page.getByRole('alert')).toHaveCount(0);

  const adminPage = await browser.newPage();
  try {
    await signInPage(adminPage, await login(request, ADMIN.email, ADMIN.password));
    await adminPage.goto(`/admin/orders?search=${encodeURIComponent(shopper.email)}`);
    await adminPage.getByRole('button', { name: `View Details of order #${order._id.slice(-8).toUpperCase()}` }).click();
    const dialog = adminPage.getByRole('dialog');
    await expect(dialog.getByText(`Invoice: ${order.invoiceNumber}`)).toBeVisible();
    const adminDownload = adminPage.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download invoice' }).click();
    await checkDownload(await adminDownload);
  } finally {
    await adminPage.close();
  }
});
