/**
 * "Download invoice" on the shopper's order page (issue 20): the button shows only for an order
 * with an invoice number, fetches the PDF with the shopper's token, and says why when it fails.
 */
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Order } from '../../src/core/api-types';
import { placeOrder, stockedVariants } from './admin-api';
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
