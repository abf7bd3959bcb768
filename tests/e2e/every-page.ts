/**
 * Every page of the shop, with the data that fills it: a shopper with a long e-mail address, a saved
 * address, a paid order, a cart line, a saved product and a contact message, and the demo admin. Used
 * by the layout spec (no-sideways-scroll.spec.ts) and the accessibility spec (a11y.spec.ts).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Category, Product } from '../../src/core/api-types';
import { placeOrder, postContact, stockedVariants } from './admin-api';
import { bearer, DEMO_ADMIN, logIn, signUpShopper, type Shopper } from './shoppers';

/** One page to visit: who is signed in and what shows once its data is there. */
export interface ShopPage {
  path: string;
  as: 'visitor' | 'shopper' | 'admin';
  /** Waits until the page shows its data (beyond the server-rendered frame). */
  ready: (page: Page) => Promise<void>;
}

/** What `prepareShop` made. */
export interface PreparedShop {
  shopper: Shopper;
  /** Product ids a visitor's browser may hold as its wishlist (the shopper's account has them saved). */
  wishlist: string[];
  /** The shopper's paid order. */
  orderId: string;
  adminToken: string;
  pages: ShopPage[];
}

/** A long but valid address (the local part and the domain each run long, as real ones do). */
export function longEmail(): string {
  return `priyadarshini.venkataraghavan.${Date.now()}${process.pid}@mail.chennai-handloom-collective.co.in`;
}

const heading = (page: Page) => expect(page.locator('main h1').first()).toBeVisible();
const text = (value: string | RegExp) => async (page: Page) => {
  await expect(page.getByText(value).filter({ visible: true }).first()).toBeVisible();
};

/**
 * Signs up the long-e-mail shopper with a saved address, one paid order, one cart line, one saved
 * product and one contact message, and lists every page with its `ready` check.
 */
export async function prepareShop(request: APIRequestContext): Promise<PreparedShop> {
  const shopper = await signUpShopper(request, { name: 'Priyadarshini Venkataraghavan', email: longEmail() });
  const address = { line1: '14 Park Street', line2: 'Flat 7B', city: 'Kolkata', state: 'West Bengal', pincode: '700016' };
  const saved = await request.put('/api/users/me', { headers: bearer(shopper.token), data: { address } });
  expect(saved.ok(), await saved.text()).toBeTruthy();
  const [first, second] = await stockedVariants(request);
  const order = await placeOrder(request, shopper, first);
  const cart = await request.post('/api/cart', { headers: bearer(shopper.token), data: { ...second, quantity: 1 } });
  expect(cart.ok(), await cart.text()).toBeTruthy();
  await postContact(
    request,
    { name: shopper.name, email: shopper.email, phone: shopper.phone, comment: 'Does the Chanderi saree come with a blouse piece?' },
    shopper.token,
  );
  const wished = await request.put(`/api/wishlist/${first.productId}`, { headers: bearer(shopper.token) });
  expect(wished.ok(), await wished.text()).toBeTruthy();
  const adminToken = await logIn(request, DEMO_ADMIN.email, DEMO_ADMIN.password);

  const products = (await (await request.get('/api/products?limit=100')).json()) as Product[];
  const categories = (await (await request.get('/api/categories')).json()) as Category[];
  const product = products.find((p) => p._id === first.productId) ?? products[0];
  const inCart = products.find((p) => p._id === second.productId) ?? products[0];
  const category = categories[0];
  const productLink = async (page: Page) => {
    await expect(page.locator('main a[href^="/products/"]').first()).toBeVisible();
  };

  const pages: ShopPage[] = [
    { path: '/', as: 'visitor', ready: heading },
    { path: '/products', as: 'visitor', ready: productLink },
    { path: `/category/${category.handle}`, as: 'visitor', ready: productLink },
    { path: `/products/${product.handle}`, as: 'visitor', ready: heading },
    { path: '/login', as: 'visitor', ready: text('Forgot password?') },
    { path: '/signup', as: 'visitor', ready: text('Create account') },
    { path: '/forgot-password', as: 'visitor', ready: heading },
    { path: '/terms', as: 'visitor', ready: heading },
    { path: '/refund-policy', as: 'visitor', ready: heading },
    { path: '/privacy-policy', as: 'visitor', ready: heading },
    { path: '/shipping-policy', as: 'visitor', ready: heading },
    { path: '/cart', as: 'shopper', ready: text(inCart.title) },
    { path: '/wishlist', as: 'shopper', ready: text(product.title) },
    { path: '/checkout', as: 'shopper', ready: text('14 Park Street') },
    { path: '/orders', as: 'shopper', ready: text('1 order(s) found') },
    { path: `/orders/${order._id}`, as: 'shopper', ready: text('14 Park Street') },
    { path: '/profile', as: 'shopper', ready: text(shopper.email) },
    { path: '/contact', as: 'shopper', ready: heading },
    { path: '/admin/dashboard', as: 'admin', ready: text(/order\(s\) today/) },
    { path: '/admin/products', as: 'admin', ready: text(products[0].title) },
    { path: '/admin/categories', as: 'admin', ready: text(category.name) },
    { path: '/admin/orders', as: 'admin', ready: text(shopper.email) },
    { path: '/admin/contacts', as: 'admin', ready: text(shopper.email) },
    { path: '/admin/hero-images', as: 'admin', ready: heading },
    { path: '/admin/vertical-videos', as: 'admin', ready: heading },
    { path: '/admin/photo-snapshots', as: 'admin', ready: heading },
    { path: '/admin/testimonials', as: 'admin', ready: heading },
    { path: '/admin/coupons', as: 'admin', ready: text('WELCOME10') },
    { path: '/admin/returns', as: 'admin', ready: heading },
    { path: '/admin/reviews', as: 'admin', ready: heading },
    { path: '/admin/search-synonyms', as: 'admin', ready: heading },
    { path: '/admin/settings', as: 'admin', ready: text('GSTIN') },
  ];
  return { shopper, wishlist: [first.productId], orderId: order._id, adminToken, pages };
}
