import type { Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { financialYearOf } from '../../src/core/financial-year';
import { DEMO_ADMIN as ADMIN, logIn } from './shoppers';

// The owner edits the shop's settings on a phone-sized screen. The demo seed fills the
// settings in (a Karnataka shop, GSTIN 29AABCR1234M1Z9).

const TOKEN_KEY = 'apparel-store.token';
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

// A phone: 390 px wide, touch, mobile viewport.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the owner changes the support phone and the GSTIN, a wrong GSTIN is refused, and the saved values stay', async ({
  page,
  request,
}) => {
  const token = await logIn(request, ADMIN.email, ADMIN.password);
  await page.context().addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);

  await page.goto('/admin/dashboard', { waitUntil: 'domcontentloaded' });
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Settings/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  // On a phone the sections sit behind one button, which names the current one.
  await expect(
    page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: 'Sections: Settings' }),
  ).toBeInViewport();

  const gstin = page.getByLabel('GSTIN', { exact: true });
  const phone = page.getByLabel('Support phone', { exact: true });
  await expect(gstin).toHaveValue('29AABCR1234M1Z9');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('Karnataka');
  // Nothing wider than the phone's screen.
  for (const form of await page.locator('form').all()) expect(await form.evaluate((f) => f.scrollWidth <= window.innerWidth)).toBe(true);

  await phone.fill('70223 34455');
  // One character off: the check character no longer matches.
  await gstin.fill('29AACCR5678K1Z0');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('GSTIN check character is wrong: please check the number for a typo')).toBeVisible();
  await expect(gstin).toHaveAttribute('aria-invalid', 'true');
  // Another state's code.
  await gstin.fill('27AAPFU0939F1ZV');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('GSTIN must start with 29, the state code of Karnataka')).toBeVisible();
  expect((await (await request.get('/api/settings/public')).json()).supportPhone).toBe('9845012345');

  await gstin.fill('29aaccr5678k1zo');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page, 'Settings saved')).toBeVisible();
  await expect(page.getByText(/GSTIN must|GSTIN check/)).toHaveCount(0);

  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(page.getByLabel('GSTIN', { exact: true })).toHaveValue('29AACCR5678K1ZO');
  await expect(page.getByLabel('Support phone', { exact: true })).toHaveValue('7022334455');
  // The storefront's read shows the change at once.
  expect((await (await request.get('/api/settings/public')).json()).supportPhone).toBe('7022334455');
});

test('the Save bar stays on screen, the invoice example is this year’s, and leaving with unsaved changes asks first', async ({
  page,
  request,
}) => {
  const token = await logIn(request, ADMIN.email, ADMIN.password);
  await page.context().addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto('/admin/settings', { waitUntil: 'domcontentloaded' });
  const save = page.getByRole('button', { name: 'Save settings' });
  // The page is several screens long; the Save button is in view at its top and at its foot.
  await expect(save).toBeInViewport();
  await page.getByLabel('Offer size exchanges').scrollIntoViewIfNeeded();
  await expect(save).toBeInViewport();

  const prefix = page.getByLabel('Invoice prefix', { exact: true });
  await prefix.fill('KV');
  await expect(page.getByText(`This year's first invoice reads KV/${financialYearOf(new Date())}/00001`)).toBeVisible();
  await expect(page.getByText('You have unsaved changes')).toBeVisible();

  const back = page.getByRole('link', { name: /Back to Dashboard/ });
  await back.click();
  const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(prefix).toHaveValue('KV');
  await back.click();
  await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // Nothing was saved.
  await page.goto('/admin/settings', { waitUntil: 'domcontentloaded' });
  await expect(page.getByLabel('Invoice prefix', { exact: true })).not.toHaveValue('KV');
});
