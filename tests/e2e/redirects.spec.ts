import type { Category } from '../../src/core/api-types';
import type { AdminRedirectList } from '../../src/core/schemas/redirects';
import { ADMIN, bearer, login } from './admin-api';
import { expect, test } from './hydrated-test';

// Old addresses kept (docs/architecture.md#redirects): the owner adds a
// redirect on /admin/redirects (looked at 1280 and 390 px wide) and a visitor to the old address lands on the category page; an old
// Shopify collection address lands on the category of the same handle without any redirect.

const FAST = { waitUntil: 'domcontentloaded' } as const;
const TOKEN_KEY = 'apparel-store.token';
const run = Date.now().toString(36).slice(-5);

let token = '';
test.beforeEach(async ({ page, request }) => {
  token = await login(request, ADMIN.email, ADMIN.password);
  await page.context().addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
});

test('the owner keeps an old address, and old Shopify addresses land on the category', async ({ page, request }, info) => {
  const [category] = (await (await request.get('/api/categories')).json()) as Category[];
  const oldPath = `/pages/old-sale-${info.project.name}-${run}`;

  await page.goto('/admin/redirects', FAST);
  await expect(page.getByRole('heading', { name: /^Redirects/, level: 1 })).toBeVisible();
  const add = page.getByRole('region', { name: 'Add a redirect' });
  await add.getByLabel('Old address').fill(oldPath);
  await add.getByLabel('Send them to').fill(`/category/${category.handle}/`);
  await add.getByRole('button', { name: 'Add redirect' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Redirect added' }).first()).toBeVisible();

  await page.getByLabel('Search redirects').fill(oldPath);
  const row = page.getByRole('group', { name: oldPath });
  await expect(row).toContainText(`/category/${category.handle}/`);
  await page.screenshot({ path: info.outputPath('redirects.png'), fullPage: true });
  // The same screen on a phone (390 px): the form stacks, each redirect reads top to bottom.
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: info.outputPath('redirects-phone.png'), fullPage: true });
  if (wide) await page.setViewportSize(wide);

  // A redirect to itself is refused where it is typed.
  await add.getByLabel('Old address').fill('/pages/size-guide');
  await add.getByLabel('Send them to').fill('/pages/size-guide/');
  await add.getByRole('button', { name: 'Add redirect' }).click();
  await expect(add.getByText('A redirect cannot point to itself')).toBeVisible();

  // The visitor with the old link (upper case, a campaign tag) is sent on with the tag, and lands on
  // the category page (which keeps only the parameters it reads).
  const moved = await request.get(`${oldPath.toUpperCase()}?utm_source=newsletter`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/category/${category.handle}/?utm_source=newsletter`);
  await page.goto(`${oldPath.toUpperCase()}?utm_source=newsletter`, FAST);
  await expect(page).toHaveURL(new RegExp(`/category/${category.handle}/?(\\?.*)?$`));
  await expect(page.getByRole('heading', { name: category.name, level: 1 })).toBeVisible();

  // Shopify's collection address needs no redirect: same handle, category page.
  await page.goto(`/collections/${category.handle}`, FAST);
  await expect(page).toHaveURL(new RegExp(`/category/${category.handle}/?$`));
  await expect(page.getByRole('heading', { name: category.name, level: 1 })).toBeVisible();

  // An old address nobody kept is the ordinary 404 page.
  const missing = await page.goto(`/pages/never-here-${run}`, FAST);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  // Leave nothing behind.
  const list = (await (
    await request.get(`/api/admin/redirects?search=${encodeURIComponent(oldPath)}`, { headers: bearer(token) })
  ).json()) as AdminRedirectList;
  for (const r of list.redirects)
    expect((await request.delete(`/api/admin/redirects/${r._id}`, { headers: bearer(token) })).ok()).toBe(true);
});
