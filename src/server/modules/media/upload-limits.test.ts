/**
 * Upload limits (docs/decisions/0021-upload-limits.md): an upload target carries one file, a shopper
 * gets at most UPLOAD_QUOTA.files targets in 24 hours (admins are not counted), and photos are
 * stored without their EXIF/GPS metadata.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderRecord, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { UPLOAD_QUOTA } from './grants';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
});
afterAll(() => t.close());

let ipSeq = 0;
/** A fresh caller address, so the per-address limits stay out of the way. */
const newIp = () => `10.88.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

async function adminTarget(folder = 'product_images') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/media/upload-target',
    headers: admin,
    remoteAddress: newIp(),
    payload: { folder, resourceType: 'image' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ fields: Record<string, string> }>();
}

const returnTarget = (orderId: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/returns/upload-target`,
    headers,
    remoteAddress: newIp(),
  });

async function upload(fields: Record<string, string>, data: Buffer, name = 'photo.jpg') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: { 'content-type': request.headers.get('content-type')! },
    remoteAddress: newIp(),
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** A phone-like JPEG: camera make, and a GPS position in its EXIF (GPS IFD pointer 0x8825). */
function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 12, channels: 3, background: '#3e6fb0' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMakerX', Model: 'Model 7' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 4321/100' },
    })
    .toBuffer();
}

/** True when EXIF holds a GPS IFD pointer (tag 0x8825, either byte order). */
const hasGps = (exif: Buffer | undefined) =>
  Boolean(exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))));

describe('upload targets', () => {
  it('carry one file: the same target used again is refused with 403', async () => {
    const target = await adminTarget();
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect((await upload(target.fields, jpeg)).statusCode).toBe(200);
    const again = await upload(target.fields, jpeg);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('This upload link was already used. Please choose the file again.');
  });

  it(`give a shopper at most ${UPLOAD_QUOTA.files} photos a day (429 with Retry-After); admins are not counted`, async () => {
    const shopper = await createUser(t.app, t.db);
    const order = await createOrderRecord(t.db, { userId: shopper.user.id, status: 'delivered' });
    for (let i = 0; i < UPLOAD_QUOTA.files; i++) expect((await returnTarget(order.id, shopper.headers)).statusCode).toBe(200);
    const refused = await returnTarget(order.id, shopper.headers);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(
      new RegExp(`^You can upload up to ${UPLOAD_QUOTA.files} photos a day\\. Please try again in \\d+ hours?\\.$`),
    );
    for (let i = 0; i < UPLOAD_QUOTA.files + 1; i++) await adminTarget();

    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await returnTarget(order.id, shopper.headers)).statusCode).toBe(200);
  });
});

describe('photo metadata', () => {
  it('is stripped from every uploaded photo: a JPEG carrying GPS EXIF is stored without any EXIF', async () => {
    const original = await jpegWithGps();
    expect(hasGps((await sharp(original).metadata()).exif)).toBe(true);

    const shopper = await createUser(t.app, t.db);
    const order = await createOrderRecord(t.db, { userId: shopper.user.id, status: 'delivered' });
    const returnFields = (await returnTarget(order.id, shopper.headers)).json().fields;
    for (const fields of [returnFields, (await adminTarget('product_images')).fields]) {
      const res = await upload(fields, original);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ public_id: string; bytes: number; format: string }>();
      const stored = readFileSync(path.join(t.config.dataDir, 'media', `${body.public_id}.jpg`));
      expect(body.bytes).toBe(stored.length);
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(stored.includes(Buffer.from('PhoneMakerX'))).toBe(false);
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 16, 12]);
    }
  });

  it('refuses a file that has an image’s first bytes but is not a readable image', async () => {
    const target = await adminTarget('product_images');
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x10]), Buffer.from('Exif\0\0 not really a jpeg at all')]);
    const res = await upload(target.fields, broken, 'broken.jpg');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('broken.jpg is not a valid image file');
  });
});
