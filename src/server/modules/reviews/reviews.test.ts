import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderRecord, createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { NOT_ELIGIBLE, REVIEWS_PAGE_SIZE, type AdminReviewPage, type ReviewPage } from '../../../core/reviews';
import { orderEvents, productReviews, products } from '../../db/schema';
import { createCloudinaryStore, parseCloudinaryUrl } from '../../integrations/media-store/cloudinary-store';
import { realImage } from '../media/test-fixtures';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
});
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof createUser>>;
const review = { rating: 4, title: 'Lovely colour', body: 'Soft fabric, the colour is as shown.' };

let awbSeq = 0;
/** A shopper with a delivered order of `productId` in `size` (the order placed, then shipped and delivered by the admin's actions). */
async function buyer(productId: string, variantId: string, size = 'M', name = 'Asha Verma'): Promise<Shopper> {
  const shopper = await createUser(t.app, t.db, { name });
  const order = await createOrderRecord(t.db, { userId: shopper.user.id, lines: [{ productId, variantId, size }] });
  const shipped = await t.app.inject({
    method: 'POST',
    url: `/api/orders/admin/${order.id}/shipments`,
    headers: admin,
    payload: { courier: 'dtdc', awb: `RV${Date.now()}${++awbSeq}` },
  });
  expect(shipped.statusCode).toBe(201);
  const res = await t.app.inject({ method: 'POST', url: `/api/orders/admin/${order.id}/delivered`, headers: admin, payload: {} });
  expect(res.statusCode).toBe(200);
  return shopper;
}

const submit = (s: Shopper, productId: string, body: unknown = review) =>
  t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/reviews`,
    headers: s.headers,
    remoteAddress: randomIp(),
    payload: body as object,
  });
const moderate = (id: string, status: string) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/reviews/${id}/status`, headers: admin, payload: { status } });
const publicPage = async (productId: string, query = '') => {
  const res = await t.app.inject(`/api/products/${productId}/reviews${query}`);
  expect(res.statusCode).toBe(200);
  return res.json<ReviewPage>();
};
const storedRating = async (productId: string) => {
  const [row] = await t.db.select({ sum: products.ratingSum, n: products.ratingCount }).from(products).where(eq(products.id, productId));
  return row;
};
let ipCounter = 0;
/** Each submission from its own address, so the per-IP limit is only met by the test that means to. */
const randomIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe('who may review', () => {
  it('refuses guests (401), shoppers without a delivered order of the product (403 with the message), and unknown products (404)', async () => {
    const { product, bySize } = await createProduct(t.db);
    expect((await t.app.inject({ method: 'POST', url: `/api/products/${product.id}/reviews`, payload: review })).statusCode).toBe(401);

    const stranger = await createUser(t.app, t.db);
    let res = await submit(stranger, product.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: NOT_ELIGIBLE });

    // An order that is only shipped does not count.
    const waiting = await createUser(t.app, t.db);
    await createOrderRecord(t.db, {
      userId: waiting.user.id,
      status: 'shipped',
      lines: [{ productId: product.id, variantId: bySize.M.id }],
    });
    res = await submit(waiting, product.id);
    expect(res.statusCode).toBe(403);
    const mine = await t.app.inject({ url: `/api/products/${product.id}/reviews/mine`, headers: waiting.headers });
    expect(mine.json()).toEqual({ eligible: false, sizes: [], review: null });

    res = await submit(stranger, '00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Product not found' });
  });

  it('lets a buyer of a delivered order review once, with the size they bought; a second post edits it and sends it back to moderation', async () => {
    const { product, bySize } = await createProduct(t.db, {
      variants: [
        { size: 'M', pricePaise: 99_900 },
        { size: 'L', pricePaise: 99_900 },
      ],
    });
    const shopper = await buyer(product.id, bySize.L.id, 'L');
    let res = await t.app.inject({ url: `/api/products/${product.id}/reviews/mine`, headers: shopper.headers });
    expect(res.json()).toEqual({ eligible: true, sizes: ['L'], review: null });

    res = await submit(shopper, product.id, { ...review, size: 'M' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose a size you bought: L');

    res = await submit(shopper, product.id, { ...review, fit: 'small' });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ rating: 4, size: 'L', fit: 'small', status: 'pending', author: 'Asha V.' });

    await moderate(created._id, 'approved');
    expect(await storedRating(product.id)).toEqual({ sum: 4, n: 1 });

    res = await submit(shopper, product.id, { ...review, rating: 2, title: 'Changed my mind' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: created._id, rating: 2, status: 'pending' });
    // The edited review waits again: it leaves the public page and the rating until approved.
    expect(await storedRating(product.id)).toEqual({ sum: 0, n: 0 });
    expect((await publicPage(product.id)).reviews).toEqual([]);
  });

  it('counts a delivered order that later had a return requested', async () => {
    const { product, bySize } = await createProduct(t.db);
    const shopper = await createUser(t.app, t.db);
    const order = await createOrderRecord(t.db, {
      userId: shopper.user.id,
      status: 'return_requested',
      lines: [{ productId: product.id, variantId: bySize.M.id }],
    });
    expect((await submit(shopper, product.id)).statusCode).toBe(403);
    await t.db.insert(orderEvents).values({ orderId: order.id, status: 'delivered' });
    expect((await submit(shopper, product.id)).statusCode).toBe(201);
  });
});

