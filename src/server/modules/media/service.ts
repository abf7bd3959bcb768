/**
 * Media rules (upload limits and their messages, the upload-target and the delete
 * calls; docs/decisions/0021-upload-limits.md). Upload targets come from the active store, one recorded grant each
 * (./grants.ts: one file per target, shoppers' daily quota); the disk store's uploads are checked
 * here on their bytes (type by magic bytes, size per folder) and images are stored without their
 * EXIF/GPS metadata (./image-metadata.ts); deletes never fail visibly: problems are logged and the
 * answer is 'ok' or 'not found'. Never sees HTTP. docs/decisions/0021-upload-limits.md has the rules.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { AuditActor } from '../audit/record';
import {
  FOLDER_RULES,
  resourceTypeOf,
  type MediaDeleteResult,
  type MediaFolder,
  type ResourceType,
  type UploadResult,
  type UploadTarget,
} from '../../../core/schemas/media';
import { AppError, badRequest, forbidden } from '../../errors';
import type { DiskStore } from '../../integrations/media-store/disk-store';
import type { MediaStore } from '../../integrations/media-store/index';
import { detectFileType, SNIFF_BYTES } from './file-type';
import { claimGrant, isOwnUpload, issueUploadTarget } from './grants';
import { stripImageMetadata, UnreadableImageError } from './image-metadata';

export const UPLOAD_SIGNATURE_MESSAGE = 'Upload signature is invalid or expired';

export interface UploadTargetRequest {
  /** Who asks (admin or shopper); the grant is theirs. */
  userId: string;
  folder: MediaFolder;
  resourceType: ResourceType;
  /** Count against the shopper's daily quota (false for admins). */
  quota: boolean;
  now: Date;
  /** A staff member's grant goes in the audit log with it ('media.upload'). */
  auditedAs?: AuditActor;
}

/**
 * Where the browser sends one file for `folder` (the admin's upload target, and the shoppers' review
 * and return photo targets). Records the grant first; throws QuotaError (429) past a shopper's
 * daily quota. The admin body schema already matched `resourceType` to the folder.
 */
export function uploadTargetFor(db: Database, store: MediaStore, req: UploadTargetRequest): Promise<UploadTarget> {
  return issueUploadTarget(db, store, req);
}

/** The upload id and public id in an uploaded file's URL (either store): `<folder>/<20 hex>.<ext>` at its end. */
const UPLOADED_URL_RE = /(?:^|\/)([a-z_]+)\/([0-9a-f]{20})\.[a-z0-9]{2,5}$/;

/**
 * True when `url` is a file the active store serves for `folder` (the disk store's
 * /media/<folder>/<id>.<ext> that exists, or this Cloudinary account's delivery URL) and its upload
 * target was granted to `userId` and used (./grants.ts). For shoppers' photo fields: another
 * host, another folder, another shopper's upload or a made-up name all answer false.
 */
export async function isOwnPhotoUpload(
  db: Database,
  store: MediaStore,
  userId: string,
  folder: MediaFolder,
  url: string,
): Promise<boolean> {
  const match = UPLOADED_URL_RE.exec(url);
  if (!match || match[1] !== folder) return false;
  if (!store.servesImage(`${folder}/${match[2]}`, url)) return false;
  return isOwnUpload(db, userId, folder, match[2], store.provider === 'disk');
}

/** A file name fit for a message: no path, no control characters, at most 100 characters. */
export function displayFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 100);
}

export interface IncomingFile {
  /** The file's bytes as they arrive. */
  stream: AsyncIterable<Buffer>;
  /** The name the browser gave (only used in messages). */
  filename: string;
}

/**
 * POST /api/media/upload on the disk store: `fields` must carry a valid, unexpired signature
 * (else 403 'Upload signature is invalid or expired') whose grant is unused (else 403
 * 'This upload link was already used. Please choose the file again.'; the grant is used up by
 * this call whatever its outcome); the file's bytes must be of the folder's kind (else 400 with
 * the folder's message, e.g. 'Please select a valid image file'), readable when an image, and
 * within its size (else 413, e.g. 'File size should be less than 5MB'). Images are stored without
 * EXIF/XMP/IPTC metadata. Answers Cloudinary's shape; the size is in bytes, as stored.
 */
export async function receiveUpload(
  db: Database,
  store: DiskStore,
  fields: Record<string, string | undefined>,
  file: IncomingFile,
  now: Date,
): Promise<UploadResult> {
  const grant = store.verifyUpload(fields);
  if (!grant) throw forbidden(UPLOAD_SIGNATURE_MESSAGE);
  await claimGrant(db, grant.uploadId, grant.folder, now);
  const rule = FOLDER_RULES[grant.folder];
  const name = displayFileName(file.filename);
  let format = '';
  const saved = await store.saveUpload(grant.folder, file.stream, {
    name: grant.uploadId,
    maxBytes: rule.maxBytes,
    headBytes: SNIFF_BYTES,
    async finish(path, ext) {
      if (rule.kind !== 'image') return;
      try {
        await stripImageMetadata(path, ext);
      } catch (err) {
        if (err instanceof UnreadableImageError) throw badRequest(rule.invalidType(name));
        throw err;
      }
    },
    inspect(head) {
      const type = detectFileType(head);
      if (!type || type.kind !== rule.kind || type.kind !== grant.resourceType) throw badRequest(rule.invalidType(name));
      format = type.format;
      return type.format;
    },
    tooLarge: () => new AppError(413, rule.tooLarge(name)),
  });
  return {
    secure_url: saved.url,
    public_id: saved.publicId,
    resource_type: grant.resourceType,
    bytes: saved.bytes,
    format,
  };
}

/** The answer when a disk upload carries no file part. */
export function missingFile(store: DiskStore, fields: Record<string, string | undefined>): AppError {
  return store.verifyUpload(fields) ? badRequest('Please select a file to upload') : forbidden(UPLOAD_SIGNATURE_MESSAGE);
}

/**
 * POST /api/admin/cloudinary/delete and /api/admin/homepage/cloudinary/delete: removes `publicId`
 * from the active store. `resourceType` defaults to the one its folder implies. Never throws:
 * failures (unreachable Cloudinary, a refused path) are logged and answered as 'not found'.
 */
export async function deleteMedia(
  store: MediaStore,
  publicId: string,
  resourceType: ResourceType | undefined,
  log: FastifyBaseLogger,
): Promise<MediaDeleteResult> {
  try {
    return { result: await store.delete(publicId, resourceType ?? resourceTypeOf(publicId)) };
  } catch (err) {
    log.warn({ err, publicId, provider: store.provider }, 'media delete failed');
    return { result: 'not found' };
  }
}
