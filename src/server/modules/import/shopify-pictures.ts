/**
 * Pictures of imported products (docs/architecture.md#moving-in-from-shopify): downloaded from the
 * file's addresses with a time limit, their size and type checked on their bytes (as uploads are,
 * docs/decisions/0021-upload-limits.md), stripped of metadata and kept in the media store under a
 * name made from the address (`product_images/<20 hex of its SHA-256>`), so a picture already
 * stored is never downloaded again. A picture that fails is reported and its product imports
 * without it. Addresses on a private network are refused (`fetchPublic`).
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { inArray } from 'drizzle-orm';
import { FOLDER_RULES } from '../../../core/schemas/media';
import type { Database } from '../../db/client';
import { productImages } from '../../db/schema';
import type { CloudinaryStore } from '../../integrations/media-store/cloudinary-store';
import type { MediaStore } from '../../integrations/media-store/index';
import { detectFileType, SNIFF_BYTES } from '../media/file-type';
import { stripImageMetadata, UnreadableImageError } from '../media/image-metadata';
import { fetchPublic, PrivateAddressError } from './public-address';

/** How long one picture may take to arrive, ms. */
export const PICTURE_TIMEOUT_MS = 15_000;
/** Pictures downloaded at once. */
export const PICTURE_CONCURRENCY = 4;
const RULE = FOLDER_RULES.product_images;

/** The media store's public id a picture from `url` is kept under. */
export function pictureId(url: string): string {
  return `product_images/${createHash('sha256').update(url).digest('hex').slice(0, 20)}`;
}

/** A stored picture: where the shop serves it and its public id. */
export interface StoredPicture {
  url: string;
  publicId: string;
}

/** Why a picture could not be used, in words for the owner. */
export class PictureError extends Error {}

/** The stored copies among `urls` (source address -> stored picture), read from the products' pictures. */
export async function storedPictures(db: Database, urls: string[]): Promise<Map<string, StoredPicture>> {
  const ids = new Map(urls.map((u) => [pictureId(u), u]));
  const found = new Map<string, StoredPicture>();
  const list = [...ids.keys()];
  for (let i = 0; i < list.length; i += 1000) {
    const rows = await db
      .selectDistinctOn([productImages.publicId], { url: productImages.url, publicId: productImages.publicId })
      .from(productImages)
      .where(inArray(productImages.publicId, list.slice(i, i + 1000)));
    for (const r of rows) if (r.publicId) found.set(ids.get(r.publicId)!, { url: r.url, publicId: r.publicId });
  }
  return found;
}

/**
 * Hands the picture at `url` to Cloudinary (it downloads it: `uploadFromUrl`), under the same name
 * the disk store would give it. A picture over 5 MB once stored is deleted again and refused.
 */
async function uploadToCloudinary(store: CloudinaryStore, url: string, timeoutMs: number): Promise<StoredPicture> {
  const name = pictureId(url).split('/')[1];
  let saved;
  try {
    saved = await store.uploadFromUrl('product_images', name, url, timeoutMs);
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError';
    throw new PictureError(
      timedOut ? `no answer within ${timeoutMs / 1000} s` : `Cloudinary could not take it (${(err as Error).message})`,
    );
  }
  if (saved.bytes > RULE.maxBytes) {
    await store.delete(saved.publicId, 'image').catch(() => undefined);
    throw new PictureError('it is larger than 5 MB');
  }
  return { url: saved.url, publicId: saved.publicId };
}

/**
 * Downloads the picture at `url` into the media store. `opts.privateHosts`: hosts on a private
 * network that may be fetched anyway (IMPORT_PRIVATE_HOSTS). Throws PictureError naming the reason:
 * on a private network or not http(s), not reachable, an HTTP error, too slow (PICTURE_TIMEOUT_MS),
 * over 5 MB, or not a JPEG, PNG, GIF, WebP or AVIF image. With Cloudinary as the store, Cloudinary
 * downloads it instead (`uploadToCloudinary`) and its refusal is the reason.
 */
export async function downloadPicture(
  store: MediaStore,
  url: string,
  opts: { timeoutMs?: number; privateHosts?: readonly string[] } = {},
): Promise<StoredPicture> {
  const timeoutMs = opts.timeoutMs ?? PICTURE_TIMEOUT_MS;
  if (store.provider === 'cloudinary') return uploadToCloudinary(store, url, timeoutMs);
  const signal = AbortSignal.timeout(timeoutMs);
  let response;
  try {
    response = await fetchPublic(url, { signal, headers: { accept: 'image/*' }, privateHosts: opts.privateHosts });
  } catch (err) {
    const cause = (err as Error).cause;
    if (err instanceof PrivateAddressError) throw new PictureError(err.message);
    if (cause instanceof PrivateAddressError) throw new PictureError(cause.message);
    throw new PictureError(signal.aborted ? `no answer within ${timeoutMs / 1000} s` : `could not be reached (${(err as Error).message})`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    throw new PictureError(`the address answered HTTP ${response.status}`);
  }
  const length = Number(response.headers.get('content-length') ?? '0');
  if (length > RULE.maxBytes) {
    await response.body.cancel().catch(() => undefined);
    throw new PictureError('it is larger than 5 MB');
  }
  const id = pictureId(url);
  try {
    const saved = await store.saveUpload('product_images', Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), {
      name: id.split('/')[1],
      maxBytes: RULE.maxBytes,
      headBytes: SNIFF_BYTES,
      inspect(head) {
        const type = detectFileType(head);
        if (!type || type.kind !== 'image') throw new PictureError('it is not a JPEG, PNG, GIF, WebP or AVIF picture');
        return type.format;
      },
      tooLarge: () => new PictureError('it is larger than 5 MB'),
      async finish(file, ext) {
        try {
          await stripImageMetadata(file, ext);
        } catch (err) {
          if (err instanceof UnreadableImageError) throw new PictureError('it is not a readable picture');
          throw err;
        }
      },
    });
    return { url: saved.url, publicId: saved.publicId };
  } catch (err) {
    if (err instanceof PictureError) throw err;
    throw new PictureError(signal.aborted ? `no answer within ${timeoutMs / 1000} s` : `the download failed (${(err as Error).message})`);
  }
}
