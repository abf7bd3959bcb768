import { expect, test } from './hydrated-test';
import { readCodeFromOutbox } from './outbox';

// The walking skeleton's journey: browse, open a product, sign up with the e-mailed code,
// log in, add to cart, pay in the sandbox Razorpay widget, and see the order.
test('a new shopper buys a kurta from the home page to a placed order', async ({ page }) => {
  const email = `shopper-${Date.now()}@example.in`;

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Latest Arrivals' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bestsellers' })).toBeVisible();

  // Open the first bestseller.
  const bestsellers = page.locator('section', { has: page.getByRole('heading', { name: 'Bestsellers' }) });
  const firstCard = bestsellers
    .getByRole('link')
    .filter({ has: page.locator('img') })
    .first();
  await firstCard.click();
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+/);
  // The URL changes before the product page has rendered: read its title once its buttons show.
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  expect(title.length).toBeGreaterThan(3);

  // No size is chosen for the shopper (size-required.spec.ts): choose the first one in stock, if
  // the product has sizes. Signed out, Add to Cart goes to the login page.
  const sizes = page.getByRole('radiogroup', { name: 'Size' });
  if ((await sizes.count()) > 0 && (await sizes.getByRole('radio', { checked: true }).count()) === 0)
    await sizes.locator('[role="radio"]:enabled').first().click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Sign up.
  await page.getByRole('link', { name: /sign up/i }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('Full name').fill('Priya Sharma');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('Password', { exact: true }).fill('Kurta@2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);

  // Read the code from the mail and type it.
  const code = await readCodeFromOutbox(email);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  // The code signs the new shopper in: the saved Add to Cart is carried out and the cart opens.
  await page.getByRole('button', { name: /verify/i }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(title).first()).toBeVisible();
  await expect(page.getByText('5% first-order')).toBeVisible();

  // Check out with a new address.
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('Review your order and complete payment')).toBeVisible();
  await page.getByLabel('First name').fill('Priya');
  await page.getByLabel('Last name').fill('Sharma');
  await page.getByLabel('Address line 1').fill('14 Park Street');
  await page.getByLabel('City').fill('Kolkata');
  await page.getByLabel('State').selectOption('West Bengal');
  await page.getByLabel('Pincode').fill('700016');
  const payButton = page.getByRole('button', { name: /^Pay ₹/ });
  await expect(payButton).toBeEnabled();
  await payButton.click();

  // The sandbox Razorpay widget.
  const widget = page.getByRole('dialog');
  await expect(widget).toBeVisible();
  await expect(widget.getByText(/test mode/i)).toBeVisible();
  await widget.getByRole('button', { name: /^Pay ₹/ }).click();

  // The order-placed page, then the orders list.
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/confirmed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible();
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Your Orders' })).toBeVisible();
  await expect(page.getByText('1 order(s) found')).toBeVisible();
  await expect(page.getByText(title).first()).toBeVisible();

  // The order page shows the delivery address.
  await page
    .getByRole('link', { name: /Order #/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByText('14 Park Street')).toBeVisible();
});
