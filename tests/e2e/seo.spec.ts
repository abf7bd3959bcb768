import { expect, test } from './fixtures';

// Policy pages, discoverability (titles, canonical and share tags, sitemap, robots) and the 404 page.

const POLICIES = [
  {
    path: '/terms',
    heading: 'Terms & Conditions',
    // The demo shop's settings: 7-day returns with size exchanges, Cash on Delivery up to ₹5,000.
    phrases: ['include GST', 'within 7 days of delivery', 'exchange it for another size', 'Cash on Delivery', 'until it ships'],
  },
  {
    path: '/refund-policy',
    heading: 'Cancellations and Refund',
    // The demo shop's returns settings (7 days, size exchanges); returns.spec.ts covers the spec's
    // final-sale wording (a 0-day window).
    phrases: [
      '7 days',
      'exchange it for another size',
      'Return or exchange',
      'Cancel order',
      'Shipping and payment fees are non-refundable',
    ],
  },
  {
    path: '/privacy-policy',
    heading: 'Privacy Policy',
    phrases: [
      'name, e-mail address and phone number',
      'delivery address',
      'orders',
      'Razorpay',
      'never touch our servers',
      'local',
      'storage',
      'Digital Personal Data Protection Act',
    ],
  },
  {
    path: '/shipping-policy',
    heading: 'Shipping Policy',
    // The demo shop's delivery settings: dispatch in 1 business day, transit 2 / 3 / 5 days (+2 spread).
    phrases: [
      '1 business day',
      'after 5:00 PM IST',
      '2-4 days',
      '3-5 days',
      '5-7 days',
      '1-3 extra days',
      '2-3 delivery attempts',
      'up to 24 hours',
      'no update for 48 hours',
      'Monday to Saturday, 10:00-18:00 IST',
    ],
  },
] as const;

for (const policy of POLICIES) {
  test(`${policy.path} is server-rendered with every term, its title and canonical URL`, async ({ request, baseURL }) => {
    const response = await request.get(policy.path);
    expect(response.status()).toBe(200);
    const html = (await response.text()).replace(/<!-- -->/g, '');
    expect(html).toContain(`<h1`);
    expect(html).toContain(policy.heading.replace('&', '&amp;'));
    for (const phrase of policy.phrases) expect(html).toContain(phrase);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${policy.path}"/>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
  });
}

test('every public page has its own title, description, canonical URL and Open Graph tags', async ({ page, baseURL }) => {
  const titles = new Set<string>();
  for (const path of ['/', '/products', '/contact', '/terms']) {
    await page.goto(path);
    const title = await page.title();
    expect(titles.has(title)).toBe(false);
    titles.add(title);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${path}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}${path}`);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', /summary/);
  }
  await page.goto('/products');
  const crumbs = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) => JSON.parse(t) as { '@type': string },
  );
  expect(crumbs.map((c) => c['@type'])).toContain('BreadcrumbList');
});

test('sitemap.xml lists home, products, every category and product, policies and contact', async ({ request, baseURL }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/xml');
  const xml = await response.text();
  for (const path of ['/', '/products', '/contact', '/terms', '/refund-policy', '/privacy-policy', '/shipping-policy']) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  const categories = (await (await request.get('/api/categories')).json()) as { handle: string }[];
  const products = Number((await request.get('/api/products?limit=1')).headers()['x-total-count']);
  for (const c of categories) expect(xml).toContain(`<loc>${baseURL}/category/${c.handle}</loc>`);
  expect(xml.match(/<loc>[^<]+\/products\/[a-z0-9-]+<\/loc>/g)).toHaveLength(products);
  expect(xml).not.toMatch(/\/cart|\/checkout|\/orders/);
});

test('robots.txt allows all but the private areas and points to the sitemap', async ({ request, baseURL }) => {
  const text = await (await request.get('/robots.txt')).text();
  expect(text).toContain('User-agent: *');
  expect(text).toContain('Allow: /');
  for (const path of ['/cart', '/wishlist', '/checkout', '/orders', '/profile', '/admin']) expect(text).toContain(`Disallow: ${path}`);
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('an unknown address answers 404 with the designed page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('banner')).toBeVisible();
});
