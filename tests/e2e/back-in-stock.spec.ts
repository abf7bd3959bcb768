/**
 * Back-in-stock alerts in the browser (docs/architecture.md#back-in-stock): a guest chooses a
 * sold-out size on a product in colours, asks "Notify me when it's back", gives an e-mail and the
 * code mailed to it; the owner restocks the size through the admin API; the alert mail arrives with
 * a link to the product page on that colour. A signed-in shopper signs up with one tap, from the
 * phone's bottom bar too. Screenshots at 1280 and 390 px.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Category, Product } from '../../src/core/api-types';
import { bearer, DEMO_ADMIN, listProducts, logIn, signInPage, signUpShopper, uniqueEmail } from './accounts-fixtures';
import { expect, test } from './hydrated-test';
import { mailsTo, readCodeFromOutbox } from './outbox';

const made: string[] = [];
test.afterEach(async ({ request }) => {
  const token = await logIn(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  for (const id of made.splice(0)) await request.delete(`/api/products/${id}`, { headers: bearer(token) });
});

/** A kurta in Indigo and Maroon, S–L, whose Indigo L is sold out; made through the admin API. */
async function createKurta(request: APIRequestContext): Promise<{ product: Product; categoryId: string }> {
  const token = await logIn(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const [category] = (await (await request.get('/api/categories')).json()) as Category[];
  const picture = (await listProducts(request))[0].images[0].url;
  const run = Math.random().toString(36).slice(2, 8);
  const res = await request.post('/api/products', {
    headers: bearer(token),
    data: {
      title: `Alert Kurta ${run}`,
      description: 'A kurta that sells out in Indigo L.',
      categoryIds: [category._id],
      colours: [{ name: 'Indigo' }, { name: 'Maroon' }],
      images: [{ url: picture, alt: `Kurta ${run}` }],
      variants: ['Indigo', 'Maroon'].flatMap((colour) =>
        ['S', 'M', 'L'].map((size) => ({ colour, size, price: 1299, stockQty: colour === 'Indigo' && size === 'L' ? 0 : 4 })),
      ),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const product = (await res.json()) as Product;
  made.push(product._id);
  return { product, categoryId: category._id };
}

/** The owner puts `pieces` of Indigo L back in stock: the product form's save, through the admin API. */
async function restock(request: APIRequestContext, product: Product, categoryId: string, pieces: number) {
  const token = await logIn(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const res = await request.put(`/api/products/${product._id}`, {
    headers: bearer(token),
    data: {
      title: product.title,
      description: product.description,
      categoryIds: [categoryId],
      colours: product.colours,
      images: product.images.map((i) => ({ url: i.url, alt: i.alt, colour: i.colour ?? null })),
      variants: product.variants.map((v) => ({
        _id: v._id,
        colour: v.colour,
        size: v.size,
        price: v.price,
        stockQty: v.colour === 'Indigo' && v.size === 'L' ? pieces : v.stockQty,
        stockLoaded: v.stockQty,
        isActive: true,
        sku: v.sku,
      })),
      stockNote: 'Restocked',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Waits (the outbox sends every 30 s) for the back-in-stock mail to `email`. */
async function alertMail(email: string) {
  const deadline = Date.now() + 75_000;
  while (Date.now() < deadline) {
    const mail = (await mailsTo(email)).find((m) => m.subject.startsWith('Back in stock:'));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`No back-in-stock mail to ${email}`);
}

const sizes = (page: Page) => page.getByRole('radiogroup', { name: 'Size' });

test('a guest signs up for a sold-out size with a mailed code, and the mail comes when the owner restocks it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const { product, categoryId } = await createKurta(request);
  const email = uniqueEmail('alert');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/products/${product.handle}?colour=indigo`);
  await sizes(page).getByRole('radio', { name: 'L (sold out)' }).click();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  await page.getByRole('button', { name: "Notify me when it's back" }).click();

  const dialog = page.getByRole('dialog', { name: "Notify me when it's back" });
  await expect(dialog).toBeVisible();
  const contact = dialog.getByLabel('E-mail or mobile number');
  await expect(contact).toBeFocused();
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(contact).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Enter your e-mail or mobile number')).toBeVisible();
  await contact.fill(email);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const codeField = dialog.getByLabel('6-digit code');
  await expect(codeField).toBeFocused();
  await expect(dialog).toContainText('We sent a 6-digit code to a•••@');
  await page.screenshot({ path: testInfo.outputPath('code-1280.png') });
  const code = await readCodeFromOutbox(email);
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Invalid code. 4 attempts left.')).toBeVisible();
  await codeField.fill(code);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  const waiting = page.getByRole('status').filter({ hasText: "We'll tell you when it's back" }).first();
  await expect(waiting).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('waiting-1280.png') });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('waiting-390.png'), fullPage: false });

  await restock(request, product, categoryId, 2);
  const mail = await alertMail(email);
  expect(mail.subject).toBe(`Back in stock: ${product.title} (Indigo / L)`);
  // The message is quoted-printable: soft line breaks joined, '=3D' read as '='.
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  expect(body).toContain(`http://localhost:${new URL(page.url()).port}/products/${product.handle}?colour=indigo`);
});

test('a signed-in shopper signs up with one tap from the phone bar', async ({ page, request }, testInfo) => {
  const { product } = await createKurta(request);
  const shopper = await signUpShopper(request);
  await signInPage(page, shopper.token);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/products/${product.handle}?colour=indigo`);
  await sizes(page).getByRole('radio', { name: 'L (sold out)' }).click();
  await expect(page.getByRole('button', { name: "Notify me when it's back" })).toBeVisible();
  // Scrolled past the page's own button, the bottom bar offers it.
  await page.mouse.wheel(0, 1500);
  const bar = page.getByTestId('sticky-buy-bar');
  await expect(bar.getByRole('button', { name: 'Notify me' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('bar-390.png') });
  await bar.getByRole('button', { name: 'Notify me' }).click();
  await expect(bar.getByText("We'll tell you when it's back")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Back on the page, it is remembered.
  await page.reload();
  await sizes(page).getByRole('radio', { name: 'L (sold out)' }).click();
  await expect(page.getByRole('status').filter({ hasText: "We'll tell you when it's back" }).first()).toBeVisible();
});

test('at 390 px the guest dialog fits, says what is wrong under the field, and passes axe', async ({ page, request }, testInfo) => {
  const { product } = await createKurta(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/products/${product.handle}?colour=indigo`);
  await sizes(page).getByRole('radio', { name: 'L (sold out)' }).click();
  await page.getByRole('button', { name: "Notify me when it's back" }).click();
  const dialog = page.getByRole('dialog', { name: "Notify me when it's back" });
  await dialog.getByLabel('E-mail or mobile number').fill('12345');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText('Enter a valid e-mail or 10-digit mobile number')).toBeVisible();
  await expect(dialog.getByLabel('E-mail or mobile number')).toHaveAttribute('aria-describedby', /error/);
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('dialog-390.png') });
  const { violations } = await new AxeBuilder({ page }).include('dialog').analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  // Escape closes it and the keyboard is back on the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: "Notify me when it's back" })).toBeFocused();
});
