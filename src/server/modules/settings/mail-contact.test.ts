/**
 * Every mail a shopper reads gives the support e-mail Settings give when it is sent
 * (docs/architecture.md#mail), not the brand's built-in address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { BRAND } from '../../../core/constants';
import type { ShopSettingsData } from '../../../core/schemas/settings';
import { demoShopSettings } from '../../db/seed/demo-catalog';
import { SYSTEM_ACTOR } from '../audit/record';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("mails name the shop's support e-mail from Settings", () => {
  it('in the footer of a code mail, and follow a change at once', async () => {
    const shopper = await createUser(t.app, t.db);
    const save = (supportEmail: string) => t.app.settings.save({ ...demoShopSettings, supportEmail } as ShopSettingsData, SYSTEM_ACTOR);
    const codeMail = async () => {
      t.clock.advance(60_000);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password-start', payload: { email: shopper.user.email } });
      expect(res.statusCode, res.body).toBe(200);
      return t.mails.filter((m) => m.to === shopper.user.email).at(-1)!;
    };

    await save('care@kurtavala.in');
    let mail = await codeMail();
    expect(mail.html).toContain('Questions? Write to care@kurtavala.in.');
    expect(mail.html).not.toContain(BRAND.supportEmail);
    expect(mail.html).not.toContain('{{');

    await save('help+orders@kurtavala.in');
    mail = await codeMail();
    expect(mail.html).toContain('Questions? Write to help+orders@kurtavala.in.');
  });
});
