/**
 * The `test` every browser spec builds on: its `page` waits, after each `goto` or `reload` that
 * answers an HTML page, until React has hydrated the document (`<html data-hydrated>`, set by
 * src/web/root.tsx). Clicking a server-rendered button before hydration does nothing, which made
 * tests flaky on a loaded machine.
 */
import { test as base, type Page, type Response } from '@playwright/test';

async function afterLoad(page: Page, response: Response | null): Promise<Response | null> {
  const type = response?.headers()['content-type'] ?? '';
  if (type.includes('text/html')) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return response;
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => afterLoad(page, await goto(url, options));
    page.reload = async (options) => afterLoad(page, await reload(options));
    await use(page);
  },
});

export { expect } from '@playwright/test';
