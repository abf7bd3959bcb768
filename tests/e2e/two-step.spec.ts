/**
 * Two-step sign-in end to end (docs/architecture.md#accounts-and-sign-in): a new owner (invited by
 * the demo owner, so the demo account the other specs sign in with keeps a password-only login)
 * sets up two-step sign-in on /admin/security with the key shown (the code computed here with
 * otpauth, as a phone would), saves the recovery codes, logs out, logs in with the password and a
 * code, and sees where it is signed in; "Sign out everywhere else" ends the other session. Then
 * the demo owner resets the new owner's two-step sign-in (a lost phone) on /admin/staff, which
 * signs them out everywhere. The new owner is removed at the end.
 */
import { Secret, TOTP } from 'otpauth';
import { TOKEN_STORAGE_KEY } from '../../src/core/constants';
import { signInPage } from './accounts-fixtures';
import { adminTest, bearer } from './admin-api';
import { expect as baseExpect } from './hydrated-test';
import { mailsTo } from './outbox';
import { uniqueEmail } from './shoppers';

const test = adminTest;
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const PASSWORD = 'Owner@2026';

/** The invitation token of the newest invitation mailed to `email` (quoted-printable undone). */
async function invitationToken(email: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const raw = (await mailsTo(email)).filter((m) => m.subject.includes('invited you to join')).at(-1)?.raw;
        token = raw
          ?.replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=')
          .match(/\/accept-invitation\?token=([A-Za-z0-9_-]+)/)?.[1];
        return Boolean(token);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return token!;
}

/** Waits for the next 30-second step, so the code is one not used yet (each code counts once). */
async function nextCode(totp: TOTP): Promise<string> {
  const used = totp.generate();
  await expect.poll(() => totp.generate(), { timeout: 35_000, intervals: [1000] }).not.toBe(used);
  return totp.generate();
}

test('an owner sets up two-step sign-in, logs in with a code and sees where they are signed in', async ({
  page,
  request,
  adminToken,
  browser,
}) => {
  const email = uniqueEmail('owner');
  const invited = await request.post('/api/admin/staff/invitations', { headers: bearer(adminToken), data: { email, role: 'owner' } });
  expect(invited.ok(), await invited.text()).toBe(true);
  const accepted = await request.post(`/api/staff-invitations/${await invitationToken(email)}/accept`, {
    data: { name: 'Neha Owner', password: PASSWORD },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const { token, user } = (await accepted.json()) as { token: string; user: { _id: string } };
  try {
    // Another device, signed in before two-step is on.
    const other = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    const otherToken = ((await other.json()) as { token: string }).token;

    await signInPage(page, token);
    await page.goto('/admin/security');
    await expect(page.getByRole('heading', { name: 'My sign-in' })).toBeVisible();
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.getByTestId('two-step-secret').innerText()).replace(/\s+/g, '');
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    await page.screenshot({ path: test.info().outputPath('two-step-enrol.png'), fullPage: true });
    await page.getByLabel('Code from your app').fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText(/That code is not right/)).toBeVisible();
    await page.getByLabel('Code from your app').fill(totp.generate());
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.screenshot({ path: test.info().outputPath('two-step-recovery-codes.png'), fullPage: true });
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByText('10 of 10 recovery codes left')).toBeVisible();

    // Log out (the session ends on the server too) and log in again: password, then a code.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await request.get('/api/users/me', { headers: bearer(token) })).status()).toBe(401);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('two-step-login.png'), fullPage: true });
    await page.getByLabel('Code').fill(await nextCode(totp));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await expect(page).not.toHaveURL(/\/login$/);

    await page.goto('/admin/security');
    const sessions = page.getByRole('list', { name: 'Signed-in sessions' });
    await expect(sessions.getByText('This device')).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await page.screenshot({ path: test.info().outputPath('two-step-sessions.png'), fullPage: true });
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(page.getByText('Signed out of 1 other session.')).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    expect((await request.get('/api/users/me', { headers: bearer(otherToken) })).status()).toBe(401);

    // Neha lost her phone: the demo owner sees where she is signed in and resets her two-step
    // sign-in on /admin/staff, which signs her out everywhere.
    const nehaToken = await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signInPage(owner, adminToken);
    await owner.goto('/admin/staff');
    const row = owner.getByRole('list', { name: 'Staff' }).getByRole('group', { name: 'Neha Owner', exact: true });
    await expect(row.getByText('Two-step on')).toBeVisible();
    await row.getByRole('button', { name: 'Sign-in' }).click();
    await expect(owner.getByRole('list', { name: 'Sessions of Neha Owner' }).getByRole('listitem')).toHaveCount(1);
    await owner.getByRole('region', { name: 'Sign-in of Neha Owner' }).getByRole('button', { name: 'Reset two-step' }).click();
    await owner.getByRole('alertdialog', { name: 'Reset two-step sign-in?' }).getByRole('button', { name: 'Reset two-step' }).click();
    await expect(row.getByText('Two-step off')).toBeVisible();
    await expect(owner.getByText('Not signed in anywhere.')).toBeVisible();
    await owner.screenshot({ path: test.info().outputPath('staff-member-sign-in.png'), fullPage: true });
    expect((await request.get('/api/users/me', { headers: bearer(nehaToken!) })).status()).toBe(401);
    await ownerContext.close();
  } finally {
    await request.delete(`/api/admin/staff/${user._id}`, { headers: bearer(adminToken) });
  }
});
