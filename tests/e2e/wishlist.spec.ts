/**
 * Wishlist, WhatsApp and "Recently viewed", on a desktop and a phone: a guest's hearts
 * stay in the browser and join the account at login; "Move to cart" asks for the size; the
 * product page shares on WhatsApp and the footer and contact page link the shop's WhatsApp; the
 * product and home pages show what was viewed recently. /wishlist is axe-clean.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Product } from '../../src/core/api-types';
import type { WishlistItem } from '../../src/core/wishlist';
import {
  bearer,
  clearCartApi,
  expect,
  listProducts,
  logInThroughForm,
  signInPage,
  signUpShopper,
  test,
  waitForHydration,
} from './accounts-fixtures';

const GUEST_KEY = 'apparel-store.wishlist';

/**
 * Products without colours with at least two sizes in stock (so the size question is a real one and
 * no colour is asked first), in listing order.
 */
async function productsWithSizes(request: APIRequestContext): Promise<Product[]> {
  const products = await listProducts(request);
  const picked = products.filter((p) => !p.colours?.length && p.variants.filter((v) => v.isActive && v.stockQty >= 3).length >= 2);
  expect(picked.length).toBeGreaterThanOrEqual(3);
  return picked;
}

async function wishlistApi(request: APIRequestContext, token: string): Promise<WishlistItem[]> {
  const res = await request.get('/api/wishlist', { headers: bearer(token) });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as WishlistItem[];
}

/** Checks the header's wishlist count ('2 saved'; null for none shown), beside Cart on desktops and phones. */
async function expectCount(page: Page, text: string | null) {
  const count = page.getByRole('banner').getByTestId('wishlist-count').filter({ visible: true });
  if (text === null) await expect(count).toHaveCount(0);
  else await expect(count).toHaveText(text);
}

/** Follows the header's wishlist link. */
async function openWishlist(page: Page) {
  await page
    .getByRole('banner')
    .getByRole('link', { name: /Wishlist/ })
    .filter({ visible: true })
    .click();
  await expect(page).toHaveURL(/\/wishlist$/);
  // The URL changes before the route's module has loaded: wait for the page itself.
  await expect(page.getByRole('heading', { level: 1, name: 'Your Wishlist' })).toBeVisible();
}

test('a guest saves products with the heart, keeps them in the browser and removes them on /wishlist', async ({ page, request }) => {
  const [first, second] = await productsWithSizes(request);
  await page.goto(`/product/${first._id}`);
  const save = page.getByRole('button', { name: 'Save to wishlist' });
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await save.click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectCount(page, '1 saved');

  // The card heart in "You May Also Like" or the listing: named after its product, a toggle.
  await page.goto('/products');
  const heart = page.getByRole('button', { name: `Save ${second.title} to wishlist` });
  await expect(page.getByRole('button', { name: `Save ${first.title} to wishlist` })).toHaveAttribute('aria-pressed', 'true');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expectCount(page, '2 saved');
  await openWishlist(page);
  // Kept in the browser: a fresh page load still has both.
  await page.reload();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Wishlist' })).toBeVisible();
  await expect(page.getByRole('link', { name: second.title })).toBeVisible();
  await expect(page.getByRole('link', { name: first.title })).toBeVisible();
  await expect(page.getByText('Saved on this device.')).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).include('#main').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await page.getByRole('button', { name: `Remove ${second.title}` }).click();
  await expect(page.getByRole('link', { name: second.title })).toHaveCount(0);
  await expectCount(page, '1 saved');
  await page.getByRole('button', { name: `Remove ${first.title}` }).click();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expectCount(page, null);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), GUEST_KEY)).toBeNull();
});

