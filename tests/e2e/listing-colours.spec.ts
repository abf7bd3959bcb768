/**
 * The listing by colour (src/web/features/listing, src/web/components/product/product-card.tsx;
 * docs/architecture.md#colours-and-sizes): the filter offers the listing's colours with their
 * swatches, choosing one keeps the products in stock in it (in the URL as `colours=maroon`), a card
 * shows its product's swatches (five, then "+N", named "6 colours: …") and, filtered by a colour, that
 * colour's picture with a link opening the product page on it, and the search finds a kurta
 * by its colour ("maroon <word>"). Runs on a desktop (the sidebar applies at once) and a phone (the
 * bottom sheet counts, then applies).
 */
import type { APIRequestContext } from '@playwright/test';
import type { Category, Product } from '../../src/core/api-types';
import { adminTest as test, bearer } from './admin-api';
import { expect } from './hydrated-test';

/** A word of letters only, new on every run: the two products' titles share it. */
const runWord = () =>
  `zq${Math.random()
    .toString(36)
    .slice(2, 9)
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)])}`;

/**
 * Creates a product through the admin API, in `colours` (name, swatch) and sizes M and L, with a demo
 * picture for every colour and, with `maroonPicture`, a second one of its Maroon (alt "<title> in Maroon").
 */
async function createProduct(
  request: APIRequestContext,
  token: string,
  {
    maroonPicture = false,
    ...body
  }: { title: string; description: string; colours: { name: string; swatch?: string }[]; maroonPicture?: boolean },
): Promise<Product> {
  const categories = (await (await request.get('/api/categories')).json()) as Category[];
  const demos = (await (await request.get('/api/products?limit=2')).json()) as Product[];
  const res = await request.post('/api/products', {
    headers: bearer(token),
    data: {
      ...body,
      categoryIds: [categories[0]._id],
      images: [
        { url: demos[0].images[0].url, alt: body.title },
        ...(maroonPicture ? [{ url: demos[1].images[0].url, alt: `${body.title} in Maroon`, colour: 'Maroon' }] : []),
      ],
      variants: body.colours.flatMap(({ name }) => ['M', 'L'].map((size) => ({ colour: name, size, price: 1899, stockQty: 4 }))),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Product;
}

test('filters the listing by colour with swatches, shows swatches on cards, and finds "maroon <word>" in maroon first', async ({
  page,
  request,
  adminToken,
  isMobile,
}, testInfo) => {
  const word = runWord();
  const maroon = await createProduct(request, adminToken, {
    title: `Ajrakh ${word} Kurta`,
    description: 'Hand-block printed cotton.',
    maroonPicture: true,
    colours: [
      { name: 'Maroon', swatch: '#7a1030' },
      { name: 'Indigo' },
      { name: 'Mustard' },
      { name: 'Off-white' },
      { name: 'Teal' },
      { name: 'Rust' },
    ],
  });
  const indigo = await createProduct(request, adminToken, {
    title: `Bagru ${word} Kurta`,
    description: 'Indigo with a maroon border.',
    colours: [{ name: 'Indigo', swatch: '#33407a' }],
  });

  await page.goto(`/products?q=${word}`);
  const cards = page.locator('main ul a[href^="/products/"]');
  await expect(cards).toHaveCount(2);

  if (isMobile) {
    await page.getByRole('link', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    const colours = sheet.getByRole('group', { name: 'Colour' });
    await expect(colours.getByRole('checkbox')).toHaveCount(6);
    await colours.getByRole('checkbox', { name: 'Maroon' }).check({ force: true });
    await sheet.getByRole('button', { name: 'Show 1 item' }).click();
  } else {
    const colours = page.getByRole('complementary', { name: 'Filters' }).getByRole('group', { name: 'Colour' });
    // The colours of this listing (the search's two kurtas), each with its swatch.
    await expect(colours.getByRole('checkbox')).toHaveCount(6);
    const maroonChip = colours.locator('label', { hasText: 'Maroon' }).locator('span');
    await expect.poll(() => maroonChip.evaluate((chip) => getComputedStyle(chip, '::before').backgroundColor)).toBe('rgb(122, 16, 48)');
    await colours.getByRole('checkbox', { name: 'Maroon' }).check({ force: true });
  }
  await expect(page).toHaveURL(new RegExp(`/products\\?q=${word}&colours=maroon$`));
  await expect(cards).toHaveCount(1);
  // The card shows its Maroon picture (not its first) and opens the product page on Maroon.
  await expect(cards.first()).toHaveAttribute('href', `/products/${maroon.handle}?colour=maroon`);
  await expect(cards.first().locator('img')).toHaveAttribute('alt', `${maroon.title} in Maroon`);
  await page.screenshot({ path: testInfo.outputPath('maroon-listing.png') });
  // Five swatches, then "+1", named as a whole.
  const swatches = cards.first().getByRole('img', { name: '6 colours: Maroon, Indigo, Mustard, Off-white, Teal, Rust' });
  await expect(swatches).toBeVisible();
  await expect(swatches.locator('span[style]')).toHaveCount(5);
  await expect(swatches).toContainText('+1');
  await expect(page.getByRole('link', { name: 'Remove filter Maroon' })).toBeVisible();

  // The same URL, opened afresh, is rendered so by the server.
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain('6 colours: Maroon, Indigo, Mustard, Off-white, Teal, Rust');
  expect(html).toContain(`alt="${maroon.title} in Maroon"`);
  expect(html).not.toContain(indigo.title);

  await page.getByRole('link', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/products$/);

  // "maroon <word>": the kurta that comes in maroon first, then the one that only mentions it.
  await page.goto(`/products?q=${encodeURIComponent(`maroon ${word}`)}`);
  await expect(cards).toHaveCount(2);
  // Without a colour filter a card shows its first picture and links to the product as it is.
  await expect(cards.nth(0)).toHaveAttribute('href', `/products/${maroon.handle}`);
  await expect(cards.nth(0).locator('img')).toHaveAttribute('alt', maroon.title);
  await expect(cards.nth(1)).toHaveAttribute('href', `/products/${indigo.handle}`);
  await expect(cards.nth(1).getByRole('img', { name: '1 colour: Indigo' })).toBeVisible();

  // Gone again, so other specs' picks of the catalogue (newest first) never meet these products.
  for (const p of [maroon, indigo]) {
    expect((await request.delete(`/api/products/${p._id}`, { headers: bearer(adminToken) })).ok()).toBeTruthy();
  }
});
