import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { contactMessages } from '../../db/schema';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
});
afterAll(() => t.close());

describe('GET /api/contacts', () => {
  it('lists every message newest first, and searches name, e-mail, phone and message', async () => {
    const shopper = await createUser(t.app, t.db);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: shopper.headers,
      payload: { name: 'Kavya Nair', email: 'kavya@example.in', phone: '9123456780', comment: 'Do you ship the Banarasi saree to Kochi?' },
    });
    expect(sent.statusCode).toBe(201);
    await t.db.insert(contactMessages).values([
      {
        name: 'Arjun Rao',
        email: 'arjun@example.in',
        phone: '9988776655',
        comment: 'Size chart for kurtas, 100% cotton?',
        createdAt: new Date('2024-01-02T10:00:00Z'),
      },
      {
        name: 'Old Guest',
        email: 'old@example.in',
        phone: '9000000000',
        comment: 'An older question about returns.',
        createdAt: new Date('2023-12-01T10:00:00Z'),
      },
    ]);

    const res = await t.app.inject({ url: '/api/contacts', headers: admin });
    expect(res.statusCode).toBe(200);
    const all = res.json();
    expect(all.map((m: { name: string }) => m.name)).toEqual(['Kavya Nair', 'Arjun Rao', 'Old Guest']);
    expect(all[0]).toEqual({
      _id: sent.json()._id,
      name: 'Kavya Nair',
      email: 'kavya@example.in',
      phone: '9123456780',
      comment: 'Do you ship the Banarasi saree to Kochi?',
      registeredUser: true,
      createdAt: expect.any(String),
    });
    expect(all[1]).toMatchObject({ registeredUser: false, createdAt: '2024-01-02T10:00:00.000Z' });

    const search = async (term: string) =>
      (await t.app.inject({ url: `/api/contacts?search=${encodeURIComponent(term)}`, headers: admin }))
        .json()
        .map((m: { name: string }) => m.name);
    expect(await search('KAVYA')).toEqual(['Kavya Nair']);
    expect(await search('arjun@')).toEqual(['Arjun Rao']);
    expect(await search('900000')).toEqual(['Old Guest']);
    expect(await search('banarasi')).toEqual(['Kavya Nair']);
    expect(await search('100%')).toEqual(['Arjun Rao']);
    expect(await search('%')).toEqual(['Arjun Rao']);
    expect(await search('')).toHaveLength(3);
    expect(await search('nothing like this')).toEqual([]);
    const tooLong = await t.app.inject({ url: `/api/contacts?search=${'x'.repeat(101)}`, headers: admin });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Search must be at most 100 characters');
    const nul = await t.app.inject({ url: '/api/contacts?search=a%00b', headers: admin });
    expect(nul.statusCode).toBe(400);
  });
});
