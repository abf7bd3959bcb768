/**
 * No serious or critical axe-core violations of WCAG 2.0 and 2.1, A and AA, on any screen: every
 * storefront page (as a visitor and as a signed-in shopper with a cart, a saved product and an order)
 * and every admin screen with the order's View Details open, on a desktop and on a phone. The shared
 * frame (banner, header, footer) is checked in full once per role and screen (signed in it shows the
 * cart's and wishlist's counts); elsewhere only <main>, as axe needs seconds a page here. Tracing is
 * off here: it records every DOM change axe makes and slows it tenfold.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { prepareShop, type PreparedShop, type ShopPage } from './every-page';

test.use({ trace: 'off' });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// Off by default in axe (experimental), but what a voice-control user says is the link's visible
// text: the header's cart link must be named with its count.
const EXTRA_RULES = ['label-content-name-mismatch'];

/** The serious and critical violations on `page` (all of it when `frame`, else its <main>). */
async function violations(page: Page, label: string, frame: boolean): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  if (!frame) builder.include('#main');
  const results = await builder.analyze();
  const extra = await new AxeBuilder({ page }).withRules(EXTRA_RULES).analyze();
  return [...results.violations, ...extra.violations]
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

let shop: PreparedShop;

test.beforeAll(async ({ request }) => {
  shop = await prepareShop(request);
});

async function pageAs(browser: Browser, isMobile: boolean, token: string | null): Promise<Page> {
  const context = await browser.newContext(
    isMobile ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } },
  );
  if (token) await context.addInitScript((t) => window.localStorage.setItem('apparel-store.token', t), token);
  return context.newPage();
}

test('every storefront and admin screen has no serious or critical accessibility violations', async ({ browser, isMobile }) => {
  test.setTimeout(480_000);
  const pages = {
    visitor: await pageAs(browser, isMobile, null),
    shopper: await pageAs(browser, isMobile, shop.shopper.token),
    admin: await pageAs(browser, isMobile, shop.adminToken),
  };
  const extra: ShopPage[] = [
    { path: '/products?q=zzzz', as: 'visitor', ready: async (p) => expect(p.locator('main h1').first()).toBeVisible() },
    { path: '/no-such-page', as: 'visitor', ready: async (p) => expect(p.locator('main h1').first()).toBeVisible() },
  ];
  const problems: string[] = [];
  const framed = new Set<string>();
  for (const { path, as, ready } of [...shop.pages, ...extra]) {
    const page = pages[as];
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await ready(page);
    // The frame in full on the role's first page; signed in once the cart's count shows.
    const frame = !framed.has(as) && (as !== 'shopper' || path === '/cart');
    if (frame) framed.add(as);
    problems.push(...(await violations(page, `${path} (${as})`, frame)));
    // Card titles (h3) sit under an h2 of their list, never straight under the page's h1.
    if (path === '/cart' || path === '/wishlist') {
      const order = await new AxeBuilder({ page }).withRules(['heading-order']).analyze();
      problems.push(...order.violations.map((v) => `${path} (${as}): ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`));
    }
  }
  // The order's View Details (admin): its shipping, refund and returns panels.
  const admin = pages.admin;
  await admin.goto('/admin/orders');
  await admin.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await admin
    .getByRole('button', { name: `View Details of order #${shop.orderId.slice(-8).toUpperCase()}` })
    .filter({ visible: true })
    .click();
  await expect(admin.getByRole('dialog').getByText('Ship order').first()).toBeVisible();
  problems.push(...(await violations(admin, 'View Details (admin)', true)));
  for (const page of Object.values(pages)) await page.context().close();
  expect(problems).toEqual([]);
});
