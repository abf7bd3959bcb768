/**
 * Every support contact a shopper reads is the one in Settings (as the tax invoice prints it): the
 * footer, the contact page and the policy pages show the settings' support e-mail and phone, and
 * follow a change; none shows another address.
 */
import { adminTest, bearer } from './admin-api';
import { expect } from './hydrated-test';

const test = adminTest;

test('the footer, contact and policy pages show the support e-mail and phone from Settings, and follow a change', async ({
  page,
  request,
  adminToken,
}) => {
  const settings = (await (await request.get('/api/admin/settings', { headers: bearer(adminToken) })).json()) as Record<string, unknown> & {
    supportEmail: string;
    supportPhone: string;
  };
  const save = async (supportEmail: string) => {
    const { updatedAt: _updatedAt, ...body } = settings;
    const res = await request.put('/api/admin/settings', { headers: bearer(adminToken), data: { ...body, supportEmail } });
    expect(res.status(), await res.text()).toBe(200);
  };
  const expectOnly = async (email: string) => {
    for (const path of ['/', '/contact', '/terms', '/refund-policy', '/privacy-policy', '/shipping-policy']) {
      await page.goto(path);
      const mails = page.locator('a[href^="mailto:"]');
      await expect(mails.first()).toBeVisible();
      const targets = await mails.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(new Set(targets), path).toEqual(new Set([`mailto:${email}`]));
      await expect(page.getByRole('contentinfo').getByRole('link', { name: email })).toBeVisible();
    }
  };
  await expectOnly(settings.supportEmail);
  await page.goto('/contact');
  const phone = `+91 ${settings.supportPhone.slice(0, 5)} ${settings.supportPhone.slice(5)}`;
  await expect(page.getByRole('contentinfo').getByRole('link', { name: phone })).toHaveAttribute('href', `tel:+91${settings.supportPhone}`);
  await expect(page.locator('#main').getByRole('link', { name: phone })).toBeVisible();
  try {
    await save('care@rangmanch.in');
    await expectOnly('care@rangmanch.in');
  } finally {
    await save(settings.supportEmail);
  }
});
