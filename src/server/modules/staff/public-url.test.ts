import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// Links in mail use PUBLIC_URL when it is set (docs/architecture.md#configuration): the Host header
// is the client's to write, so a request naming another host must not put that host in the mail.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { PUBLIC_URL: 'https://shop.rangmanch.example' });
});
afterAll(() => t.close());

describe('PUBLIC_URL in mailed links', () => {
  it('an invitation links to the shop’s address whatever Host the request named', async () => {
    const owner = await createUser(t.app, t.db, { role: 'owner' });
    const email = `packer-${Math.random().toString(36).slice(2, 8)}@example.in`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff/invitations',
      headers: { ...owner.headers, host: 'evil.example' },
      payload: { email, role: 'fulfilment' },
    });
    expect(res.statusCode).toBe(201);
    const mail = await vi.waitFor(() => {
      const found = t.mails.findLast((m) => m.to === email);
      if (!found) throw new Error('no invitation mail yet');
      return found;
    });
    expect(mail.text).toMatch(/^https:\/\/shop\.rangmanch\.example\/accept-invitation\?token=/m);
    expect(mail.text).not.toContain('evil.example');
  });
});
