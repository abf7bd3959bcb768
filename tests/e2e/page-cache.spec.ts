import { expect, test } from './hydrated-test';

// The page cache keys a page on its origin and path (plus the query on the listings, which
// read it), so a made-up query string is a hit on the page's own entry, and a forwarded host other
// than the shop's is rendered, and kept, apart from it.
test('a made-up query string is served from the page\u2019s own cache entry and hydrates cleanly', async ({ page, request, baseURL }) => {
  await request.get('/shipping-policy');
  const first = await request.get('/shipping-policy');
  expect(first.headers()['x-cache']).toBe('hit');
  const html = await first.text();
  for (const url of ['/shipping-policy?utm_source=mail', '/shipping-policy?x=1&y=2']) {
    const res = await request.get(url);
    expect(res.headers()['x-cache'], url).toBe('hit');
    expect(await res.text(), url).toBe(html);
  }
  // The listings read their query: a filter is its own page.
  await request.get('/products');
  expect((await request.get('/products?sizes=M')).headers()['x-cache']).toBeUndefined();

  // A proxy's forwarded host gets a page of its own, and leaves the shop's entry alone.
  const forwarded = await request.get('/shipping-policy', { headers: { 'x-forwarded-host': 'elsewhere.example, other.example' } });
  expect(forwarded.headers()['x-cache']).toBeUndefined();
  expect(await forwarded.text()).toContain('<link rel="canonical" href="http://other.example/shipping-policy"/>');
  // Another test's admin write may empty the cache meanwhile: ask until the answer is the kept one.
  let again = await request.get('/shipping-policy');
  await expect
    .poll(async () => {
      again = await request.get('/shipping-policy');
      return again.headers()['x-cache'];
    })
    .toBe('hit');
  expect(await again.text()).toContain(`<link rel="canonical" href="${baseURL}/shipping-policy"/>`);

  // The cached page hydrates under the longer URL without a mismatch (the fixture fails on console errors).
  await page.goto('/shipping-policy?utm_source=mail');
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

// A HEAD (uptime monitors, link checkers) was rendered by React Router as an empty octet-stream and
// kept as the page: every visitor then got a blank page until the entry expired.
test('a HEAD on a page answers its headers and leaves the page whole for the next visitor', async ({ request }) => {
  // A listing with filters no other test asks for: a page nobody has rendered yet.
  const url = `/products?sizes=XXL&minPrice=${100 + Math.floor(Math.random() * 800)}`;
  const head = await request.head(url);
  expect(head.status()).toBe(200);
  expect(head.headers()['content-type']).toContain('text/html');
  expect(head.headers()['content-security-policy']).toContain("object-src 'none'");
  expect(await head.body()).toHaveLength(0);
  const get = await request.get(url);
  expect(get.headers()['content-type']).toContain('text/html');
  expect(await get.text()).toContain('</html>');
});

// A miss is often the only request for its page before the entry expires (a search, a filter, a
// crawler): it goes out at the faster brotli quality, and the page's first hit makes and keeps the
// smaller copy every later hit sends.
test('a page that misses is sent at the faster brotli quality, its hits the smaller kept copy', async ({ request }) => {
  const url = `/products?sizes=XL&minPrice=${100 + Math.floor(Math.random() * 800)}`;
  const headers = { 'accept-encoding': 'br' };
  const miss = await request.get(url, { headers });
  expect(miss.headers()['x-cache']).toBeUndefined();
  expect(miss.headers()['content-encoding']).toBe('br');
  // Another test's admin write may empty the cache meanwhile: ask until the answer is a hit.
  let hit = await request.get(url, { headers });
  await expect
    .poll(async () => {
      hit = await request.get(url, { headers });
      return hit.headers()['x-cache'];
    })
    .toBe('hit');
  expect(hit.headers()['content-encoding']).toBe('br');
  expect(await hit.text()).toBe(await miss.text());
  expect(Number(hit.headers()['content-length'])).toBeLessThan(Number(miss.headers()['content-length']));
});
