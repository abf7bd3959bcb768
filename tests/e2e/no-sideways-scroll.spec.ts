/**
 * Issue 18: no page of the shop or of the admin area scrolls sideways on a 390x844 phone, with a
 * long e-mail address on the account, a saved address, an order, a cart line and a contact message.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './hydrated-test';
import { prepareShop, type PreparedShop } from './every-page';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

let shop: PreparedShop;

test.beforeAll(async ({ request }) => {
  shop = await prepareShop(request);
});

/**
 * The document's scroll width, the window's width and (to say what to fix) the first elements that
 * reach past the phone's 390 px without a clipping or scrolling box around them.
 */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > 390.5 && !clipped(el))
      .slice(0, 4)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')} (${Math.round(el.getBoundingClientRect().right)}px)`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth, culprits };
  });
}

async function pageAs(browser: Browser, token: string | null): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  if (token) {
    await context.addInitScript((t) => window.localStorage.setItem('apparel-store.token', t), token);
  }
  return context.newPage();
}

test('every page fits a 390 px wide phone without sideways scrolling', async ({ page: visitorPage, browser }) => {
  test.setTimeout(240_000);
  const shopperPage = await pageAs(browser, shop.shopper.token);
  const adminPage = await pageAs(browser, shop.adminToken);
  const pages = { visitor: visitorPage, shopper: shopperPage, admin: adminPage };
  const wide: string[] = [];
  for (const { path, as, ready } of shop.pages) {
    const page = pages[as];
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await ready(page);
    const { scrollWidth, width, culprits } = await overflow(page);
    // A phone zooms out to show a too-wide page, which widens innerWidth: it must stay the phone's 390.
    if (scrollWidth > width || width !== 390) wide.push(`${path}: ${scrollWidth}px wide, past the edge: ${culprits.join(', ')}`);
  }
  await shopperPage.context().close();
  await adminPage.context().close();
  expect(wide).toEqual([]);
});
