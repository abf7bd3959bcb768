/**
 * Abandoned-cart reminders (docs/architecture.md#abandoned-carts), one shopper's story: with cart
 * reminders on (set through the settings API as the demo owner, restored after), a shopper turns on
 * "E-mail me offers and cart reminders" on their profile and leaves a cart; the reminder job (which
 * the e2e server runs every 5 s looking ahead, CART_REMINDER_LOOK_AHEAD_MINUTES, a test-only setting)
 * mails them; the cart is emptied, and a fresh browser (another device, signed out) opens the mail's
 * link, signs in, and lands on checkout with the cart restored. The owner's dashboard counts the
 * cart. Screenshots at 1280 and 390 px with SCREENSHOT_DIR.
 */
import {
  addToCartApi,
  clearCartApi,
  expect,
  listProducts,
  logInThroughForm,
  sizeWithStock,
  test,
  screenshotBoth,
  withShopSettings,
} from './accounts-fixtures';
import { mailsTo } from './outbox';
import { bearer, signUpShopper, uniqueEmail } from './shoppers';

const ownerToken = withShopSettings({
  cartReminders: { enabled: true, firstAfterMinutes: 15, secondAfterHours: null, secondCouponCode: null },
});

/** The restore link of the reminder mailed to `email` (quoted-printable undone). */
async function reminderLink(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        for (const mail of await mailsTo(email)) {
          const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
          const found = text.match(/https?:\/\/[^\s"<>]+\/cart\/restore\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{32}/);
          if (found) link = found[0];
        }
        return link;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .not.toBe('');
  return link;
}

test('a shopper who agreed is reminded of a cart, and the link restores it on a fresh browser and opens checkout', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const shopper = await signUpShopper(request, { email: uniqueEmail('cart-reminder'), name: 'Kavya Rao' });

  // Consent on the profile: the box starts unticked.
  await page.addInitScript((token) => window.localStorage.setItem('apparel-store.token', token), shopper.token);
  await page.goto('/profile');
  const consent = page.getByRole('switch', { name: /E-mail me offers and cart reminders/ });
  await expect(consent).not.toBeChecked();
  await page.getByText('E-mail me offers and cart reminders').click();
  await expect(page.getByText('E-mail preferences saved')).toBeVisible();
  await expect(consent).toBeChecked();
  await screenshotBoth(page, 'cart-reminder-profile');

  // The cart left behind.
  // The oldest stocked product (the list is newest first): a demo product, not one another test made
  // and may sell out or change while this one runs.
  const products = await listProducts(request);
  const product = products.findLast((p) => p.variants.some((v) => v.isActive && v.stockQty >= 3))!;
  const variant = sizeWithStock(product);
  await clearCartApi(request, shopper.token);
  await addToCartApi(request, shopper.token, { productId: product._id, variantId: variant._id, quantity: 2 });

  const link = await reminderLink(shopper.email);
  const mail = (await mailsTo(shopper.email)).find((m) => /You left something in your/.test(m.subject));
  expect(mail).toBeTruthy();
  // The cart is emptied meanwhile (another device, or the shopper changed their mind).
  await clearCartApi(request, shopper.token);

  // A fresh browser: signed out, sent to sign in, then back to restore and on to checkout.
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  const device = await browser.newContext({ viewport, isMobile, hasTouch });
  const fresh = await device.newPage();
  await fresh.goto(link);
  await expect(fresh).toHaveURL(/\/login$/);
  await logInThroughForm(fresh, shopper.email, shopper.password);
  await expect(fresh).toHaveURL(/\/checkout$/, { timeout: 20_000 });
  await expect(fresh.getByText(product.title).first()).toBeVisible();
  await screenshotBoth(fresh, 'cart-reminder-checkout');

  const cart = (await (await request.get('/api/cart', { headers: bearer(shopper.token) })).json()) as {
    items: { variantId: string; quantity: number }[];
  };
  expect(cart.items.map((i) => [i.variantId, i.quantity])).toEqual([[variant._id, 2]]);

  // Opening the link again changes nothing: still two.
  await fresh.goto(link);
  await expect(fresh).toHaveURL(/\/checkout$/, { timeout: 20_000 });
  const again = (await (await request.get('/api/cart', { headers: bearer(shopper.token) })).json()) as { items: { quantity: number }[] };
  expect(again.items.map((i) => i.quantity)).toEqual([2]);

  // Another shopper opening the link is refused.
  const other = await signUpShopper(request, { email: uniqueEmail('cart-other') });
  await fresh.evaluate((token) => window.localStorage.setItem('apparel-store.token', token), other.token);
  await fresh.goto(link);
  await expect(fresh.getByText(/This link was sent to another account/)).toBeVisible();
  await screenshotBoth(fresh, 'cart-reminder-other-account');
  await device.close();

  // The owner's dashboard counts reminded carts.
  const admin = await browser.newPage({ viewport });
  await admin.addInitScript((token) => window.localStorage.setItem('apparel-store.token', token), ownerToken());
  await admin.goto('/admin/dashboard');
  await expect(admin.getByRole('heading', { name: /Abandoned carts, last 30 days/ })).toBeVisible();
  await expect(admin.getByTestId('carts-reminded')).not.toHaveText('0');
  await screenshotBoth(admin, 'cart-reminder-dashboard');
  await admin.close();
});
