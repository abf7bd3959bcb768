import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD, startCloudinaryStandIn, type StandIn } from '../../../../tests/helpers/cloudinary-stand-in';
import { createCloudinaryStore } from './cloudinary-store';
import { createDiskStore } from './disk-store';
import type { StoredUpload } from './upload-listing';

describe('disk store listing', () => {
  let mediaDir: string;
  beforeAll(() => {
    mediaDir = mkdtempSync(path.join(os.tmpdir(), 'media-listing-'));
  });
  afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

  /** Writes `<folder>/<file>` with its mtime at `at`. */
  function put(folder: string, file: string, at: Date) {
    mkdirSync(path.join(mediaDir, folder), { recursive: true });
    writeFileSync(path.join(mediaDir, folder, file), 'x');
    utimesSync(path.join(mediaDir, folder, file), at, at);
  }

  it('answers an empty page for a folder nothing was uploaded to', async () => {
    const store = createDiskStore({ mediaDir, secret: 's' });
    expect(await store.listUploads('return_photos')).toEqual({ uploads: [], nextCursor: null });
  });

  it('pages through the finished uploads of one folder, by name, with their mtime', async () => {
    const t1 = new Date('2025-01-01T10:00:00Z');
    const t2 = new Date('2025-01-02T10:00:00Z');
    const t3 = new Date('2025-01-03T10:00:00Z');
    put('review_photos', 'c3.webp', t3);
    put('review_photos', 'a1.jpg', t1);
    put('review_photos', 'b2.png', t2);
    put('review_photos', '.upload-d4.part', t1); // still arriving
    put('product_images', 'p1.jpg', t1);
    const store = createDiskStore({ mediaDir, secret: 's', listPageSize: 2 });

    const first = await store.listUploads('review_photos');
    expect(first.uploads).toEqual([
      { publicId: 'review_photos/a1', uploadedAt: t1 },
      { publicId: 'review_photos/b2', uploadedAt: t2 },
    ]);
    expect(first.nextCursor).not.toBeNull();
    const second = await store.listUploads('review_photos', first.nextCursor);
    expect(second).toEqual({ uploads: [{ publicId: 'review_photos/c3', uploadedAt: t3 }], nextCursor: null });

    // The whole folder on one page by default (500); other folders stay apart.
    const all = await createDiskStore({ mediaDir, secret: 's' }).listUploads('review_photos');
    expect(all.uploads.map((u) => u.publicId)).toEqual(['review_photos/a1', 'review_photos/b2', 'review_photos/c3']);
    expect(all.nextCursor).toBeNull();
    expect((await store.listUploads('product_images')).uploads).toEqual([{ publicId: 'product_images/p1', uploadedAt: t1 }]);
  });
});

describe('Cloudinary store listing', () => {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startCloudinaryStandIn();
  });
  afterAll(() => standIn.close());

  const store = (secret = CLOUD.secret, fetchImpl?: typeof fetch) =>
    createCloudinaryStore({ cloudName: CLOUD.name, apiKey: CLOUD.key, apiSecret: secret, apiBase: standIn.url, fetch: fetchImpl });

  it('pages through the Admin API resources of the folder prefix, with created_at', async () => {
    const at = (day: number) => new Date(`2025-03-0${day}T08:30:00Z`);
    standIn.stored.push(
      { publicId: 'review_photos/e5', resourceType: 'image', createdAt: at(5) },
      { publicId: 'review_photos/a1', resourceType: 'image', createdAt: at(1) },
      { publicId: 'review_photos/c3', resourceType: 'image', createdAt: at(3) },
      { publicId: 'review_photos/b2', resourceType: 'image', createdAt: at(2) },
      { publicId: 'review_photos/d4', resourceType: 'image', createdAt: at(4) },
      { publicId: 'review_photos/v1', resourceType: 'video', createdAt: at(1) },
      { publicId: 'review_photos_old/x', resourceType: 'image', createdAt: at(1) },
      { publicId: 'product_images/p1', resourceType: 'image', createdAt: at(1) },
    );
    standIn.pageSize = 2;
    try {
      const seen: StoredUpload[] = [];
      const cursors: (string | null)[] = [];
      let cursor: string | null = null;
      do {
        const page = await store().listUploads('review_photos', cursor);
        expect(page.uploads.length).toBeLessThanOrEqual(2);
        seen.push(...page.uploads);
        cursor = page.nextCursor;
        cursors.push(cursor);
      } while (cursor);
      expect(seen).toEqual(['a1', 'b2', 'c3', 'd4', 'e5'].map((name, i) => ({ publicId: `review_photos/${name}`, uploadedAt: at(i + 1) })));
      expect(cursors).toHaveLength(3);
      // What went over the wire: the documented query, the previous page's cursor from the second call.
      const calls = standIn.listings.slice(-3);
      expect(calls[0]).toEqual({ prefix: 'review_photos/', max_results: '500' });
      expect(calls[1]).toEqual({ prefix: 'review_photos/', max_results: '500', next_cursor: cursors[0] });
      expect(calls[2]).toEqual({ prefix: 'review_photos/', max_results: '500', next_cursor: cursors[1] });
    } finally {
      standIn.pageSize = 500;
    }
  });

  it('throws a clear error when Cloudinary refuses or answers something else', async () => {
    await expect(store('wrong-secret').listUploads('review_photos')).rejects.toThrow(
      'Cloudinary resources answered 401: Invalid credentials',
    );
    const answering = (body: unknown, status = 200) => (async () => Response.json(body, { status })) as typeof fetch;
    await expect(
      store(CLOUD.secret, answering({ error: { message: 'Rate Limit Exceeded' } }, 420)).listUploads('review_photos'),
    ).rejects.toThrow('Cloudinary resources answered 420: Rate Limit Exceeded');
    await expect(store(CLOUD.secret, answering({ ok: true })).listUploads('review_photos')).rejects.toThrow('without a resource list');
    await expect(
      store(CLOUD.secret, answering({ resources: [{ public_id: 'review_photos/a' }] })).listUploads('review_photos'),
    ).rejects.toThrow('unreadable resource');
  });
});
