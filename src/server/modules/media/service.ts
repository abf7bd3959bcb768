/**
 * Media rules (admin section 5 upload limits and messages, section 7 "Media upload" and the delete
 * calls; DESIGN.md "media"). Upload targets come from the active store; the disk store's uploads
 * are checked here on their bytes (type by magic bytes, size per folder); deletes never fail
 * visibly: problems are logged and the answer is 'ok' or 'not found'. Never sees HTTP.
 */
import type { FastifyBaseLogger } from 'fastify';
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

export const UPLOAD_SIGNATURE_MESSAGE = 'Upload signature is invalid or expired';

/**
 * POST /api/admin/media/upload-target: where the browser sends a file for `folder` (admin 7).
 * The body schema already matched `resourceType` to the folder.
 */
export function uploadTargetFor(store: MediaStore, folder: MediaFolder, resourceType: ResourceType): UploadTarget {
  return store.uploadTarget(folder, resourceType);
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
 * (else 403 'Upload signature is invalid or expired'); the file's bytes must be of the folder's
 * kind (else 400 with the folder's message, e.g. 'Please select a valid image file') and within
 * its size (else 413, e.g. 'File size should be less than 5MB'). Answers Cloudinary's shape; the
 * size is in bytes.
 */
export async function receiveUpload(
  store: DiskStore,
  fields: Record<string, string | undefined>,
  file: IncomingFile,
): Promise<UploadResult> {
  const grant = store.verifyUpload(fields);
  if (!grant) throw forbidden(UPLOAD_SIGNATURE_MESSAGE);
  const rule = FOLDER_RULES[grant.folder];
  const name = displayFileName(file.filename);
  let format = '';
  const saved = await store.saveUpload(grant.folder, file.stream, {
    maxBytes: rule.maxBytes,
    headBytes: SNIFF_BYTES,
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
