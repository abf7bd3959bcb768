import { expect, test } from './hydrated-test';

// Every page carries a locked-down Content-Security-Policy and the usual hardening headers,
// and nothing on the page trips the policy.
test('every page answers with a strict CSP and hardening headers, and runs without violations', async ({ page, request }) => {
  const products = (await (await request.get('/api/products')).json()) as { _id: string }[];
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ['/', '/products', `/product/${products[0]._id}`, '/login', '/signup', '/cart', '/no-such-page']) {
    const response = await page.goto(path);
    const headers = response!.headers();
    const csp = headers['content-security-policy'];
    expect(csp, path).toContain("object-src 'none'");
    expect(csp, path).toContain("base-uri 'self'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).not.toContain("'unsafe-inline' 'unsafe-eval'");
    expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  }
  expect(violations).toEqual([]);
});

test('oversized request bodies are refused with 413', async ({ request }) => {
  const res = await request.post('/api/contacts', {
    headers: { 'content-type': 'application/json' },
    data: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
  });
  expect(res.status()).toBe(413);
  expect(await res.json()).toEqual({ message: 'Request is too large' });
});
