/**
 * Reviews and ratings, on a desktop and a phone: a shopper whose order an admin marked
 * delivered writes a review (stars, title, text, size, fit, a photo); it waits in /admin/reviews
 * until the admin approves it; then the product page shows it with the average (and JSON-LD
 * AggregateRating), and the product's card in the listing shows the average and count. The
 * product page's reviews and /admin/reviews are axe-clean.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Product } from '../../src/core/api-types';
import { realImage } from '../../src/server/modules/media/test-fixtures';
import { placeOrder } from './admin-api';
import {
  bearer,
  DEMO_ADMIN,
  expect,
  listProducts,
  logIn,
  logInThroughForm,
  signInPage,
  signUpShopper,
  test,
  waitForHydration,
} from './accounts-fixtures';

async function expectAxeClean(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).include(selector).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
}

/** A listed product nobody has reviewed yet, with a size in stock. */
async function unreviewedProduct(request: APIRequestContext): Promise<{ product: Product; variantId: string; size: string }> {
  const products = await listProducts(request);
  for (const product of products) {
    const variant = product.variants.find((v) => v.isActive && v.stockQty >= 3);
    if (!product.rating && variant) return { product, variantId: variant._id, size: variant.size };
  }
  throw new Error('no unreviewed product with stock');
}

test('a shopper reviews a delivered order, the admin approves it, and the page and card show the rating', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { product, variantId, size } = await unreviewedProduct(request);
  const shopper = await signUpShopper(request, { name: 'Meera Nair' });
  const order = await placeOrder(request, shopper, { productId: product._id, variantId });
  const adminToken = await logIn(request, DEMO_ADMIN.email, DEMO_ADMIN.password);

  // Before delivery the shopper may not review it.
  await signInPage(page, shopper.token);
  await page.goto(`/product/${product._id}`);
  await waitForHydration(page);
  const section = page.getByRole('region', { name: 'Ratings & Reviews' });
  await expect(section.getByText('No reviews yet.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Write a review' })).toHaveCount(0);

  // Shipped and delivered through the Shipping actions (the status dropdown does not deliver).
  const shipped = await request.post(`/api/orders/admin/${order._id}/shipments`, {
    headers: bearer(adminToken),
    data: { courier: 'dtdc', awb: `RV${Date.now()}` },
  });
  expect(shipped.ok(), await shipped.text()).toBeTruthy();
  const delivered = await request.post(`/api/orders/admin/${order._id}/delivered`, {
    headers: bearer(adminToken),
    data: {},
  });
  expect(delivered.ok(), await delivered.text()).toBeTruthy();

  await page.reload();
  await waitForHydration(page);
  await section.getByRole('button', { name: 'Write a review' }).click();
  const form = section.locator('form');
  await expect(form.getByRole('heading', { name: 'Write a review' })).toBeVisible();
  // Checked against the shared rules before anything is sent.
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form.getByText('Please choose a rating from 1 to 5 stars')).toBeVisible();
  await form.getByText('5 ★').click();
  const title = `Gorgeous colour ${Date.now()}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Your review').fill('<b>Soft</b> fabric and the colour is exactly as shown. Fits well.');
  await expect(form.getByLabel('Size bought')).toHaveValue(size);
  await form.getByLabel('Fit').selectOption('true');
  await form.locator('input[type=file]').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await realImage('jpeg') });
  await expect(form.getByRole('img', { name: 'Your photo 1' })).toBeVisible();
  await expectAxeClean(page, '#reviews');
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(section.getByText('Thanks! Your review is waiting for approval.')).toBeVisible();
  // Not public until approved.
  await expect(section.getByText(title)).toHaveCount(0);

  // The admin approves it in /admin/reviews (pending first).
  const adminContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const adminPage = await adminContext.newPage();
  await signInPage(adminPage, adminToken);
  await adminPage.goto('/admin/dashboard');
  await expect(adminPage.getByRole('link', { name: /Reviews.*pending/ })).toBeVisible();
  await adminPage.getByRole('link', { name: /Reviews.*pending/ }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const card = adminPage.getByRole('article', { name: title });
  await expect(card).toContainText('Meera Nair');
  await expect(card).toContainText('Pending');
  await expectAxeClean(adminPage, 'main');
  await card.getByLabel('Reply (shown under the review)').fill('Thank you, Meera!');
  await card.getByRole('button', { name: 'Save reply' }).click();
  await expect(adminPage.getByText('Reply saved')).toBeVisible();
  await adminPage.getByRole('article', { name: title }).getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByText('Review approved')).toBeVisible();
  await adminPage.getByRole('button', { name: /^Approved/ }).click();
  await expect(adminPage.getByRole('article', { name: title })).toContainText('Approved');
  await adminContext.close();

  // A guest sees it on the product page, text as text, with the average and the reply.
  const guestContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const guest = await guestContext.newPage();
  await guest.goto(`/product/${product._id}`);
  const reviews = guest.getByRole('region', { name: 'Ratings & Reviews' });
  await expect(reviews.getByRole('heading', { name: title })).toBeVisible();
  await expect(reviews.getByText('<b>Soft</b> fabric', { exact: false })).toBeVisible();
  await expect(reviews.getByText('Based on 1 review')).toBeVisible();
  await expect(reviews.getByText('5 stars: 1 review (100%)')).toBeAttached();
  await expect(reviews.getByText('Most say:')).toContainText('true to size');
  await expect(reviews.getByText('Thank you, Meera!')).toBeVisible();
  await expect(reviews.getByRole('img', { name: 'Photo 1 from Meera N.' })).toBeVisible();
  const jsonLd = await guest.locator('script[type="application/ld+json"]').allTextContents();
  const productLd = jsonLd.map((t) => JSON.parse(t) as Record<string, unknown>).find((d) => d['@type'] === 'Product');
  expect(productLd?.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 5, reviewCount: 1 });
  expect(productLd?.review).toEqual([expect.objectContaining({ '@type': 'Review', name: title })]);
  await waitForHydration(guest);
  await expectAxeClean(guest, '#reviews');

  // The card in the listing shows the average and the count.
  await guest.goto(`/products?q=${encodeURIComponent(product.title)}`);
  const listed = guest.getByRole('listitem').filter({ has: guest.getByRole('heading', { name: product.title, exact: true }) });
  await expect(listed).toContainText('5.0');
  await expect(listed).toContainText('out of 5, 1 review');
  await guestContext.close();
});

test('a guest is told to log in to review, and the demo products show their ratings', async ({ page, request }) => {
  const reviewed = (await listProducts(request)).find((p) => p.rating && p.rating.count >= 2);
  expect(reviewed).toBeTruthy();
  await page.goto(`/product/${reviewed!._id}`);
  await waitForHydration(page);
  const section = page.getByRole('region', { name: 'Ratings & Reviews' });
  await expect(section.getByRole('link', { name: 'Log in to write a review' })).toBeVisible();
  await expect(
    page.getByRole('link', { name: new RegExp(`${reviewed!.rating!.average.toFixed(1)}.*${reviewed!.rating!.count} reviews`) }),
  ).toBeVisible();
  await section.getByLabel('Sort by').selectOption('helpful');
  await expect(section.getByText('Showing page 1 of 1')).toBeVisible();
  await expect(section.getByRole('button', { name: /^Helpful/ }).first()).toBeVisible();
  // Every review is a buyer's (only a delivered order lets a shopper write one), and says so.
  const helpful = section.getByRole('button', { name: /^Helpful/ });
  await expect(section.getByText('Verified buyer')).toHaveCount(await helpful.count());
  // A guest's Helpful asks them to log in, kindly, with a way back to this product's reviews.
  await helpful.first().click();
  const prompt = section.getByRole('status').filter({ hasText: 'Log in to mark reviews as helpful.' });
  await expect(prompt).toBeVisible();
  const shopper = await signUpShopper(request);
  await prompt.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logInThroughForm(page, shopper.email, shopper.password);
  await expect(page).toHaveURL(new RegExp(`/products/${reviewed!.handle}#reviews$`));
  await expect(section.getByRole('button', { name: /^Helpful/ }).first()).toBeVisible();
});

