/**
 * Login and password reset end to end: the login form, then /forgot-password ->
 * /verify-reset-otp -> /reset-password -> /login with the success message; the old password (and
 * the old token) stop working; the login form after a reset has the e-mail filled in.
 */
import { bearer, expect, gotoSignedOut, logInThroughForm, test } from './accounts-fixtures';
import { readCodeFromOutbox } from './outbox';

test('a shopper resets a forgotten password and the old one stops working', async ({ page, shopper, request }) => {
  // The login page first: its messages, show/hide, and its links to signup and reset.
  await gotoSignedOut(page, '/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  const loginPassword = page.getByLabel('Password', { exact: true });
  await loginPassword.fill('abc');
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(loginPassword).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(loginPassword).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(loginPassword).toHaveAttribute('type', 'password');
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  const send = page.getByRole('button', { name: 'Send Reset Code' });
  await send.click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Email').fill('asha@');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(shopper.email);
  await send.click();

  await expect(page).toHaveURL(/\/verify-reset-otp$/);
  await expect(page.getByText(shopper.email)).toBeVisible();
  await expect(page.getByText(/Resend in \d+s/)).toBeVisible();
  const code = await readCodeFromOutbox(shopper.email);
  const verify = page.getByRole('button', { name: 'Verify code' });
  await expect(verify).toBeDisabled();

  const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(wrong);
  await verify.click();
  await expect(page.getByRole('alert')).toContainText('Invalid code. 4 attempts left.');
  await page.getByLabel('Digit 6 of 6').focus();
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('Backspace');
  await page.keyboard.type(code);
  await verify.click();

  await expect(page).toHaveURL(/\/reset-password$/);
  const reset = page.getByRole('button', { name: 'Reset Password' });
  await reset.click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByText('Please confirm your password')).toBeVisible();

  const newPassword = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm password', { exact: true });
  await newPassword.fill('weakpass');
  await expect(page.getByText('Password must contain one uppercase letter, one number, one special character')).toBeVisible();
  await newPassword.fill('Lehenga#2027');
  await confirm.fill('Lehenga#2028');
  await reset.click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  // Each field has its own show/hide.
  await expect(newPassword).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show new password' }).click();
  await expect(newPassword).toHaveAttribute('type', 'text');
  await expect(confirm).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show confirm password' }).click();
  await expect(confirm).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide new password' }).click();
  await expect(newPassword).toHaveAttribute('type', 'password');

  await confirm.fill('Lehenga#2027');
  await reset.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Password reset successfully. Please log in with your new password.')).toBeVisible();
  // The e-mail comes filled in and the cursor waits in the password.
  await expect(page.getByLabel('Email')).toHaveValue(shopper.email);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();

  // The old password is refused, and so is every token issued before the reset.
  await logInThroughForm(page, shopper.email, shopper.password);
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  expect((await request.get('/api/users/me', { headers: bearer(shopper.token) })).status()).toBe(401);

  await logInThroughForm(page, shopper.email, 'Lehenga#2027');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveCount(0);
});

test('reset pages opened directly say what is missing, and failures show a message', async ({ page }) => {
  await page.goto('/verify-reset-otp');
  await expect(page.getByRole('heading', { name: 'Verification Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new code' })).toHaveAttribute('href', '/forgot-password');

  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Session Expired' })).toBeVisible();
  await page.getByRole('link', { name: 'Start Over' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // No message from the server: the spec's fallback; a message: that message.
  await page.route('**/api/auth/forgot-password-start', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByLabel('Email').fill('someone@example.in');
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to send reset email. Please try again.');
  await page.unroute('**/api/auth/forgot-password-start');
  await page.route('**/api/auth/forgot-password-start', (route) =>
    route.fulfill({ status: 429, json: { message: 'Too many attempts. Please try again in 40 seconds.' } }),
  );
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page.getByRole('alert')).toHaveText('Too many attempts. Please try again in 40 seconds.');
});
