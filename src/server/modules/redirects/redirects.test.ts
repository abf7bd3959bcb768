import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRedirect, AdminRedirectList, RedirectImportResult } from '../../../core/schemas/redirects';
import { createCategory, createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { auditLog, redirects } from '../../db/schema';

// Old addresses kept (docs/architecture.md#redirects): Shopify's forms, the owner's table, loops refused, CSV upload.

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUser>>;
let productHandle: string;

/** A multipart body holding `csv` as the `file` field. */
function upload(csv: string) {
  const boundary = `----redirects-${randomBytes(6).toString('hex')}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="redirects.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const add = (fromPath: string, toPath: string) =>
  t.app.inject({ method: 'POST', url: '/api/admin/redirects', headers: owner.headers, payload: { fromPath, toPath } });

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, t.db, { role: 'owner' });
  await createCategory(t.db, { name: 'Festive Sarees', handle: 'festive-sarees' });
  const { product } = await createProduct(t.db, { title: 'Chanderi Kurta' });
  productHandle = product.handle;
});

afterAll(async () => {
  await t?.close();
});

describe("Shopify's addresses", () => {
  it('sends a collection to its category, a product in a collection to the product, all products to the listing', async () => {
    const collection = await t.app.inject({ method: 'GET', url: '/collections/festive-sarees' });
    expect(collection.statusCode).toBe(301);
    expect(collection.headers.location).toBe('/category/festive-sarees');

    const inCollection = await t.app.inject({ method: 'GET', url: `/collections/festive-sarees/products/${productHandle}` });
    expect(inCollection.statusCode).toBe(301);
    expect(inCollection.headers.location).toBe(`/products/${productHandle}`);

    const all = await t.app.inject({ method: 'GET', url: '/collections/all?page=2' });
    expect(all.statusCode).toBe(301);
    expect(all.headers.location).toBe('/products?page=2');

    // Upper case and a trailing slash are the same address.
    const loud = await t.app.inject({ method: 'HEAD', url: '/Collections/Festive-Sarees/' });
    expect(loud.statusCode).toBe(301);
    expect(loud.headers.location).toBe('/category/festive-sarees');
  });

  it('answers 404 for a collection or product this shop does not have, and never redirects /api', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/collections/winter-wear' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/collections/all/products/no-such-kurta' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/pages/unknown' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/collections/festive-sarees' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/collections/festive-sarees' })).statusCode).toBe(404);
  });
});

describe('the redirects table', () => {
  it('keeps a page address the owner adds, normalised, and answers GET and HEAD with 301', async () => {
    const res = await add('https://old-shop.myshopify.com/Pages/About-Us/?ref=footer', '/contact');
    expect(res.statusCode).toBe(201);
    const saved = res.json<AdminRedirect>();
    expect(saved).toMatchObject({ fromPath: '/pages/about-us', toPath: '/contact', source: 'manual' });

    const get = await t.app.inject({ method: 'GET', url: '/pages/about-us' });
    expect(get.statusCode).toBe(301);
    expect(get.headers.location).toBe('/contact');
    const head = await t.app.inject({ method: 'HEAD', url: '/PAGES/about-us/?utm_source=mail' });
    expect(head.statusCode).toBe(301);
    expect(head.headers.location).toBe('/contact?utm_source=mail');

    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, saved._id));
    expect(audit).toMatchObject({ action: 'redirect.create', actorId: owner.user.id });
  });

  it('refuses a redirect to itself, a loop, another host, and a second one from the same address', async () => {
    const self = await add('/pages/size-guide', '/Pages/Size-Guide/');
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('A redirect cannot point to itself');

    expect((await add('/a', '/b')).statusCode).toBe(201);
    expect((await add('/b', '/c')).statusCode).toBe(201);
    const loop = await add('/c', '/a?x=1');
    expect(loop.statusCode).toBe(400);
    expect(loop.json().message).toBe('This redirect would loop: /c → /a → /b → /c');

    // Through a Shopify form: /collections/x goes to /category/x, which may not go back.
    const throughShopify = await add('/category/festive-sarees', '/collections/festive-sarees');
    expect(throughShopify.statusCode).toBe(400);

    for (const to of ['//evil.example/x', 'https://evil.example/x', 'products', '']) {
      const res = await add('/pages/elsewhere', to);
      expect(res.statusCode, to).toBe(400);
    }
    expect((await add('/api/products', '/products')).statusCode).toBe(400);
    expect((await add('/A/', '/d')).statusCode).toBe(409);
  });

  it('edits and deletes, refusing an edit that would close a loop', async () => {
    const created = (await add('/pages/old-sale', '/products')).json<AdminRedirect>();
    const loop = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/redirects/${created._id}`,
      headers: owner.headers,
      payload: { fromPath: '/c', toPath: '/a' },
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().message).toBe('This redirect would loop: /c → /a → /b → /c');
    const taken = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/redirects/${created._id}`,
      headers: owner.headers,
      payload: { fromPath: '/b', toPath: '/products' },
    });
    expect(taken.statusCode).toBe(409);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/redirects/${created._id}`,
      headers: owner.headers,
      payload: { fromPath: '/pages/old-sale', toPath: '/category/festive-sarees' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/pages/old-sale' })).headers.location).toBe('/category/festive-sarees');

    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/redirects/${created._id}`, headers: owner.headers });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/pages/old-sale' })).statusCode).toBe(404);
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, created._id))).map((r) => r.action).sort();
    expect(actions).toEqual(['redirect.create', 'redirect.delete', 'redirect.update']);
  });

  it('lists by search, 50 a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/redirects?search=about', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const list = res.json<AdminRedirectList>();
    expect(list.total).toBe(1);
    expect(list.redirects[0].fromPath).toBe('/pages/about-us');
  });
});

describe('CSV upload', () => {
  it("writes the good rows of Shopify's export and names each bad line", async () => {
    const csv = [
      'Redirect from,Redirect to',
      '/pages/lookbook,/category/festive-sarees',
      '/blogs/news/diwali-edit,/products?search=diwali',
      '/pages/loop-one,/pages/loop-two',
      '/pages/loop-two,/pages/loop-one',
      'not a path,/products',
      '/pages/away,https://elsewhere.example/x',
      '/pages/about-us,/products',
    ].join('\r\n');
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/redirects/import', ...upload(csv) });
    expect(res.statusCode).toBe(200);
    const result = res.json<RedirectImportResult>();
    expect(result.created).toBe(3);
    expect(result.updated).toBe(1);
    expect(result.problems.map((p) => p.line)).toEqual([5, 6, 7]);
    expect(result.problems[0].message).toMatch(/loop/);

    expect((await t.app.inject({ method: 'GET', url: '/pages/lookbook' })).headers.location).toBe('/category/festive-sarees');
    expect((await t.app.inject({ method: 'GET', url: '/blogs/news/diwali-edit' })).headers.location).toBe('/products?search=diwali');
    expect((await t.app.inject({ method: 'GET', url: '/pages/about-us' })).headers.location).toBe('/products');
    const [kept] = await t.db.select().from(redirects).where(eq(redirects.fromPath, '/pages/lookbook'));
    expect(kept.source).toBe('import');
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'redirect.import'));
    expect(audits).toHaveLength(1);
  });

  it('takes from,to columns and refuses a file without either', async () => {
    const plain = await t.app.inject({ method: 'POST', url: '/api/admin/redirects/import', ...upload('from,to\n/pages/faq,/contact\n') });
    expect(plain.json<RedirectImportResult>()).toMatchObject({ created: 1, problems: [] });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/admin/redirects/import', ...upload('Old,New\n/x,/y\n') });
    expect(wrong.statusCode).toBe(400);
    const none = await t.app.inject({ method: 'POST', url: '/api/admin/redirects/import', headers: owner.headers, payload: {} });
    expect(none.statusCode).toBe(400);
  });

  it('is for staff holding catalog.import', async () => {
    const support = await createUser(t.app, t.db, { role: 'support' });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/redirects', headers: support.headers });
    expect(res.statusCode).toBe(403);
  });
});
