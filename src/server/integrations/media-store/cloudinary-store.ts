/**
 * The Cloudinary media store (DESIGN.md "media": used when CLOUDINARY_URL is set). The browser
 * uploads straight to Cloudinary with a signed request the server prepares; the server deletes with
 * a signed `destroy` call. Signing follows Cloudinary's rule: every parameter except file,
 * cloud_name, resource_type and api_key, sorted by name, joined as `k=v` with '&', followed by the
 * API secret, SHA-1 hex.
 */
import { createHash } from 'node:crypto';
import type { MediaFolder, ResourceType, UploadTarget } from '../../../core/schemas/media';

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
  /** Per destroy call, milliseconds. */
  timeoutMs?: number;
}

export interface CloudinaryStore {
  readonly provider: 'cloudinary';
  /** A signed direct upload into `folder` (the browser adds `file`); valid as Cloudinary allows (1 hour). */
  uploadTarget(folder: MediaFolder, resourceType: ResourceType): UploadTarget;
  /**
   * Signed `destroy` of `publicId`: 'ok' when Cloudinary removed it, 'not found' when it had
   * nothing. Throws when Cloudinary cannot be reached or refuses the call.
   */
  delete(publicId: string, resourceType: ResourceType): Promise<'ok' | 'not found'>;
  /** True when `url` is this account's delivery URL of the image `publicId` (a shopper's upload, checked before it is kept). */
  servesImage(publicId: string, url: string): boolean;
}

/** Builds the Cloudinary store for one account. */
export function createCloudinaryStore(opts: CloudinaryStoreOptions): CloudinaryStore {
  const now = opts.now ?? (() => new Date());
  const apiBase = (opts.apiBase ?? CLOUDINARY_API_BASE).replace(/\/$/, '');
  const doFetch = opts.fetch ?? fetch;
  const endpoint = (resourceType: ResourceType, action: 'upload' | 'destroy') =>
    `${apiBase}/v1_1/${encodeURIComponent(opts.cloudName)}/${resourceType}/${action}`;
  const timestamp = () => String(Math.floor(now().getTime() / 1000));

  const deliveryBase = `https://res.cloudinary.com/${encodeURIComponent(opts.cloudName)}/image/upload/`;

  return {
    provider: 'cloudinary',

    servesImage(publicId, url) {
      if (!url.startsWith(deliveryBase)) return false;
      return /^(v\d+\/)?([A-Za-z0-9_/-]+)\.[a-z0-9]{2,5}$/.exec(url.slice(deliveryBase.length))?.[2] === publicId;
    },

    uploadTarget(folder, resourceType) {
      const params = { folder, timestamp: timestamp() };
      return {
        provider: 'cloudinary',
        uploadUrl: endpoint(resourceType, 'upload'),
        fields: { api_key: opts.apiKey, ...params, signature: cloudinarySignature(params, opts.apiSecret) },
      };
    },

    async delete(publicId, resourceType) {
      const params = { public_id: publicId, timestamp: timestamp() };
      const body = new URLSearchParams({
        ...params,
        api_key: opts.apiKey,
        signature: cloudinarySignature(params, opts.apiSecret),
      });
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
  };
}
