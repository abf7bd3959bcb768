import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ID = '00000000-0000-4000-8000-000000000000';
const H = '/api/admin/homepage';

/** Every admin route of the homepage, orders, contacts and dashboard modules, with a valid body. */
const routes: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; adminStatus: number }[] = [
  { method: 'GET', url: `${H}/banners`, adminStatus: 200 },
  { method: 'POST', url: `${H}/banners`, payload: { mediaType: 'image', imageUrl: '/media/a.webp' }, adminStatus: 201 },
  { method: 'PUT', url: `${H}/banners/order`, payload: { ids: [ID] }, adminStatus: 404 },
  { method: 'PUT', url: `${H}/banners/${ID}`, payload: { mediaType: 'image', imageUrl: '/media/a.webp' }, adminStatus: 404 },
  { method: 'DELETE', url: `${H}/banners/${ID}`, adminStatus: 404 },
  { method: 'GET', url: `${H}/videos`, adminStatus: 200 },
  { method: 'POST', url: `${H}/videos`, payload: { videoUrl: '/media/a.mp4' }, adminStatus: 201 },
  { method: 'PUT', url: `${H}/videos/${ID}`, payload: { videoUrl: '/media/a.mp4' }, adminStatus: 404 },
  { method: 'DELETE', url: `${H}/videos/${ID}`, adminStatus: 404 },
  { method: 'GET', url: `${H}/instagram`, adminStatus: 200 },
  { method: 'POST', url: `${H}/instagram`, payload: { imageUrl: '/media/a.webp', postUrl: 'https://instagram.com/p/x' }, adminStatus: 201 },
  {
    method: 'PUT',
    url: `${H}/instagram/${ID}`,
    payload: { imageUrl: '/media/a.webp', postUrl: 'https://instagram.com/p/x' },
    adminStatus: 404,
  },
  { method: 'DELETE', url: `${H}/instagram/${ID}`, adminStatus: 404 },
  { method: 'GET', url: `${H}/testimonials`, adminStatus: 200 },
  {
    method: 'POST',
    url: `${H}/testimonials`,
    payload: { authorName: 'Meera', content: 'Lovely fabric and quick delivery.' },
    adminStatus: 201,
  },
  {
    method: 'PUT',
    url: `${H}/testimonials/${ID}`,
    payload: { authorName: 'Meera', content: 'Lovely fabric and quick delivery.' },
    adminStatus: 404,
  },
  { method: 'DELETE', url: `${H}/testimonials/${ID}`, adminStatus: 404 },
  { method: 'GET', url: '/api/orders/admin/all', adminStatus: 200 },
  { method: 'GET', url: '/api/orders/admin/export.csv', adminStatus: 200 },
  { method: 'GET', url: `/api/orders/admin/${ID}`, adminStatus: 404 },
  { method: 'PUT', url: `/api/orders/admin/${ID}/status`, payload: { status: 'shipped' }, adminStatus: 404 },
  { method: 'GET', url: '/api/contacts', adminStatus: 200 },
  { method: 'GET', url: '/api/admin/dashboard', adminStatus: 200 },
];

describe('admin-only routes', () => {
  it('answer 401 without a token, 403 for a shopper and go through for an admin', async () => {
    const shopper = await createUser(t.app, t.db);
    const admin = await createUser(t.app, t.db, { role: 'admin' });
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      const guest = await t.app.inject({ method: route.method, url: route.url, payload: route.payload });
      expect(guest.statusCode, label).toBe(401);
      const bad = await t.app.inject({
        method: route.method,
        url: route.url,
        payload: route.payload,
        headers: { authorization: 'Bearer not.a.token' },
      });
      expect(bad.statusCode, label).toBe(401);
      const denied = await t.app.inject({ method: route.method, url: route.url, payload: route.payload, headers: shopper.headers });
      expect(denied.statusCode, label).toBe(403);
      expect(denied.json().message, label).toBe('Access denied. Admin privileges required.');
      const allowed = await t.app.inject({ method: route.method, url: route.url, payload: route.payload, headers: admin.headers });
      expect(allowed.statusCode, label).toBe(route.adminStatus);
    }
  });
});
