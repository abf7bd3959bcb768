/**
 * A team joins the shop (docs/architecture.md#staff-and-roles): the owner invites a Fulfilment
 * member from /admin/staff; the member opens the link the mail carries, chooses a password and
 * lands signed in on the dashboard, which shows no revenue; on an order there is no Refund button,
 * and the member ships it. The member is removed again at the end (the list stays as it was).
 */
import type { Page } from '@playwright/test';
import type { User } from '../../src/core/api-types';
import { ADMIN, adminTest, bearer, placeOrder, signUpShopper, stockedVariants } from './admin-api';
import { expect as baseExpect } from './hydrated-test';
import { mailsTo } from './outbox';
import { uniqueEmail } from './shoppers';

const test = adminTest;
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const TOKEN_KEY = 'apparel-store.token';
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** The /accept-invitation?token=... path of the newest invitation mailed to `email` (quoted-printable undone). */
async function invitationPath(email: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await mailsTo(email)).filter((m) => m.subject.includes('invited you to join'));
        const text = mails
          .at(-1)
          ?.raw.replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        path = text?.match(/\/accept-invitation\?token=[A-Za-z0-9_-]+/)?.[0];
        return Boolean(path);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return path!;
}

test('the owner invites a fulfilment member, who joins, sees no money and ships an order; the owner sees both in the activity log', async ({
  page,
  browser,
  request,
  baseURL,
  adminToken,
}) => {
  const owner = (await (await request.get('/api/users/me', { headers: bearer(adminToken) })).json()) as User;
  const email = uniqueEmail('packer');

  // The owner invites from /admin/staff.
  await page.addInitScript(([key, token]) => window.localStorage.setItem(key, token), [TOKEN_KEY, adminToken] as const);
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { name: /^Staff \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Staff' }).getByRole('group', { name: owner.name })).toBeVisible();
  await page.getByRole('button', { name: '+ Invite staff' }).click();
  const form = page.getByRole('form', { name: 'Invite staff' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('radio', { name: /^Fulfilment/ }).check();
  await expect(form.getByText('Packs and ships orders, prints slips and labels, receives returns')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('staff-invite.png'), fullPage: true });
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, `Invitation sent to ${email}`)).toBeVisible();
  const pendingRow = page.getByRole('list', { name: 'Pending invitations' }).getByRole('group', { name: email });
  await expect(pendingRow).toContainText('Fulfilment');
  await page.screenshot({ path: test.info().outputPath('staff-list.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('staff-list-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The member opens the mailed link in their own browser and joins.
  const memberContext = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const member = await memberContext.newPage();
  await member.goto(await invitationPath(email));
  await expect(member.getByText(`${owner.name} invited you to join Rangmanch as Fulfilment`)).toBeVisible();
  await expect(member.getByLabel('E-mail')).toHaveValue(email);
  await member.getByLabel('Full name').fill('Ravi Packer');
  await member.getByLabel('Choose a password', { exact: true }).fill('short');
  await member.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(member.getByText(/^Password must contain/)).toBeVisible();
  await member.getByLabel('Choose a password', { exact: true }).fill('Packer@2026');
  await member.screenshot({ path: test.info().outputPath('accept-invitation.png'), fullPage: true });
  await member.setViewportSize({ width: 390, height: 844 });
  await member.screenshot({ path: test.info().outputPath('accept-invitation-390.png'), fullPage: true });
  await member.setViewportSize({ width: 1280, height: 800 });
  await member.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(member).toHaveURL(/\/admin\/dashboard$/);
  await expect(member.getByText('Awaiting dispatch')).toBeVisible();
  await expect(member.getByText("Today's revenue")).toHaveCount(0);
  await expect(member.getByText('Revenue, last 30 days')).toHaveCount(0);
  const memberToken = await member.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
  const summary = (await (await request.get('/api/admin/dashboard', { headers: bearer(memberToken!) })).json()) as Record<string, unknown>;
  expect(summary).not.toHaveProperty('revenueByDay');

  // The link works once.
  const reused = await memberContext.newPage();
  await reused.goto(await invitationPath(email));
  await expect(reused.getByText('This invitation link has expired or was already used')).toBeVisible();
  await reused.close();

  // An order to ship: no Refund button for this role; the member ships it.
  const shopper = await signUpShopper(request, { name: 'Tara Menon', phone: '9845012345' });
  const order = await placeOrder(request, shopper, (await stockedVariants(request))[0]);
  const ref = order._id.slice(-8).toUpperCase();
  await member.goto(`/admin/orders?search=${ref}`);
  await member.getByRole('button', { name: `View Details of order #${ref}` }).click();
  const dialog = member.getByRole('dialog', { name: `Order #${ref}` });
  await expect(dialog.getByRole('form', { name: 'Ship order' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Cancel and refund' })).toHaveCount(0);
  const ship = dialog.getByRole('form', { name: 'Ship order' });
  await ship.getByLabel('Courier').selectOption({ label: 'Blue Dart' });
  await ship.getByLabel('AWB number').fill(`BD${Date.now().toString().slice(-9)}`);
  await ship.getByRole('button', { name: 'Ship order' }).click();
  await expect(toast(member, 'Order shipped')).toBeVisible();
  await expect(dialog.getByText('In transit')).toBeVisible();

  // The owner sees both actions in the activity log, and the shipment in the order's own history.
  await page.goto('/admin/activity');
  const log = page.getByRole('row').filter({ hasText: 'Ravi Packer' });
  await expect(log.filter({ hasText: 'staff.invitation-accept' })).toHaveCount(1);
  await expect(log.filter({ hasText: 'order.ship' })).toHaveCount(1);
  await page.goto(`/admin/orders?search=${ref}`);
  await page.getByRole('button', { name: `View Details of order #${ref}` }).click();
  const history = page.getByRole('dialog', { name: `Order #${ref}` }).getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem').filter({ hasText: 'Ravi Packer' }).filter({ hasText: 'order.ship' })).toBeVisible();

  // Back on /admin/staff the owner sees the new member; removing them (confirmed) signs them out.
  await page.goto('/admin/staff');
  const row = page.getByRole('list', { name: 'Staff' }).getByRole('group', { name: 'Ravi Packer' });
  await expect(row.getByLabel('Role of Ravi Packer')).toHaveValue('fulfilment');
  await expect(page.getByRole('list', { name: 'Pending invitations' }).getByRole('group', { name: email })).toHaveCount(0);
  await row.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove staff access?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Ravi Packer no longer has staff access')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await request.get('/api/admin/dashboard', { headers: bearer(memberToken!) })).status()).toBe(401);
  await memberContext.close();
});

test('the last owner cannot be demoted: the role change is refused with the reason', async ({ page, request, adminToken }) => {
  const list = async () =>
    (
      (await (await request.get('/api/admin/staff', { headers: bearer(adminToken) })).json()) as {
        staff: { _id: string; name: string; email: string; role: string }[];
      }
    ).staff;
  // The demo owner must be the only owner: an owner another test left behind loses staff access first.
  for (const other of (await list()).filter((s) => s.role === 'owner' && s.email !== ADMIN.email)) {
    const removed = await request.delete(`/api/admin/staff/${other._id}`, { headers: bearer(adminToken) });
    expect(removed.ok(), await removed.text()).toBe(true);
  }
  const owners = (await list()).filter((s) => s.role === 'owner');
  expect(owners.map((s) => s.email)).toEqual([ADMIN.email]);
  const owner = owners[0];
  await page.addInitScript(([key, token]) => window.localStorage.setItem(key, token), [TOKEN_KEY, adminToken] as const);
  await page.goto('/admin/staff');
  const row = page.getByRole('list', { name: 'Staff' }).getByRole('group', { name: owner.name });
  await row.getByLabel(`Role of ${owner.name}`).selectOption('manager');
  const confirm = page.getByRole('alertdialog', { name: 'Change role?' });
  await expect(confirm).toContainText('(you too)');
  await confirm.getByRole('button', { name: 'Change role' }).click();
  await expect(toast(page, 'The shop needs at least one owner')).toBeVisible();
  await expect(row.getByLabel(`Role of ${owner.name}`)).toHaveValue('owner');
});
