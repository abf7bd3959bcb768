import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/helpers/factories';
import {
  CLOUD,
  CLOUDINARY_TEST_URL,
  cloudinaryExpectedSignature,
  startCloudinaryStandIn,
  type StandIn,
} from '../../../../tests/helpers/cloudinary-stand-in';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { buildApp } from '../../app';
import { DISK_UPLOAD_TTL_MS } from '../../integrations/media-store/disk-store';
import { ebml, ftyp, mp4Bytes, realImage } from './test-fixtures';

const MB = 1024 * 1024;

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t.app, t.db, { role: 'admin' })).headers;
});
afterAll(() => t.close());

const mediaDir = () => path.join(t.config.dataDir, 'media');
/** Files in an upload folder, dot-files (partial uploads) included. */
const filesIn = (folder: string) => (existsSync(path.join(mediaDir(), folder)) ? readdirSync(path.join(mediaDir(), folder)) : []);

async function uploadTarget(folder: string, resourceType: string, app: FastifyInstance = t.app) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/media/upload-target',
    headers: admin,
    payload: { folder, resourceType },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ provider: string; uploadUrl: string; fields: Record<string, string> }>();
}

interface FilePart {
  name: string;
  type?: string;
  data: Buffer;
}

/** A multipart body built the way a browser builds it (FormData: fields in order, then the file). */
async function multipart(fields: Record<string, string>, file?: FilePart, fileFirst = false) {
  const form = new FormData();
  const addFile = () =>
    file && form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  if (fileFirst) addFile();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (!fileFirst) addFile();
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/** A multipart body streamed in 1MB chunks: `head` then zeros up to `size` bytes, never all in memory. */
function streamedMultipart(fields: Record<string, string>, name: string, head: Buffer, size: number) {
  const boundary = `----media-test-${randomBytes(8).toString('hex')}`;
  const fieldParts = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  async function* body() {
    yield Buffer.from(fieldParts + filePart);
    yield head;
    const chunk = Buffer.alloc(MB);
    for (let sent = head.length; sent < size; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, size - sent));
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { payload: Readable.from(body()), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(fields: Record<string, string>, file?: FilePart, fileFirst = false) {
  const body = await multipart(fields, file, fileFirst);
  return t.app.inject({ method: 'POST', url: '/api/media/upload', ...body });
}

/** Asks for a target for `folder` and uploads `file` with it. */
async function uploadTo(folder: string, resourceType: 'image' | 'video', file: FilePart) {
  const target = await uploadTarget(folder, resourceType);
  return upload(target.fields, file);
}

describe('upload target (disk store)', () => {
  it('answers a signed, expiring target on the disk store', async () => {
    const target = await uploadTarget('product_images', 'image');
    expect(target.provider).toBe('disk');
    expect(target.uploadUrl).toBe('/api/media/upload');
    expect(Object.keys(target.fields).sort()).toEqual(['expires', 'folder', 'resourceType', 'signature', 'uploadId']);
    expect(target.fields.uploadId).toMatch(/^[0-9a-f]{20}$/);
    expect(target.fields).toMatchObject({ folder: 'product_images', resourceType: 'image' });
    expect(Number(target.fields.expires)).toBe(Math.floor((t.clock.now.getTime() + DISK_UPLOAD_TTL_MS) / 1000));
    expect(target.fields.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an unknown folder and a resource type the folder does not take', async () => {
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/media/upload-target', headers: admin, payload });
    let res = await post({ folder: 'secrets', resourceType: 'image' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose a valid media folder');
    res = await post({ folder: 'product_images', resourceType: 'video' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a valid image file');
    res = await post({ folder: 'vertical_videos', resourceType: 'image' });
    expect(res.json().message).toBe('Please select a valid video file');
    res = await post({ folder: 'hero_images', resourceType: 'raw' });
    expect(res.json().message).toBe('Resource type must be image or video');
  });
});

describe('disk upload', () => {
  it('stores a real PNG, answers Cloudinary’s shape, and serves it with a long immutable cache', async () => {
    const png = await realImage('png');
    const res = await uploadTo('product_images', 'image', { name: 'kurta.png', type: 'image/png', data: png });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      secure_url: expect.stringMatching(/^\/media\/product_images\/[0-9a-f]{20}\.png$/),
      public_id: expect.stringMatching(/^product_images\/[0-9a-f]{20}$/),
      resource_type: 'image',
      bytes: png.length,
      format: 'png',
    });
    expect(body.secure_url).toBe(`/media/${body.public_id}.png`);
    const served = await t.app.inject(body.secure_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('keeps the ordinary cache for media that was not uploaded (the demo catalogue)', async () => {
    const dir = path.join(mediaDir(), 'demo');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'look.png'), await realImage('png'));
    const served = await t.app.inject('/media/demo/look.png');
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=2592000');
  });

  it.each([
    ['instagram_photos', 'jpeg', 'jpg'],
    ['video_posters', 'webp', 'webp'],
    ['hero_images', 'avif', 'avif'],
    ['product_images', 'gif', 'gif'],
  ] as const)('stores a real image in %s (%s)', async (folder, encoder, format) => {
    const data = await realImage(encoder);
    const res = await uploadTo(folder, 'image', { name: `photo.${format}`, data });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resource_type: 'image', format, bytes: data.length });
    expect(res.json().secure_url).toMatch(new RegExp(`^/media/${folder}/[0-9a-f]{20}\\.${format}$`));
  });

  it.each([
    ['hero_videos', mp4Bytes(), 'mp4'],
    ['vertical_videos', ebml('webm'), 'webm'],
    ['vertical_videos', ftyp('qt  ', ['qt  ']), 'mov'],
  ] as const)('stores a video in %s (%s)', async (folder, data, format) => {
    const res = await uploadTo(folder, 'video', { name: `clip.${format}`, type: 'video/mp4', data });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resource_type: 'video', format, bytes: data.length });
    const served = await t.app.inject(res.json().secure_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^video\//);
  });

  it('judges the bytes, not the name or declared type: a text file called photo.jpg is refused', async () => {
    const text = { name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('These are my notes, not a photo.\n'.repeat(10)) };
    const before = filesIn('product_images').length;
    let res = await uploadTo('product_images', 'image', text);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('photo.jpg is not a valid image file');
    res = await uploadTo('instagram_photos', 'image', text);
    expect(res.json().message).toBe('Please select a valid image file');
    res = await uploadTo('video_posters', 'image', text);
    expect(res.json().message).toBe('Please select a valid image file for poster');
    res = await uploadTo('hero_images', 'image', text);
    expect(res.json().message).toBe('Please select a valid image or video file');
    res = await uploadTo('vertical_videos', 'video', { ...text, name: 'clip.mp4', type: 'video/mp4' });
    expect(res.json().message).toBe('Please select a valid video file');
    expect(filesIn('product_images')).toHaveLength(before);
  });

  it('refuses a video in an image folder, an image in a video folder, an empty file and an SVG', async () => {
    let res = await uploadTo('product_images', 'image', { name: 'clip.png', data: mp4Bytes() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('clip.png is not a valid image file');
    res = await uploadTo('vertical_videos', 'video', { name: 'poster.mp4', data: await realImage('png') });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a valid video file');
    res = await uploadTo('instagram_photos', 'image', { name: 'empty.jpg', data: Buffer.alloc(0) });
    expect(res.statusCode).toBe(400);
    res = await uploadTo('product_images', 'image', {
      name: 'logo.svg',
      type: 'image/svg+xml',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('logo.svg is not a valid image file');
  });

  it('takes an image of exactly 5MB and refuses one byte more, with each folder’s message, leaving nothing behind', async () => {
    const png = await realImage('png');
    const sized = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)]);
    let res = await uploadTo('product_images', 'image', { name: 'exact.png', data: sized(5 * MB) });
    expect(res.statusCode).toBe(200);
    expect(res.json().bytes).toBe(5 * MB);

    const before = filesIn('product_images');
    const big = sized(5 * MB + 1);
    res = await uploadTo('product_images', 'image', { name: 'big.png', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('big.png is too large (max 5MB)');
    expect(filesIn('product_images')).toEqual(before);
    res = await uploadTo('instagram_photos', 'image', { name: 'big.png', data: big });
    expect(res.json().message).toBe('Image size should be less than 5MB');
    res = await uploadTo('video_posters', 'image', { name: 'big.png', data: big });
    expect(res.json().message).toBe('Poster image size should be less than 5MB');
    res = await uploadTo('hero_images', 'image', { name: 'big.png', data: big });
    expect(res.json().message).toBe('File size should be less than 5MB');
  });

  it('streams videos with a per-folder cap: 50MB for hero videos, 100MB for vertical videos', async () => {
    let target = await uploadTarget('hero_videos', 'video');
    let res = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      ...streamedMultipart(target.fields, 'hero.mp4', mp4Bytes(), 50 * MB + 1),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File size should be less than 50MB');
    expect(filesIn('hero_videos').filter((f) => f.startsWith('.'))).toEqual([]);

    target = await uploadTarget('vertical_videos', 'video');
    res = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      ...streamedMultipart(target.fields, 'reel.mp4', mp4Bytes(), 60 * MB),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().bytes).toBe(60 * MB);

    target = await uploadTarget('vertical_videos', 'video');
    res = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      ...streamedMultipart(target.fields, 'reel.mp4', mp4Bytes(), 100 * MB + 1),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Video size should be less than 100MB');
    expect(filesIn('vertical_videos').filter((f) => f.startsWith('.'))).toEqual([]);
  }, 60_000);

  it('answers 403 for a missing, wrong, tampered or expired signature', async () => {
    const png = { name: 'a.png', data: await realImage('png') };
    const target = await uploadTarget('product_images', 'image');
    const expectDenied = async (res: Awaited<ReturnType<typeof upload>>) => {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Upload signature is invalid or expired');
    };
    await expectDenied(await upload({}, png));
    await expectDenied(await upload({ ...target.fields, signature: '0'.repeat(64) }, png));
    await expectDenied(await upload({ ...target.fields, signature: 'not-hex' }, png));
    // The signature covers the folder, type, expiry and upload id: changing any of them voids it.
    await expectDenied(await upload({ ...target.fields, folder: 'vertical_videos' }, png));
    await expectDenied(await upload({ ...target.fields, resourceType: 'video' }, png));
    await expectDenied(await upload({ ...target.fields, expires: String(Number(target.fields.expires) + 3600) }, png));
    await expectDenied(await upload({ ...target.fields, uploadId: '0123456789abcdef0123' }, png));
    // Fields must come before the file, as Cloudinary expects.
    await expectDenied(await upload(target.fields, png, true));

    t.clock.advance(DISK_UPLOAD_TTL_MS - 5_000);
    expect((await upload(target.fields, png)).statusCode).toBe(200);
    t.clock.advance(10_000);
    await expectDenied(await upload(target.fields, png));
  });

  it('answers 400 without a file and for a body that is not multipart; needs no bearer token', async () => {
    const target = await uploadTarget('product_images', 'image');
    let res = await upload(target.fields);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a file to upload');
    res = await t.app.inject({ method: 'POST', url: '/api/media/upload', payload: { file: 'x' } });
    expect(res.statusCode).toBe(400);
    // No Authorization header anywhere above: the signature is the permission.
  });
});

describe('media delete (disk store)', () => {
  it('removes an uploaded file through both delete calls and answers not found afterwards', async () => {
    for (const url of ['/api/admin/cloudinary/delete', '/api/admin/homepage/cloudinary/delete']) {
      const up = (await uploadTo('instagram_photos', 'image', { name: 'a.jpg', data: await realImage('jpeg') })).json();
      expect((await t.app.inject(up.secure_url)).statusCode).toBe(200);
      let res = await t.app.inject({ method: 'POST', url, headers: admin, payload: { publicId: up.public_id } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: 'ok' });
      expect((await t.app.inject(up.secure_url)).statusCode).toBe(404);
      res = await t.app.inject({
        method: 'POST',
        url,
        headers: admin,
        payload: { publicId: up.public_id, resourceType: 'image' },
      });
      expect(res.json()).toEqual({ result: 'not found' });
    }
  });

  it('refuses path traversal and foreign folders, answering 200 not found and touching nothing', async () => {
    const secret = path.join(t.config.dataDir, 'secret.png');
    writeFileSync(secret, 'keep me');
    const demo = path.join(mediaDir(), 'demo', 'keep.png');
    mkdirSync(path.dirname(demo), { recursive: true });
    writeFileSync(demo, 'keep me too');
    for (const publicId of [
      '../secret',
      '../../secret',
      'product_images/../../secret',
      'product_images/../../../etc/passwd',
      '/etc/passwd',
      'product_images/..',
      'product_images/.',
      'demo/keep',
      'product_images\\..\\..\\secret',
      'product_images/%2e%2e/secret',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/cloudinary/delete',
        headers: admin,
        payload: { publicId },
      });
      expect(res.statusCode, publicId).toBe(200);
      expect(res.json(), publicId).toEqual({ result: 'not found' });
    }
    expect(existsSync(secret)).toBe(true);
    expect(existsSync(demo)).toBe(true);
    expect(existsSync(path.join(mediaDir(), 'product_images'))).toBe(true);
  });

  it('answers 400 without a publicId', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/cloudinary/delete', headers: admin, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('publicId is required');
  });
});

// Cloudinary: the stand-in on loopback (tests/helpers/cloudinary-stand-in.ts) checks signatures exactly as Cloudinary does.

describe('Cloudinary store', () => {
  let standIn: StandIn;
  let cloudApp: FastifyInstance;
  beforeAll(async () => {
    standIn = await startCloudinaryStandIn();
    cloudApp = await buildApp({
      config: { ...t.config, cloudinaryUrl: CLOUDINARY_TEST_URL },
      db: t.db,
      mailer: { target: 'memory', send: async () => undefined },
      cloudinaryApiBase: standIn.url,
    });
    await cloudApp.ready();
  });
  afterAll(async () => {
    await cloudApp.close();
    await standIn.close();
  });

  it('signs a direct upload the stand-in accepts, exactly as Cloudinary checks it', async () => {
    const target = await uploadTarget('product_images', 'image', cloudApp);
    expect(target.provider).toBe('cloudinary');
    expect(target.uploadUrl).toBe(`${standIn.url}/v1_1/${CLOUD.name}/image/upload`);
    expect(Object.keys(target.fields).sort()).toEqual(['api_key', 'folder', 'public_id', 'signature', 'timestamp']);
    expect(target.fields).toMatchObject({ api_key: CLOUD.key, folder: 'product_images' });
    expect(target.fields.signature).toBe(cloudinaryExpectedSignature(target.fields));
    expect(JSON.stringify(target)).not.toContain(CLOUD.secret);

    // What the admin screen does: a multipart POST straight to uploadUrl, fields then file.
    const png = await realImage('png');
    const form = new FormData();
    for (const [k, v] of Object.entries(target.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'kurta.png');
    const res = await fetch(target.uploadUrl, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { secure_url: string; public_id: string };
    expect(body.public_id).toBe(`product_images/${target.fields.public_id}`);
    expect(body.secure_url).toMatch(/^https:\/\/res\.cloudinary\.com\//);
    expect(standIn.uploads.at(-1)).toMatchObject({ resourceType: 'image', bytes: png.length });

    // A tampered folder is refused by the stand-in, as Cloudinary would.
    const tampered = new FormData();
    for (const [k, v] of Object.entries({ ...target.fields, folder: 'hero_videos' })) tampered.append(k, v);
    tampered.append('file', new Blob([new Uint8Array(png)]), 'kurta.png');
    expect((await fetch(target.uploadUrl, { method: 'POST', body: tampered })).status).toBe(401);
  });

  it('points video targets at the video endpoint', async () => {
    const target = await uploadTarget('vertical_videos', 'video', cloudApp);
    expect(target.uploadUrl).toBe(`${standIn.url}/v1_1/${CLOUD.name}/video/upload`);
  });

  it('deletes with a signed destroy call, on the resource type given or implied by the folder', async () => {
    const del = (payload: object, url = '/api/admin/cloudinary/delete') =>
      cloudApp.inject({ method: 'POST', url, headers: admin, payload });
    const createdAt = new Date();
    standIn.stored.push(
      { publicId: 'product_images/abc123', resourceType: 'image', createdAt },
      { publicId: 'vertical_videos/reel1', resourceType: 'video', createdAt },
      { publicId: 'hero_images/x', resourceType: 'video', createdAt },
    );
    let res = await del({ publicId: 'product_images/abc123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'ok' });
    const call = standIn.destroys.at(-1)!;
    expect(call.resourceType).toBe('image');
    expect(call.params).toMatchObject({ public_id: 'product_images/abc123', api_key: CLOUD.key });
    expect(call.params.signature).toBe(cloudinaryExpectedSignature(call.params));

    res = await del({ publicId: 'vertical_videos/reel1' }, '/api/admin/homepage/cloudinary/delete');
    expect(res.json()).toEqual({ result: 'ok' });
    expect(standIn.destroys.at(-1)!.resourceType).toBe('video');
    await del({ publicId: 'hero_images/x', resourceType: 'video' }, '/api/admin/homepage/cloudinary/delete');
    expect(standIn.destroys.at(-1)!.resourceType).toBe('video');

    res = await del({ publicId: 'product_images/missing' });
    expect(res.json()).toEqual({ result: 'not found' });
  });

  it('never shows a Cloudinary failure: 200 not found, logged', async () => {
    standIn.failDestroy = true;
    try {
      const res = await cloudApp.inject({
        method: 'POST',
        url: '/api/admin/cloudinary/delete',
        headers: admin,
        payload: { publicId: 'product_images/abc' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: 'not found' });
    } finally {
      standIn.failDestroy = false;
    }
  });

  it('has no disk upload endpoint while Cloudinary is the store', async () => {
    const res = await cloudApp.inject({
      method: 'POST',
      url: '/api/media/upload',
      ...(await multipart({ folder: 'product_images' })),
    });
    expect(res.statusCode).toBe(404);
  });
});
