/**
 * The Cloudinary media store (docs/architecture.md#media: used when CLOUDINARY_URL is set). The browser
 * uploads straight to Cloudinary with a signed request the server prepares; the server deletes with
 * a signed `destroy` call. Signing follows Cloudinary's rule: every parameter except file,
 * cloud_name, resource_type and api_key, sorted by name, joined as `k=v` with '&', followed by the
 * API secret, SHA-1 hex. Listing a folder (the review photo sweep) uses the Admin API's "Get
 * resources" call, authenticated with HTTP Basic (api_key:api_secret) rather than a signature; that
 * API is rate limited per hour (500 calls on the free plan), so callers list sparingly.
 *
 * Private folders (return photos, docs/decisions/0021-upload-limits.md) are uploaded as
 * `type=authenticated` with the incoming transformation PRIVATE_UPLOAD_TRANSFORMATION, so Cloudinary
 * keeps no EXIF/XMP/IPTC metadata (a phone photo's location) and never serves the file on a plain
 * URL; they are handed out as the upload API's private download URLs (`GET /v1_1/<cloud>/image/download`,
 * signed like an upload, with `expires_at`), which stop working when they expire.
 *
 * A product import's pictures are handed to Cloudinary by address (`uploadFromUrl`: the upload API
 * with `file=<url>`, Cloudinary downloads it), limited to the picture formats the shop takes
 * (`allowed_formats`) and stored with IMPORTED_PICTURE_TRANSFORMATION.
 */
import { createHash } from 'node:crypto';
import { FOLDER_RULES, isPrivateFolder, type MediaFolder, type ResourceType, type UploadTarget } from '../../../core/schemas/media';
import { LIST_PAGE_SIZE, type StoredUpload, type UploadPage } from './upload-listing';

export const CLOUDINARY_API_BASE = 'https://api.cloudinary.com';

export interface CloudinaryCredentials {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
}

/** Reads `cloudinary://<api_key>:<api_secret>@<cloud_name>`; throws when a part is missing. */
export function parseCloudinaryUrl(url: string): CloudinaryCredentials {
  const parsed = new URL(url);
  const creds = {
    cloudName: decodeURIComponent(parsed.hostname),
    apiKey: decodeURIComponent(parsed.username),
    apiSecret: decodeURIComponent(parsed.password),
  };
  if (parsed.protocol !== 'cloudinary:' || !creds.cloudName || !creds.apiKey || !creds.apiSecret) {
    throw new Error('CLOUDINARY_URL must look like cloudinary://key:secret@cloud');
  }
  return creds;
}

const UNSIGNED_PARAMS = new Set(['file', 'cloud_name', 'resource_type', 'api_key']);

/**
 * The incoming transformation of private uploads: at most 2000 px a side (a phone photo shrinks to
 * a few hundred KB) and `fl_force_strip`, which clears IPTC, Exif and XMP metadata while the
 * transformation is applied (Cloudinary's transformation reference, "flag").
 */
export const PRIVATE_UPLOAD_TRANSFORMATION = 'c_limit,h_2000,w_2000,fl_force_strip';

/**
 * The incoming transformation of imported product pictures: at most 2000 px a side (enough for the
 * product page's zoom, and far smaller on a phone) with metadata cleared, as the disk store does.
 */
export const IMPORTED_PICTURE_TRANSFORMATION = 'c_limit,h_2000,w_2000,fl_force_strip';
/** The formats an imported picture may be (Cloudinary refuses the rest with "format … not allowed"). */
export const IMPORTED_PICTURE_FORMATS = 'jpg,png,gif,webp,avif';

/** A delivery URL's path after `image/<type>/`: an authenticated one starts with its signature. */
const DELIVERY_PATH = {
  upload: /^(?:v\d+\/)?([A-Za-z0-9_/-]+)\.([a-z0-9]{2,5})$/,
  authenticated: /^s--[A-Za-z0-9_-]{8}--\/(?:v\d+\/)?([A-Za-z0-9_/-]+)\.([a-z0-9]{2,5})$/,
};

/** Cloudinary's delivery type of an asset in `folder` (or of a public id starting with it). */
const deliveryType = (folderOrPublicId: string): 'authenticated' | 'upload' =>
  isPrivateFolder(folderOrPublicId.split('/')[0]) ? 'authenticated' : 'upload';