test('@phone-only the bottom buy bar steps aside while the shopper types a review', async ({ page, request }) => {
  const { product, variantId } = await unreviewedProduct(request);
  const shopper = await signUpShopper(request, { name: 'Kavya Rao' });
  const order = await placeOrder(request, shopper, { productId: product._id, variantId });
  const adminToken = await logIn(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const shipped = await request.post(`/api/orders/admin/${order._id}/shipments`, {
    headers: bearer(adminToken),
    data: { courier: 'dtdc', awb: `RB${Date.now()}` },
  });
  expect(shipped.ok(), await shipped.text()).toBeTruthy();
  const delivered = await request.post(`/api/orders/admin/${order._id}/delivered`, { headers: bearer(adminToken), data: {} });
  expect(delivered.ok(), await delivered.text()).toBeTruthy();

  await signInPage(page, shopper.token);
  await page.goto(`/product/${product._id}`);
  await waitForHydration(page);
  const section = page.getByRole('region', { name: 'Ratings & Reviews' });
  await section.getByRole('button', { name: 'Write a review' }).click();
  const form = section.locator('form');
  const title = form.getByLabel('Title');
  await title.scrollIntoViewIfNeeded();
  // The page's own buttons are far above: the bar is up.
  const bar = page.getByTestId('sticky-buy-bar');
  await expect(bar).toBeVisible();

  // Typing in the form: the bar steps aside, from one field to the next.
  await title.focus();
  await expect(bar).toBeHidden();
  await page.keyboard.type('Lovely colour');
  await form.getByLabel('Your review').focus();
  await expect(bar).toBeHidden();
  await page.keyboard.type('Soft cotton, true to size.');
  // Done typing (focus on a button): the bar is back.
  await form.getByRole('button', { name: 'Submit review' }).focus();
  await expect(bar).toBeVisible();
});
