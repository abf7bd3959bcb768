/**
 * Server-rendered storefront pages through the real app (Vite's dev rendering, as `npm run dev`):
 * what every page says about the shop follows its configuration and settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { demoShopSettings } from '../../db/seed/demo-catalog';

/** The demo: no Razorpay keys, so the built-in sandbox marks any checkout paid. */
let demo: TestApp;
/** A shop with Razorpay keys (the test app's default). */
let shop: TestApp;
beforeAll(async () => {
  // One after the other: each Vite dev server writes React Router's route types when it starts.
  demo = await createTestApp({ webDev: true }, { RAZORPAY_KEY_ID: '', RAZORPAY_KEY_SECRET: '', RAZORPAY_WEBHOOK_SECRET: '' });
  shop = await createTestApp({ webDev: true });
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

/** The visible words of a page's <main>: tags and React's text separators dropped, spaces collapsed. */
function mainText(html: string): string {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return main
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:])/g, '$1');
}

describe('the terms follow the shop settings', () => {
  let admin: Record<string, string>;
  beforeAll(async () => {
    admin = (await createUser(demo.app, demo.db, { role: 'admin' })).headers;
  });

  /** Saves the demo shop's settings with these returns and Cash on Delivery rules. */
  async function saveSettings(
    returns: { windowDays: number; sizeExchanges: boolean },
    cod: { enabled: boolean; maxOrderTotal: number; fee: number },
  ) {
    const res = await demo.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin,
      payload: { ...demoShopSettings, cod: { ...demoShopSettings.cod, ...cod }, returns },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('states the return window, exchanges and Cash on Delivery fee and limit the settings hold', async () => {
    await saveSettings({ windowDays: 7, sizeExchanges: true }, { enabled: true, maxOrderTotal: 5000, fee: 49 });
    let terms = mainText(await page(demo, '/terms'));
    expect(terms).toContain('Returns and size exchanges within 7 days of delivery.');
    expect(terms).toContain('You can return an item within 7 days of delivery for a refund, or exchange it for another size');
    expect(terms).toContain('Cash on Delivery at checkout and pay in cash or by UPI when your parcel arrives: for orders up to ₹5,000');
    expect(terms).toContain('Cash on Delivery fee of ₹49');
    expect(terms).toContain('You can cancel an order until it ships');
    for (const wrong of ['All sales are final', 'no refunds', 'payment is online,', '24 hours']) expect(terms).not.toContain(wrong);

    // A changed window, no exchanges and no Cash on Delivery: the page says so at once.
    await saveSettings({ windowDays: 10, sizeExchanges: false }, { enabled: false, maxOrderTotal: 5000, fee: 0 });
    terms = mainText(await page(demo, '/terms'));
    expect(terms).toContain('Returns within 10 days of delivery.');
    expect(terms).toContain('You can return an item within 10 days of delivery for a refund, from the order');
    expect(terms).not.toContain('another size');
    expect(terms).toContain('Payment is online only: we do not offer Cash on Delivery at present.');
    expect(terms).not.toContain('7 days');

    // A 0-day window is the spec's policy: final sale, damaged or wrong items within 24 hours.
    await saveSettings({ windowDays: 0, sizeExchanges: false }, { enabled: true, maxOrderTotal: 3000, fee: 0 });
    terms = mainText(await page(demo, '/terms'));
    expect(terms).toContain('All sales are final, except damaged or wrong items reported within 24 hours of delivery.');
    expect(terms).toContain('no refunds, exchanges or credit');
    expect(terms).toContain('for orders up to ₹3,000, at no extra fee');
  }, 120_000);

  it('puts the title before "On this page" (a phone shows them in this order)', async () => {
    const html = await page(demo, '/terms');
    const title = html.indexOf('<h1');
    expect(title).toBeGreaterThan(-1);
    expect(title).toBeLessThan(html.indexOf('aria-label="On this page"'));
  }, 120_000);
});

describe('the shipping policy follows the delivery settings', () => {
  it('states the dispatch and transit days the settings hold, and the spread the delivery check adds', async () => {
    const admin = (await createUser(demo.app, demo.db, { role: 'admin' })).headers;
    const delivery = { dispatchDays: 2, transitDaysWithinState: 1, transitDaysMetros: 4, transitDaysRest: 6, nonServiceablePincodes: [] };
    const res = await demo.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin,
      payload: { ...demoShopSettings, delivery },
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = mainText(await page(demo, '/shipping-policy'));
    expect(text).toContain('We pack and hand your order to our courier within 2 business days');
    expect(text).toContain('1-3 days within our state');
    expect(text).toContain('4-6 days to metro cities');
    expect(text).toContain('6-8 days to the rest of India');
    for (const fixed of ['1-2 business days', '3-14 business days', '3-7 days']) expect(text).not.toContain(fixed);

    // The product page's promise list says the same dispatch time.
    const { product } = await createProduct(demo.db, { title: 'Chanderi Kurta' });
    const productText = mainText(await page(demo, `/products/${product.handle}`));
    expect(productText).toContain('Dispatched in 2 business days');
    expect(productText).not.toContain('1–2 business days');
  }, 120_000);
});