/** Cloudinary's request signature (SHA-1 hex) of `params` with `apiSecret`. */
export function cloudinarySignature(params: Record<string, string>, apiSecret: string): string {
  const payload = Object.keys(params)
    .filter((k) => !UNSIGNED_PARAMS.has(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('sha1')
    .update(payload + apiSecret)
    .digest('hex');
}

export interface CloudinaryStoreOptions extends CloudinaryCredentials {
  /** REST base, https://api.cloudinary.com unless a test points it at a stand-in. */
  apiBase?: string;
  now?: () => Date;
  fetch?: typeof fetch;
  /** Per destroy or listing call, milliseconds. */
  timeoutMs?: number;
}

export interface CloudinaryStore {
  readonly provider: 'cloudinary';
  /**
   * A signed direct upload into `folder` (the browser adds `file`); valid as Cloudinary allows (1
   * hour). The signed `public_id` is `uploadId` (the shop's grant), so the asset is
   * `<folder>/<uploadId>` and a target used again replaces that one asset rather than adding one.
   */
  uploadTarget(folder: MediaFolder, resourceType: ResourceType, uploadId: string): UploadTarget;
  /**
   * Signed upload of the picture at `sourceUrl` into `folder` as `<folder>/<name>` (Cloudinary
   * downloads it; uploading the same name again replaces it). Answers its delivery URL, public id
   * and size in bytes. Throws with Cloudinary's message when it refuses (not an image, a format not
   * allowed, the address not reachable) or cannot be reached within `timeoutMs`.
   */
  uploadFromUrl(
    folder: 'product_images',
    name: string,
    sourceUrl: string,
    timeoutMs: number,
  ): Promise<{ url: string; publicId: string; bytes: number }>;
  /**
   * Signed `destroy` of `publicId`: 'ok' when Cloudinary removed it, 'not found' when it had
   * nothing. Throws when Cloudinary cannot be reached or refuses the call.
   */
  delete(publicId: string, resourceType: ResourceType): Promise<'ok' | 'not found'>;
  /**
   * One page (up to 500, by public id) of the uploads in `folder`, of the folder's resource type,
   * with Cloudinary's `created_at` as upload time: Admin API `GET /resources/<type>/<delivery type>` with
   * `prefix=<folder>/`. `cursor` is the previous page's `nextCursor` (Cloudinary's `next_cursor`).
   * Throws when Cloudinary cannot be reached, refuses the call (e.g. 420 over the hourly rate
   * limit) or answers something else than a resource list.
   */
  listUploads(folder: MediaFolder, cursor?: string | null): Promise<UploadPage>;
  /**
   * True when `url` is this account's delivery URL of the image `publicId` (a shopper's upload,
   * checked before it is kept): `image/upload/...` for a public folder, the signed
   * `image/authenticated/s--<signature>--/...` Cloudinary answers an upload with for a private one.
   */
  servesImage(publicId: string, url: string): boolean;
  /**
   * For a stored private image URL (one `servesImage` accepted), a private download URL that
   * works until `expiresAt` (rounded down to the second); null for any other value.
   */
  privateImageUrl(url: string, expiresAt: Date): string | null;
}

/** Builds the Cloudinary store for one account. */
export function createCloudinaryStore(opts: CloudinaryStoreOptions): CloudinaryStore {
  const now = opts.now ?? (() => new Date());
  const apiBase = (opts.apiBase ?? CLOUDINARY_API_BASE).replace(/\/$/, '');
  const doFetch = opts.fetch ?? fetch;
  const endpoint = (resourceType: ResourceType, action: 'upload' | 'destroy') =>
    `${apiBase}/v1_1/${encodeURIComponent(opts.cloudName)}/${resourceType}/${action}`;
  const timestamp = () => String(Math.floor(now().getTime() / 1000));

  const imageBase = `https://res.cloudinary.com/${encodeURIComponent(opts.cloudName)}/image/`;
  /** The public id and format of this account's delivery URL `url` of delivery type `type`, or null. */
  const readDeliveryUrl = (url: string, type: 'upload' | 'authenticated') => {
    const prefix = `${imageBase}${type}/`;
    if (!url.startsWith(prefix)) return null;
    const match = DELIVERY_PATH[type].exec(url.slice(prefix.length));
    return match ? { publicId: match[1], format: match[2] } : null;
  };
  const signed = (params: Record<string, string>) => ({
    ...params,
    api_key: opts.apiKey,
    signature: cloudinarySignature(params, opts.apiSecret),
  });

  return {
    provider: 'cloudinary',

    servesImage(publicId, url) {
      return readDeliveryUrl(url, deliveryType(publicId))?.publicId === publicId;
    },

    privateImageUrl(url, expiresAt) {
      const asset = readDeliveryUrl(url, 'authenticated');
      if (!asset || deliveryType(asset.publicId) !== 'authenticated') return null;
      const params = {
        expires_at: String(Math.floor(expiresAt.getTime() / 1000)),
        format: asset.format,
        public_id: asset.publicId,
        timestamp: timestamp(),
        type: 'authenticated',
      };
      return `${apiBase}/v1_1/${encodeURIComponent(opts.cloudName)}/image/download?${new URLSearchParams(signed(params))}`;
    },

    uploadTarget(folder, resourceType, uploadId) {
      const params: Record<string, string> = { folder, public_id: uploadId, timestamp: timestamp() };
      if (deliveryType(folder) === 'authenticated') {
        params.type = 'authenticated';
        params.transformation = PRIVATE_UPLOAD_TRANSFORMATION;
      }
      return {
        provider: 'cloudinary',
        uploadUrl: endpoint(resourceType, 'upload'),
        fields: { api_key: opts.apiKey, ...params, signature: cloudinarySignature(params, opts.apiSecret) },
      };
    },

    async uploadFromUrl(folder, name, sourceUrl, timeoutMs) {
      const params: Record<string, string> = {
        allowed_formats: IMPORTED_PICTURE_FORMATS,
        folder,
        public_id: name,
        timestamp: timestamp(),
        transformation: IMPORTED_PICTURE_TRANSFORMATION,
      };
      const form = new FormData();
      for (const [k, v] of Object.entries(signed(params))) form.append(k, v);
      form.append('file', sourceUrl);
      const res = await doFetch(endpoint('image', 'upload'), { method: 'POST', body: form, signal: AbortSignal.timeout(timeoutMs) });
      const answer = (await res.json().catch(() => null)) as {
        secure_url?: unknown;
        public_id?: unknown;
        bytes?: unknown;
        error?: { message?: string };
      } | null;
      if (!res.ok) throw new Error(answer?.error?.message ?? `Cloudinary answered HTTP ${res.status}`);
      if (typeof answer?.secure_url !== 'string' || typeof answer.public_id !== 'string' || typeof answer.bytes !== 'number')
        throw new Error('Cloudinary answered without the picture’s address');
      return { url: answer.secure_url, publicId: answer.public_id, bytes: answer.bytes };
    },

    async delete(publicId, resourceType) {
      const params: Record<string, string> = { public_id: publicId, timestamp: timestamp() };
      if (deliveryType(publicId) === 'authenticated') params.type = 'authenticated';
      const body = new URLSearchParams(signed(params));
      const res = await doFetch(endpoint(resourceType, 'destroy'), {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      const answer = (await res.json().catch(() => null)) as { result?: string; error?: { message?: string } } | null;
      if (!res.ok) throw new Error(`Cloudinary destroy answered ${res.status}: ${answer?.error?.message ?? 'no message'}`);
      if (answer?.result === 'ok') return 'ok';
      if (answer?.result === 'not found') return 'not found';
      throw new Error(`Cloudinary destroy answered ${JSON.stringify(answer)}`);
    },

    async listUploads(folder, cursor) {
      const url = new URL(
        `${apiBase}/v1_1/${encodeURIComponent(opts.cloudName)}/resources/${FOLDER_RULES[folder].kind}/${deliveryType(folder)}`,
      );
      url.searchParams.set('prefix', `${folder}/`);
      url.searchParams.set('max_results', String(LIST_PAGE_SIZE));
      if (cursor) url.searchParams.set('next_cursor', cursor);
      const res = await doFetch(url, {
        headers: { authorization: `Basic ${Buffer.from(`${opts.apiKey}:${opts.apiSecret}`).toString('base64')}` },
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      const answer = (await res.json().catch(() => null)) as {
        resources?: { public_id?: unknown; created_at?: unknown }[];
        next_cursor?: unknown;
        error?: { message?: string };
      } | null;
      if (!res.ok) throw new Error(`Cloudinary resources answered ${res.status}: ${answer?.error?.message ?? 'no message'}`);
      if (!Array.isArray(answer?.resources)) throw new Error('Cloudinary resources answered without a resource list');
      const uploads: StoredUpload[] = answer.resources.map((r) => {
        const uploadedAt = new Date(typeof r.created_at === 'string' ? r.created_at : NaN);
        if (typeof r.public_id !== 'string' || Number.isNaN(uploadedAt.getTime())) {
          throw new Error(`Cloudinary resources answered an unreadable resource: ${JSON.stringify(r).slice(0, 200)}`);
        }
        return { publicId: r.public_id, uploadedAt };
      });
      const next = answer.next_cursor;
      return { uploads, nextCursor: typeof next === 'string' && next !== '' ? next : null };
    },
  };
}
