import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { formatINR } from '../../src/core/money';
import { adminTest, placeOrder, signUpShopper, stockedVariants } from './admin-api';
import { expect as baseExpect } from './hydrated-test';
import { mailsTo } from './outbox';

// Cancellations and refunds (docs/decisions/0017-refunds-and-credit-notes.md): a shopper cancels a paid order before it ships (the Razorpay
// sandbox refunds it in full, the credit note downloads beside the invoice and is mailed), and an
// admin refunds part of another order from the order modal with a confirmation naming the amount.
const test = adminTest;
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** Every mail to `email` that mentions `ref`, oldest first (raw, headers unfolded). */
async function mailsAbout(email: string, ref: string): Promise<string[]> {
  return (await mailsTo(email)).filter((mail) => mail.raw.includes(ref)).map((mail) => mail.raw);
}

async function expectPdfDownload(page: Page, click: () => Promise<void>, name: RegExp) {
  const downloading = page.waitForEvent('download');
  await click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(name);
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');
}

test('a shopper cancels a paid order before it ships and gets it all back', async ({ page, request }) => {
  const shopper = await signUpShopper(request, { name: 'Nila Raman', phone: '9845098450' });
  const [line] = await stockedVariants(request);
  const order = await placeOrder(request, shopper, line);
  const ref = order._id.slice(-8).toUpperCase();
  const total = formatINR(order.totals.grandTotal);

  await page.addInitScript((token) => window.localStorage.setItem('apparel-store.token', token), shopper.token);
  await page.goto(`/orders/${order._id}`);
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`${total} will be refunded`)).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('dialog[open]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByText('Please choose a reason for cancelling')).toBeVisible();
  await dialog.getByLabel('Why are you cancelling?').selectOption('Ordered by mistake');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(toast(page, 'Your order is cancelled')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The sandbox refunds at once: cancelled, then refunded; the button is gone; the credit note downloads.
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(page.getByText('Cancelled by the shopper: Ordered by mistake')).toBeVisible();
  const refunds = page.getByRole('list', { name: 'Refunds' });
  await expect(refunds.getByText(`Refund of ${total} processed`)).toBeVisible();
  await expectPdfDownload(page, () => refunds.getByRole('button', { name: /^Credit note / }).click(), /^credit-note-.+\.pdf$/);

  // The API refuses nothing twice: cancelling again answers the same single refund.
  const again = await request.post(`/api/orders/${order._id}/cancel`, {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: { reason: 'Other' },
  });
  expect(again.status()).toBe(200);
  expect(((await again.json()) as { refunds: { refunds: unknown[] } }).refunds.refunds).toHaveLength(1);

  // Mails: the confirmation, then the cancellation with the credit note attached.
  await expect.poll(async () => (await mailsAbout(shopper.email, ref)).length).toBe(2);
  const [, cancelled] = await mailsAbout(shopper.email, ref);
  expect(cancelled).toContain(`Subject: Order #${ref} cancelled`);
  expect(cancelled).toMatch(/filename="?credit-note-/);
  expect(cancelled).toContain('Content-Type: application/pdf');
});

test('an admin refunds part of an order from the order modal', async ({ page, request, adminToken }) => {
  const shopper = await signUpShopper(request, { name: 'Kabir Shah', phone: '9820098200' });
  const [line] = await stockedVariants(request);
  const order = await placeOrder(request, shopper, line);
  const ref = order._id.slice(-8).toUpperCase();

  await page.addInitScript((token) => window.localStorage.setItem('apparel-store.token', token), adminToken);
  await page.goto(`/admin/orders?search=${ref}`);
  await page.getByRole('button', { name: `View Details of order #${ref}` }).click();
  const modal = page.getByRole('dialog', { name: `Order #${ref}` });
  await expect(modal.getByText(`Left to refund ${formatINR(order.totals.grandTotal)}`)).toBeVisible();
  await modal.getByRole('button', { name: 'Refund', exact: true }).click();

  const dialog = page.getByRole('dialog', { name: 'Refund' });
  await dialog.getByLabel('Amount to refund (₹)').fill(String(order.totals.grandTotal + 1));
  await dialog.getByLabel('Reason').fill('Loose stitching on the hem');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText(`Only ${formatINR(order.totals.grandTotal)} can still be refunded`)).toBeVisible();
  await dialog.getByLabel('Amount to refund (₹)').fill('100.50');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Refund ₹100.50?' });
  await expect(confirm.getByText("₹100.50 goes back to the shopper's payment through Razorpay.")).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('dialog[open]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await confirm.getByRole('button', { name: 'Refund ₹100.50' }).click();
  await expect(toast(page, 'Refund processed')).toBeVisible();

  const left = formatINR(Math.round(order.totals.grandTotal * 100 - 10_050) / 100);
  await expect(modal.getByText(`Left to refund ${left}`)).toBeVisible();
  await expect(modal.getByText('Loose stitching on the hem')).toBeVisible();
  await expect(modal.getByText('processed', { exact: true })).toBeVisible();
  await expectPdfDownload(page, () => modal.getByRole('button', { name: /^Credit note / }).click(), /^credit-note-.+\.pdf$/);
  // Not shipped yet, so it can still be cancelled; the status did not change.
  await expect(modal.getByRole('button', { name: 'Cancel and refund' })).toBeVisible();
  await expect(modal.getByText('Status:').getByText('Placed')).toBeVisible();

  // The shopper is mailed the refund with its credit note.
  await expect.poll(async () => (await mailsAbout(shopper.email, ref)).length).toBe(2);
  const [, refunded] = await mailsAbout(shopper.email, ref);
  expect(refunded).toMatch(/filename="?credit-note-/);
  expect(refunded).toContain('Loose stitching on the hem');
});
