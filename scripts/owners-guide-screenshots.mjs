// Screenshots of the admin screens docs/owners-guide.md walks through, for the guide.
//
//   npm run docs:screenshots -- [shop URL] [folder]
//   node scripts/owners-guide-screenshots.mjs http://127.0.0.1:3000 docs/owners-guide-screenshots
//
// In: a running shop (the first argument, else SHOP_URL, else http://127.0.0.1:3000) with the demo
// admin (README: admin@rangmanch.in / Admin@12345; OWNER_EMAIL and OWNER_PASSWORD override it) and a
// folder (the second argument, else docs/owners-guide-screenshots/, which git ignores).
// Out: one full-page PNG per admin screen, 1280 px wide, named after the screen (01-dashboard.png, …).
// It signs in through the login page as the owner would, then opens each screen. The browser is the
// Chromium the browser tests drive (scripts/lib/find-chrome.mjs); nothing is downloaded.
// Exits 1 with a one-line message when the shop cannot be reached or the sign-in fails.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROME_ARGS, findChrome } from './lib/find-chrome.mjs';

const shopUrl = (process.argv[2] ?? process.env.SHOP_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const folder = path.resolve(process.argv[3] ?? 'docs/owners-guide-screenshots');
const owner = { email: process.env.OWNER_EMAIL ?? 'admin@rangmanch.in', password: process.env.OWNER_PASSWORD ?? 'Admin@12345' };

/** The admin screens, in the guide's order (src/web/routes.ts). */
const SCREENS = [
  ['dashboard', '/admin/dashboard'],
  ['orders', '/admin/orders'],
  ['returns', '/admin/returns'],
  ['products', '/admin/products'],
  ['categories', '/admin/categories'],
  ['hero-images', '/admin/hero-images'],
  ['vertical-videos', '/admin/vertical-videos'],
  ['photo-snapshots', '/admin/photo-snapshots'],
  ['testimonials', '/admin/testimonials'],
  ['coupons', '/admin/coupons'],
  ['reviews', '/admin/reviews'],
  ['search-synonyms', '/admin/search-synonyms'],
  ['contacts', '/admin/contacts'],
  ['settings', '/admin/settings'],
];

/** Fails with one line when the shop does not answer. */
async function checkShop() {
  try {
    const res = await fetch(`${shopUrl}/api/categories`);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
  } catch (err) {
    throw new Error(
      `No shop at ${shopUrl} (${err instanceof Error ? err.message : String(err)}): start it with npm start, or pass its URL.`,
      { cause: err },
    );
  }
}

/** Waits for a screen's data: the network quiet, then no loading indicator left (best effort). */
async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page
    .locator('[aria-busy="true"], .animate-spin, .animate-pulse')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {});
  await page.waitForTimeout(300);
}

async function main() {
  await checkShop();
  await mkdir(folder, { recursive: true });
  const browser = await chromium.launch({ executablePath: await findChrome(), args: CHROME_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: shopUrl });
    const page = await context.newPage();
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page
      .waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 })
      .catch(async () => {
        const alert =
          (await page
            .getByRole('alert')
            .first()
            .textContent({ timeout: 1_000 })
            .catch(() => null)) ?? 'no answer';
        throw new Error(`Sign-in as ${owner.email} failed: ${alert.trim()}`);
      });
    for (const [index, [name, url]] of SCREENS.entries()) {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await settle(page);
      if (new URL(page.url()).pathname.startsWith('/login')) throw new Error(`${url} sent the signed-in owner to the login page`);
      const file = path.join(folder, `${String(index + 1).padStart(2, '0')}-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(path.relative(process.cwd(), file));
    }
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
