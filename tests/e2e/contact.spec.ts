import { expect, test } from './fixtures';

// Contact (/contact): the form's rules and messages, as a guest and as a signed-in shopper whose
// details are filled in and locked, and the three outcomes.

const THANKS = "Thank you! Your message has been sent successfully. We'll get back to you soon.";

test('a guest sees the guest banner, the validation messages and the thank-you message', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(page.getByTestId('contact-banner')).toContainText('as a guest');
  await expect(page.getByTestId('contact-banner').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'help@rangmanch.in' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: '@rangmanch.store' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Phone number is required')).toBeVisible();
  await expect(page.getByText('Message is required')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('K');
  await page.getByLabel('Email', { exact: true }).fill('kavya@');
  await page.getByLabel('Phone', { exact: true }).fill('5123456789');
  await page.getByLabel('Message', { exact: true }).fill('x'.repeat(451));
  await expect(page.getByText('451/450')).toBeVisible();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Please enter a valid 10-digit Indian mobile number')).toBeVisible();
  await expect(page.getByText('Message cannot exceed 450 characters')).toBeVisible();
  await page.getByLabel('Message', { exact: true }).fill('Too short');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill('Kavya Nair');
  await page.getByLabel('Email', { exact: true }).fill('kavya@example.in');
  await page.getByLabel('Phone', { exact: true }).fill('9123456780');
  await page.getByLabel('Message', { exact: true }).fill('Do you ship the Banarasi saree to Kochi?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status').filter({ hasText: THANKS })).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
});

test('server and network failures show their messages', async ({ page }) => {
  await page.goto('/contact');
  await page.getByLabel('Name', { exact: true }).fill('Kavya Nair');
  await page.getByLabel('Email', { exact: true }).fill('kavya@example.in');
  await page.getByLabel('Phone', { exact: true }).fill('9123456780');
  await page.getByLabel('Message', { exact: true }).fill('Is the ikat saree available in blue?');

  await page.route('**/api/contacts', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to send message. Please try again.' })).toBeVisible();

  await page.unroute('**/api/contacts');
  await page.route('**/api/contacts', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Too many attempts. Please try again in 60 seconds.' }),
    }),
  );
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Too many attempts. Please try again in 60 seconds.' })).toBeVisible();

  await page.unroute('**/api/contacts');
  await page.route('**/api/contacts', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Network error. Please check your connection and try again.' })).toBeVisible();
});

test('a signed-in shopper sees the logged-in banner and locked details, and the message is recorded as registered', async ({
  page,
  signIn,
}) => {
  const shopper = await signIn();
  await page.goto('/contact');
  await expect(page.getByTestId('contact-banner')).toContainText(`logged in as ${shopper.name}`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(shopper.name);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(shopper.email);
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(shopper.phone);
  for (const label of ['Name', 'Email', 'Phone']) await expect(page.getByLabel(label, { exact: true })).not.toBeEditable();
  await page.getByLabel('Message', { exact: true }).fill('Please tell me when the XS comes back.');
  const request = page.waitForRequest('**/api/contacts');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const sent = await request;
  expect(sent.headers().authorization).toBe(`Bearer ${shopper.token}`);
  expect(sent.postDataJSON()).toMatchObject({ name: shopper.name, email: shopper.email, phone: shopper.phone, registeredUser: true });
  await expect(page.getByRole('status').filter({ hasText: THANKS })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(shopper.email);
});
