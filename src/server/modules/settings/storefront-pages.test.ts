/**
 * Server-rendered storefront pages through the real app (Vite's dev rendering, as `npm run dev`):
 * what every page says about the shop follows its configuration and settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

/** The demo: no Razorpay keys, so the built-in sandbox marks any checkout paid. */
let demo: TestApp;
/** A shop with Razorpay keys (the test app's default). */
let shop: TestApp;
beforeAll(async () => {
  [demo, shop] = await Promise.all([
    createTestApp({ webDev: true }, { RAZORPAY_KEY_ID: '', RAZORPAY_KEY_SECRET: '', RAZORPAY_WEBHOOK_SECRET: '' }),
    createTestApp({ webDev: true }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([demo?.close(), shop?.close()]);
});

/** A page's server-rendered HTML (200). */
async function page(t: TestApp, url: string): Promise<string> {
  const res = await t.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return res.body;
}

const STRIP = /<p role="note"[^>]*>Demo shop: payments are simulated<\/p>/;

describe('the demo strip', () => {
  it('is on every storefront page while the Razorpay sandbox is on, and on none with keys set', async () => {
    expect(demo.config.razorpay.sandbox).toBe(true);
    expect(shop.config.razorpay.sandbox).toBe(false);
    for (const url of ['/terms', '/cart']) {
      expect(await page(demo, url), url).toMatch(STRIP);
      expect(await page(shop, url), url).not.toContain('payments are simulated');
    }
  }, 120_000);
});
