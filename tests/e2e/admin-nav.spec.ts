/**
 * The admin sections' navigation at 1280 px and on a 390 px phone: every section is reachable (on
 * the wide row or behind its menu button), in view, without sideways scrolling; the menus open and
 * close by keyboard (Enter, Tab into the links, Escape back to the button); axe-clean when open.
 * A staff role sees only the sections and dashboard figures its permissions allow
 * (docs/decisions/0023-staff-roles.md): the demo owner's /api/users/me answer is replayed as a
 * fulfilment role's, since no other role can be given yet.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ROLE_PERMISSIONS } from '../../src/core/permissions';
import { ADMIN, login } from './admin-api';
import { expect, test } from './hydrated-test';

const TOKEN_KEY = 'apparel-store.token';

/** Every admin section, as the navigation names it, and where it leads. */
const SECTIONS = [
  ['Dashboard', '/admin/dashboard'],
  ['Orders', '/admin/orders'],
  ['Customers', '/admin/customers'],
  ['Returns', '/admin/returns'],
  ['Reviews', '/admin/reviews'],
  ['Messages', '/admin/contacts'],
  ['Products', '/admin/products'],
  ['Categories', '/admin/categories'],
  ['Coupons', '/admin/coupons'],
  ['Synonyms', '/admin/search-synonyms'],
  ['Hero Images', '/admin/hero-images'],
  ['Videos', '/admin/vertical-videos'],
  ['Photos', '/admin/photo-snapshots'],
  ['Testimonials', '/admin/testimonials'],
  ['Settings', '/admin/settings'],
  ['Staff', '/admin/staff'],
  ['Activity', '/admin/activity'],
  ['Import', '/admin/import'],
  ['Redirects', '/admin/redirects'],
  ['My sign-in', '/admin/security'],
] as const;

/** Behind the wide row's "Homepage" menu. */
const HOMEPAGE = new Set(['Hero Images', 'Videos', 'Photos', 'Testimonials']);
/** Behind the wide row's "Shop" menu. */
const SHOP = new Set(['Settings', 'Staff', 'Activity', 'Import', 'Redirects', 'My sign-in']);

const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** The menu button `label` sits behind at this width, or null when it is on the row itself. */
function menuFor(page: Page, label: string) {
  if (isPhone(page)) return nav(page).getByRole('button', { name: /^Sections:/ });
  if (HOMEPAGE.has(label)) return nav(page).getByRole('button', { name: 'Homepage' });
  return SHOP.has(label) ? nav(page).getByRole('button', { name: 'Shop' }) : null;
}

test.beforeEach(async ({ page, request }) => {
  const token = await login(request, ADMIN.email, ADMIN.password);
  await page.context().addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
});

test('every admin section is in view and one click or one menu away, with nothing scrolling sideways', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await page.goto('/admin/dashboard', { waitUntil: 'domcontentloaded' });
  await expect(nav(page)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('admin-nav.png') });

  for (const [label, path] of SECTIONS) {
    const menu = menuFor(page, label);
    if (menu) {
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
    }
    const link = nav(page).getByRole('link', { name: label, exact: true });
    await expect(link).toBeInViewport({ ratio: 1 });
    if (label === 'Testimonials') await page.screenshot({ path: testInfo.outputPath('admin-nav-open.png') });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    // Choosing a link closes its menu; the current section is marked.
    if (menu) await expect(menu).toHaveAttribute('aria-expanded', 'false');
    if (isPhone(page)) await expect(menu!).toHaveAccessibleName(`Sections: ${label}`);
    else
      await expect(
        nav(page).getByRole(menu ? 'button' : 'link', { name: menu ? (SHOP.has(label) ? 'Shop' : 'Homepage') : label, exact: true }),
      ).toBeVisible();
    if (!menu) await expect(link).toHaveAttribute('aria-current', 'page');
    // Nothing wider than the screen, the navigation included.
    expect(await nav(page).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});

test('the section menu opens and closes by keyboard and is axe-clean when open', async ({ page }) => {
  await page.goto('/admin/orders', { waitUntil: 'domcontentloaded' });
  const menu = isPhone(page)
    ? nav(page).getByRole('button', { name: 'Sections: Orders' })
    : nav(page).getByRole('button', { name: 'Homepage' });
  const first = nav(page).getByRole('link', { name: isPhone(page) ? 'Dashboard' : 'Hero Images', exact: true });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(first).toBeHidden();

  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).include('header').analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();
  await expect(first).toBeHidden();

  // Space opens it too; a click elsewhere closes it.
  await page.keyboard.press('Space');
  await expect(first).toBeVisible();
  await page.getByRole('main').click({ position: { x: 5, y: 5 } });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
});

test('a fulfilment role sees only orders, returns and the dashboard, without revenue', async ({ page }) => {
  await page.route('**/api/users/me', async (route) => {
    const response = await route.fetch();
    const me = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...me, role: 'fulfilment', permissions: [...ROLE_PERMISSIONS.fulfilment] } });
  });
  await page.goto('/admin/dashboard', { waitUntil: 'domcontentloaded' });
  await expect(page.getByText('Awaiting dispatch')).toBeVisible();
  await expect(page.getByText("Today's revenue")).toHaveCount(0);
  await expect(page.getByText('Revenue, last 30 days')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Products/ })).toHaveCount(0);

  if (isPhone(page))
    await nav(page)
      .getByRole('button', { name: /^Sections:/ })
      .click();
  for (const label of ['Dashboard', 'Orders', 'Returns']) {
    await expect(nav(page).getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  for (const label of ['Customers', 'Reviews', 'Messages', 'Products', 'Categories', 'Coupons', 'Synonyms', 'Hero Images', 'Settings']) {
    await expect(nav(page).getByRole('link', { name: label, exact: true })).toHaveCount(0);
  }
  await expect(nav(page).getByRole('button', { name: 'Homepage' })).toHaveCount(0);

  // A screen the role may not use, opened by its address, sends it back to the dashboard.
  await page.goto('/admin/products', { waitUntil: 'domcontentloaded' });
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('You need the catalog.write permission for this')).toBeVisible();
});
