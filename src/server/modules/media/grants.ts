/**
 * Upload grants (docs/decisions/0021-upload-limits.md): every upload target the shop hands out is a row
 * of `media_upload_grants`, whose random id is signed into the target and becomes the stored file's
 * name. The disk store's upload endpoint claims the row (sets `used_at`) before it keeps any byte,
 * so a target carries one file only; a shopper's rows of the last 24 hours are their upload quota
 * (admins are not counted). Never sees HTTP: errors are AppErrors (429 for the quota).
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, min } from 'drizzle-orm';
import type { MediaFolder, ResourceType, UploadTarget } from '../../../core/schemas/media';
import type { Database } from '../../db/client';
import { recordAudit, type AuditActor } from '../audit/record';
import { mediaUploadGrants } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import type { MediaStore } from '../../integrations/media-store/index';

/**
 * A shopper's upload quota: at most 20 files (upload targets) in any 24 hours, each at most the
 * folder's size (5MB for photos), so at most 100MB a day. A review takes 3 photos and a return 3:
 * 20 covers several of each, retries included.
 */
export const UPLOAD_QUOTA = { files: 20, windowMs: 24 * 60 * 60 * 1000 } as const;

/** How long grant rows are kept (the quota needs 24 hours; the return form's ownership check a day's grace). */
export const GRANT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export const UPLOAD_USED_MESSAGE = 'This upload link was already used. Please choose the file again.';

export interface GrantRequest {
  userId: string;
  folder: MediaFolder;
  resourceType: ResourceType;
  /** True for a shopper (counted against UPLOAD_QUOTA); false for an admin. */
  quota: boolean;
  now: Date;
  /** A staff member's grant is recorded in the audit log ('media.upload', docs/architecture.md#audit-log) with it. */
  auditedAs?: AuditActor;
}

/** "N hours" (rounded up, at least 1). */
const hoursText = (ms: number) => {
  const hours = Math.max(1, Math.ceil(ms / 3_600_000));
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
};

/**
 * Records a grant and answers the store's target for it. With `quota`, throws AppError 429 'You
 * can upload up to 20 photos a day. Please try again in N hours.' (with `retryAfterSeconds` for
 * the Retry-After header) when the shopper already holds UPLOAD_QUOTA.files grants of the last 24
 * hours. Two simultaneous requests may both pass at the quota's edge (one file more at most).
 */
export async function issueUploadTarget(db: Database, store: MediaStore, req: GrantRequest): Promise<UploadTarget> {
  if (req.quota) {
    const since = new Date(req.now.getTime() - UPLOAD_QUOTA.windowMs);
    const [row] = await db
      .select({ n: count(), oldest: min(mediaUploadGrants.createdAt) })
      .from(mediaUploadGrants)
      .where(and(eq(mediaUploadGrants.userId, req.userId), gt(mediaUploadGrants.createdAt, since)));
    if (row.n >= UPLOAD_QUOTA.files) {
      const waitMs = (row.oldest ? new Date(row.oldest).getTime() : req.now.getTime()) + UPLOAD_QUOTA.windowMs - req.now.getTime();
      throw new QuotaError(
        `You can upload up to ${UPLOAD_QUOTA.files} photos a day. Please try again in ${hoursText(waitMs)}.`,
        Math.max(1, Math.ceil(waitMs / 1000)),
      );
    }
  }
  const id = randomBytes(10).toString('hex');
  const actor = req.auditedAs;
  await db.transaction(async (tx) => {
    await tx.insert(mediaUploadGrants).values({ id, userId: req.userId, folder: req.folder, createdAt: req.now });
    if (actor) {
      await recordAudit(tx, actor, {
        action: 'media.upload',
        entity: 'media',
        entityId: `${req.folder}/${id}`,
        summary: `Started uploading ${req.resourceType === 'video' ? 'a video' : 'a picture'} to ${req.folder}`,
      });
    }
  });
  return store.uploadTarget(req.folder, req.resourceType, id);
}

/** The quota's 429; `retryAfterSeconds` is when the oldest counted upload leaves the 24-hour window. */
export class QuotaError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/**
 * Marks grant `id` of `folder` used; throws 403 UPLOAD_USED_MESSAGE when it was used already (or
 * never issued). One statement, so two uploads racing with one target cannot both win.
 */
export async function claimGrant(db: Database, id: string, folder: MediaFolder, now: Date): Promise<{ userId: string }> {
  const [row] = await db
    .update(mediaUploadGrants)
    .set({ usedAt: now })
    .where(and(eq(mediaUploadGrants.id, id), eq(mediaUploadGrants.folder, folder), isNull(mediaUploadGrants.usedAt)))
    .returning({ userId: mediaUploadGrants.userId });
  if (!row) throw forbidden(UPLOAD_USED_MESSAGE);
  return row;
}

/**
 * True when `userId` was granted the upload `id` in `folder` and, with `arrived` (the disk store,
 * which receives the file itself), a file came with it. Cloudinary receives the file straight from
 * the browser, so the shop only knows the grant was issued; the asset's public id is the grant id.
 */
export async function isOwnUpload(db: Database, userId: string, folder: MediaFolder, id: string, arrived: boolean): Promise<boolean> {
  const [row] = await db
    .select({ usedAt: mediaUploadGrants.usedAt })
    .from(mediaUploadGrants)
    .where(and(eq(mediaUploadGrants.id, id), eq(mediaUploadGrants.userId, userId), eq(mediaUploadGrants.folder, folder)));
  return Boolean(row && (!arrived || row.usedAt));
}

/** Deletes grant rows older than GRANT_RETENTION_MS (the media sweep); answers how many. */
export async function pruneGrants(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(mediaUploadGrants)
    .where(lt(mediaUploadGrants.createdAt, new Date(now.getTime() - GRANT_RETENTION_MS)))
    .returning({ id: mediaUploadGrants.id });
  return gone.length;
}
