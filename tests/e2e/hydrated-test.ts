/**
 * The `test` every browser spec builds on:
 * - its `page` waits, after each `goto` or `reload` that answers an HTML page, until React has
 *   hydrated the document (`<html data-hydrated>`, set by src/web/root.tsx). Clicking a
 *   server-rendered button before hydration does nothing, which made tests flaky on a loaded machine.
 *   Sections in Suspense boundaries hydrate right after; a click in one before that makes React
 *   hydrate it at once and replay the click.
 * - a console error or warning, or an uncaught exception, on any of the test's pages fails the test
 *   (a hydration mismatch, a missing key or a bad ref shows up there first). Chromium's
 *   own "Failed to load resource" lines (an HTTP status a test asked for, such as a 404 page) are
 *   network reports, not the page's code, and are not counted; nor is its warning that a preloaded
 *   picture was not drawn within a few seconds (a timing report a loaded machine triggers).
 */
import { test as base, type ConsoleMessage, type Page, type Response } from '@playwright/test';

async function afterLoad(page: Page, response: Response | null): Promise<Response | null> {
  const type = response?.headers()['content-type'] ?? '';
  if (type.includes('text/html')) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return response;
}

/** A console message that fails the test, or null. */
export function consoleProblem(message: ConsoleMessage): string | null {
  if (message.type() !== 'error' && message.type() !== 'warning') return null;
  if (message.text().startsWith('Failed to load resource:')) return null;
  // Chromium's timing report for a preloaded picture the page had not drawn within a few seconds
  // of its load event: on a loaded test machine hydration alone can take that long (it failed a
  // phone test once in a full run). A timing report, not an error of the page's code.
  if (/was preloaded using link preload but not used within a few seconds/.test(message.text())) return null;
  const { url, lineNumber } = message.location();
  return `console.${message.type()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`;
}

/** What the console rule saw in a test, and the lines the test said to expect. */
interface ConsoleWatch {
  problems: string[];
  allowed: RegExp[];
}

export const test = base.extend<{ allowConsole: (pattern: RegExp) => void; consoleWatch: ConsoleWatch }>({
  // For a test that causes a failure on purpose: console lines matching `pattern` are expected.
  allowConsole: async ({ consoleWatch }, use) => {
    await use((pattern) => void consoleWatch.allowed.push(pattern));
  },
  // Every page of the test's browser context is watched, popups and second tabs included.
  consoleWatch: [
    async ({ context }, use) => {
      const watch: ConsoleWatch = { problems: [], allowed: [] };
      const listen = (page: Page) => {
        page.on('console', (message) => {
          const problem = consoleProblem(message);
          if (problem) watch.problems.push(`${page.url()}: ${problem}`);
        });
        page.on('pageerror', (error) => {
          // A test's init script (addInitScript) also runs in the blank page a tab opens with, where
          // localStorage is off limits: that is the test's own script, not the shop's.
          if (page.url() !== 'about:blank') watch.problems.push(`${page.url()}: uncaught ${error.stack ?? error.message}`);
        });
      };
      context.pages().forEach(listen);
      context.on('page', listen);
      await use(watch);
      const unexpected = watch.problems.filter((problem) => !watch.allowed.some((pattern) => pattern.test(problem)));
      if (unexpected.length) throw new Error(`The browser console reported:\n${unexpected.join('\n')}`);
    },
    { auto: true },
  ],
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => afterLoad(page, await goto(url, options));
    page.reload = async (options) => afterLoad(page, await reload(options));
    await use(page);
  },
});

export { expect } from '@playwright/test';
