/**
 * COD confirmation (docs/architecture.md#cod-confirmation), one shopper's story: with every COD order
 * to be confirmed (set through the settings API as the demo owner, restored after), a shopper places
 * a Cash on Delivery order, sees "Awaiting confirmation" on their order page, confirms it through the
 * link in the order mail (the page shows the order; only its button acts), sees it confirmed, and the
 * owner's order list shows it Confirmed. A second shopper, who agreed to order updates on WhatsApp,
 * confirms with the message's Confirm order button on /whatsapp-sandbox. Screenshots at 1280 and
 * 390 px with SCREENSHOT_DIR.
 */
import { addToCartApi, clearCartApi, expect, listProducts, test, screenshotBoth, withShopSettings } from './accounts-fixtures';
import { mailsTo } from './outbox';
import { placeCodOrder, stockedVariants } from './admin-api';
import { bearer, signUpShopper } from './shoppers';

const ownerToken = withShopSettings({
  codConfirmation: { mode: 'all', above: 0, hours: 24, expiry: 'cancel' },
  // The WhatsApp message of the second test (the sandbox stands in for Meta).
  whatsapp: { templates: { cod_confirmation: { name: 'cod_confirmation', language: 'en' } } },
});

/** The confirm link of the order's mail (quoted-printable undone). */
async function confirmLink(email: string, orderId: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      for (const mail of await mailsTo(email)) {
        const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
        const found = text.match(new RegExp(`https?://[^\\s"<>]+/cod/${orderId}/confirm\\?token=[A-Za-z0-9_-]+`));
        if (found) link = found[0];
      }
      return link;
    })
    .not.toBe('');
  return link;
}

test('a shopper confirms a Cash on Delivery order from the mail link and the owner sees it confirmed', async ({
  shopperPage: page,
  shopper,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const products = await listProducts(request);
  const [product, variant] = products
    .flatMap((p) => p.variants.filter((v) => v.isActive && v.stockQty >= 3 && v.price < 4000).map((v) => [p, v] as const))
    .at(0)!;
  await clearCartApi(request, shopper.token);
  await addToCartApi(request, shopper.token, { productId: product._id, variantId: variant._id, quantity: 1 });
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Verma');
  await page.getByLabel('Address line 1').fill('12 MG Road');
  await page.getByLabel('Pincode').fill('560001');
  await expect(page.getByLabel('State')).toHaveValue('Karnataka');
  await page
    .getByRole('radiogroup', { name: 'Payment method' })
    .getByRole('radio', { name: /Cash on Delivery/ })
    .check();
  await page.getByRole('button', { name: /^Place order/ }).click();

  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/confirmed$/);
  const orderId = page.url().match(/orders\/([0-9a-f-]{36})/)![1];
  const ref = orderId.slice(-8).toUpperCase();
  await page.goto(`/orders/${orderId}`);
  const box = page.getByRole('region', { name: 'Awaiting confirmation' });
  await expect(box).toBeVisible();
  await expect(box).toContainText('Please confirm your Cash on Delivery order by');
  await screenshotBoth(page, 'cod-awaiting');

  // The mail's Confirm link: opening it changes nothing; its button confirms.
  const link = await confirmLink(shopper.email, orderId);
  const guest = await browser.newPage();
  await guest.goto(link);
  await expect(guest.getByRole('button', { name: 'Yes, confirm my order' })).toBeVisible();
  await expect(guest.getByText(`Order #${ref}`)).toBeVisible();
  const before = await request.get(`/api/orders/${orderId}`, { headers: bearer(shopper.token) });
  expect((await before.json()).codConfirmation.state).toBe('awaiting');
  await screenshotBoth(guest, 'cod-link');
  await guest.getByRole('button', { name: 'Yes, confirm my order' }).click();
  await expect(guest.getByText('Thank you! Your order is confirmed.')).toBeVisible();
  await guest.close();

  await page.reload();
  await expect(page.getByRole('region', { name: 'Awaiting confirmation' })).toHaveCount(0);
  await expect(page.getByText('Confirmed').first()).toBeVisible();

  // The owner's order list: Confirmed, no longer awaiting.
  const admin = await browser.newPage();
  await admin.addInitScript((token) => window.localStorage.setItem('apparel-store.token', token), ownerToken());
  await admin.goto(`/admin/orders?search=${ref}`);
  await admin
    .getByRole('button', { name: `View Details of order #${ref}` })
    .first()
    .click();
  const dialog = admin.getByRole('dialog', { name: `Order #${ref}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Confirmed').first()).toBeVisible();
  await expect(dialog.getByText('Cash on Delivery confirmed by the shopper')).toBeVisible();
  await expect(dialog.getByText(/Awaiting confirmation/)).toHaveCount(0);
  await admin.close();
});

test("a shopper confirms with the WhatsApp message's Confirm order button (sandbox)", async ({ page, request }) => {
  test.setTimeout(60_000);
  const phone = `9${String(Date.now()).slice(-9)}`;
  const shopper = await signUpShopper(request, { name: 'Meera Iyer', phone });
  const consent = await request.put('/api/users/me', { headers: bearer(shopper.token), data: { whatsappUpdates: true } });
  expect(consent.ok(), await consent.text()).toBeTruthy();
  const [line] = await stockedVariants(request);
  const order = await placeCodOrder(request, shopper, line);
  expect(order.codConfirmation?.state).toBe('awaiting');
  const ref = order._id.slice(-8).toUpperCase();

  await page.goto('/whatsapp-sandbox');
  const message = page.getByTestId('wa-message').filter({ hasText: `#${ref}` });
  await expect(message).toContainText('please confirm your Cash on Delivery order');
  await screenshotBoth(page, 'cod-whatsapp');
  await message.getByRole('button', { name: 'Confirm order' }).click();
  await expect
    .poll(async () => (await (await request.get(`/api/orders/${order._id}`, { headers: bearer(shopper.token) })).json()).status)
    .toBe('confirmed');
  const after = await (await request.get(`/api/orders/admin/${order._id}`, { headers: bearer(ownerToken()) })).json();
  expect(after.codConfirmation.state).toBe('confirmed');
});
