import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

// Every public page on a desktop, and the pages whose layout changes most on a phone: no serious or
// critical axe-core violations of WCAG 2 A and AA. The shared frame (banner, header, footer) is
// checked in full on the home page; elsewhere only <main>, as axe needs seconds a page here. Tracing is off here: it records every DOM change axe makes and slows it tenfold.
test.use({ trace: 'off' });

const PAGES = [
  '/',
  '/products',
  '/products?q=zzzz',
  '/contact',
  '/terms',
  '/refund-policy',
  '/privacy-policy',
  '/shipping-policy',
  '/login',
  '/signup',
  '/no-such-page',
];
const PHONE_PAGES = ['/', '/products', '/contact', '/shipping-policy'];

test('public pages have no serious or critical accessibility violations', async ({ page, isMobile }) => {
  test.setTimeout(120_000);
  const pages = isMobile ? [...PHONE_PAGES] : [...PAGES];
  await page.goto('/');
  pages.push((await page.locator('nav[aria-label="Shop by category"] a').first().getAttribute('href')) ?? '/');
  pages.push((await page.locator('a[href^="/product/"]').first().getAttribute('href')) ?? '/');
  const problems: string[] = [];
  for (const path of pages) {
    await page.goto(path);
    const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
    if (path !== '/') builder.include('#main');
    const results = await builder.analyze();
    for (const v of results.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
      problems.push(
        `${path}: ${v.id} (${v.impact}) ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
      );
    }
  }
  expect(problems).toEqual([]);
});
