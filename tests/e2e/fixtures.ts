/**
 * Reusable Playwright fixtures: `shopper`, a verified account signed up once per worker through the
 * API (register-start, the e-mailed code from the outbox, verify-otp, login), and `signIn(page)`,
 * which puts that shopper's token in the browser's storage before the page loads.
 */
import type { Page } from '@playwright/test';
import { test as base, expect } from './hydrated-test';
import { signUpShopper, type Shopper } from './shoppers';

export { signUpShopper, type Shopper };

/** The browser's token key (src/core/constants.ts TOKEN_STORAGE_KEY). */
export const TOKEN_KEY = 'apparel-store.token';
/** The login gate's session key (src/core/constants.ts POST_LOGIN_ACTION_KEY). */
export const POST_LOGIN_KEY = 'apparel-store.post-login-action';

/** Stores the token before any page script runs, so the page starts signed in. */
export async function signIn(page: Page, shopper: Shopper): Promise<void> {
  await page.addInitScript(
    ([key, token]) => {
      window.localStorage.setItem(key, token);
    },
    [TOKEN_KEY, shopper.token] as const,
  );
}

/** `test` with a worker-wide `shopper` (signed up on first use) and `signIn(page)`. */
export const test = base.extend<{ signIn: () => Promise<Shopper> }, { shopper: Shopper }>({
  shopper: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      const request = await playwright.request.newContext({ baseURL });
      const shopper = await signUpShopper(request);
      await request.dispose();
      await use(shopper);
    },
    { scope: 'worker' },
  ],
  signIn: async ({ page, shopper }, use) => {
    await use(async () => {
      await signIn(page, shopper);
      return shopper;
    });
  },
});

export { expect };
