/**
 * The shoppers' photo sweep (docs/decisions/0019-review-photo-sweep.md; "Reviews and ratings": photos go through the media rules;
 * docs/decisions/0019-review-photo-sweep.md, docs/decisions/0021-upload-limits.md). A shopper uploads photos
 * before the review or return exists (POST /api/reviews/upload-target or
 * /api/orders/{id}/returns/upload-target, then straight to the media store); a photo never
 * submitted, or dropped when the review was edited or deleted, is referenced by nothing and would
 * stay in the store for ever. Each run lists one folder (review_photos or return_photos), reads the
 * ids every review (product_reviews.photos) or return request (return_requests.photos, URLs) of any
 * status references in one statement, and deletes through the store's `delete` the uploads older
 * than the grace period that nothing references.
 *
 * Safe on several instances at once: two sweeps may list the same orphan; the second delete
 * answers 'not found' and is counted, not an error. Only public ids under the swept folder are
 * ever deleted, whatever the store lists.
 */
import { sql } from 'drizzle-orm';
import { FOLDER_RULES, type MediaFolder } from '../../../core/schemas/media';
import type { Database } from '../../db/client';
import type { MediaStore } from '../../integrations/media-store/index';
import type { UploadPage } from '../../integrations/media-store/upload-listing';

/** The review photos folder (the sweep's default). */
export const REVIEW_PHOTOS_FOLDER = 'review_photos' satisfies MediaFolder;
/** The folders swept: shoppers' review and return photos, nothing else. */
export const SWEPT_FOLDERS = ['review_photos', 'return_photos'] as const satisfies readonly MediaFolder[];
export type SweptFolder = (typeof SWEPT_FOLDERS)[number];

/** The public id at the end of a stored return photo URL (disk /media/return_photos/<id>.<ext>, or Cloudinary's). */
const RETURN_PHOTO_ID_RE = /(return_photos\/[A-Za-z0-9_-]{1,100})\.[a-z0-9]{2,5}$/;

/** The public ids referenced in `folder`, any status, read in one statement. */
async function referencedIds(db: Database, folder: SweptFolder): Promise<Set<string>> {
  if (folder === 'review_photos') {
    const { rows } = await db.execute<{ public_id: string }>(
      sql`select distinct photo->>'publicId' as public_id from product_reviews, jsonb_array_elements(product_reviews.photos) as photo`,
    );
    return new Set(rows.map((r) => r.public_id));
  }
  const { rows } = await db.execute<{ url: string }>(
    sql`select distinct photo as url from return_requests, jsonb_array_elements_text(return_requests.photos) as photo`,
  );
  return new Set(rows.map((r) => RETURN_PHOTO_ID_RE.exec(r.url)?.[1]).filter((id): id is string => Boolean(id)));
}

/**
 * How old an unreferenced review photo must be before the sweep deletes it: 24 hours. A shopper
 * uploads photos first and submits the form later (they may write the review, leave the tab and come
 * back); a photo younger than this is never deleted. It also covers the race between the sweep's
 * reading of the referenced ids and its deletes: a review submitted in that instant holds photos
 * uploaded moments before (an upload target lasts 10 minutes on disk, 1 hour on Cloudinary), far
 * younger than 24 hours, so they are not candidates. Only a form kept open for more than a day can
 * lose a photo, and then on the disk store the submit is refused ('Please upload the photos again').
 */
export const REVIEW_PHOTO_GRACE_MS = 24 * 60 * 60 * 1000;
/** The same grace for return photos (the return form is filled in one sitting too). */
export const RETURN_PHOTO_GRACE_MS = REVIEW_PHOTO_GRACE_MS;

/** Most deletions per run (a few minutes of Cloudinary destroy calls); the rest wait for the next run. */
export const PHOTO_SWEEP_MAX_DELETIONS = 500;

/**
 * Most listing pages per run (500 uploads each, so 10,000 uploads looked at). Cloudinary's Admin
 * API allows 500 calls an hour on the free plan; an hourly sweep must stay far below that. A larger
 * folder is covered over several runs: a run that stops here answers `resumeCursor` and the next
 * one starts from it, so photos listed late are not starved by thousands of referenced ones.
 */
