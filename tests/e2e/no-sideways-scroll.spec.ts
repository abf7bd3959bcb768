/**
 * No page of the shop or of the admin area scrolls sideways: on a 390x844 phone, and on 1280 and
 * 1366 px wide desktops (where the header holds the most: inline search, labels, Login or the
 * wishlist and cart counts), signed out and signed in, with a long e-mail address on the account, a
 * saved address, an order, a cart line, a saved product and a contact message.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { prepareShop, type PreparedShop } from './every-page';

let shop: PreparedShop;

test.beforeAll(async ({ request }) => {
  shop = await prepareShop(request);
});

/**
 * The document's scroll width, the window's width and (to say what to fix) the first elements that
 * reach past the `edge` (the viewport's width) without a clipping or scrolling box around them.
 */
async function overflow(page: Page, edge: number) {
  return page.evaluate((edge) => {
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > edge + 0.5 && !clipped(el))
      .slice(0, 4)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')} (${Math.round(el.getBoundingClientRect().right)}px)`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth, culprits };
  }, edge);
}

interface Screen {
  width: number;
  height: number;
  phone: boolean;
}

/** A page in a context of its own, `screen` sized, signed in with `token` (or a visitor). */
async function pageAs(browser: Browser, screen: Screen, token: string | null, guestWishlist: string[] = []): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: screen.width, height: screen.height },
    isMobile: screen.phone,
    hasTouch: screen.phone,
  });
  if (token) {
    await context.addInitScript((t) => window.localStorage.setItem('apparel-store.token', t), token);
  }
  if (guestWishlist.length) {
    // A guest's saved products (src/web/features/wishlist/api.ts): the header shows their count.
    await context.addInitScript((ids) => window.localStorage.setItem('apparel-store.wishlist', JSON.stringify(ids)), guestWishlist);
  }
  return context.newPage();
}

/** Visits every page at `screen` as its visitor, shopper or admin; lists the pages wider than the screen. */
async function widePages(browser: Browser, screen: Screen): Promise<string[]> {
  const pages = {
    visitor: await pageAs(browser, screen, null, shop.wishlist),
    shopper: await pageAs(browser, screen, shop.shopper.token),
    admin: await pageAs(browser, screen, shop.adminToken),
  };
  const wide: string[] = [];
  for (const { path, as, ready } of shop.pages) {
    const page = pages[as];
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await ready(page);
    // On a desktop the header shows its widest: the wishlist's count (and the cart's, signed in).
    if (!screen.phone && as !== 'admin') await expect(page.getByTestId('wishlist-count').first()).toBeVisible();
    const { scrollWidth, width, culprits } = await overflow(page, screen.width);
    // A phone zooms out to show a too-wide page, which widens innerWidth: it must stay the screen's.
    if (scrollWidth > width || width !== screen.width)
      wide.push(`${path} (${as}): ${scrollWidth}px wide, past the edge: ${culprits.join(', ')}`);
  }
  for (const page of Object.values(pages)) await page.context().close();
  return wide;
}

for (const screen of [
  { width: 390, height: 844, phone: true },
  { width: 1280, height: 800, phone: false },
  { width: 1366, height: 768, phone: false },
]) {
  test(`every page fits a ${screen.width} px wide ${screen.phone ? 'phone' : 'desktop'} without sideways scrolling`, async ({
    browser,
  }) => {
    test.setTimeout(420_000);
    expect(await widePages(browser, screen)).toEqual([]);
  });
}
