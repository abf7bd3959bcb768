import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD, startCloudinaryStandIn, type StandIn } from '../../../../tests/helpers/cloudinary-stand-in';
import { createOrderRecord, createProduct, createUser } from '../../../../tests/helpers/factories';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { productReviews, returnRequests } from '../../db/schema';
import { createCloudinaryStore } from '../../integrations/media-store/cloudinary-store';
import { startBackgroundJobs } from '../../jobs';
import { RETURN_PHOTO_GRACE_MS, REVIEW_PHOTO_GRACE_MS, sweepReviewPhotos, sweepUnusedPhotos } from './photo-sweep';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
let counter = 0;

/** Writes an upload `<folder>/<name>.jpg` into the disk store, last modified at `at`; returns its public id. */
function putFile(folder: string, at: Date): string {
  const name = `p${Date.now().toString(36)}${(counter++).toString(36)}`;
  const dir = path.join(t.config.dataDir, 'media', folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.jpg`), 'jpeg');
  utimesSync(path.join(dir, `${name}.jpg`), at, at);
  return `${folder}/${name}`;
}
const onDisk = (publicId: string) => existsSync(path.join(t.config.dataDir, 'media', `${publicId}.jpg`));
const reviewPhotoFiles = () => readdirSync(path.join(t.config.dataDir, 'media', 'review_photos')).length;

/** A review (any status) holding `publicIds` as its photos. */
async function reviewWith(publicIds: string[], status: 'pending' | 'approved' | 'hidden' = 'pending') {
  const { product } = await createProduct(t.db);
  const { user } = await createUser(t.app, t.db);
  await t.db.insert(productReviews).values({
    productId: product.id,
    userId: user.id,
    rating: 4,
    title: 'Lovely kurta',
    body: 'Soft fabric, true to size.',
    status,
    photos: publicIds.map((publicId) => ({ publicId, url: `/media/${publicId}.jpg` })),
  });
}

describe('review photo sweep (disk store)', () => {
  it('deletes old photos no review holds; keeps referenced, recent and other folders’ files', async () => {
    const orphan = putFile('review_photos', ago(REVIEW_PHOTO_GRACE_MS + HOUR));
    const onPending = putFile('review_photos', ago(30 * 24 * HOUR));
    const onHidden = putFile('review_photos', ago(30 * 24 * HOUR));
    const recent = putFile('review_photos', ago(REVIEW_PHOTO_GRACE_MS - HOUR));
    const product = putFile('product_images', ago(30 * 24 * HOUR));
    const returned = putFile('return_photos', ago(30 * 24 * HOUR));
    await reviewWith([onPending]);
    await reviewWith([onHidden], 'hidden');

    const result = await sweepReviewPhotos({ db: t.db, store: t.app.mediaStore });
    expect(result).toEqual({ listed: 4, deleted: 1, alreadyGone: 0, referenced: 2, deferred: 0, resumeCursor: null });
    expect(onDisk(orphan)).toBe(false);
    expect([onPending, onHidden, recent, product, returned].every(onDisk)).toBe(true);

    // The recent one goes once it is past the grace period and still unreferenced.
    const later = await sweepReviewPhotos({ db: t.db, store: t.app.mediaStore, now: () => new Date(Date.now() + 2 * HOUR) });
    expect(later.deleted).toBe(1);
    expect(onDisk(recent)).toBe(false);
    expect([onPending, onHidden, product, returned].every(onDisk)).toBe(true);
  });

  it('deletes at most maxDeletions a run and leaves the rest for the next', async () => {
    const orphans = [1, 2, 3].map(() => putFile('review_photos', ago(2 * REVIEW_PHOTO_GRACE_MS)));
    const first = await sweepReviewPhotos({ db: t.db, store: t.app.mediaStore, maxDeletions: 2 });
    expect(first).toMatchObject({ deleted: 2, deferred: 1 });
    expect(orphans.filter(onDisk)).toHaveLength(1);
    const second = await sweepReviewPhotos({ db: t.db, store: t.app.mediaStore, maxDeletions: 2 });
    expect(second).toMatchObject({ deleted: 1, deferred: 0 });
    expect(orphans.filter(onDisk)).toHaveLength(0);
  });

  it('runs on two instances at once: each orphan deleted once, the other sweep counts it gone', async () => {
    const before = reviewPhotoFiles();
    const orphans = [1, 2, 3, 4].map(() => putFile('review_photos', ago(2 * REVIEW_PHOTO_GRACE_MS)));
    const runs = await Promise.all([1, 2].map(() => sweepReviewPhotos({ db: t.db, store: t.app.mediaStore })));
    expect(runs[0].deleted + runs[1].deleted).toBe(4);
    expect(orphans.filter(onDisk)).toEqual([]);
    expect(reviewPhotoFiles()).toBe(before);
  });

  it('runs every hour from the background jobs (interval set by opts)', async () => {
    const orphan = putFile('review_photos', ago(2 * REVIEW_PHOTO_GRACE_MS));
    const hour = 60 * 60_000;
    const stop = startBackgroundJobs(t.app, { mailEveryMs: hour, reconcileEveryMs: hour, lowStockEveryMs: hour, photoSweepEveryMs: 20 });
    try {
      for (let i = 0; i < 100 && onDisk(orphan); i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      // A sweep still running finishes first, so it cannot meet the next test's files.
      await stop();
    }
    expect(onDisk(orphan)).toBe(false);
  });
});

describe('return photo sweep (the same sweep, return_photos folder)', () => {
  /** A return request (any status) holding the disk URLs of `publicIds` as its photos. */
  async function returnWith(publicIds: string[], status: 'requested' | 'rejected' = 'requested') {
    const { user } = await createUser(t.app, t.db);
    const order = await createOrderRecord(t.db, { userId: user.id, status: 'delivered' });
    await t.db.insert(returnRequests).values({
      orderId: order.id,
      userId: user.id,
      status,
      resolution: 'refund',
      reason: 'damaged',
      photos: publicIds.map((id) => `/media/${id}.jpg`),
      idempotencyKey: `k-${counter++}`,
    });
  }

  it('deletes old return photos no return holds; keeps referenced, recent and review photos', async () => {
    // The held photos are written new and aged only once their rows exist: a sweep still finishing
    // from the previous test must not meet an old file that nothing holds yet.
    const orphan = putFile('return_photos', ago(RETURN_PHOTO_GRACE_MS + HOUR));
    const onRequest = putFile('return_photos', new Date());
    const onRejected = putFile('return_photos', new Date());
    const recent = putFile('return_photos', ago(RETURN_PHOTO_GRACE_MS - HOUR));
    const review = putFile('review_photos', new Date());
    await returnWith([onRequest]);
    await returnWith([onRejected], 'rejected');
    await reviewWith([review]);
    for (const held of [onRequest, onRejected, review]) {
      const file = path.join(t.config.dataDir, 'media', `${held}.jpg`);
      utimesSync(file, ago(30 * 24 * HOUR), ago(30 * 24 * HOUR));
    }

    const result = await sweepUnusedPhotos({ db: t.db, store: t.app.mediaStore, folder: 'return_photos' });
    // Earlier tests left an old return photo of their own (an orphan too), and the previous test's
    // background sweep may still be finishing a run (its deletes then count as already gone here).
    expect(result).toMatchObject({ referenced: 2, deferred: 0, resumeCursor: null });
    expect(result.deleted + result.alreadyGone).toBeGreaterThanOrEqual(1);
    expect(onDisk(orphan)).toBe(false);
    expect([onRequest, onRejected, recent, review].every(onDisk)).toBe(true);
  });

  it('runs from the background jobs with the review photos', async () => {
    const orphan = putFile('return_photos', ago(2 * RETURN_PHOTO_GRACE_MS));
    const hour = 60 * 60_000;
    const stop = startBackgroundJobs(t.app, { mailEveryMs: hour, reconcileEveryMs: hour, lowStockEveryMs: hour, photoSweepEveryMs: 20 });
    try {
      for (let i = 0; i < 100 && onDisk(orphan); i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      // A sweep still running finishes first, so it cannot meet the next test's files.
      await stop();
    }
    expect(onDisk(orphan)).toBe(false);
  });
});

describe('review photo sweep (Cloudinary stand-in)', () => {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startCloudinaryStandIn();
  });
  afterAll(() => standIn.close());
  const store = () => createCloudinaryStore({ cloudName: CLOUD.name, apiKey: CLOUD.key, apiSecret: CLOUD.secret, apiBase: standIn.url });
  const held = () => standIn.stored.map((a) => a.publicId).sort();

  it('lists every page, deletes the old orphans only, and never outside the folder', async () => {
    const old = ago(3 * REVIEW_PHOTO_GRACE_MS);
    const asset = (publicId: string, createdAt = old, resourceType = 'image') => ({ publicId, resourceType, createdAt });
    standIn.stored.push(
      asset('review_photos/o1'),
      asset('review_photos/o2'),
      asset('review_photos/o3'),
      asset('review_photos/kept1'),
      asset('review_photos/new1', ago(HOUR)),
      asset('product_images/p1'),
      asset('hero_videos/h1', old, 'video'),
    );
    await reviewWith(['review_photos/kept1'], 'approved');
    standIn.pageSize = 2;
    try {
      const result = await sweepReviewPhotos({ db: t.db, store: store() });
      expect(result).toEqual({ listed: 5, deleted: 3, alreadyGone: 0, referenced: 1, deferred: 0, resumeCursor: null });
      expect(held()).toEqual(['hero_videos/h1', 'product_images/p1', 'review_photos/kept1', 'review_photos/new1']);
      expect(standIn.destroys.map((d) => [d.resourceType, d.params.public_id])).toEqual([
        ['image', 'review_photos/o1'],
        ['image', 'review_photos/o2'],
        ['image', 'review_photos/o3'],
      ]);

      // A listing that answers more than the folder (a faulty prefix): only the folder is touched.
      standIn.ignorePrefix = true;
      const faulty = await sweepReviewPhotos({ db: t.db, store: store() });
      expect(faulty.deleted).toBe(0);
      expect(held()).toEqual(['hero_videos/h1', 'product_images/p1', 'review_photos/kept1', 'review_photos/new1']);
    } finally {
      standIn.pageSize = 500;
      standIn.ignorePrefix = false;
    }
  });

  it('stops listing at the page cap, and the next run resumes where it stopped', async () => {
    const old = ago(3 * REVIEW_PHOTO_GRACE_MS);
    const names = ['t1', 't2', 't3', 't4', 't5', 't6'];
    standIn.stored.push(...names.map((n) => ({ publicId: `review_photos/${n}`, resourceType: 'image', createdAt: old })));
    await reviewWith(['review_photos/t1', 'review_photos/t2', 'review_photos/t3']);
    const held = () => standIn.stored.filter((a) => /^review_photos\/t\d$/.test(a.publicId)).map((a) => a.publicId);
    standIn.pageSize = 2;
    const calls = standIn.listings.length;
    try {
      // From the top (kept1 and new1 of the test above, then t1..t6): two pages; kept1, t1, t2 referenced.
      const first = await sweepReviewPhotos({ db: t.db, store: store(), maxPages: 2 });
      expect(standIn.listings.length - calls).toBe(2);
      expect(first).toMatchObject({ listed: 4, deleted: 0, referenced: 3 });
      expect(first.resumeCursor).not.toBeNull();
      // The next run starts after t2, not at the top: t3 kept, t4-t6 orphans. Stopped by the
      // deletion cap, it hands back its own start, so the following run sees the rest.
      const capped = await sweepReviewPhotos({ db: t.db, store: store(), maxPages: 2, maxDeletions: 1, cursor: first.resumeCursor });
      expect(capped).toMatchObject({ listed: 4, deleted: 1, referenced: 1, deferred: 2, resumeCursor: first.resumeCursor });
      const second = await sweepReviewPhotos({ db: t.db, store: store(), maxPages: 2, cursor: capped.resumeCursor });
      expect(second).toMatchObject({ listed: 3, deleted: 2, referenced: 1, resumeCursor: null });
      expect(held()).toEqual(['review_photos/t1', 'review_photos/t2', 'review_photos/t3']);
    } finally {
      standIn.pageSize = 500;
    }
  });
});
