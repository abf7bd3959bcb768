/**
 * Product images: the browser-side checks with the spec's messages, the
 * upload (ask the server for a target, then POST the file there as multipart, fields first and
 * `file` last, without the shop's token) and the best-effort media delete after a product delete.
 */
import { MAX_PRODUCT_IMAGES } from '../../../../core/schemas/admin-catalog';
import { FOLDER_RULES, type UploadResult, type UploadTarget } from '../../../../core/schemas/media';
import { apiFetch } from '../../../lib/api';

const RULE = FOLDER_RULES.product_images;

/** Shown when a product image upload fails; the save stops there. */
export const UPLOAD_FAILED = 'Failed to upload image';

/**
 * Splits picked files into those that can be added and the messages for the rest. `limit`: most
 * pictures the form may hold (5, or 5 per colour plus 5 for every colour when the product has colours).
 */
export function checkImageFiles(
  files: readonly File[],
  alreadyChosen: number,
  limit: number = MAX_PRODUCT_IMAGES,
): { accepted: File[]; errors: string[] } {
  const accepted: File[] = [];
  const errors: string[] = [];
  let limitHit = false;
  for (const file of files) {
    if (!file.type.startsWith('image/')) errors.push(RULE.invalidType(file.name));
    else if (file.size > RULE.maxBytes) errors.push(RULE.tooLarge(file.name));
    else if (alreadyChosen + accepted.length >= limit) limitHit = true;
    else accepted.push(file);
  }
  if (limitHit) errors.push(`Maximum ${limit} images allowed`);
  return { accepted, errors };
}

/** Uploads one product image; throws Error(UPLOAD_FAILED) on any failure. */
export async function uploadProductImage(file: File): Promise<{ url: string; publicId: string }> {
  try {
    const target = await apiFetch<UploadTarget>('/api/admin/media/upload-target', {
      method: 'POST',
      auth: true,
      body: { folder: 'product_images', resourceType: 'image' },
      fallbackMessage: UPLOAD_FAILED,
    });
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append('file', file);
    const response = await fetch(target.uploadUrl, { method: 'POST', body: form });
    if (!response.ok) throw new Error(`upload answered ${response.status}`);
    const result = (await response.json()) as UploadResult;
    if (!result.secure_url) throw new Error('upload answered no url');
    return { url: result.secure_url, publicId: result.public_id };
  } catch (error) {
    console.warn('product image upload failed', error);
    throw new Error(UPLOAD_FAILED, { cause: error });
  }
}

/** POST /api/admin/cloudinary/delete for a removed product's image; failures are only logged. */
export async function deleteProductImage(publicId: string): Promise<void> {
  try {
    await apiFetch<unknown>('/api/admin/cloudinary/delete', { method: 'POST', auth: true, body: { publicId } });
  } catch (error) {
    console.warn('product image delete failed', publicId, error);
  }
}
