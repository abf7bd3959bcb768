import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { contactMessages } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const message = { name: 'Kavya Nair', email: 'kavya@example.in', phone: '9123456780', comment: 'Do you ship the Banarasi saree to Kochi?' };

describe('POST /api/contacts', () => {
  it('saves a guest message as not registered, even when the body claims otherwise', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contacts', payload: { ...message, registeredUser: true } });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("Thank you! Your message has been sent successfully. We'll get back to you soon.");
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, res.json()._id));
    expect(row).toMatchObject({ name: 'Kavya Nair', registeredUser: false, userId: null });
  });

  it('marks a signed-in sender as registered', async () => {
    const { user, headers } = await createUser(t.app, t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/contacts', headers, payload: { ...message, registeredUser: false } });
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, res.json()._id));
    expect(row).toMatchObject({ registeredUser: true, userId: user.id });
  });

  it('treats a bad or expired token as a guest instead of refusing the message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: { authorization: 'Bearer not-a-token' },
      payload: message,
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, res.json()._id));
    expect(row.registeredUser).toBe(false);
  });

  it('stores the e-mail lower-cased and the phone as its 10 digits', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: { ...message, email: ' Kavya@Example.IN ', phone: '98765 43210' },
    });
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, res.json()._id));
    expect(row).toMatchObject({ email: 'kavya@example.in', phone: '9876543210' });
  });

  it('accepts an autofilled +91 phone and stores its 10 digits', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contacts', payload: { ...message, phone: '+91 98450 12345' } });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, res.json()._id));
    expect(row.phone).toBe('9845012345');
  });

  it("requires every field, with the spec's messages", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contacts', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      comment: 'Message is required',
    });
  });

  it("answers the spec's messages for bad fields", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'K', email: 'kavya@', phone: '5123456789', comment: 'x'.repeat(451) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid 10-digit Indian mobile number',
      comment: 'Message cannot exceed 450 characters',
    });
    const empty = await t.app.inject({ method: 'POST', url: '/api/contacts', payload: { ...message, comment: 'short' } });
    expect(empty.json().message).toBe('Message must be at least 10 characters');
  });
});
