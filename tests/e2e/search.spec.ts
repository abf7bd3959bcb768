import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { DEMO_ADMIN as ADMIN, logIn } from './shoppers';

// Search that forgives (docs/decisions/0014-forgiving-search.md), on the demo catalogue: suggestions under the header search while
// typing (a combobox: arrows, Enter, Escape, aria-activedescendant; taps on a phone), Indian
// spellings on the listing, and the owner's synonyms screen.

const TOKEN_KEY = 'apparel-store.token';

async function searchBox(page: Page, isMobile: boolean) {
  if (isMobile) await page.getByRole('button', { name: 'Search products' }).click();
  return page.getByRole('combobox', { name: 'Search products' });
}

test('suggestions while typing: categories and products with picture and price, chosen with the keyboard', async ({ page, isMobile }) => {
  // A light page: on a phone the home page's preloaded banner poster warns when a test stays long.
  await page.goto('/terms');
  const box = await searchBox(page, isMobile);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await box.fill('lehnga');
  const list = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const options = list.getByRole('option');
  await expect(options.first()).toHaveText(/Lehengas/);
  const lehenga = list.getByRole('option', { name: /Zari Embroidered Silk Lehenga/ });
  await expect(lehenga).toContainText('₹');
  await expect(lehenga.locator('img')).toHaveAttribute('src', /^\/media\/demo\/products\//);
  await expect(options.last()).toHaveText('All results for “lehnga”');

  // The list holds nothing serious or critical for assistive technology.
  const results = await new AxeBuilder({ page }).include('header').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Down and Up move the current option (focus stays in the box), wrapping at both ends.
  const activeId = () => box.getAttribute('aria-activedescendant');
  await box.press('ArrowDown');
  expect(await activeId()).toBe(await options.nth(0).getAttribute('id'));
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowDown');
  expect(await activeId()).toBe(await options.nth(1).getAttribute('id'));
  await box.press('ArrowUp');
  await box.press('ArrowUp');
  expect(await activeId()).toBe(await options.last().getAttribute('id'));
  await expect(box).toBeFocused();

  // Escape closes the list and keeps the text; Down opens it again.
  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveValue('lehnga');
  await expect(box).not.toHaveAttribute('aria-activedescendant');
  await box.press('ArrowDown');
  await expect(list).toBeVisible();

  // Enter opens the current suggestion: here the product.
  const count = await options.count();
  for (let i = 0; i < count; i++) {
    if ((await activeId()) === (await lehenga.getAttribute('id'))) break;
    await box.press('ArrowDown');
  }
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: /Zari Embroidered Silk Lehenga/ })).toBeVisible();
});

test('a tap opens a suggestion, and Enter with none chosen searches the words', async ({ page, isMobile }) => {
  await page.goto('/');
  let box = await searchBox(page, isMobile);
  await box.fill('sari');
  const list = page.getByRole('listbox', { name: 'Search suggestions' });
  await list
    .getByRole('option', { name: /Sarees/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/category\/(wedding-)?sarees$/);

  box = await searchBox(page, isMobile);
  await box.fill('kurti');
  await expect(list.getByRole('option').first()).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?q=kurti$/);
  await expect(page.getByText('Results for “kurti”')).toBeVisible();
  // Kurtas too, and the order is by relevance (the sort a search starts with).
  await expect(page.getByRole('link', { name: /Indigo Dabu Print Cotton Kurta/ }).first()).toBeVisible();
  await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
});

test('Indian spellings and category names find products on the listing', async ({ page }) => {
  await page.goto('/products?q=men+shirt');
  await expect(page.getByRole('link', { name: /Madras Check Cotton Shirt/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Linen Mandarin Collar Shirt/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Striped Linen Shirt Dress/ })).toHaveCount(0);

  await page.goto('/products?q=lehanga');
  await expect(page.getByRole('link', { name: /Pastel Mirror Work Lehenga Set/ }).first()).toBeVisible();
  // Choosing another order keeps the search; the chip removes the search and its relevance order.
  await page.getByLabel('Sort by').selectOption('price-asc');
  await expect(page).toHaveURL(/\/products\?q=lehanga&sort=price-asc$/);
});

test('the owner adds, edits and deletes synonyms, and the shop follows @desktop-only', async ({ page, request }) => {
  const token = await logIn(request, ADMIN.email, ADMIN.password);
  await page.context().addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto('/admin/dashboard', { waitUntil: 'domcontentloaded' });
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Search Synonyms/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/search-synonyms$/);
  await expect(page.getByRole('heading', { level: 1, name: /Search Synonyms/ })).toBeVisible();
  await expect(page.getByRole('group', { name: 'saree, sari, saaree' })).toBeVisible();

  const field = page.getByLabel('New group of words');
  // A word of another group is refused with the server's reason.
  await field.fill('sari, sadi');
  await page.getByRole('button', { name: 'Add group' }).click();
  await expect(page.getByText('“sari” already belongs to the group saree, sari, saaree. Edit that group instead.')).toBeVisible();
  // Several words: 'belong', not 'belongs'.
  await field.fill('saree, saaree, sadi');
  await page.getByRole('button', { name: 'Add group' }).click();
  await expect(
    page.getByText('“saree” and “saaree” already belong to the group saree, sari, saaree. Edit that group instead.'),
  ).toBeVisible();
  await field.fill('sunfrock');
  await page.getByRole('button', { name: 'Add group' }).click();
  await expect(page.getByText('Give at least two different words')).toBeVisible();

  const shop = await page.context().newPage();
  await shop.goto('/products?q=sunfrock');
  await expect(shop.getByText('0 products')).toBeVisible();

  await field.fill('Sunfrock, sundress');
  await page.getByRole('button', { name: 'Add group' }).click();
  const group = page.getByRole('group', { name: 'sunfrock, sundress' });
  await expect(group).toBeVisible();
  await shop.reload();
  await expect(shop.getByRole('link', { name: /Mulmul Cotton Sundress/ }).first()).toBeVisible();

  await group.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByLabel('Words of the group sunfrock');
  await edit.fill('sunfrock, pinafore');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('group', { name: 'sunfrock, pinafore' })).toBeVisible();
  await shop.reload();
  await expect(shop.getByText('0 products')).toBeVisible();

  await page.getByRole('group', { name: 'sunfrock, pinafore' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('group', { name: 'sunfrock, pinafore' })).toHaveCount(0);

  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
