/**
 * Return photos are the shopper's (docs/decisions/0021-upload-limits.md): the photo field takes only
 * this shopper's own uploads to the shop's return_photos folder, the public /media/ route does not
 * serve them, and the returns API hands the owner and admins signed, short-lived, privately cached
 * URLs instead.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveredOrder, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ShopSettingsData } from '../../../core/schemas/settings';
import { demoShopSettings } from '../../db/seed/demo-catalog';
import { RETURN_PHOTO_URL_TTL_MS } from '../media/private-photos';
import { SYSTEM_ACTOR } from '../audit/record';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.app, t.db, { role: 'admin' });
  await t.app.settings.save({ ...demoShopSettings, returns: { windowDays: 30, sizeExchanges: false } } as ShopSettingsData, SYSTEM_ACTOR);
});
afterAll(() => t.close());

type Shopper = Awaited<ReturnType<typeof createUser>>;

/** A delivered order of `shopper` (one kurta, delivered yesterday); answers its id and line id. */
const deliveredOrder = (shopper: Shopper) =>
  createDeliveredOrder(t.db, { userId: shopper.user.id, deliveredAt: new Date(t.clock.now.getTime() - 86_400_000) });

/** Uploads a JPEG through the order's return upload target; answers the upload's URL. */
async function uploadReturnPhoto(shopper: Shopper, orderId: string): Promise<string> {
  const target = await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/returns/upload-target`, headers: shopper.headers });
  expect(target.statusCode, target.body).toBe(200);
  const form = new FormData();
  for (const [k, v] of Object.entries(target.json().fields as Record<string, string>)) form.append(k, v);
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#a33' } })
    .jpeg()
    .toBuffer();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'torn.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().secure_url;
}

const askReturn = (shopper: Shopper, order: { id: string; itemId: string }, photos: string[]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/returns`,
    headers: shopper.headers,
    payload: { lines: [{ orderItemId: order.itemId, quantity: 1 }], reason: 'damaged', resolution: 'refund', photos },
  });

describe('the return photo field', () => {
  it("takes only the shopper's own uploads to the shop's return_photos folder (400 otherwise)", async () => {
    const shopper = await createUser(t.app, t.db);
    const other = await createUser(t.app, t.db);
    const order = await deliveredOrder(shopper);
    const theirs = await uploadReturnPhoto(other, (await deliveredOrder(other)).id);
    const mine = await uploadReturnPhoto(shopper, order.id);
    for (const photo of [
      'https://evil.example/x/return_photos/abc.jpg',
      'https://res.cloudinary.com/someone-else/image/upload/v1/return_photos/0123456789abcdef0123.jpg',
      '/media/return_photos/0123456789abcdef0123.jpg',
      '/media/review_photos/0123456789abcdef0123.jpg',
      theirs,
    ]) {
      const res = await askReturn(shopper, order, [mine, photo]);
      expect(res.statusCode, photo).toBe(400);
      expect(res.json().message, photo).toBe('Please upload the photos through the form');
    }
    expect((await askReturn(shopper, order, [mine])).statusCode).toBe(201);
  });
});

describe('return photos are private', () => {
  it('are not on the public media route; the owner and admins get signed, privately cached URLs that expire', async () => {
    const shopper = await createUser(t.app, t.db);
    const stranger = await createUser(t.app, t.db);
    const order = await deliveredOrder(shopper);
    const uploaded = await uploadReturnPhoto(shopper, order.id);
    expect(uploaded).toMatch(/^\/media\/return_photos\/[0-9a-f]{20}\.jpg$/);
    expect((await t.app.inject(uploaded)).statusCode).toBe(404);
    expect((await t.app.inject(uploaded.replace('return_photos', 'RETURN_PHOTOS'))).statusCode).toBe(404);

    const created = await askReturn(shopper, order, [uploaded]);
    expect(created.statusCode, created.body).toBe(201);
    const [signed] = created.json().photos as string[];
    expect(signed).toMatch(/^\/api\/media\/return-photos\/[0-9a-f]{20}\.jpg\?expires=\d+&signature=[0-9a-f]{64}$/);

    const seen = await t.app.inject(signed);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/jpeg');
    expect(seen.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect((await sharp(seen.rawPayload).metadata()).format).toBe('jpeg');

    // The owner's and the admin's lists sign it too; a stranger sees no list at all.
    const own = await t.app.inject({ url: `/api/orders/${order.id}/returns`, headers: shopper.headers });
    expect(own.json()[0].photos[0]).toMatch(/^\/api\/media\/return-photos\//);
    const listed = await t.app.inject({ url: '/api/admin/returns', headers: admin.headers });
    const adminView = listed.json<{ orderId: string; photos: string[] }[]>().find((r) => r.orderId === order.id)!;
    expect(adminView.photos[0]).toMatch(/^\/api\/media\/return-photos\//);
    expect((await t.app.inject({ url: `/api/orders/${order.id}/returns`, headers: stranger.headers })).statusCode).toBe(404);

    // A changed signature, file or expiry is refused; so is the URL once expired.
    const tampered = signed.replace(/signature=[0-9a-f]/, (m) => m.slice(0, -1) + (m.endsWith('0') ? '1' : '0'));
    for (const bad of [tampered, signed.replace(/expires=(\d+)/, (_m, e) => `expires=${Number(e) + 3600}`)]) {
      const res = await t.app.inject(bad);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This photo link has expired. Please reload the page.');
    }
    t.clock.advance(2 * RETURN_PHOTO_URL_TTL_MS + 1000);
    expect((await t.app.inject(signed)).statusCode).toBe(403);
  });
});
