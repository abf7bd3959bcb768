import { expect, test } from './hydrated-test';
import { DEMO_ADMIN as ADMIN, logIn, signUpShopper } from './shoppers';

// The owner finds a shopper on /admin/customers by phone, opens their page and adjusts their store
// credit. (The API's rules, roles and search are tested in the API tests; here the screen.)

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

    // The owner adds store credit with a note, then cannot take away more than the balance.
    const adjust = dialog.getByRole('form', { name: 'Adjust store credit' });
    await adjust.getByLabel('Amount (₹)').fill('150.50');
    await adjust.getByLabel('Note (the shopper sees it)').fill('Sorry for the late parcel');
    await adjust.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(dialog.getByTestId('admin-store-credit-balance')).toHaveText('Balance ₹150.50');
    await expect(dialog.getByText('Sorry for the late parcel')).toBeVisible();
    await expect(dialog.locator('dt', { hasText: /^Store credit$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('₹150.50');
    await expect(adjust.getByLabel('Amount (₹)')).toHaveValue('');
    await adjust.getByLabel('Amount (₹)').fill('-200');
    await adjust.getByLabel('Note (the shopper sees it)').fill('Taken back');
    await adjust.getByRole('button', { name: 'Save adjustment' }).click();
    await expect(adjust.getByText('At most ₹150.50 can be taken away')).toBeVisible();
    await expect(dialog.getByTestId('admin-store-credit-balance')).toHaveText('Balance ₹150.50');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/customer-store-credit-${width}.png` });
    const credit = await request.get('/api/store-credit', { headers: { authorization: `Bearer ${shopper.token}` } });
    expect(((await credit.json()) as { balance: number }).balance).toBe(150.5);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/customers$/);
  });
}