export const PHOTO_SWEEP_MAX_PAGES = 20;

export interface PhotoSweepDeps {
  db: Database;
  store: Pick<MediaStore, 'listUploads' | 'delete'>;
  now?: () => Date;
  /** PHOTO_SWEEP_MAX_DELETIONS unless a test lowers it. */
  maxDeletions?: number;
  /** PHOTO_SWEEP_MAX_PAGES unless a test lowers it. */
  maxPages?: number;
  /** Where to start listing: the previous run's `resumeCursor`; null or absent starts at the top. */
  cursor?: string | null;
  /** The folder swept; review_photos when absent. */
  folder?: SweptFolder;
}

/** Counts of one run and where the next one resumes (no photo ids, no personal data). */
export interface PhotoSweepResult {
  /** Uploads listed in the folder. */
  listed: number;
  /** Deleted by this run. */
  deleted: number;
  /** Already gone when this run deleted them (another instance's sweep). */
  alreadyGone: number;
  /** Older than the grace period but on a review: kept. */
  referenced: number;
  /** Orphans past the grace period left for the next run (deletion cap). */
  deferred: number;
  /**
   * Where the next run starts: after this run's pages when it stopped at the page cap, at this run's
   * own start when the deletion cap left orphans in them, null (the top) when it reached the end.
   */
  resumeCursor: string | null;
}

/** Runs one sweep of the review photos folder: `sweepUnusedPhotos` with folder review_photos. */
export function sweepReviewPhotos(deps: PhotoSweepDeps): Promise<PhotoSweepResult> {
  return sweepUnusedPhotos({ ...deps, folder: REVIEW_PHOTOS_FOLDER });
}

/**
 * Runs one sweep of `deps.folder` (see the module docstring for the rule). Resolves with the run's
 * counts. Throws when the store cannot be listed or a delete fails; the caller then starts the
 * next run from the top (a store may refuse an old cursor).
 */
export async function sweepUnusedPhotos(deps: PhotoSweepDeps): Promise<PhotoSweepResult> {
  const folder = deps.folder ?? REVIEW_PHOTOS_FOLDER;
  const cutoff = (deps.now?.() ?? new Date()).getTime() - (folder === 'return_photos' ? RETURN_PHOTO_GRACE_MS : REVIEW_PHOTO_GRACE_MS);
  const maxPages = deps.maxPages ?? PHOTO_SWEEP_MAX_PAGES;
  const prefix = `${folder}/`;

  // List first, read the references after: a review submitted before the read is seen.
  const old: string[] = [];
  let listed = 0;
  let cursor: string | null = deps.cursor ?? null;
  let pages = 0;
  do {
    const page: UploadPage = await deps.store.listUploads(folder, cursor);
    pages += 1;
    listed += page.uploads.length;
    for (const u of page.uploads) {
      if (u.publicId.startsWith(prefix) && u.uploadedAt.getTime() < cutoff) old.push(u.publicId);
    }
    cursor = page.nextCursor;
  } while (cursor && pages < maxPages);

  const result: PhotoSweepResult = { listed, deleted: 0, alreadyGone: 0, referenced: 0, deferred: 0, resumeCursor: cursor };
  if (old.length === 0) return result;

  const kept = await referencedIds(deps.db, folder);
  const orphans = old.filter((id) => !kept.has(id));
  result.referenced = old.length - orphans.length;
  const batch = orphans.slice(0, deps.maxDeletions ?? PHOTO_SWEEP_MAX_DELETIONS);
  result.deferred = orphans.length - batch.length;
  // Orphans left by the deletion cap are in the pages just listed: the next run lists them again.
  if (result.deferred > 0) result.resumeCursor = deps.cursor ?? null;
  for (const publicId of batch) {
    if ((await deps.store.delete(publicId, FOLDER_RULES[folder].kind)) === 'ok') result.deleted += 1;
    else result.alreadyGone += 1;
  }
  return result;
}
