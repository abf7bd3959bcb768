/**
 * WhatsApp through the built-in Cloud API stand-in (docs/architecture.md#whatsapp): a shopper with
 * "order updates" ticked (and offers) places a Cash on Delivery order; /whatsapp-sandbox shows the
 * "order placed" message to their number, delivered; their reply of STOP reaches the shop's webhook
 * signed as Meta's would, and the profile then shows offers on WhatsApp off.
 */
import { expect, test } from '@playwright/test';
import { addToCartApi, listProducts, signInPage } from './accounts-fixtures';
import { DEMO_ADMIN, logIn, signUpShopper } from './shoppers';

const SHOTS = process.env.SCREENSHOT_DIR;

test('order updates reach the WhatsApp sandbox, and STOP turns offers off on the profile', async ({ page, request }, testInfo) => {
  const phone = `9${String(Date.now()).slice(-9)}`;
  const shopper = await signUpShopper(request, { phone });
  const products = await listProducts(request);
  const [product, variant] = products
    .flatMap((p) => p.variants.filter((v) => v.isActive && v.stockQty >= 3 && v.price < 4000).map((v) => [p, v] as const))
    .at(0)!;
  await addToCartApi(request, shopper.token, { productId: product._id, variantId: variant._id, quantity: 1 });
  await signInPage(page, shopper.token);

  await page.goto('/checkout');
  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Verma');
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Address line 1').fill('12 MG Road');
  await page.getByLabel('Pincode').fill('560001');
  await expect(page.getByLabel('State')).toHaveValue('Karnataka');
  await expect(page.getByRole('checkbox', { name: /Send me order updates on WhatsApp/ })).toBeChecked();
  const offers = page.getByRole('checkbox', { name: /Send me offers on WhatsApp/ });
  await expect(offers).not.toBeChecked();
  await offers.check();
  if (SHOTS) await page.getByRole('group', { name: 'WhatsApp messages' }).screenshot({ path: `${SHOTS}/whatsapp-checkout-boxes.png` });
  await page
    .getByRole('radiogroup', { name: 'Payment method' })
    .getByRole('radio', { name: /Cash on Delivery/ })
    .check();
  await page.getByRole('button', { name: /^Place order/ }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/confirmed$/);
  const orderRef = /\/orders\/([0-9a-f-]{36})\//.exec(page.url())![1].slice(-8).toUpperCase();

  await page.goto('/whatsapp-sandbox');
  const number = page.getByLabel('Number');
  if (await number.isVisible()) await number.selectOption(`91${phone}`);
  const chat = page.getByRole('region', { name: `Chat with +91 ${phone.slice(0, 5)} ${phone.slice(5)}` });
  const placed = chat.getByTestId('wa-message').filter({ hasText: 'rangmanch_order_placed' });
  await expect(placed).toContainText(`Hi Asha, thank you for shopping with us! Your order #${orderRef}`);
  await expect(placed.getByLabel('Delivered')).toBeVisible({ timeout: 20_000 });
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/whatsapp-sandbox-1280-${testInfo.project.name}.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/whatsapp-sandbox-390-${testInfo.project.name}.png`, fullPage: true });
  }

  await chat.getByLabel(/Reply as/).fill('STOP');
  await chat.getByRole('button', { name: 'Send' }).click();
  await expect(chat.getByText('shop answered ok')).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByRole('switch', { name: /Order updates on WhatsApp/ })).toBeChecked();
  await expect(page.getByRole('switch', { name: /Offers on WhatsApp/ })).not.toBeChecked();
  if (SHOTS) await page.getByRole('region', { name: 'WhatsApp' }).screenshot({ path: `${SHOTS}/whatsapp-profile-390.png` });
});

test('the owner names a template per message in Settings and sees that the sandbox stands in for the Cloud API', async ({
  page,
  request,
}) => {
  const token = await logIn(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.context().addInitScript(([key, value]) => window.localStorage.setItem(key, value), ['apparel-store.token', token] as const);
  await page.goto('/admin/settings', { waitUntil: 'domcontentloaded' });
  const section = page.getByRole('group', { name: 'WhatsApp' });
  await expect(section.getByTestId('whatsapp-status')).toContainText(
    'Cloud API credentials are not set: messages go to the built-in sandbox',
  );
  await expect(section.getByLabel('Out for delivery template name')).toHaveValue('rangmanch_out_for_delivery');
  await section.getByLabel('Out for delivery template name').fill('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  const saved = await request.get('/api/admin/settings', { headers: { authorization: `Bearer ${token}` } });
  const templates = ((await saved.json()) as { whatsapp: { templates: Record<string, { name: string }> } }).whatsapp.templates;
  expect(templates.out_for_delivery).toBeUndefined();
  expect(templates.delivered?.name).toBe('rangmanch_delivered');
  if (SHOTS) {
    await section.screenshot({ path: `${SHOTS}/whatsapp-settings-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await section.screenshot({ path: `${SHOTS}/whatsapp-settings-390.png` });
  }
  // Back as the demo had it.
  await section.getByLabel('Out for delivery template name').fill('rangmanch_out_for_delivery');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved').first()).toBeVisible();
});
