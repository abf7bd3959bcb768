/**
 * The audit rows of the homepage, review moderation and replies, search synonyms and media
 * (docs/architecture.md#audit-log): each write leaves its row, in its transaction, and a refused
 * write leaves none. The catalogue's are in catalog/catalog-audit.test.ts.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { auditLog, productReviews, testimonials } from '../../db/schema';

let t: TestApp;
let staff: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createUser(t.app, t.db, { role: 'manager', name: 'Ravi Manager' });
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = staff.headers) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const rowsOf = async (entity: string, entityId?: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(desc(auditLog.at), desc(auditLog.id))).filter(
    (r) => entityId === undefined || r.entityId === entityId,
  );

describe('homepage', () => {
  it('a testimonial added, changed and deleted; an update of nothing and a refused add leave no row', async () => {
    const valid = { authorName: 'Meera Iyer', content: 'The chanderi kurta fits beautifully and the colour is true to the photos.' };
    const added = await call('POST', '/api/admin/homepage/testimonials', valid);
    expect(added.statusCode).toBe(201);
    const id = added.json<{ _id: string }>()._id;
    await call('PUT', `/api/admin/homepage/testimonials/${id}`, { ...valid, rating: 4 });
    await call('PUT', `/api/admin/homepage/testimonials/${id}`, { ...valid, rating: 4 });
    let rows = await rowsOf('homepage', id);
    expect(rows.map((r) => [r.action, r.summary])).toEqual([
      ['homepage.update', 'Changed a testimonial'],
      ['homepage.create', 'Added a testimonial'],
    ]);
    expect(rows[0].changes).toEqual({ rating: { before: 5, after: 4 } });
    expect(rows[0]).toMatchObject({ actorId: staff.user.id, actorRole: 'manager' });

    expect((await call('DELETE', `/api/admin/homepage/testimonials/${id}`)).statusCode).toBe(200);
    rows = await rowsOf('homepage', id);
    expect(rows[0]).toMatchObject({ action: 'homepage.delete', summary: 'Deleted a testimonial' });

    // Past the limit of 10: refused, no row.
    await t.db.delete(testimonials);
    await t.db.insert(testimonials).values(Array.from({ length: 10 }, (_, i) => ({ ...valid, authorName: `Author ${i}` })));
    const before = (await rowsOf('homepage')).length;
    expect((await call('POST', '/api/admin/homepage/testimonials', valid)).statusCode).toBe(409);
    expect(await rowsOf('homepage')).toHaveLength(before);
  });

  it('a hero banner added and the banners reordered', async () => {
    const a = (
      await call('POST', '/api/admin/homepage/banners', { mediaType: 'image', imageUrl: '/media/hero/a.webp', publicId: 'hero_images/a' })
    ).json<{ _id: string }>();
    const b = (
      await call('POST', '/api/admin/homepage/banners', { mediaType: 'image', imageUrl: '/media/hero/b.webp', publicId: 'hero_images/b' })
    ).json<{ _id: string }>();
    expect((await rowsOf('homepage', a._id))[0].summary).toBe('Added a hero banner');
    expect((await call('PUT', '/api/admin/homepage/banners/order', { ids: [b._id, a._id] })).statusCode).toBe(200);
    const [reordered] = await rowsOf('homepage', '');
    expect(reordered).toMatchObject({ action: 'homepage.reorder', summary: 'Reordered the hero banners' });
  });
});

describe('reviews', () => {
  it('publish, hide and reply leave review.publish, review.hide and review.reply; a repeat or unknown review none', async () => {
    const { user } = await createUser(t.app, t.db);
    const product = await createProduct(t.db, { title: 'Indigo Kurta' });
    const [review] = await t.db
      .insert(productReviews)
      .values({
        productId: product.product.id,
        userId: user.id,
        rating: 4,
        title: 'Lovely',
        body: 'Soft fabric, true to size.',
        status: 'pending',
      })
      .returning();
    const status = (s: string) => call('PUT', `/api/admin/reviews/${review.id}/status`, { status: s });
    expect((await status('approved')).statusCode).toBe(200);
    expect((await status('approved')).statusCode).toBe(200);
    expect((await status('hidden')).statusCode).toBe(200);
    expect((await call('PUT', `/api/admin/reviews/${review.id}/reply`, { reply: 'Thank you, Asha!' })).statusCode).toBe(200);
    const rows = await rowsOf('review', review.id);
    expect(rows.map((r) => [r.action, r.summary])).toEqual([
      ['review.reply', 'Replied to a 4-star review of Indigo Kurta'],
      ['review.hide', 'Hid a 4-star review of Indigo Kurta'],
      ['review.publish', 'Published a 4-star review of Indigo Kurta'],
    ]);
    expect(rows[0].changes).toEqual({ reply: { before: null, after: 'Thank you, Asha!' } });

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('PUT', `/api/admin/reviews/${unknown}/reply`, { reply: 'Hello' })).statusCode).toBe(404);
    expect(await rowsOf('review', unknown)).toHaveLength(0);

    // Support may reply but not moderate: the refused moderation leaves no row.
    const support = await createUser(t.app, t.db, { role: 'support' });
    expect((await call('PUT', `/api/admin/reviews/${review.id}/status`, { status: 'approved' }, support.headers)).statusCode).toBe(403);
    expect(await rowsOf('review', review.id)).toHaveLength(3);
  });
});

describe('search synonyms', () => {
  it('a group added, changed and deleted; a clashing group refused with no row', async () => {
    const url = '/api/admin/search-synonyms';
    const added = await call('POST', url, { terms: ['jhumka', 'jhumki'] });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ _id: string }>()._id;
    await call('PUT', `${url}/${id}`, { terms: ['jhumka', 'jhumki', 'karnphool'] });
    const clash = await call('POST', url, { terms: ['karnphool', 'bali'] });
    expect(clash.statusCode).toBe(409);
    await call('DELETE', `${url}/${id}`);
    const rows = await rowsOf('synonym');
    expect(rows.map((r) => [r.action, r.summary])).toEqual([
      ['synonym.delete', 'Deleted the search synonyms jhumka, jhumki, karnphool'],
      ['synonym.update', 'Changed the search synonyms jhumka, jhumki to jhumka, jhumki, karnphool'],
      ['synonym.create', 'Added the search synonyms jhumka, jhumki'],
    ]);
  });
});

describe('media', () => {
  it('an upload target and a delete are recorded; a refused target is not', async () => {
    const target = await call('POST', '/api/admin/media/upload-target', { folder: 'product_images', resourceType: 'image' });
    expect(target.statusCode).toBe(200);
    expect((await call('POST', '/api/admin/media/upload-target', { folder: 'secrets', resourceType: 'image' })).statusCode).toBe(400);
    await call('POST', '/api/admin/cloudinary/delete', { publicId: 'product_images/0123456789abcdef0123' });
    const rows = await rowsOf('media');
    expect(rows.map((r) => r.action)).toEqual(['media.delete', 'media.upload']);
    expect(rows[1].entityId).toMatch(/^product_images\/[0-9a-f]{20}$/);
    expect(rows[1].summary).toBe('Started uploading a picture to product_images');
    expect(rows[0].summary).toBe('Tried to delete product_images/0123456789abcdef0123 (not found)');
  });
});
