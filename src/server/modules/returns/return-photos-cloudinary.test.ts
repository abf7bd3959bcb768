/**
 * Return photos on Cloudinary are private too (docs/decisions/0021-upload-limits.md): the shopper's
 * browser uploads them as `authenticated` assets with a metadata-stripping incoming transformation,
 * the photo field takes only that account's authenticated URL of the shopper's own upload, and the
 * returns API hands the owner and admins private download URLs that stop working when they expire.
 * Cloudinary is the loopback stand-in (tests/helpers/cloudinary-stand-in.ts), which checks
 * signatures, delivery types and expiry as Cloudinary does.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../audit/record';
import {
  CLOUD,
  CLOUDINARY_TEST_URL,
  cloudinaryExpectedSignature,
  startCloudinaryStandIn,
  type StandIn,
} from '../../../../tests/helpers/cloudinary-stand-in';
import { createDeliveredOrder, createOrderRecord, createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import type { ShopSettingsData } from '../../../core/schemas/settings';
import { demoShopSettings } from '../../db/seed/demo-catalog';
import { PRIVATE_UPLOAD_TRANSFORMATION } from '../../integrations/media-store/cloudinary-store';
import { RETURN_PHOTO_URL_TTL_MS } from '../media/private-photos';
import { sweepUnusedPhotos } from '../reviews/photo-sweep';

let t: TestApp;
let standIn: StandIn;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  standIn = await startCloudinaryStandIn();
  t = await createTestApp({ cloudinaryApiBase: standIn.url }, { CLOUDINARY_URL: CLOUDINARY_TEST_URL });
  admin = await createUser(t.app, t.db, { role: 'admin' });
  await t.app.settings.save({ ...demoShopSettings, returns: { windowDays: 30, sizeExchanges: false } } as ShopSettingsData, SYSTEM_ACTOR);
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});

type Shopper = Awaited<ReturnType<typeof createUser>>;

/** A delivered order of `shopper` (one kurta, delivered yesterday); answers its id and line id. */
const deliveredOrder = (shopper: Shopper) =>
  createDeliveredOrder(t.db, { userId: shopper.user.id, deliveredAt: new Date(t.clock.now.getTime() - 86_400_000) });

/** What the return form does: asks the order's upload target and posts a JPEG straight to Cloudinary. */
async function uploadToCloudinary(shopper: Shopper, orderId: string) {
  const target = await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/returns/upload-target`, headers: shopper.headers });
  expect(target.statusCode, target.body).toBe(200);
  const fields = target.json().fields as Record<string, string>;
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#a33' } })
    .jpeg()
    .toBuffer();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'torn.jpg');
  const res = await fetch(target.json().uploadUrl, { method: 'POST', body: form });
  expect(res.status).toBe(200);
  return { fields, url: ((await res.json()) as { secure_url: string }).secure_url, jpeg };
}

const askReturn = (shopper: Shopper, order: { id: string; itemId: string }, photos: string[]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/returns`,
    headers: shopper.headers,
    payload: { lines: [{ orderItemId: order.itemId, quantity: 1 }], reason: 'damaged', resolution: 'refund', photos },
  });