test('"Save to wishlist" says Saved once saved, and the header heart, on phones too, names the count', async ({ page, request }) => {
  const [product] = await productsWithSizes(request);
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Save to wishlist' }).click();
  const saved = page.getByRole('button', { name: 'Saved', exact: true });
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Save to wishlist' })).toHaveCount(0);

  // In the bar itself (no menu to open), its count in its name as the cart link's is.
  const heart = page.getByRole('banner').getByRole('link', { name: 'Wishlist 1 saved' }).filter({ visible: true });
  await expect(heart).toBeVisible();
  const width = page.viewportSize()!.width;
  const box = (await heart.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  // A second tap unsaves.
  await saved.click();
  await expect(page.getByRole('button', { name: 'Save to wishlist' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Wishlist', exact: true }).filter({ visible: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save to wishlist' }).click();
  await heart.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Wishlist' })).toBeVisible();
  await expect(page.getByRole('link', { name: product.title })).toBeVisible();
});

test('logging in adds the guest list to the account and the header count follows', async ({ page, request }) => {
  const shopper = await signUpShopper(request);
  const [first, second] = await productsWithSizes(request);
  // Already saved in the account: merged, not doubled.
  expect((await request.put(`/api/wishlist/${first._id}`, { headers: bearer(shopper.token) })).ok()).toBeTruthy();

  await page.goto(`/product/${second._id}`);
  await page.getByRole('button', { name: 'Save to wishlist' }).click();
  await page.goto(`/product/${first._id}`);
  await page.getByRole('button', { name: 'Save to wishlist' }).click();
  await expectCount(page, '2 saved');

  await page.goto('/login');
  await logInThroughForm(page, shopper.email, shopper.password);
  await expect(page).toHaveURL(/\/$/);
  await expectCount(page, '2 saved');
  await expect
    .poll(async () => (await wishlistApi(request, shopper.token)).map((i) => i._id).sort())
    .toEqual([first._id, second._id].sort());
  expect(await page.evaluate((key) => window.localStorage.getItem(key), GUEST_KEY)).toBeNull();

  await openWishlist(page);
  await expect(page.getByRole('link', { name: first.title })).toBeVisible();
  await expect(page.getByRole('link', { name: second.title })).toBeVisible();
  await expect(page.getByText('Saved on this device.')).toHaveCount(0);
});

test('"Move to cart" asks for the size, adds it and takes the product off the wishlist', async ({ page, request, shopper }) => {
  const [product] = await productsWithSizes(request);
  await clearCartApi(request, shopper.token);
  for (const item of await wishlistApi(request, shopper.token))
    await request.delete(`/api/wishlist/${item._id}`, { headers: bearer(shopper.token) });
  await signInPage(page, shopper.token);

  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Save to wishlist' }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await wishlistApi(request, shopper.token)).map((i) => i._id)).toEqual([product._id]);

  await page.goto('/wishlist');
  await page.getByRole('button', { name: `Move to cart: ${product.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a size' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please select a size before adding to cart');
  const size = product.variants.find((v) => v.isActive && v.stockQty >= 3)!;
  await dialog.getByRole('radio', { name: size.size, exact: true }).click();
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();

  const cart = (await (await request.get('/api/cart', { headers: bearer(shopper.token) })).json()) as {
    items: { productId: string; variantId: string; quantity: number }[];
  };
  expect(cart.items).toEqual([expect.objectContaining({ productId: product._id, variantId: size._id, quantity: 1 })]);
  expect(await wishlistApi(request, shopper.token)).toEqual([]);
  await clearCartApi(request, shopper.token);
});

test('a guest\'s "Move to cart" asks for the size, says why at the login gate, and the item is in the cart after login', async ({
  page,
  request,
}) => {
  const shopper = await signUpShopper(request);
  const [product] = await productsWithSizes(request);
  const size = product.variants.find((v) => v.isActive && v.stockQty >= 3)!;

  await page.goto(`/product/${product._id}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Save to wishlist' }).click();
  await expect(page.getByRole('button', { name: 'Saved', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await openWishlist(page);
  await page.getByRole('button', { name: `Move to cart: ${product.title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a size' });
  await dialog.getByRole('radio', { name: size.size, exact: true }).click();
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();

  // The login gate says why, naming the product and the size chosen.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Log in to add' })).toHaveText(
    `Log in to add ${product.title} (${size.size}) to your cart. We'll add it right after.`,
  );
  await logInThroughForm(page, shopper.email, shopper.password);

  // In the cart, once; and moved, so no longer saved (neither in the browser nor in the account).
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('link', { name: product.title })).toBeVisible();
  await expect(page.getByText(`Size: ${size.size}`)).toBeVisible();
  const cart = (await (await request.get('/api/cart', { headers: bearer(shopper.token) })).json()) as {
    items: { productId: string; variantId: string; quantity: number }[];
  };
  expect(cart.items).toEqual([expect.objectContaining({ productId: product._id, variantId: size._id, quantity: 1 })]);
  await expectCount(page, null);
  expect(await wishlistApi(request, shopper.token)).toEqual([]);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), GUEST_KEY)).toBeNull();
});

test('"Recently viewed" shows the other products opened, on the product page and at home', async ({ page, request }) => {
  const [a, b, c] = await productsWithSizes(request);
  await page.goto(`/product/${a._id}`);
  // Nothing viewed before: no section.
  await expect(page.getByRole('heading', { level: 1, name: a.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recently viewed' })).toHaveCount(0);
  await page.goto(`/product/${b._id}`);
  await page.goto(`/product/${c._id}`);
  await expect(page.getByRole('heading', { name: 'Recently viewed' })).toBeVisible();
  const recent = page.locator('#recently-viewed');
  await expect(recent.getByRole('link', { name: b.title })).toBeVisible();
  await expect(recent.getByRole('link', { name: a.title })).toBeAttached();
  await expect(recent.getByRole('link', { name: c.title })).toHaveCount(0);

  await page.goto('/');
  await expect(recent.getByRole('link', { name: c.title })).toBeAttached();
  const titles = await recent.locator('a[href^="/products/"] h3').allTextContents();
  expect(titles.slice(0, 3)).toEqual([c.title, b.title, a.title]);
});

test('the product page shares on WhatsApp; the footer and contact page link the shop’s WhatsApp', async ({ page, request }) => {
  const [product] = await productsWithSizes(request);
  const settings = (await (await request.get('/api/settings/public')).json()) as { whatsappNumber: string };
  expect(settings.whatsappNumber).toMatch(/^[6-9]\d{9}$/);

  await page.goto(`/product/${product._id}`);
  const share = page.getByRole('link', { name: 'Share on WhatsApp' });
  await expect(share).toHaveAttribute('target', '_blank');
  await expect(share).toHaveAttribute('rel', /noopener/);
  const href = new URL((await share.getAttribute('href'))!);
  expect(href.origin + href.pathname).toBe('https://wa.me/');
  expect(href.searchParams.get('text')).toBe(`${product.title} ${new URL(`/products/${product.handle}`, page.url()).href}`);

  const chat = `https://wa.me/91${settings.whatsappNumber}`;
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveAttribute('href', chat);
  await page.goto('/contact');
  const contactLink = page.getByRole('main').getByRole('link', { name: 'Chat with us on WhatsApp' });
  await expect(contactLink).toHaveAttribute('href', chat);
  await expect(contactLink).toHaveAttribute('rel', /noopener/);
});