describe('a first review sent twice at once', () => {
  it('leaves one review (the unique product and shopper pair; no 500)', async () => {
    const { product, bySize } = await createProduct(t.db);
    const s = await buyer(product.id, bySize.M.id);
    const answers = await Promise.all([submit(s, product.id), submit(s, product.id, { ...review, rating: 2 })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const rows = await t.db.select().from(productReviews).where(eq(productReviews.productId, product.id));
    expect(rows).toHaveLength(1);
  });
});

describe('moderation and the product rating', () => {
  it('shows only approved reviews, and keeps the average and count right through approve, hide and approve again', async () => {
    const { product, bySize } = await createProduct(t.db);
    const ids: string[] = [];
    for (const [rating, fit] of [
      [5, 'true'],
      [4, 'true'],
      [2, 'small'],
    ] as const) {
      const s = await buyer(product.id, bySize.M.id);
      const res = await submit(s, product.id, { ...review, rating, fit });
      expect(res.statusCode).toBe(201);
      ids.push(res.json()._id);
    }
    let page = await publicPage(product.id);
    expect(page.reviews).toEqual([]);
    expect(page.summary).toMatchObject({ average: null, count: 0, distribution: [0, 0, 0, 0, 0], mostSay: null });

    const queue = (await t.app.inject({ url: '/api/admin/reviews?status=pending', headers: admin })).json<AdminReviewPage>();
    expect(queue.reviews.filter((r) => r.product._id === product.id)).toHaveLength(3);
    // The admin's link to the product goes to its readable address, not through the old id's 301.
    const [{ handle }] = await t.db.select({ handle: products.handle }).from(products).where(eq(products.id, product.id));
    expect(queue.reviews.find((r) => r.product._id === product.id)?.product.handle).toBe(handle);
    expect(queue.counts.pending).toBeGreaterThanOrEqual(3);

    for (const id of ids) expect((await moderate(id, 'approved')).statusCode).toBe(200);
    expect((await moderate(ids[0], 'approved')).statusCode).toBe(200); // again: no change
    expect(await storedRating(product.id)).toEqual({ sum: 11, n: 3 });
    page = await publicPage(product.id);
    expect(page.summary).toEqual({
      average: 3.7,
      count: 3,
      distribution: [0, 1, 0, 1, 1],
      fit: { small: 1, true: 2, large: 0 },
      mostSay: 'true',
    });
    expect(page.reviews).toHaveLength(3);

    const hidden = await moderate(ids[2], 'hidden');
    expect(hidden.json()).toMatchObject({ _id: ids[2], status: 'hidden' });
    expect(await storedRating(product.id)).toEqual({ sum: 9, n: 2 });
    page = await publicPage(product.id);
    expect(page.summary.average).toBe(4.5);
    expect(page.reviews.map((r) => r._id).sort()).toEqual([ids[0], ids[1]].sort());

    // Cards and the product carry the stored average.
    const card = (await t.app.inject(`/api/products/${product.id}`)).json();
    expect(card.rating).toEqual({ average: 4.5, count: 2 });

    await moderate(ids[2], 'approved');
    expect(await storedRating(product.id)).toEqual({ sum: 11, n: 3 });
  });

  it('counts a review once when two admins approve it at the same moment', async () => {
    const { product, bySize } = await createProduct(t.db);
    const s = await buyer(product.id, bySize.M.id);
    const id = (await submit(s, product.id, { ...review, rating: 5 })).json()._id;
    const answers = await Promise.all([moderate(id, 'approved'), moderate(id, 'approved'), moderate(id, 'approved')]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await storedRating(product.id)).toEqual({ sum: 5, n: 1 });
  });

  it('keeps replies under the review, and answers 404 for unknown reviews and 400 for a bad status', async () => {
    const { product, bySize } = await createProduct(t.db);
    const s = await buyer(product.id, bySize.M.id);
    const id = (await submit(s, product.id)).json()._id;
    await moderate(id, 'approved');
    let res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/reviews/${id}/reply`,
      headers: admin,
      payload: { reply: 'Thank you, Asha!' },
    });
    expect(res.statusCode).toBe(200);
    expect((await publicPage(product.id)).reviews[0]).toMatchObject({ reply: 'Thank you, Asha!', repliedAt: expect.any(String) });

    res = await moderate('00000000-0000-4000-8000-000000000000', 'approved');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Review not found' });
    res = await moderate(id, 'pending');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Status must be approved or hidden');
  });

  it('is for admins only', async () => {
    const shopper = await createUser(t.app, t.db);
    expect((await t.app.inject('/api/admin/reviews')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/reviews', headers: shopper.headers })).statusCode).toBe(403);
  });

  it('puts the pending count on the dashboard', async () => {
    const res = await t.app.inject({ url: '/api/admin/dashboard', headers: admin });
    const queue = (await t.app.inject({ url: '/api/admin/reviews?status=pending', headers: admin })).json<AdminReviewPage>();
    expect(res.json().pendingReviews).toBe(queue.counts.pending);
  });
});

describe('reading reviews', () => {
  it('pages newest first or most helpful first, and counts one Helpful vote per shopper', async () => {
    const { product, bySize } = await createProduct(t.db);
    const ids: string[] = [];
    for (let i = 0; i < REVIEWS_PAGE_SIZE + 1; i++) {
      const s = await buyer(product.id, bySize.M.id);
      const id = (await submit(s, product.id, { ...review, title: `Review ${i}` })).json()._id;
      await moderate(id, 'approved');
      ids.push(id);
    }
    let page = await publicPage(product.id);
    expect(page).toMatchObject({ page: 1, totalPages: 2, totalReviews: REVIEWS_PAGE_SIZE + 1 });
    expect(page.reviews[0].title).toBe(`Review ${REVIEWS_PAGE_SIZE}`);
    page = await publicPage(product.id, '?page=2');
    expect(page.reviews.map((r) => r.title)).toEqual(['Review 0']);

    const voter = await createUser(t.app, t.db);
    const vote = (s: Shopper, id: string) => t.app.inject({ method: 'POST', url: `/api/reviews/${id}/helpful`, headers: s.headers });
    expect((await vote(voter, ids[0])).json()).toEqual({ helpfulCount: 1 });
    expect((await vote(voter, ids[0])).json()).toEqual({ helpfulCount: 1 });
    const [a, b] = await Promise.all([vote(await createUser(t.app, t.db), ids[0]), vote(voter, ids[1])]);
    expect([a.json(), b.json()]).toEqual([{ helpfulCount: 2 }, { helpfulCount: 1 }]);
    page = await publicPage(product.id, '?sort=helpful');
    expect(page.reviews.slice(0, 2).map((r) => r._id)).toEqual([ids[0], ids[1]]);

    expect((await t.app.inject({ method: 'POST', url: `/api/reviews/${ids[0]}/helpful` })).statusCode).toBe(401);
    const bad = await t.app.inject(`/api/products/${product.id}/reviews?sort=best&page=0`);
    expect(bad.statusCode).toBe(400);
  });

  it('will not count a vote for a pending review or one of your own', async () => {
    const { product, bySize } = await createProduct(t.db);
    const s = await buyer(product.id, bySize.M.id);
    const id = (await submit(s, product.id)).json()._id;
    const other = await createUser(t.app, t.db);
    let res = await t.app.inject({ method: 'POST', url: `/api/reviews/${id}/helpful`, headers: other.headers });
    expect(res.statusCode).toBe(404);
    await moderate(id, 'approved');
    res = await t.app.inject({ method: 'POST', url: `/api/reviews/${id}/helpful`, headers: s.headers });
    expect(res.statusCode).toBe(403);
  });
});

describe('spam and unsafe text', () => {
  it('keeps markup as text, refuses control characters and enforces lengths and the rating range', async () => {
    const { product, bySize } = await createProduct(t.db);
    const s = await buyer(product.id, bySize.M.id);
    const xss = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    let res = await submit(s, product.id, { ...review, title: xss.slice(0, 90), body: `${xss} & "quotes"` });
    expect(res.statusCode).toBe(201);
    await moderate(res.json()._id, 'approved');
    const shown = (await publicPage(product.id)).reviews[0];
    expect(shown.body).toBe(`${xss} & "quotes"`);

    for (const [body, field] of [
      [{ ...review, rating: 6 }, 'rating'],
      [{ ...review, rating: 3.5 }, 'rating'],
      [{ ...review, title: '' }, 'title'],
      [{ ...review, title: 'x'.repeat(101) }, 'title'],
      [{ ...review, body: 'short' }, 'body'],
      [{ ...review, body: 'x'.repeat(2001) }, 'body'],
      [{ ...review, body: 'Nice fabric\u0000 really' }, 'body'],
      [{ ...review, fit: 'tight' }, 'fit'],
    ] as const) {
      res = await submit(s, product.id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
    }
  });

  it('limits submissions per address', async () => {
    const { product } = await createProduct(t.db);
    const stranger = await createUser(t.app, t.db);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/products/${product.id}/reviews`,
        headers: stranger.headers,
        remoteAddress: '10.9.9.9',
        payload: review,
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 403)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('review photos', () => {
  async function uploadPhoto(s: Shopper, productId: string) {
    const target = await t.app.inject({ method: 'POST', url: '/api/reviews/upload-target', headers: s.headers, payload: { productId } });
    expect(target.statusCode).toBe(200);
    const form = new FormData();
    for (const [k, v] of Object.entries(target.json().fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(await realImage('jpeg'))], { type: 'image/jpeg' }), 'me.jpg');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')! },
    });
    expect(res.statusCode).toBe(200);
    const { secure_url: url, public_id: publicId } = res.json();
    return { url, publicId };
  }

  it("takes up to 3 of the shopper's own uploads, and nothing else", async () => {
    const { product, bySize } = await createProduct(t.db);
    const s = await buyer(product.id, bySize.M.id);
    const stranger = await createUser(t.app, t.db);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/reviews/upload-target',
      headers: stranger.headers,
      payload: { productId: product.id },
    });
    expect(refused.statusCode).toBe(403);

    const photos = [await uploadPhoto(s, product.id), await uploadPhoto(s, product.id), await uploadPhoto(s, product.id)];
    expect(photos[0].url).toMatch(/^\/media\/review_photos\/[0-9a-f]{20}\.jpg$/);
    let res = await submit(s, product.id, { ...review, photos: [...photos, photos[0]] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.photos).toBe('At most 3 photos');

    res = await submit(s, product.id, { ...review, photos: [{ url: 'https://evil.example/x.jpg', publicId: photos[0].publicId }] });
    expect(res.statusCode).toBe(400);
    res = await submit(s, product.id, {
      ...review,
      photos: [{ url: '/media/review_photos/0123456789abcdef0123.jpg', publicId: 'review_photos/0123456789abcdef0123' }],
    });
    expect(res.statusCode).toBe(400);
    res = await submit(s, product.id, { ...review, photos: [{ url: '/media/product_images/a.jpg', publicId: 'product_images/a' }] });
    expect(res.statusCode).toBe(400);

    res = await submit(s, product.id, { ...review, photos });
    expect(res.statusCode).toBe(201);
    expect(res.json().photos).toEqual(photos);
  });
});

describe('review photos on Cloudinary', () => {
  it("takes only this account's delivery URL of the named upload", () => {
    const store = createCloudinaryStore(parseCloudinaryUrl('cloudinary://key:secret@rangmanch'));
    const id = 'review_photos/abc123';
    expect(store.servesImage(id, 'https://res.cloudinary.com/rangmanch/image/upload/v1712345678/review_photos/abc123.jpg')).toBe(true);
    expect(store.servesImage(id, 'https://res.cloudinary.com/rangmanch/image/upload/review_photos/abc123.webp')).toBe(true);
    expect(store.servesImage(id, 'https://res.cloudinary.com/other/image/upload/v1/review_photos/abc123.jpg')).toBe(false);
    expect(store.servesImage(id, 'https://res.cloudinary.com/rangmanch/image/upload/v1/review_photos/other.jpg')).toBe(false);
    expect(store.servesImage(id, 'https://evil.example/rangmanch/image/upload/v1/review_photos/abc123.jpg')).toBe(false);
  });
});
