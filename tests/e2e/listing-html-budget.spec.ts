import { expect, test } from './fixtures';

// The listing's HTML budget (docs/performance.md "Listing HTML"): /products on the demo catalogue,
// 24 cards, before compression, loader data included. A card, a header icon or a loader field that
// adds bytes to every listing fails here before it reaches a shopper's phone.

/** Bytes of the page as the server sends it, before compression (the budget's unit). */
const BUDGET_BYTES = 45_000;

test('@desktop-only /products sends 24 cards within its HTML budget', async ({ request }) => {
  const res = await request.get('/products', { headers: { 'Accept-Encoding': 'identity' } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  // The whole grid is in the HTML: 24 cards, each a link and its wishlist heart.
  expect(html.match(/class="card-link"/g)).toHaveLength(24);
  expect(html.match(/class="card-heart"/g)).toHaveLength(24);
  const bytes = Buffer.byteLength(html);
  test.info().annotations.push({ type: 'bytes', description: String(bytes) });
  expect(bytes, `/products is ${bytes} bytes of HTML`).toBeLessThanOrEqual(BUDGET_BYTES);
});
