import type { Page } from '@playwright/test';
import { expect as baseExpect } from './hydrated-test';
import { readFile } from 'node:fs/promises';
import {
  adminTest,
  homepage,
  mediaFiles,
  placeOrder,
  postContact,
  restoreHomepageMedia,
  setAsideHomepageMedia,
  signUpShopper,
  stockedVariants,
} from './admin-api';

// The admin's homepage content, orders and contact inbox, driven as a shop owner would.
// The admin's token is put into localStorage before any page script runs.
const test = adminTest;

// Each test is a whole journey on a shared machine: room for a slow server, never a sleep.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

// The demo seed fills the video banner, vertical video and Instagram slots; these tests need room.
let setAside: Awaited<ReturnType<typeof setAsideHomepageMedia>> = [];
test.beforeAll(async ({ playwright, adminToken }, workerInfo) => {
  const api = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
  setAside = await setAsideHomepageMedia(api, adminToken);
  await api.dispose();
});
test.afterAll(async ({ playwright, adminToken }, workerInfo) => {
  const api = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
  await restoreHomepageMedia(api, adminToken, setAside);
  await api.dispose();
});

test.beforeEach(async ({ context, adminToken }) => {
  await context.addInitScript((token) => window.localStorage.setItem('apparel-store.token', token), adminToken);
});

// The first toast with the text: an earlier one with the same words may still be on screen.
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();
const card = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

async function confirmDelete(page: Page) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
}

