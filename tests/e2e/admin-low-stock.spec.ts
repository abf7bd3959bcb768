/**
 * The dashboard's low-stock panel lists sold-out sizes in their own "Sold out" group, apart
 * from "5 or fewer left" (1-5 units), and the demo catalogue's many sold-out sizes do not push the
 * low ones out of the list. The two groups sit side by side on a wide screen, one above the other on
 * a phone, and never overlap.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { DEMO_ADMIN, logIn } from './shoppers';

async function openDashboard(page: Page, token: string) {
  await page.addInitScript((t) => window.localStorage.setItem('apparel-store.token', t), token);
  await page.goto('/admin/dashboard');
  const soldOut = page.getByRole('region', { name: 'Sold out' });
  const low = page.getByRole('region', { name: '5 or fewer left' });
  await expect(soldOut.getByRole('listitem').first()).toBeVisible();
  await expect(low.getByRole('listitem').first()).toBeVisible();
  return { soldOut, low };
}

test('sold-out sizes and sizes with 1-5 left are two separate groups that do not run together', async ({ page, request }) => {
  const token = await logIn(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const { soldOut, low } = await openDashboard(page, token);
    for (const text of await soldOut.getByRole('listitem').allInnerTexts()) expect(text).toMatch(/Sold out$/);
    for (const text of await low.getByRole('listitem').allInnerTexts()) expect(text).toMatch(/\b[1-5] left$/);

    const a = (await soldOut.boundingBox())!;
    const b = (await low.boundingBox())!;
    const apart = a.x + a.width <= b.x || a.y + a.height <= b.y;
    expect(apart, `groups overlap at ${width}px`).toBe(true);
    if (width === 1280) expect(b.y, 'side by side on a wide screen').toBe(a.y);
    // Every row's count stays inside its group.
    for (const group of [soldOut, low]) {
      const box = (await group.boundingBox())!;
      for (const row of await group.getByRole('listitem').all()) {
        const r = (await row.boundingBox())!;
        expect(r.x + r.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
      }
    }
  }
});
