import { expect, test } from './hydrated-test';
import { bearer, DEMO_ADMIN as ADMIN, logIn } from './shoppers';

// The owner reads the activity log: a change made in the admin is listed with who, what and its
// changed fields, filters narrow it, and the CSV downloads. Desktop table and phone cards.

const TOKEN_KEY = 'apparel-store.token';

type Args = Parameters<Parameters<typeof test>[2]>[0];

/** The story on the current screen size; `name` tells the screenshots apart. */
async function story({ page, request }: Pick<Args, 'page' | 'request'>, name: string) {
  const token = await logIn(request, ADMIN.email, ADMIN.password);
  const words = [`audit${Date.now().toString(36)}`, `audit${name}x`];
  const added = await request.post('/api/admin/search-synonyms', { headers: bearer(token), data: { terms: words } });
  expect(added.status()).toBe(201);
  const id = ((await added.json()) as { _id: string })._id;
  await request.put(`/api/admin/search-synonyms/${id}`, { headers: bearer(token), data: { terms: [...words, `${words[0]}y`] } });
  await request.delete(`/api/admin/search-synonyms/${id}`, { headers: bearer(token) });

  await page.context().addInitScript(([key, value]) => window.localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
  await page.goto('/admin/activity?entity=synonym', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  const summary = page
    .getByText(`Changed the search synonyms ${words.join(', ')} to`)
    .filter({ visible: true })
    .first();
  await expect(summary).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Changes (1)' }).filter({ visible: true }).nth(1);
  await toggle.click();
  await expect(
    page
      .getByText(`${words.join(', ')}, ${words[0]}y`)
      .filter({ visible: true })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: `/tmp/activity-${name}.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);

  // The action filter narrows to deletions' prefix kin: only synonym rows remain with entity=synonym.
  await page.getByLabel('Action').selectOption('synonym.');
  await expect(page).toHaveURL(/action=synonym\./);
  await expect(summary).toBeVisible();
}

test('the owner sees a change in the activity log, opens its changed fields and downloads the CSV', async ({ page, request }) => {
  await story({ page, request }, 'wide');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('the log is cards, its changes open, and nothing scrolls sideways', async ({ page, request }) => {
    await story({ page, request }, 'phone');
  });
});
