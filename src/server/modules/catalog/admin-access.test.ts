import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** Every admin route of the catalogue and media modules, with a body that would otherwise be valid enough to reach it. */
const ADMIN_ROUTES: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }[] = [
  { method: 'GET', url: '/api/categories/admin/all' },
  { method: 'POST', url: '/api/categories', payload: { name: 'Sarees', parentId: null, description: null, isActive: true } },
  {
    method: 'PUT',
    url: `/api/categories/${SOME_ID}`,
    payload: { name: 'Sarees', parentId: null, description: null, isActive: true },
  },
  { method: 'DELETE', url: `/api/categories/${SOME_ID}` },
  { method: 'GET', url: '/api/products/admin/all' },
  { method: 'POST', url: '/api/products', payload: {} },
  { method: 'PUT', url: `/api/products/${SOME_ID}`, payload: {} },
  { method: 'DELETE', url: `/api/products/${SOME_ID}` },
  { method: 'POST', url: '/api/admin/media/upload-target', payload: { folder: 'product_images', resourceType: 'image' } },
  { method: 'POST', url: '/api/admin/cloudinary/delete', payload: { publicId: 'product_images/abc' } },
  { method: 'POST', url: '/api/admin/homepage/cloudinary/delete', payload: { publicId: 'hero_images/abc' } },
];

describe('admin catalogue and media routes', () => {
  it.each(ADMIN_ROUTES)(
    '$method $url: 401 without a token, 401 with a bad one, 403 for a shopper, reachable for an admin',
    async (route) => {
      const shopper = await createUser(t.app, t.db);
      const admin = await createUser(t.app, t.db, { role: 'admin' });
      const send = (headers: Record<string, string>) =>
        t.app.inject({ method: route.method, url: route.url, payload: route.payload, headers });

      let res = await send({});
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Please log in to continue');

      res = await send({ authorization: 'Bearer not-a-token' });
      expect(res.statusCode).toBe(401);

      res = await send(shopper.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Access denied. Admin privileges required.' });

      // The route exists for an admin (an unknown id answers the module's own 404, not the router's).
      res = await send(admin.headers);
      expect(res.statusCode).not.toBe(401);
      expect(res.statusCode).not.toBe(403);
      expect(res.json().message ?? '').not.toBe('Not found');
    },
  );

  it('checks the token before the body: a shopper sending garbage still gets 403', async () => {
    const shopper = await createUser(t.app, t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/products', headers: shopper.headers, payload: { title: 42 } });
    expect(res.statusCode).toBe(403);
  });
});