describe('return photos on Cloudinary', () => {
  it('are uploaded as authenticated assets with their metadata stripped, signed as Cloudinary checks', async () => {
    const shopper = await createUser(t.app, t.db);
    const order = await deliveredOrder(shopper);
    const { fields, url } = await uploadToCloudinary(shopper, order.id);
    expect(fields).toMatchObject({ folder: 'return_photos', type: 'authenticated', transformation: PRIVATE_UPLOAD_TRANSFORMATION });
    expect(PRIVATE_UPLOAD_TRANSFORMATION).toContain('fl_force_strip');
    expect(fields.signature).toBe(cloudinaryExpectedSignature(fields));
    expect(url).toMatch(new RegExp(`^https://res\\.cloudinary\\.com/${CLOUD.name}/image/authenticated/s--[A-Za-z0-9_-]{8}--/`));

    // A review photo stays a public upload.
    const { product, bySize } = await createProduct(t.db);
    await createOrderRecord(t.db, {
      userId: shopper.user.id,
      status: 'delivered',
      lines: [{ productId: product.id, variantId: bySize.M.id, size: 'M' }],
    });
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/reviews/upload-target',
      headers: shopper.headers,
      payload: { productId: product.id },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().fields.type).toBeUndefined();
    expect(review.json().fields.transformation).toBeUndefined();
  });

  it("takes only this account's authenticated URL of the shopper's own upload", async () => {
    const shopper = await createUser(t.app, t.db);
    const order = await deliveredOrder(shopper);
    const { url } = await uploadToCloudinary(shopper, order.id);
    const publicCopy = url.replace(/\/authenticated\/s--[A-Za-z0-9_-]{8}--\//, '/upload/');
    for (const photo of [publicCopy, url.replace(CLOUD.name, 'someone-else'), url.replace(/s--[A-Za-z0-9_-]{8}--\//, '')]) {
      const res = await askReturn(shopper, order, [photo]);
      expect(res.statusCode, photo).toBe(400);
      expect(res.json().message).toBe('Please upload the photos through the form');
    }
    expect((await askReturn(shopper, order, [url])).statusCode).toBe(201);
  });

  it('hands the owner and admins private download URLs that expire, never the stored URL', async () => {
    const shopper = await createUser(t.app, t.db);
    const order = await deliveredOrder(shopper);
    const { url, jpeg } = await uploadToCloudinary(shopper, order.id);
    const created = await askReturn(shopper, order, [url]);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.body).not.toContain('res.cloudinary.com');
    const [handed] = created.json().photos as string[];
    const download = new URL(handed);
    expect(`${download.origin}${download.pathname}`).toBe(`${standIn.url}/v1_1/${CLOUD.name}/image/download`);
    const query = Object.fromEntries(download.searchParams);
    expect(query).toMatchObject({ type: 'authenticated', format: 'jpg', api_key: CLOUD.key });
    expect(query.public_id).toMatch(/^return_photos\/[0-9a-f]{20}$/);
    const lifetime = Number(query.expires_at) * 1000 - t.clock.now.getTime();
    expect(lifetime).toBeGreaterThanOrEqual(RETURN_PHOTO_URL_TTL_MS - 1000);
    expect(lifetime).toBeLessThanOrEqual(2 * RETURN_PHOTO_URL_TTL_MS);
    expect(JSON.stringify(query)).not.toContain(CLOUD.secret);

    const seen = await fetch(handed);
    expect(seen.status).toBe(200);
    expect(Buffer.from(await seen.arrayBuffer()).equals(jpeg)).toBe(true);

    const listed = await t.app.inject({ url: '/api/admin/returns', headers: admin.headers });
    const adminView = listed.json<{ orderId: string; photos: string[] }[]>().find((r) => r.orderId === order.id)!;
    expect(adminView.photos[0]).toMatch(new RegExp(`^${standIn.url}/v1_1/${CLOUD.name}/image/download\\?`));

    // Cloudinary refuses a changed expiry (the signature covers it) and an expired URL.
    download.searchParams.set('expires_at', String(Number(query.expires_at) + 86_400));
    expect((await fetch(download)).status).toBe(401);
    const expired = new URL(handed);
    const { signature: _signature, ...unsigned } = query;
    const past = { ...unsigned, expires_at: String(Math.floor(Date.now() / 1000) - 1), timestamp: String(Math.floor(Date.now() / 1000)) };
    expired.search = new URLSearchParams({ ...past, signature: cloudinaryExpectedSignature(past) }).toString();
    expect((await fetch(expired)).status).toBe(401);
  });

  it('sweeps an unused return photo with the authenticated listing and destroy', async () => {
    const shopper = await createUser(t.app, t.db);
    const order = await deliveredOrder(shopper);
    const kept = await uploadToCloudinary(shopper, order.id);
    expect((await askReturn(shopper, order, [kept.url])).statusCode).toBe(201);
    const unused = await uploadToCloudinary(shopper, (await deliveredOrder(shopper)).id);
    const unusedId = `return_photos/${unused.fields.public_id}`;

    const result = await sweepUnusedPhotos({
      db: t.db,
      store: t.app.mediaStore,
      folder: 'return_photos',
      now: () => new Date(Date.now() + 30 * 86_400_000),
    });
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(standIn.listings.at(-1)).toMatchObject({ prefix: 'return_photos/' });
    const destroyed = standIn.destroys.find((d) => d.params.public_id === unusedId);
    expect(destroyed?.params.type).toBe('authenticated');
    expect(standIn.stored.some((a) => a.publicId === unusedId)).toBe(false);
    expect(standIn.stored.some((a) => a.publicId === `return_photos/${kept.fields.public_id}`)).toBe(true);
  });
});
