/**
 * Playwright fixtures for signed-in journeys. A shopper is signed up through the API
 * (register-start, the code read from the outbox, verify-otp, login) once per test file and reused
 * by its tests; `shopperPage` is a page whose localStorage holds that shopper's token before any of
 * the shop's scripts run.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test as base } from './hydrated-test';
import type { Product } from '../../src/core/api-types';
import { POST_LOGIN_ACTION_KEY, TOKEN_STORAGE_KEY } from '../../src/core/constants';
import { bearer, DEMO_ADMIN, logIn, signUpShopper, type Shopper } from './shoppers';

export { bearer, DEMO_ADMIN, logIn, signUpShopper, uniqueEmail, type Shopper } from './shoppers';

/**
 * Stores `token` in the page's localStorage before the shop's scripts run. Only once per tab, so a
 * logout in the test stays logged out across reloads.
 */
export async function signInPage(page: Page, token: string): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (window.sessionStorage.getItem('e2e.token-set')) return;
      window.sessionStorage.setItem('e2e.token-set', '1');
      window.localStorage.setItem(key, value);
    },
    [TOKEN_STORAGE_KEY, token] as const,
  );
}

/**
 * Opens `url` as a signed-out visitor and waits until the page is interactive: the header shows
 * 'Login' only once the browser has hydrated and read (the absence of) the token.
 */
export async function gotoSignedOut(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
}

/**
 * Waits until the page's content is hydrated (for signed-in pages rendered by the server): the root
 * layout marks <html data-hydrated> in its first effect, which runs once the document is (the
 * page's own content is outside the Suspense boundaries).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true' && document.getElementById('main') !== null);
}

/** The login gate's pending action as stored in sessionStorage (null when none). */
export function pendingAction(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.sessionStorage.getItem(key), POST_LOGIN_ACTION_KEY);
}

/** Fills and submits the login form. */
export async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Active products of the demo catalogue (up to 100). */
export async function listProducts(request: APIRequestContext): Promise<Product[]> {
  const res = await request.get('/api/products?limit=100');
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as Product[];
}

/** A product's first size with at least `min` units in stock. */
export function sizeWithStock(product: Product, min = 3) {
  const variant = product.variants.find((v) => v.isActive && v.stockQty >= min);
  if (!variant) throw new Error(`${product.title} has no size with ${min} in stock`);
  return variant;
}

/** POST /api/cart as the shopper. */
export async function addToCartApi(
  request: APIRequestContext,
  token: string,
  line: { productId: string; variantId: string | null; quantity: number },
): Promise<void> {
  const res = await request.post('/api/cart', { headers: bearer(token), data: line });
  expect(res.ok(), 'add to cart').toBeTruthy();
}

/** DELETE /api/cart/clear as the shopper. */
export async function clearCartApi(request: APIRequestContext, token: string): Promise<void> {
  const res = await request.delete('/api/cart/clear', { headers: bearer(token) });
  expect(res.ok(), 'clear cart').toBeTruthy();
}

/** The options the shop passed to the (sandbox) Razorpay widget, recorded by `recordRazorpayOptions`. */
export interface RecordedRazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, string>;
  theme: { color: string };
}

/** Wraps window.Razorpay, once the Checkout script defines it, to record each widget's options. */
export async function recordRazorpayOptions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Ctor = new (options: Record<string, unknown>) => unknown;
    const w = window as unknown as { Razorpay?: Ctor; __razorpayOptions?: Record<string, unknown>[] };
    let real: Ctor | undefined;
    w.__razorpayOptions = [];
    Object.defineProperty(window, 'Razorpay', {
      configurable: true,
      get: () =>
        real &&
        function Recorded(options: Record<string, unknown>) {
          w.__razorpayOptions?.push(JSON.parse(JSON.stringify(options)) as Record<string, unknown>);
          return new real!(options);
        },
      set: (value: Ctor) => {
        real = value;
      },
    });
  });
}

/** The options of the last widget opened on the page. */
export async function lastRazorpayOptions(page: Page): Promise<RecordedRazorpayOptions> {
  const all = await page.evaluate(() => (window as unknown as { __razorpayOptions?: RecordedRazorpayOptions[] }).__razorpayOptions ?? []);
  expect(all.length, 'a Razorpay widget was opened').toBeGreaterThan(0);
  return all[all.length - 1];
}

const shoppersByFile = new Map<string, Promise<Shopper>>();

/** `shopper`: one API-made shopper per test file; `shopperPage`: a page signed in as them. */
export const test = base.extend<{ shopper: Shopper; shopperPage: Page }>({
  shopper: async ({ request }, use, testInfo) => {
    let pending = shoppersByFile.get(testInfo.file);
    if (!pending) {
      pending = signUpShopper(request);
      shoppersByFile.set(testInfo.file, pending);
    }
    await use(await pending);
  },
  shopperPage: async ({ page, shopper }, use) => {
    await signInPage(page, shopper.token);
    await use(page);
  },
});

export { expect };

/**
 * For the spec file that calls it (at its top level): as the demo owner, saves `patch` over the shop
 * settings before its tests (a function of the saved settings, when it builds on them) and puts the
 * saved settings back after them. Answers a getter of the owner's token, set once the tests start.
 */
export function withShopSettings(
  patch: Record<string, unknown> | ((saved: Record<string, unknown>) => Record<string, unknown>),
): () => string {
  let token = '';
  let original: Record<string, unknown> | null = null;
  test.beforeAll(async ({ request }) => {
    token = await logIn(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
    original = (await (await request.get('/api/admin/settings', { headers: bearer(token) })).json()) as Record<string, unknown>;
    const res = await request.put('/api/admin/settings', {
      headers: bearer(token),
      data: { ...original, ...(typeof patch === 'function' ? patch(original) : patch) },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  });
  test.afterAll(async ({ request }) => {
    if (original) await request.put('/api/admin/settings', { headers: bearer(token), data: original });
  });
  return () => token;
}

/** Full-page screenshots of `page` at 1280 and 390 px into SCREENSHOT_DIR (none without it), then the size it had. */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const start = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  if (start) await page.setViewportSize(start);
}
