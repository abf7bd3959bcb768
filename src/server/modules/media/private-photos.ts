/**
 * Return photos are the shopper's (docs/decisions/0021-upload-limits.md "Return photos are private"):
 * the public /media/ route does not serve the return_photos folder (disk-store.ts
 * PRIVATE_MEDIA_FOLDERS), and the returns API hands its owner and admins signed, short-lived URLs
 * instead: `/api/media/return-photos/<name>.<ext>?expires=<unix seconds>&signature=<hex>`, where
 * the signature is HMAC-SHA256 over `return_photos/<name>.<ext>|<expires>` with a key derived from
 * the app's secret. A URL lasts one to two hours (the expiry is rounded up to the next whole hour,
 * so a page reloaded within the hour gets the same URL and the browser's private cache serves it).
 * Stored values stay the upload's own URL (/media/return_photos/...). On Cloudinary the stored
 * value is the signed `image/authenticated/...` URL Cloudinary answered the upload with, and what is
 * handed out is a private download URL expiring at the same rounded hour (cloudinary-store.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../../core/schemas/answers';
import { forbidden, notFound } from '../../errors';
import type { MediaStore } from '../../integrations/media-store/index';

/** Where signed return photos are served. */
export const RETURN_PHOTO_ROUTE = '/api/media/return-photos';
/** A signed URL is good for at least this long (and at most twice), milliseconds. */
export const RETURN_PHOTO_URL_TTL_MS = 60 * 60 * 1000;

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};
/** A stored disk return photo: /media/return_photos/<name>.<image ext>. */
const STORED_RE = /^\/media\/return_photos\/([A-Za-z0-9_-]{1,100}\.(?:jpg|png|gif|webp|avif))$/;
const FILE_RE = /^[A-Za-z0-9_-]{1,100}\.(jpg|png|gif|webp|avif)$/;

const signingKey = (secret: string) => createHmac('sha256', secret).update('return-photo-url/v1').digest();
const sign = (secret: string, file: string, expires: string) =>
  createHmac('sha256', signingKey(secret)).update(`return_photos/${file}|${expires}`).digest('hex');

/** Where to sign return photo URLs: the app's secret (disk uploads) and the media store (Cloudinary uploads). */
export interface PhotoSigner {
  secret: string;
  store: MediaStore;
}

/**
 * The URL to hand out for a stored return photo, expiring at the next whole hour at least
 * RETURN_PHOTO_URL_TTL_MS after `now`: a signed /api/media/return-photos/... URL for a disk
 * upload, a Cloudinary private download URL for an authenticated Cloudinary upload, the value
 * itself for anything else.
 */
export function signedReturnPhotoUrl(signer: PhotoSigner, stored: string, now: Date): string {
  const expiresMs = Math.ceil((now.getTime() + RETURN_PHOTO_URL_TTL_MS) / RETURN_PHOTO_URL_TTL_MS) * RETURN_PHOTO_URL_TTL_MS;
  const match = STORED_RE.exec(stored);
  if (!match) return (signer.store.provider === 'cloudinary' && signer.store.privateImageUrl(stored, new Date(expiresMs))) || stored;
  const expires = String(expiresMs / 1000);
  return `${RETURN_PHOTO_ROUTE}/${match[1]}?expires=${expires}&signature=${sign(signer.secret, match[1], expires)}`;
}

/**
 * True when `signature` is this app's for `file` and `expires`, and `expires` (unix seconds) is
 * not past `now`.
 */
export function verifyReturnPhotoUrl(secret: string, file: string, expires: string, signature: string, now: Date): boolean {
  const expected = Buffer.from(sign(secret, file, expires), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(expected, given) && Number(expires) * 1000 >= now.getTime();
}

/**
 * Replaces the `photos` of a return request (or of each in a list) by signed URLs; anything else
 * passes through unchanged. For the returns routes' answers (their preSerialization hook).
 */
export function signReturnPhotosIn<T>(payload: T, signer: PhotoSigner, now: Date): T {
  const signOne = (item: unknown): unknown => {
    if (!item || typeof item !== 'object' || !('photos' in item) || !('orderRef' in item)) return item;
    const photos = (item as { photos: unknown }).photos;
    if (!Array.isArray(photos)) return item;
    return { ...item, photos: (photos as unknown[]).map((p) => (typeof p === 'string' ? signedReturnPhotoUrl(signer, p, now) : p)) };
  };
  return (Array.isArray(payload) ? payload.map(signOne) : signOne(payload)) as T;
}

const LINK_MESSAGE = 'This photo link has expired. Please reload the page.';
const photoQuery = z.object({
  expires: z.string({ error: LINK_MESSAGE }).regex(/^\d{1,12}$/, LINK_MESSAGE),
  signature: z.string({ error: LINK_MESSAGE }).regex(/^[0-9a-f]{64}$/, LINK_MESSAGE),
});
const photoParams = z.object({ file: z.string().regex(FILE_RE, 'Photo not found') });

/**
 * GET /api/media/return-photos/{file}?expires=&signature=: the photo with `Cache-Control: private`
 * until the URL expires. 403 'This photo link has expired. Please reload the page.' for a wrong or
 * expired signature, 404 'Photo not found' for a name that is not a stored return photo.
 */
export const privatePhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const dir = path.join(app.config.dataDir, 'media', 'return_photos');
  app.get(
    `${RETURN_PHOTO_ROUTE}/:file`,
    {
      schema: {
        params: photoParams,
        querystring: photoQuery,
        response: answers({ 200: z.unknown().describe('The photo file (image/*), streamed') }),
      },
    },
    async (req, reply) => {
      const { file } = req.params;
      const now = app.authDeps.now();
      if (!verifyReturnPhotoUrl(app.config.jwtSecret, file, req.query.expires, req.query.signature, now)) throw forbidden(LINK_MESSAGE);
      const full = path.join(dir, file);
      const info = await stat(full).catch(() => null);
      if (!info?.isFile()) throw notFound('Photo not found');
      const maxAge = Math.max(0, Math.floor(Number(req.query.expires) - now.getTime() / 1000));
      return reply
        .header('content-type', MIME[FILE_RE.exec(file)![1]])
        .header('content-length', String(info.size))
        .header('cache-control', `private, max-age=${maxAge}`)
        .send(createReadStream(full));
    },
  );
};
