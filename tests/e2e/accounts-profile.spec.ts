/**
 * Profile: view and edit modes with the form's messages, Cancel and Save, failures as
 * toasts, the account buttons, logout flipping the header, and the admin's badge and button.
 */
import { DEMO_ADMIN, expect, logIn, pendingAction, signInPage, test } from './accounts-fixtures';

test('profile: view, edit with every message, cancel, then save', async ({ shopperPage: page, shopper }) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  const details = page.getByRole('region', { name: 'Account details' });
  await expect(details.getByText(shopper.name)).toBeVisible();
  await expect(details.getByText(shopper.email)).toBeVisible();
  await expect(details.getByText(shopper.phone)).toBeVisible();
  await expect(details.getByText('No address saved yet.')).toBeVisible();
  await expect(page.getByText('Admin', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await expect(form.getByLabel('Email')).toBeDisabled();
  await expect(form.getByLabel('Email')).toHaveValue(shopper.email);
  await expect(form.getByLabel('Country')).toHaveValue('India');
  await expect(form.getByLabel('Country')).toHaveAttribute('readonly', '');
  await expect(form.getByLabel('State').locator('option')).toHaveCount(37);

  await form.getByLabel('Full name').fill('A');
  await form.getByLabel('Phone').fill('12345');
  await form.getByRole('button', { name: 'Save' }).click();
  for (const message of [
    'Name must be at least 2 characters',
    'Invalid Indian phone number',
    'Address is required',
    'City is required',
    'State is required',
    'Invalid Indian pincode',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }

  // The pincode keeps digits only, six at most, counted after the space of a pasted '560 001' goes.
  const pincode = form.getByLabel('Pincode');
  await pincode.fill('560 001');
  await expect(pincode).toHaveValue('560001');
  await pincode.fill('');
  await pincode.pressSequentially('0a1-2345');
  await expect(pincode).toHaveValue('012345');
  await expect(form.getByText('Invalid Indian pincode')).toBeVisible();

  // Cancel drops the edits.
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(details.getByText(shopper.name)).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(form.getByLabel('Full name')).toHaveValue(shopper.name);
  await expect(form.getByLabel('Phone')).toHaveValue(shopper.phone);

  await form.getByLabel('Full name').fill('Asha Kapoor');
  await form.getByLabel('Phone').fill('');
  await form.getByLabel('Phone').pressSequentially('91234-56780');
  await expect(form.getByLabel('Phone')).toHaveValue('9123456780');
  await form.getByLabel('Address line 1').fill('12 MG Road');
  await form.getByLabel('Address line 2 (optional)').fill('Near Trinity Metro');
  await form.getByLabel('City').fill('Bengaluru');
  await form.getByLabel('State').selectOption('Karnataka');
  await pincode.fill('560001');
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(details.getByText('Asha Kapoor')).toBeVisible();
  await expect(details.getByText('9123456780')).toBeVisible();
  await expect(details.getByText('Bengaluru, Karnataka 560001')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Account details' }).getByText('12 MG Road')).toBeVisible();
});

test('profile failures: save shows the server message or Update failed; load shows Failed to load profile', async ({
  shopperPage: page,
}) => {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('Address line 1').fill('5 Park Street');
  await form.getByLabel('City').fill('Kolkata');
  await form.getByLabel('State').selectOption('West Bengal');
  await form.getByLabel('Pincode').fill('700016');

  await page.route('**/api/users/me', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
  );
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update failed')).toBeVisible();
  await expect(form).toBeVisible();
  await page.unroute('**/api/users/me');

  await page.route('**/api/users/me', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 400, json: { message: 'Only India is supported' } }) : route.fallback(),
  );
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Only India is supported')).toBeVisible();
  await page.unroute('**/api/users/me');

  await page.route('**/api/users/me', (route) => route.fulfill({ status: 500, body: '' }));
  await page.reload();
  await expect(page.getByText('Failed to load profile').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
});

test('profile buttons go to orders and the shop; logout flips the header back without a reload', async ({ shopperPage: page }) => {
  await page.goto('/profile');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);

  await page.getByRole('link', { name: 'My Orders' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText('No orders yet')).toBeVisible();
  await expect(page.getByText('0 order(s) found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/products');
  await page.goBack();
  await page.getByRole('link', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL(/\/$/);

  await header.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('apparel-store.token'))).toBeNull();
  // Logging out is not a visit to the login gate: nothing is kept for the next login.
  expect(await pendingAction(page)).toBeNull();

  // Signed out, the profile sends the visitor to /login.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('an admin sees the Admin badge and the Admin Panel button', async ({ page, request }) => {
  await signInPage(page, await logIn(request, DEMO_ADMIN.email, DEMO_ADMIN.password));
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' }).getByText('Admin', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin/dashboard');
});
