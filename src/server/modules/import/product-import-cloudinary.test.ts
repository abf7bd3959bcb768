/**
 * A product import's pictures with Cloudinary as the media store (docs/architecture.md#moving-in-from-shopify):
 * each picture is handed to Cloudinary by address (the upload API's remote URL source), signed, limited to
 * the shop's picture formats and stored with metadata stripped. Cloudinary is the loopback stand-in
 * (tests/helpers/cloudinary-stand-in.ts), which checks signatures as Cloudinary does and downloads the
 * address itself, here from a local picture server.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '../../../core/schemas/import';
import {
  CLOUD,
  CLOUDINARY_TEST_URL,
  cloudinaryExpectedSignature,
  startCloudinaryStandIn,
  type StandIn,
} from '../../../../tests/helpers/cloudinary-stand-in';
import { createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { productImages, products } from '../../db/schema';
import { IMPORTED_PICTURE_FORMATS, IMPORTED_PICTURE_TRANSFORMATION } from '../../integrations/media-store/cloudinary-store';
import { pictureId } from './shopify-pictures';

let t: TestApp;
let standIn: StandIn;
let owner: Awaited<ReturnType<typeof createUser>>;
let pictures: Server;
let origin = '';

beforeAll(async () => {
  standIn = await startCloudinaryStandIn();
  t = await createTestApp({ cloudinaryApiBase: standIn.url }, { CLOUDINARY_URL: CLOUDINARY_TEST_URL });
  owner = await createUser(t.app, t.db, { role: 'owner' });
  const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1f2a5a' } })
    .jpeg()
    .toBuffer();
  pictures = createServer((req, res) => {
    if (req.url === '/kurta.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    if (req.url === '/page.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end('<html>not a picture</html>');
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => pictures.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
});

afterAll(async () => {
  pictures?.close();
  await t.close();
  await standIn.close();
});

function upload(csv: string) {
  const boundary = `----products-${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products_export.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/import/products',
    payload,
    headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

async function importFile(csv: string): Promise<ImportJob> {
  const dry = (await upload(csv)).json<ImportJob>();
  const start = await t.app.inject({
    method: 'POST',
    url: `/api/admin/import/products/${dry._id}/start`,
    headers: owner.headers,
    payload: { options: {}, categories: {} },
  });
  expect(start.statusCode, start.body).toBe(200);
  for (let i = 0; i < 400; i++) {
    const job = (await t.app.inject({ url: `/api/admin/import/products/${dry._id}`, headers: owner.headers })).json<ImportJob>();
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

describe('product import with Cloudinary as the media store', () => {
  it('hands each picture to Cloudinary by address, signed, and keeps what Cloudinary refuses out with its reason', async () => {
    const done = await importFile(
      [
        'URL handle,Title,Option1 name,Option1 value,Price,Product image URL,Image position',
        `cloudinary-kurta,Kurta,Size,M,899,${origin}/kurta.jpg,1`,
        `cloudinary-kurta,,,,,${origin}/page.jpg,2`,
      ].join('\n'),
    );
    expect(done.status).toBe('done');
    expect(done.errors.map((e) => [e.line, e.message.replace(origin, '')])).toEqual([
      [3, 'Picture /page.jpg was left out: Cloudinary could not take it (Invalid image file)'],
    ]);

    const upload = standIn.uploads.find((u) => u.params.file === `${origin}/kurta.jpg`);
    expect(upload?.params).toMatchObject({
      folder: 'product_images',
      public_id: pictureId(`${origin}/kurta.jpg`).split('/')[1],
      allowed_formats: IMPORTED_PICTURE_FORMATS,
      transformation: IMPORTED_PICTURE_TRANSFORMATION,
      api_key: CLOUD.key,
    });
    expect(IMPORTED_PICTURE_TRANSFORMATION).toContain('fl_force_strip');
    expect(upload?.params.signature).toBe(cloudinaryExpectedSignature(upload!.params));

    const [product] = await t.db.select().from(products).where(eq(products.handle, 'cloudinary-kurta'));
    const images = await t.db.select().from(productImages).where(eq(productImages.productId, product.id));
    expect(images.map((i) => [i.url, i.publicId])).toEqual([
      [
        `https://res.cloudinary.com/${CLOUD.name}/image/upload/v1/${pictureId(`${origin}/kurta.jpg`)}.jpg`,
        pictureId(`${origin}/kurta.jpg`),
      ],
    ]);
    // Imported again, the stored picture is reused: Cloudinary is not asked twice.
    const uploads = standIn.uploads.length;
    const again = await importFile(
      [
        'URL handle,Title,Option1 name,Option1 value,Price,Product image URL,Image position',
        `cloudinary-kurta,Kurta,Size,M,899,${origin}/kurta.jpg,1`,
      ].join('\n'),
    );
    expect(again.status).toBe('done');
    expect(standIn.uploads.length).toBe(uploads);
  });
});
