import { defineConfig, devices } from '@playwright/test';
import { CHROME_ARGS, findChrome } from './scripts/lib/find-chrome.mjs';

// Browser tests drive a Chromium from the npm registry or Debian (scripts/lib/find-chrome.mjs; never
// one downloaded by Playwright) against the production server build, on a fresh data folder with the
// demo catalogue and the Razorpay sandbox.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const executablePath = await findChrome();

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: CHROME_ARGS,
    },
  },
  projects: [
    // Tests tagged @phone-only or @desktop-only run in that project alone.
    { name: 'desktop', grepInvert: /@phone-only/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    // A phone (390x844, touch): the specs whose layout differs on small screens run here too.
    {
      name: 'phone',
      testMatch: [
        'storefront.spec.ts',
        'listing.spec.ts',
        'contact.spec.ts',
        'a11y.spec.ts',
        'pincodes.spec.ts',
        'cash-on-delivery.spec.ts',
        'part-paid-cod.spec.ts',
        'admin-stock.spec.ts',
        'admin-nav.spec.ts',
        'invoices.spec.ts',
        'shipping.spec.ts',
        'wishlist.spec.ts',
        'size-chart.spec.ts',
        'search.spec.ts',
        'returns.spec.ts',
        'refunds.spec.ts',
        'reviews.spec.ts',
        'phone-checkout.spec.ts',
        'phone-accounts.spec.ts',
        'phone-banners.spec.ts',
        'size-required.spec.ts',
        'colours.spec.ts',
        'listing-colours.spec.ts',
        'order-confirmed.spec.ts',
        'order-pages.spec.ts',
        'cart-reminder.spec.ts',
        'prepaid-discount.spec.ts',
      ],
      grepInvert: /@desktop-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    command: 'rm -rf .e2e-data && node build/node/main.js',
    url: `http://localhost:${PORT}/api/categories`,
    timeout: 120_000,
    reuseExistingServer: false,
    // TRUST_PROXY: the page-cache tests send X-Forwarded-Host as a load balancer on this machine would.
    env: {
      PORT: String(PORT),
      DATA_DIR: '.e2e-data',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback',
      IMPORT_PRIVATE_HOSTS: '127.0.0.1',
      // Cart reminders count carts as untouched 30 minutes sooner and run every 5 s (test-only, cart-reminder.spec.ts).
      CART_REMINDER_LOOK_AHEAD_MINUTES: '30',
    },
  },
});
