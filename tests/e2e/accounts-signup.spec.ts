/**
 * Signup and e-mail verification: every validation message of the form, the six code boxes
 * (paste of the whole code, backspace across boxes), the 30-second resend cooldown on a fake
 * clock, 'Verification Not Found', and a right code signing the new shopper in at once (home, the code
 * page replaced in history).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, gotoSignedOut, test, uniqueEmail } from './accounts-fixtures';
import { readCodeFromOutbox } from './outbox';

const box = (page: Page, n: number) => page.getByLabel(`Digit ${n} of 6`);

/** Pastes `text` into an input the way a browser does (a paste event carrying clipboard data). */
async function paste(target: Locator, text: string) {
  await target.evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

async function fillSignup(page: Page, email: string) {
  await page.getByLabel('Full name').fill('Meera Iyer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('9123456789');
  await page.getByLabel('Password', { exact: true }).fill('Saree@2026');
}

test('signup shows every validation message, then the code boxes take a paste and backspace across boxes', async ({ page }) => {
  await gotoSignedOut(page, '/signup');
  const submit = page.getByRole('button', { name: 'Create account' });
  await submit.click();
  for (const message of ['Full name is required', 'Email is required', 'Phone number is required', 'Password is required']) {
    await expect(page.getByText(message)).toBeVisible();
  }

  const name = page.getByLabel('Full name');
  await name.fill('M');
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await name.fill('Meera 2');
  await expect(page.getByText('Name should only contain letters and spaces')).toBeVisible();
  await page.getByLabel('Email').fill('meera@');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  const phone = page.getByLabel('Phone');
  await phone.fill('12345');
  await expect(page.getByText('Please enter a valid 10-digit Indian mobile number')).toBeVisible();
  await phone.fill('5123456789');
  await expect(page.getByText('Please enter a valid 10-digit Indian mobile number')).toBeVisible();
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('abc');
  await expect(
    page.getByText('Password must contain at least 8 characters, one uppercase letter, one number, one special character'),
  ).toBeVisible();
  await password.fill('abcdefgh1');
  await expect(page.getByText('Password must contain one uppercase letter, one special character')).toBeVisible();
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');

  const email = uniqueEmail('signup');
  await fillSignup(page, email);
  await submit.click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(email)).toBeVisible();
  const code = await readCodeFromOutbox(email);

  const verify = page.getByRole('button', { name: 'Verify email' });
  await expect(verify).toBeDisabled();
  await box(page, 1).click();
  await page.keyboard.type('12');
  await expect(page.getByText('Please enter the complete 6-digit code.')).toBeVisible();
  await expect(box(page, 3)).toBeFocused();

  // Pasting the whole code into any box fills all six.
  await paste(box(page, 3), code);
  for (let i = 1; i <= 6; i += 1) await expect(box(page, i)).toHaveValue(code[i - 1]);
  await expect(verify).toBeEnabled();

  // Backspace clears the focused box, then walks back one box per press.
  await box(page, 6).focus();
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('Backspace');
  for (let i = 1; i <= 6; i += 1) await expect(box(page, i)).toHaveValue('');
  await expect(box(page, 1)).toBeFocused();
  await expect(verify).toBeDisabled();

  // A wrong code shows the server's message in the error box.
  const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
  await page.keyboard.type(wrong);
  await verify.click();
  await expect(page.getByRole('alert')).toContainText('Invalid code. 4 attempts left.');

  await paste(box(page, 1), code);
  await verify.click();
  // Signed in straight away: no second trip through the login form with an empty e-mail field.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Email verified. Welcome, Meera!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await page.goBack();
  // The code page was replaced: Back returns to the signup form.
  await page.goBack();
  await expect(page).toHaveURL(/\/signup$/);
});

test('the code page without a signup says Verification Not Found', async ({ page }) => {
  await page.goto('/verify-email');
  await expect(page.getByRole('heading', { name: 'Verification Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('resend waits out a visible 30-second cooldown and then starts it again', async ({ page }) => {
  const start = new Date('2026-03-02T10:00:00+05:30');
  await page.clock.install({ time: start });
  await gotoSignedOut(page, '/signup');
  // From here the page's time stands still unless the test moves it.
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
  await fillSignup(page, uniqueEmail('resend'));
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);

  await expect(page.getByText('Resend in 30s')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend code' })).toHaveCount(0);
  await page.clock.fastForward(12_000);
  await expect(page.getByText('Resend in 18s')).toBeVisible();
  await page.clock.fastForward(18_000);
  const resend = page.getByRole('button', { name: 'Resend code' });
  await expect(resend).toBeVisible();

  // The server keeps its own real-time cooldown and says so (the page's clock is fake here).
  await resend.click();
  await expect(page.getByRole('alert')).toContainText(/Please wait \d+ seconds before requesting a new code\./);

  // Once the server accepts, the cooldown starts again.
  await page.route('**/api/auth/resend-otp', (route) => route.fulfill({ json: { message: 'A new code is on its way.' } }));
  await resend.click();
  await expect(page.getByText('A new code is on its way')).toBeVisible();
  await expect(page.getByText('Resend in 30s')).toBeVisible();
});
