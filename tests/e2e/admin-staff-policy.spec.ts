import type { Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { DEMO_ADMIN as ADMIN, logIn } from './shoppers';

// The owner sets the refund limits in Settings → Staff policy; a manager sees the invoice fields
// read-only. (The server's rules are tested in the API tests; here the screens.)

const TOKEN_KEY = 'apparel-store.token';
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();
const SHOTS = process.env.SCREENSHOT_DIR;

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the owner changes the manager refund limit in Staff policy, and it stays', async ({ page, request }) => {
      const token = await logIn(request, ADMIN.email, ADMIN.password);
      await page.context().addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
      await page.goto('/admin/settings', { waitUntil: 'domcontentloaded' });
      const policy = page.getByRole('group', { name: 'Staff policy' });
      const manager = policy.getByLabel('Manager refund limit (₹)');
      await expect(manager).toHaveValue('10000');
      await expect(policy.getByLabel('Support refund limit (₹)')).toHaveValue('1000');
      // The owner edits the invoice fields.
      await expect(page.getByLabel('GSTIN', { exact: true })).toBeEditable();
      await policy.scrollIntoViewIfNeeded();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-policy-${width}.png`, fullPage: true });
      try {
        await manager.fill('12000');
        await policy.getByRole('button', { name: 'Save staff policy' }).click();
        await expect(toast(page, 'Staff policy saved')).toBeVisible();
        await page.reload({ waitUntil: 'domcontentloaded' });
        await expect(page.getByRole('group', { name: 'Staff policy' }).getByLabel('Manager refund limit (₹)')).toHaveValue('12000');
      } finally {
        const res = await request.put('/api/admin/settings/staff-policy', {
          headers: { authorization: `Bearer ${token}` },
          data: { refundLimitManagerRupees: 10_000, refundLimitSupportRupees: 1_000, staffTwoStepRequired: false },
        });
        expect(res.status()).toBe(200);
      }
    });

    test('a manager sees the invoice fields read-only, and no Staff policy', async ({ page, request }) => {
      const token = await logIn(request, ADMIN.email, ADMIN.password);
      await page.context().addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
      // The screen follows the role the server names: answer the signed-in user as a manager.
      await page.route('**/api/users/me', async (route) => {
        const res = await route.fetch();
        const me = (await res.json()) as { permissions: string[] };
        const permissions = me.permissions.filter((p) => !['settings.tax', 'staff.manage', 'audit.read'].includes(p));
        await route.fulfill({ response: res, json: { ...me, role: 'manager', permissions } });
      });
      // The settings test changes the GSTIN, so read the one saved now rather than the seed's.
      const saved = await request.get('/api/admin/settings', { headers: { authorization: `Bearer ${token}` } });
      const { gstin } = (await saved.json()) as { gstin: string };
      expect(gstin).toMatch(/^29[0-9A-Z]{13}$/);
      await page.goto('/admin/settings', { waitUntil: 'domcontentloaded' });
      await expect(page.getByLabel('Support phone', { exact: true })).toBeEditable();
      await expect(page.getByLabel('GSTIN', { exact: true })).toHaveCount(0);
      await expect(page.getByText(gstin, { exact: true })).toBeVisible();
      await expect(page.getByText(/Only the owner can change these/).first()).toBeVisible();
      await expect(page.getByRole('group', { name: 'Staff policy' })).toHaveCount(0);
      expect(await page.locator('main').evaluate((main) => main.scrollWidth <= window.innerWidth)).toBe(true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-manager-${width}.png`, fullPage: true });
    });
  });
}
