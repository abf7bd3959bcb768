import { expect, test } from './hydrated-test';
import { DEMO_ADMIN as ADMIN, logIn, signUpShopper } from './shoppers';

// The owner finds a shopper on /admin/customers by phone and opens their page. (The API's rules,
// roles and search are tested in the API tests; here the screen.)

const TOKEN_KEY = 'apparel-store.token';
const SHOTS = process.env.SCREENSHOT_DIR;

for (const width of [1280, 390]) {
  test(`at ${width} px the owner finds a new shopper by phone and opens their page`, async ({ page, request }) => {
    test.setTimeout(60_000);
    const phone = `9${String(Date.now()).slice(-9)}`;
    const shopper = await signUpShopper(request, { name: 'Kavya Menon', phone });
    const token = await logIn(request, ADMIN.email, ADMIN.password);
    await page.setViewportSize({ width, height: 900 });
    await page.context().addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
    await page.goto('/admin/customers', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: /^Customers/, level: 1 })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search customers' }).fill(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);
    const list = page.getByRole('list', { name: 'Customer list' });
    await expect(list.getByRole('button')).toHaveCount(1);
    await expect(list.getByRole('button')).toContainText(shopper.email);
    await expect(list.getByRole('button')).toContainText('0 orders');
    expect(await page.locator('main').evaluate((main) => main.scrollWidth <= window.innerWidth)).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/customers-${width}.png`, fullPage: true });

    await list.getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Kavya Menon' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(shopper.email)).toBeVisible();
    await expect(dialog.getByText('No orders yet.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/customers\?id=/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/customer-${width}.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/customers$/);
  });
}