test('hero media: checks, video and image banners, limits, toggle, reorder, edit and delete', async ({ page, request }) => {
  const files = await mediaFiles();
  await page.goto('/admin/hero-images');
  await expect(page.getByRole('heading', { level: 1, name: 'Hero Images' })).toBeVisible();
  await expect(page.getByText('4 of 4 image banners · 0 of 1 video')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/admin/dashboard');

  // The form's own checks.
  await page.getByRole('button', { name: 'Add Hero Media' }).click();
  const picker = page.getByLabel('Image or video', { exact: true });
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Please select a media file')).toBeVisible();
  await picker.setInputFiles(files.text);
  await expect(page.getByText('Please select a valid image or video file')).toBeVisible();
  await picker.setInputFiles({ ...files.png, buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(page.getByText('File size should be less than 5MB')).toBeVisible();

  // A fifth image banner is refused before anything is uploaded.
  await picker.setInputFiles(files.png);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Maximum 4 image banners allowed')).toBeVisible();

  // The one video banner.
  await picker.setInputFiles(files.webm);
  await page.getByLabel('Alt text').fill('Monsoon film');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Hero media added successfully')).toBeVisible();
  await expect(page.getByRole('form')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Hero video' }).getByText('Monsoon film')).toBeVisible();
  expect((await homepage(request)).videoBanner?.videoUrl).toMatch(/^\/media\/hero_videos\//);

  // Toggle: the banner leaves the home page and comes back.
  const last = 'New arrivals at Rangmanch';
  await page.getByRole('switch', { name: `Active: ${last}` }).click();
  await expect(toast(page, 'Banner deactivated')).toBeVisible();
  await expect(page.getByRole('switch', { name: `Active: ${last}` })).toHaveAttribute('aria-checked', 'false');
  expect((await homepage(request)).imageBanners.map((b) => b.alt)).not.toContain(last);
  await page.getByRole('switch', { name: `Active: ${last}` }).click();
  await expect(toast(page, 'Banner activated')).toBeVisible();
  await expect(page.getByRole('switch', { name: `Active: ${last}` })).toHaveAttribute('aria-checked', 'true');

  // Reorder: the last image banner moves up one place, on the home page too.
  await page.getByRole('button', { name: `Move ${last} up` }).click();
  await expect(toast(page, 'Banner order updated')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Image banners' }).getByRole('listitem').nth(2)).toContainText(last);
  expect((await homepage(request)).imageBanners[2].alt).toBe(last);

  // Delete one image banner (Escape cancels first), then add a new one with a link, and edit it.
  await page.getByRole('button', { name: `Delete ${last}` }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await page.getByRole('button', { name: `Delete ${last}` }).click();
  await confirmDelete(page);
  await expect(toast(page, 'Hero media deleted successfully')).toBeVisible();
  await expect(card(page, last)).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Hero Media' }).click();
  await page.getByLabel('Image or video', { exact: true }).setInputFiles(files.png);
  await page.getByLabel('Alt text').fill('Diwali sale');
  await page.getByLabel('Link (optional)').fill('/products');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Hero media added successfully')).toBeVisible();
  await expect(card(page, 'Diwali sale')).toContainText('Links to /products');

  await page.getByRole('button', { name: 'Edit Diwali sale' }).click();
  await expect(page.getByLabel('Alt text')).toHaveValue('Diwali sale');
  await page.getByLabel('Alt text').fill('Diwali sale: 20% off');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Hero media updated successfully')).toBeVisible();
  expect((await homepage(request)).imageBanners.at(-1)).toMatchObject({ alt: 'Diwali sale: 20% off', link: '/products' });

  // The video goes; its card and the home page's video with it.
  await page.getByRole('button', { name: 'Delete Monsoon film' }).click();
  await confirmDelete(page);
  await expect(toast(page, 'Hero media deleted successfully')).toBeVisible();
  await expect(page.getByText('No hero video. Add one to play it above the banners.')).toBeVisible();
  expect((await homepage(request)).videoBanner).toBeNull();
});

test('vertical videos: checks, add with a poster, toggle, edit and delete', async ({ page, request }) => {
  const files = await mediaFiles();
  await page.goto('/admin/vertical-videos');
  await expect(page.getByRole('heading', { name: 'No vertical videos yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Video' }).first().click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Please select a video')).toBeVisible();
  await page.getByLabel('Video', { exact: true }).setInputFiles(files.png);
  await expect(page.getByText('Please select a valid video file')).toBeVisible();
  await page.getByLabel('Poster', { exact: true }).setInputFiles(files.mp4);
  await expect(page.getByText('Please select a valid image file for poster')).toBeVisible();

  await page.getByLabel('Video', { exact: true }).setInputFiles(files.mp4);
  await page.getByLabel('Poster', { exact: true }).setInputFiles(files.png);
  await page.getByLabel('Title (optional)').fill('  Festive twirl  ');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Video added successfully')).toBeVisible();
  await expect(card(page, 'Festive twirl')).toContainText('With poster');
  expect((await homepage(request)).videos).toEqual([
    expect.objectContaining({ title: 'Festive twirl', posterUrl: expect.stringMatching(/^\/media\/video_posters\//) }),
  ]);

  await page.getByRole('switch', { name: 'Active: Festive twirl' }).click();
  await expect(toast(page, 'Video deactivated')).toBeVisible();
  expect((await homepage(request)).videos).toEqual([]);
  await page.getByRole('switch', { name: 'Active: Festive twirl' }).click();
  await expect(toast(page, 'Video activated')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Festive twirl' }).click();
  await page.getByRole('button', { name: 'Remove poster' }).click();
  await page.getByLabel('Title (optional)').fill('Lehenga in motion');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Video updated successfully')).toBeVisible();
  await expect(card(page, 'Lehenga in motion')).toContainText('No poster');
  expect((await homepage(request)).videos).toEqual([expect.objectContaining({ title: 'Lehenga in motion', posterUrl: null })]);

  await page.getByRole('button', { name: 'Delete Lehenga in motion' }).click();
  await confirmDelete(page);
  await expect(toast(page, 'Video deleted successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No vertical videos yet' })).toBeVisible();
});

test('Instagram photos: checks, add, toggle, edit and delete', async ({ page, request }) => {
  const files = await mediaFiles();
  await page.goto('/admin/photo-snapshots');
  await page.getByRole('button', { name: 'Add Photo' }).first().click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Please select an image')).toBeVisible();
  await expect(page.getByText('Instagram Post URL is required')).toBeVisible();
  await page.getByLabel('Image', { exact: true }).setInputFiles(files.webm);
  await expect(page.getByText('Please select a valid image file')).toBeVisible();

  await page.getByLabel('Image', { exact: true }).setInputFiles(files.png);
  await page.getByLabel('Instagram Post URL').fill('https://www.instagram.com/p/rangmanch1/');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Photo added successfully')).toBeVisible();
  // The alt text defaults to 'Instagram Photo'.
  await expect(card(page, 'Instagram Photo')).toContainText('https://www.instagram.com/p/rangmanch1/');
  expect((await homepage(request)).instagramPhotos).toEqual([
    expect.objectContaining({ alt: 'Instagram Photo', postUrl: 'https://www.instagram.com/p/rangmanch1/' }),
  ]);

  await page.getByRole('switch', { name: 'Active: Instagram Photo' }).click();
  await expect(toast(page, 'Photo deactivated')).toBeVisible();
  expect((await homepage(request)).instagramPhotos).toEqual([]);
  await page.getByRole('switch', { name: 'Active: Instagram Photo' }).click();
  await expect(toast(page, 'Photo activated')).toBeVisible();

  await page.getByRole('button', { name: 'Edit Instagram Photo' }).click();
  await page.getByLabel('Alt text').fill('Mirror-work kurta on the ghats');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Photo updated successfully')).toBeVisible();
  expect((await homepage(request)).instagramPhotos[0].alt).toBe('Mirror-work kurta on the ghats');

  await page.getByRole('button', { name: 'Delete Mirror-work kurta on the ghats' }).click();
  await confirmDelete(page);
  await expect(toast(page, 'Photo deleted successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Instagram photos yet' })).toBeVisible();
});

test('testimonials: limit, checks, counter, stars, add, toggle, edit and delete, seen on the home page', async ({ page, request }) => {
  await page.goto('/admin/testimonials');
  await expect(page.getByText('10 of 10 testimonials')).toBeVisible();
  await page.getByRole('button', { name: 'Add Testimonial' }).click();
  await expect(toast(page, 'Maximum 10 testimonials allowed')).toBeVisible();

  await page.getByRole('button', { name: 'Delete testimonial by Vikram Iyer' }).click();
  await confirmDelete(page);
  await expect(toast(page, 'Testimonial deleted successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Add Testimonial' }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Author name is required')).toBeVisible();
  await expect(page.getByText('Testimonial content is required')).toBeVisible();
  await page.getByLabel('Author name').fill('K');
  await page.getByLabel('Testimonial', { exact: true }).fill('Too short');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Content must be at least 10 characters')).toBeVisible();

  // The counter turns yellow past 400 and red past 500.
  const content = page.getByLabel('Testimonial', { exact: true });
  await content.fill('a'.repeat(401));
  await expect(page.getByText('401/500')).toHaveClass(/text-yellow-600/);
  await content.fill('a'.repeat(501));
  await expect(page.getByText('501/500')).toHaveClass(/text-red-600/);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Content must be less than 500 characters')).toBeVisible();

  // Stars: 5 by default, chosen by keyboard.
  await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await page.getByRole('radio', { name: '5 stars' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();

  const quote = 'The Banarasi dupatta arrived in two days and the colours are even richer in person.';
  await page.getByLabel('Author name').fill('Lakshmi Rao');
  await content.fill(quote);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Testimonial added successfully')).toBeVisible();
  await expect(card(page, 'Lakshmi Rao').getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();

  await page.goto('/');
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'What Customers Say' }) });
  await expect(section.getByText(quote)).toBeAttached();

  await page.goto('/admin/testimonials');
  await page.getByRole('switch', { name: 'Active: testimonial by Lakshmi Rao' }).click();
  await expect(toast(page, 'Testimonial deactivated')).toBeVisible();
  expect((await homepage(request)).testimonials.map((t) => t.content)).not.toContain(quote);
  await page.getByRole('switch', { name: 'Active: testimonial by Lakshmi Rao' }).click();
  await expect(toast(page, 'Testimonial activated')).toBeVisible();
  await page.getByRole('button', { name: 'Edit testimonial by Lakshmi Rao' }).click();
  await page.getByLabel('Testimonial', { exact: true }).fill(`${quote} Will order again!`);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('form')).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit testimonial by Lakshmi Rao' }).click();
  await expect(page.getByLabel('Testimonial', { exact: true })).toHaveValue(quote);
  await page.getByLabel('Testimonial', { exact: true }).fill(`${quote} Will order again!`);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Testimonial updated successfully')).toBeVisible();
  expect((await homepage(request)).testimonials[0]).toMatchObject({
    authorName: 'Lakshmi Rao',
    content: `${quote} Will order again!`,
    rating: 4,
  });

  await page.getByRole('button', { name: 'Delete testimonial by Lakshmi Rao' }).click();
  await confirmDelete(page);
  await expect(toast(page, 'Testimonial deleted successfully')).toBeVisible();
  await expect(page.getByText('9 of 10 testimonials')).toBeVisible();
});

// The forms' Active box shows the item's state (ticked for a new item), and unticking it
// saves the item hidden from the home page. The seed fills all 10 testimonial slots: one is set
// aside through the API while the test runs.
test('homepage forms: a new item is Active, unticking Active and saving hides it', async ({ page, request, adminToken }) => {
  const api = '/api/admin/homepage/testimonials';
  const headers = { authorization: `Bearer ${adminToken}` };
  const items = (await (await request.get(api, { headers })).json()) as Array<Record<string, unknown>>;
  let setAside: Record<string, unknown> | undefined;
  if (items.length >= 10) {
    const { _id, createdAt: _createdAt, ...body } = items[items.length - 1];
    expect((await request.delete(`${api}/${String(_id)}`, { headers })).ok()).toBeTruthy();
    setAside = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null));
  }
  try {
    await page.goto('/admin/testimonials');
    await expect(page.getByText(/\d of 10 testimonials/)).toBeVisible();
    await page.getByRole('button', { name: 'Add Testimonial' }).click();
    const active = page.getByRole('checkbox', { name: 'Active (shown on the home page)' });
    await expect(active).toBeChecked();

    const quote = 'Ordered a cotton kurta for my father and it fits him perfectly, thank you.';
    await page.getByLabel('Author name').fill('Farhan Qureshi');
    await page.getByLabel('Testimonial', { exact: true }).fill(quote);
    await active.uncheck();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page, 'Testimonial added successfully')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Active: testimonial by Farhan Qureshi' })).not.toBeChecked();
    expect((await homepage(request)).testimonials.map((t) => t.content)).not.toContain(quote);

    // An active item opens with the box ticked.
    await page.getByRole('switch', { name: 'Active: testimonial by Farhan Qureshi' }).click();
    await expect(toast(page, 'Testimonial activated')).toBeVisible();
    await page.getByRole('button', { name: 'Edit testimonial by Farhan Qureshi' }).click();
    await expect(active).toBeChecked();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Delete testimonial by Farhan Qureshi' }).click();
    await confirmDelete(page);
    await expect(toast(page, 'Testimonial deleted successfully')).toBeVisible();
  } finally {
    if (setAside) expect((await request.post(api, { headers, data: setAside })).status()).toBe(201);
  }
});

test('orders: filter, page, change a status with a note (side-effect-free moves only), details, shopper view and CSV export', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const shopper = await signUpShopper(request, { name: 'Ira Chatterjee', phone: '9830012345' });
  const lines = await stockedVariants(request);
  // 21 paid orders: a second page at 20 per page. The first alone: checkouts opened at once before
  // it would all be priced with the first-order discount, which only one of them may keep.
  const first = await placeOrder(request, shopper, lines[0]);
  const orders = [
    first,
    ...(await Promise.all(Array.from({ length: 20 }, (_, i) => placeOrder(request, shopper, lines[(i + 1) % lines.length])))),
  ];
  const order = orders[0];
  const ref = order._id.slice(-8).toUpperCase();

  await page.goto(`/admin/orders?search=${encodeURIComponent(shopper.email)}`);
  await expect(page.getByLabel('Search')).toHaveValue(shopper.email);
  await expect(page.getByText('Showing page 1 of 2 (21 total orders)')).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(21); // header + 20
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing page 2 of 2 (21 total orders)')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Showing page 1 of 2 (21 total orders)')).toBeVisible();

  // The search by order reference finds one order.
  await page.getByLabel('Search').fill(ref);
  await expect(page.getByText('Showing page 1 of 1 (1 total orders)')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`search=${ref}`));

  // The dropdown offers only the moves without side effects: no Cancelled (Cancel and refund
  // refunds, restocks and gives the coupon back), no Shipped or Delivered (the Shipping actions mail
  // the shopper), no Refunded.
  const status = page.getByRole('combobox', { name: `Status of order #${ref}` });
  await expect(status.locator('option')).toHaveText(['Placed', 'Confirmed', 'Processing', 'Packed']);
  await expect(status.locator('option', { hasText: 'Cancelled' })).toHaveCount(0);
  // Change its status with a note.
  await status.selectOption('confirmed');
  await page.getByLabel('Note (optional)').fill('Confirmed on the phone with Ira');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Order status updated to confirmed')).toBeVisible();
  await expect(status).toHaveValue('confirmed');

  // The status filter lives in the URL and survives a reload.
  // (Within this shopper's orders: the demo seed has delivered orders of its own.)
  await page.getByLabel('Search').fill(shopper.email);
  await expect(page).toHaveURL(/search=/);
  await page.getByLabel('Status', { exact: true }).selectOption('confirmed');
  await expect(page).toHaveURL(/status=confirmed/);
  await page.reload();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('confirmed');
  await expect(page.getByText('Showing page 1 of 1 (1 total orders)')).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('delivered');
  await expect(page.getByRole('heading', { name: 'No orders found' })).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('confirmed');

  // The details modal shows the customer, the items and the timeline with the note.
  await page.getByRole('button', { name: `View Details of order #${ref}` }).click();
  const dialog = page.getByRole('dialog', { name: `Order #${ref}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(shopper.email).first()).toBeVisible();
  await expect(dialog.getByText('14 Park Street')).toBeVisible();
  await expect(dialog.getByText('Confirmed on the phone with Ira')).toBeVisible();
  await expect(dialog.getByText('Grand total')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // CSV export of the current filters.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain(ref);
  expect(csv.trim().split('\n')).toHaveLength(2);

  // The shopper sees the new status on their order page.
  const shopperContext = await browser.newContext({ baseURL });
  await shopperContext.addInitScript((token) => window.localStorage.setItem('apparel-store.token', token), shopper.token);
  const shopperPage = await shopperContext.newPage();
  await shopperPage.goto(`/orders/${order._id}`);
  await expect(shopperPage.getByRole('heading', { name: `Order #${ref}` })).toBeVisible();
  await expect(shopperPage.getByText('Confirmed', { exact: true }).first()).toBeVisible();
  await shopperContext.close();

  // Small screens get cards instead of the table.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('table')).toBeHidden();
  await expect(page.getByRole('list', { name: 'Orders' }).getByRole('listitem')).toHaveCount(1);
});

test('contact inbox: counts, Guest and Registered badges, Show More / Show Less, reply and call links, search', async ({
  page,
  request,
  adminToken,
}) => {
  // Other specs may have sent messages already: the counts are checked against what was there.
  const earlier = (await (await request.get('/api/contacts', { headers: { authorization: `Bearer ${adminToken}` } })).json()) as {
    registeredUser: unknown;
  }[];
  const registeredBefore = earlier.filter((m) => m.registeredUser).length;
  const shopper = await signUpShopper(request, { name: 'Devika Menon', phone: '9447012345' });
  const long =
    'Namaste! I ordered the Kanjeevaram saree for my sister’s wedding and wanted to ask whether you could gift-wrap it and add a handwritten note. ' +
    'Also, is the blouse piece included, and can it be stitched to measure before shipping to Kochi?';
  await postContact(request, { name: 'Guest Asker', email: 'guest.asker@example.in', phone: '9000012345', comment: long });
  await postContact(
    request,
    { name: shopper.name, email: shopper.email, phone: shopper.phone, comment: 'Do you have the linen shirt in XXL?' },
    shopper.token,
  );

  await page.goto('/admin/contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Messages' })).toBeVisible();
  const counts = page.getByRole('definition');
  await expect(counts.nth(0)).toHaveText(String(earlier.length + 2));
  await expect(counts.nth(1)).toHaveText(String(registeredBefore + 1)); // Registered
  await expect(counts.nth(2)).toHaveText(String(earlier.length - registeredBefore + 1)); // Guest

  // Newest first: the registered shopper's message, then the guest's.
  const messages = page.getByRole('list', { name: 'Contact messages' }).getByRole('listitem');
  await expect(messages.nth(0)).toContainText('Devika Menon');
  await expect(messages.nth(0).getByText('Registered')).toBeVisible();
  const guest = messages.nth(1);
  await expect(guest.getByText('Guest', { exact: true })).toBeVisible();
  await expect(guest.getByText(long)).toHaveCount(0);
  await expect(guest).toContainText(`${long.slice(0, 150).trimEnd()}…`);
  await guest.getByRole('button', { name: 'Show More' }).click();
  await expect(guest.getByText(long)).toBeVisible();
  await guest.getByRole('button', { name: 'Show Less' }).click();
  await expect(guest.getByText(long)).toHaveCount(0);
  await expect(guest.getByRole('link', { name: 'Reply to Guest Asker by e-mail' })).toHaveAttribute(
    'href',
    `mailto:guest.asker@example.in?subject=${encodeURIComponent('Re: your message to Rangmanch')}`,
  );
  await expect(guest.getByRole('link', { name: 'Call Guest Asker' })).toHaveAttribute('href', 'tel:+919000012345');

  // The server searches; the counts follow.
  await page.getByLabel('Search messages').fill('gift-wrap');
  await expect(messages).toHaveCount(1);
  await expect(messages.first()).toContainText('Guest Asker');
  await expect(counts.nth(0)).toHaveText('1');
  await page.getByLabel('Search messages').fill('no such words anywhere');
  await expect(page.getByRole('heading', { name: 'No messages found' })).toBeVisible();
});
