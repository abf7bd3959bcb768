/**
 * A product in colours on the storefront (src/web/features/product/colour-picker.tsx, colours.ts,
 * product-json-ld.ts; docs/architecture.md#colours-and-sizes): `?colour=maroon` opens the page on
 * Maroon with its picture, choosing a size and adding to the cart names "Maroon / L" in the cart and
 * at checkout, choosing Indigo swaps the picture and rewrites the address, and the JSON-LD is a
 * ProductGroup. An order of Maroon / L says so on its order page (linking to the maroon page), in
 * its invoice PDF and in its confirmation mail. Runs on a desktop and a phone (playwright.config.ts).
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { getDocumentProxy } from 'unpdf';
import type { Category, Product } from '../../src/core/api-types';
import { bearer, DEMO_ADMIN, expect, listProducts, logIn, signInPage, signUpShopper, test } from './accounts-fixtures';
import { placeOrder } from './admin-api';
import { mailsTo } from './outbox';

const SIZES = ['S', 'M', 'L', 'XL'];
/** Products this file made, deleted after each test so other specs' picks of the catalogue never meet them. */
const made: string[] = [];

test.afterEach(async ({ request }) => {
  if (made.length === 0) return;
  const token = await logIn(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  for (const id of made.splice(0)) {
    const res = await request.delete(`/api/products/${id}`, { headers: bearer(token) });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
});

/** Creates, through the admin API, a kurta in Indigo and Maroon (one picture each) and S–XL. */
async function createColourKurta(request: APIRequestContext): Promise<Product> {
  const token = await logIn(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const categories = (await (await request.get('/api/categories')).json()) as Category[];
  // Two distinct demo pictures stand in for the two colours' photos.
  const pictures = [...new Set((await listProducts(request)).flatMap((p) => p.images.map((i) => i.url)))].slice(0, 2);
  expect(pictures).toHaveLength(2);
  const run = Math.random().toString(36).slice(2, 8);
  const res = await request.post('/api/products', {
    headers: bearer(token),
    data: {
      title: `Colour Test Kurta ${run}`,
      description: 'A block-printed kurta in two colours.',
      categoryIds: [categories[0]._id],
      colours: [{ name: 'Indigo' }, { name: 'Maroon', swatch: '#7a1030' }],
      images: [
        { url: pictures[0], alt: `Indigo kurta ${run}`, colour: 'Indigo' },
        { url: pictures[1], alt: `Maroon kurta ${run}`, colour: 'Maroon' },
      ],
      variants: ['Indigo', 'Maroon'].flatMap((colour) =>
        // Indigo XL is sold out.
        SIZES.map((size) => ({ colour, size, price: 1499, stockQty: colour === 'Indigo' && size === 'XL' ? 0 : 5 })),
      ),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const product = (await res.json()) as Product;
  made.push(product._id);
  return product;
}

const colours = (page: Page) => page.getByRole('radiogroup', { name: 'Colour' });
const sizes = (page: Page) => page.getByRole('radiogroup', { name: 'Size' });
/**
 * The gallery's large picture of `product` (its pictures' alt ends with the run's tag; the
 * thumbnails' alt is empty and the page's rails never show the product itself).
 */
const mainPicture = (page: Page, product: Product) => page.locator(`main img[alt$="${product.title.split(' ').pop()}"]`);
/** The alt of `colour`'s picture of `product`. */
const altOf = (product: Product, colour: string) => product.images.find((i) => i.colour === colour)?.alt ?? '';

test('?colour= opens that colour with its picture; the choice goes to the cart as "Maroon / L"; Indigo swaps picture and address; JSON-LD is a ProductGroup', async ({
  shopperPage: page,
  request,
}, testInfo) => {
  const product = await createColourKurta(request);
  const path = `/products/${product.handle}`;

  await page.goto(`${path}?colour=maroon`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  // Maroon is chosen by the server's HTML already, with its picture.
  await expect(colours(page).getByRole('radio', { name: 'Maroon', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('heading', { name: 'Colour: Maroon' })).toBeVisible();
  await expect(mainPicture(page, product)).toHaveAttribute('alt', altOf(product, 'Maroon'));
  await expect(sizes(page).getByRole('radio')).toHaveCount(4);
  // The details column: title, price, swatches, sizes and buttons.
  await page
    .getByRole('heading', { level: 1 })
    .locator('xpath=..')
    .screenshot({ path: testInfo.outputPath('maroon.png') });

  // The JSON-LD: a ProductGroup varying by colour and size, a Product with an Offer per colour × size.
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) => JSON.parse(t) as Record<string, unknown>,
  );
  const group = blocks.find((b) => b['@type'] === 'ProductGroup') as {
    productGroupID: string;
    variesBy: string[];
    hasVariant: {
      color: string;
      size: string;
      sku: string;
      image: string;
      offers: { price: string; priceCurrency: string; availability: string };
    }[];
  };
  expect(group).toBeTruthy();
  expect(group.productGroupID).toBe(product._id);
  expect(group.variesBy).toEqual(['https://schema.org/color', 'https://schema.org/size']);
  expect(group.hasVariant).toHaveLength(8);
  const maroonL = group.hasVariant.find((v) => v.color === 'Maroon' && v.size === 'L');
  expect(maroonL).toMatchObject({
    sku: product.variants.find((v) => v.colour === 'Maroon' && v.size === 'L')?.sku,
    image: expect.stringContaining(product.images[1].url),
    offers: { price: '1499.00', priceCurrency: 'INR', availability: 'https://schema.org/InStock' },
  });
  expect(group.hasVariant.find((v) => v.color === 'Indigo' && v.size === 'XL')?.offers.availability).toBe('https://schema.org/OutOfStock');

  // Indigo: its picture, the address says so, and its sold-out XL is marked; the chosen L stays.
  await sizes(page).getByRole('radio', { name: 'L', exact: true }).click();
  await colours(page).getByRole('radio', { name: 'Indigo', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}\\?colour=indigo$`));
  await expect(mainPicture(page, product)).toHaveAttribute('alt', altOf(product, 'Indigo'));
  await expect(page.getByRole('heading', { name: 'Colour: Indigo' })).toBeVisible();
  await expect(sizes(page).getByRole('radio', { name: 'XL (sold out)' })).toBeEnabled(); // chosen, it offers Notify me (back-in-stock.spec.ts)
  await expect(sizes(page).getByRole('radio', { name: 'L', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Your choice: Indigo / L')).toBeVisible();

  // Back to Maroon, L, Add to Cart: the cart names the colour and size.
  await colours(page).getByRole('radio', { name: 'Maroon', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}\\?colour=maroon$`));
  await expect(mainPicture(page, product)).toHaveAttribute('alt', altOf(product, 'Maroon'));
  await expect(page.getByText('Your choice: Maroon / L')).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page).toHaveURL(/\/cart$/);
  // The line links straight to the product's page on Maroon (not through the old /product/<id>).
  await expect(page.getByRole('main').getByRole('link', { name: product.title })).toHaveAttribute(
    'href',
    `/products/${product.handle}?colour=maroon`,
  );
  await expect(page.getByRole('main')).toContainText('Maroon / L');
  await page.screenshot({ path: testInfo.outputPath('cart.png') });

  // And so does checkout.
  await page.goto('/checkout');
  await expect(page.getByText('Maroon / L').first()).toBeVisible();
});

test('without a colour in the address the sizes wait for one, and Add to Cart says "Select a colour"', async ({
  page,
  request,
}, testInfo) => {
  const product = await createColourKurta(request);
  await page.goto(`/products/${product.handle}`);
  await expect(colours(page).getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(page.getByText('Choose a colour first')).toBeVisible();
  await expect(sizes(page).getByRole('radio', { name: 'M', exact: true })).toBeDisabled();
  await page
    .getByRole('heading', { level: 1 })
    .locator('xpath=..')
    .screenshot({ path: testInfo.outputPath('awaiting-colour.png') });

  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('alert').filter({ hasText: 'Select a colour' })).toBeVisible();
  await expect(colours(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(colours(page).getByRole('radio', { name: 'Indigo', exact: true })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/products/${product.handle}$`));

  // A colour chosen, the sizes are its own; without a size the message is "Select a size".
  await colours(page).getByRole('radio', { name: 'Maroon', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Select a colour' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('alert').filter({ hasText: 'Select a size' })).toBeVisible();
});

test('@phone-only the bottom bar names the colour and size', async ({ page, request }, testInfo) => {
  const product = await createColourKurta(request);
  await page.goto(`/products/${product.handle}?colour=maroon`);
  await sizes(page).getByRole('radio', { name: 'M', exact: true }).click();
  const bar = page.getByTestId('sticky-buy-bar');
  await page.getByRole('heading', { name: 'Description' }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 400));
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('Maroon / M');
  await page.screenshot({ path: testInfo.outputPath('bar.png') });
});

test('the wishlist\'s "Move to cart" asks for the colour, then its size', async ({ shopperPage: page, shopper, request }) => {
  const product = await createColourKurta(request);
  await page.goto(`/products/${product.handle}`);
  await page.getByRole('button', { name: 'Save to wishlist' }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/wishlist');
  await page.getByRole('button', { name: `Move to cart: ${product.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a colour and size' });
  await expect(dialog.getByRole('radiogroup', { name: 'Colour' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please select a colour before adding to cart');
  await dialog.getByRole('radio', { name: 'Indigo', exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'XL (sold out)' })).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Maroon', exact: true }).click();
  await dialog.getByRole('radio', { name: 'XL', exact: true }).click();
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(dialog).toBeHidden();

  const maroonXl = product.variants.find((v) => v.colour === 'Maroon' && v.size === 'XL')!;
  const cart = (await (await request.get('/api/cart', { headers: bearer(shopper.token) })).json()) as {
    items: { variantId: string; colour?: string; size: string }[];
  };
  expect(cart.items).toContainEqual(expect.objectContaining({ variantId: maroonXl._id, colour: 'Maroon', size: 'XL' }));
});

test('an order of Maroon / L: its page links to the maroon page, its invoice and its confirmation mail name "Maroon / L"', async ({
  page,
  request,
}, testInfo) => {
  const product = await createColourKurta(request);
  const shopper = await signUpShopper(request);
  const maroonL = product.variants.find((v) => v.colour === 'Maroon' && v.size === 'L')!;
  const order = await placeOrder(request, shopper, { productId: product._id, variantId: maroonL._id });
  expect(order.items[0].variantName).toBe('Maroon / L');

  await signInPage(page, shopper.token);
  await page.goto(`/orders/${order._id}`);
  const items = page.getByRole('region', { name: /^Items/ });
  await expect(items.getByRole('link', { name: product.title })).toHaveAttribute('href', `/products/${product.handle}?colour=maroon`);
  await expect(items).toContainText('Maroon / L · Qty: 1');
  await page.screenshot({ path: testInfo.outputPath('order.png'), fullPage: true });

  // The invoice's line: the kurta, then "Maroon / L" under it (not "Size: Maroon / L").
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download invoice' }).click();
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(await (await download).path())));
  const cells = (await (await pdf.getPage(1)).getTextContent()).items
    .map((i) => ('str' in i ? i.str.trim() : ''))
    .filter(Boolean)
    .join('|');
  expect(cells).toContain('|Maroon / L|');
  expect(cells).not.toContain('Size: Maroon');

  // The confirmation mail names the line "1 × <title> (Maroon / L)" (quoted-printable soft line breaks joined).
  const confirmation = async () => (await mailsTo(shopper.email)).find((m) => /^Order #\S+ confirmed$/.test(m.subject));
  await expect.poll(async () => Boolean(await confirmation()), { timeout: 15_000 }).toBe(true);
  expect((await confirmation())!.raw.replace(/=\r?\n/g, '')).toContain(`${product.title} (Maroon / L)`);
});
