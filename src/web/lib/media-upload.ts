/**
 * Browser media uploads for the admin screens and the shopper's return photos
 * (docs/architecture.md#media): check a
 * file against its folder's rules (FOLDER_RULES) before anything is sent, ask the shop for an
 * upload target, post the file straight to it (Cloudinary or the disk store; fields first, `file`
 * last, no shop token) with progress, and remove media that is no longer used. Generic over the
 * upload folder.
 */
import { FOLDER_RULES, type MediaFolder, type ResourceType, type UploadResult, type UploadTarget } from '../../core/schemas/media';
import { apiFetch, ApiRequestError } from './api';

/** The spec's message when `file` does not fit `folder` (wrong kind or too large), else null. */
export function validateMediaFile(file: File, folder: MediaFolder): string | null {
  const rule = FOLDER_RULES[folder];
  if (!file.type.startsWith(`${rule.kind}/`)) return rule.invalidType(file.name);
  if (file.size > rule.maxBytes) return rule.tooLarge(file.name);
  return null;
}

/** The kind of media a file claims to be from its type, or null for anything else. */
export function mediaKindOf(file: File): ResourceType | null {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  return null;
}

/** Options of uploadMedia. */
export interface UploadOptions {
  /** Called with 0..100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Message of a failure the store does not explain; default 'Failed to upload image' (or video). */
  fallbackMessage?: string;
  /** Where to ask for the upload target; default the admin's /api/admin/media/upload-target. */
  targetPath?: string;
}

function uploadErrorMessage(xhr: XMLHttpRequest): string | undefined {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown; error?: { message?: unknown } };
    const message = body.message ?? body.error?.message;
    return typeof message === 'string' && message ? message : undefined;
  } catch {
    return undefined;
  }
}

function postMultipart(target: UploadTarget, file: File, options: UploadOptions, fallback: string): Promise<UploadResult> {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', file);

  return new Promise<UploadResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', target.uploadUrl);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const body = JSON.parse(xhr.responseText) as UploadResult;
          if (body.secure_url && body.public_id) {
            options.onProgress?.(100);
            resolve(body);
            return;
          }
        } catch {
          // fall through to the failure below
        }
        reject(new ApiRequestError(xhr.status, fallback));
        return;
      }
      // A file the store refuses (wrong kind, too large) carries the spec's message.
      const message = xhr.status === 400 || xhr.status === 413 ? uploadErrorMessage(xhr) : undefined;
      reject(new ApiRequestError(xhr.status, message ?? fallback));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, fallback));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * Uploads `file` into `folder`: checks it first (throws ApiRequestError(400) with the spec's
 * message), then upload-target and the multipart POST. Failures throw ApiRequestError with the
 * store's message for a refused file, else the fallback ('Failed to upload image' or '… video').
 */
export async function uploadMedia(file: File, folder: MediaFolder, options: UploadOptions = {}): Promise<UploadResult> {
  const invalid = validateMediaFile(file, folder);
  if (invalid) throw new ApiRequestError(400, invalid);
  const resourceType = FOLDER_RULES[folder].kind;
  const fallbackMessage = options.fallbackMessage ?? `Failed to upload ${resourceType}`;
  options.onProgress?.(0);
  const target = await apiFetch<UploadTarget>(options.targetPath ?? '/api/admin/media/upload-target', {
    method: 'POST',
    body: { folder, resourceType },
    auth: true,
    fallbackMessage,
    signal: options.signal,
  });
  return postMultipart(target, file, options, fallbackMessage);
}

/** Which delete call removes the media: the hero one or the general one. */
export type MediaDeleteEndpoint = 'homepage' | 'general';

/**
 * Removes uploaded media that is no longer used. Never throws: failures are only logged
 * (best effort). `resourceType` is sent for videos and posters, omitted for photos.
 */
export async function deleteMedia(
  publicId: string | null | undefined,
  endpoint: MediaDeleteEndpoint,
  resourceType?: ResourceType,
): Promise<void> {
  if (!publicId) return;
  const path = endpoint === 'homepage' ? '/api/admin/homepage/cloudinary/delete' : '/api/admin/cloudinary/delete';
  try {
    await apiFetch(path, { method: 'POST', body: resourceType ? { publicId, resourceType } : { publicId }, auth: true });
  } catch (error) {
    console.warn(`Could not remove media ${publicId}`, error);
  }
}
