/**
 * The disk media store (docs/architecture.md#media: used when CLOUDINARY_URL is unset). Files live under
 * DATA_DIR/media/<folder>/<random>.<ext> and are served at /media/<folder>/<name>. An upload target
 * is a signed, expiring permission (HMAC-SHA256 over folder|resourceType|expires|uploadId with the
 * app's secret, valid 10 minutes), so the browser posts the file to /api/media/upload without the
 * shop's token, the way it would post to Cloudinary. `uploadId` is the grant the shop recorded
 * (modules/media/grants.ts: one file per target) and the stored file's name. Return photos are
 * never served from the public /media/ route (PRIVATE_MEDIA_FOLDERS; modules/media/private-photos.ts
 * serves them on signed URLs).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  isMediaFolder,
  isPrivateFolder,
  RESOURCE_TYPES,
  type MediaFolder,
  type ResourceType,
  type UploadTarget,
} from '../../../core/schemas/media';
import { LIST_PAGE_SIZE, type UploadPage } from './upload-listing';

/** Where the browser posts files for the disk store. */
export const DISK_UPLOAD_URL = '/api/media/upload';
/** How long a disk upload target stays valid, milliseconds. */
export const DISK_UPLOAD_TTL_MS = 10 * 60 * 1000;
/** Extensions the disk store writes (the accepted formats of modules/media/file-type.ts). */
export const DISK_EXTENSIONS = ['jpg', 'png', 'gif', 'webp', 'avif', 'mp4', 'mov', 'webm'] as const;

/** An upload id the shop issues: 20 lowercase hex characters (modules/media/grants.ts). */
const UPLOAD_ID_RE = /^[0-9a-f]{20}$/;

/** A public id the disk store could have issued: `<folder>/<name without extension>`. */
const PUBLIC_ID_RE = /^([a-z_]+)\/([A-Za-z0-9_-]{1,100})$/;
/** A finished upload's file name, `<name>.<ext>` (partial uploads are dot-files and never match). */
const UPLOADED_FILE_RE = /^([A-Za-z0-9_-]{1,100})\.[a-z0-9]{2,5}$/;

/** Thrown by `delete` for a public id this store never issues (path traversal, foreign folder). */
export class InvalidPublicIdError extends Error {}

export interface DiskStoreOptions {
  /** Absolute DATA_DIR/media. */
  mediaDir: string;
  /** HMAC key of upload targets (the app's JWT secret). */
  secret: string;
  now?: () => Date;
  /** Uploads per `listUploads` page; LIST_PAGE_SIZE (500) unless a test pages in smaller steps. */
  listPageSize?: number;
}

export interface SaveUploadOptions {
  /** Largest accepted file, bytes; one byte more makes `tooLarge()` the error. */
  maxBytes: number;
  /** How many leading bytes `inspect` wants (fewer when the file is shorter). */
  headBytes: number;
  /** Checks the file's first bytes and returns the extension to store it under, or throws. */
  inspect(head: Buffer): string;
  /** The error to throw when the file is larger than `maxBytes`. */
  tooLarge(): Error;
  /** The stored file's name without extension (the upload id); random when absent. */
  name?: string;
  /**
   * Called with the complete file (still a hidden partial file) and its extension before it is
   * kept; may rewrite the file in place (metadata stripping) or throw to refuse it.
   */
  finish?(file: string, ext: string): Promise<void>;
}

export interface SavedUpload {
  publicId: string;
  /** Site-relative URL, /media/<folder>/<name>.<ext>. */
  url: string;
  /** Size in bytes. */
  bytes: number;
  ext: string;
}

export interface DiskStore {
  readonly provider: 'disk';
  /** Signed permission to upload the file `uploadId` (20 hex characters) of `resourceType` into `folder` during the next 10 minutes. */
  uploadTarget(folder: MediaFolder, resourceType: ResourceType, uploadId: string): UploadTarget;
  /** The folder, type and upload id a posted field set grants, or null when unsigned, tampered with or expired. */
  verifyUpload(fields: Record<string, string | undefined>): { folder: MediaFolder; resourceType: ResourceType; uploadId: string } | null;
  /**
   * Streams `source` into the folder under a random name, never holding it in memory: the first
   * `headBytes` go to `inspect` before anything is kept, and the copy stops with `tooLarge()` past
   * `maxBytes`. Nothing is left on disk when it throws.
   */
  saveUpload(folder: MediaFolder, source: AsyncIterable<Buffer>, opts: SaveUploadOptions): Promise<SavedUpload>;
  /**
   * Removes the file of `publicId` ('ok'), or answers 'not found'. `resourceType` plays no part on
   * disk. Throws InvalidPublicIdError for an id outside the upload folders (e.g. "../x").
   */
  delete(publicId: string, resourceType?: ResourceType): Promise<'ok' | 'not found'>;
  /**
   * One page of the finished uploads in `folder` (its files, by name; partial uploads left out),
   * each with the file's mtime as upload time. `cursor` is the previous page's `nextCursor` (the
   * last name it held). A folder nothing was uploaded to yet answers an empty page.
   */
  listUploads(folder: MediaFolder, cursor?: string | null): Promise<UploadPage>;
  /** True when `url` is /media/<publicId>.<ext> and that file was uploaded here (a shopper's upload, checked before it is kept). */
  servesImage(publicId: string, url: string): boolean;
}

/** Builds the disk store rooted at `opts.mediaDir`. */
export function createDiskStore(opts: DiskStoreOptions): DiskStore {
  const now = opts.now ?? (() => new Date());
  const root = path.resolve(opts.mediaDir);
  const sign = (folder: string, resourceType: string, expires: string, uploadId: string) =>
    createHmac('sha256', opts.secret).update(`${folder}|${resourceType}|${expires}|${uploadId}`).digest('hex');

  const folderDir = (folder: MediaFolder) => {
    const dir = path.resolve(root, folder);
    // Folder names come from a fixed list; this guards the invariant anyway.
    if (path.dirname(dir) !== root) throw new InvalidPublicIdError(`bad folder ${folder}`);
    return dir;
  };

  return {
    provider: 'disk',

    servesImage(publicId, url) {
      const match = PUBLIC_ID_RE.exec(publicId);
      if (!match || !isMediaFolder(match[1])) return false;
      const file = /^\/media\/([a-z_]+\/[A-Za-z0-9_-]{1,100})\.([a-z0-9]{2,5})$/.exec(url);
      return file?.[1] === publicId && existsSync(path.join(folderDir(match[1]), `${match[2]}.${file[2]}`));
    },

    uploadTarget(folder, resourceType, uploadId) {
      if (!UPLOAD_ID_RE.test(uploadId)) throw new Error('upload id must be 20 hex characters');
      const expires = String(Math.floor((now().getTime() + DISK_UPLOAD_TTL_MS) / 1000));
      return {
        provider: 'disk',
        uploadUrl: DISK_UPLOAD_URL,
        fields: { folder, resourceType, expires, uploadId, signature: sign(folder, resourceType, expires, uploadId) },
      };
    },

    verifyUpload(fields) {
      const { folder, resourceType, expires, uploadId, signature } = fields;
      if (!isMediaFolder(folder) || !(RESOURCE_TYPES as readonly string[]).includes(resourceType ?? '')) return null;
      if (!expires || !/^\d{1,12}$/.test(expires) || !signature || !/^[0-9a-f]{64}$/.test(signature)) return null;
      if (!uploadId || !UPLOAD_ID_RE.test(uploadId)) return null;
      const expected = Buffer.from(sign(folder, resourceType!, expires, uploadId), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return null;
      if (Number(expires) * 1000 < now().getTime()) return null;
      return { folder, resourceType: resourceType as ResourceType, uploadId };
    },

    async saveUpload(folder, source, o) {
      const dir = folderDir(folder);
      await mkdir(dir, { recursive: true });
      const name = o.name ?? randomBytes(10).toString('hex');
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(name)) throw new InvalidPublicIdError(`bad file name ${name}`);
      // A dot-file while it arrives: the static route does not serve dot-files.
      const partial = path.join(dir, `.upload-${name}.part`);
      let bytes = 0;
      let ext: string | null = null;
      async function* checked(input: AsyncIterable<Buffer>) {
        let head: Buffer[] = [];
        let headLength = 0;
        for await (const chunk of input) {
          bytes += chunk.length;
          if (bytes > o.maxBytes) throw o.tooLarge();
          if (ext !== null) {
            yield chunk;
            continue;
          }
          head.push(chunk);
          headLength += chunk.length;
          if (headLength >= o.headBytes) {
            const buffered = Buffer.concat(head);
            ext = o.inspect(buffered);
            head = [];
            yield buffered;
          }
        }
        if (ext === null) {
          const buffered = Buffer.concat(head);
          ext = o.inspect(buffered);
          yield buffered;
        }
      }
      const out = createWriteStream(partial, { flags: 'wx', mode: 0o644 });
      try {
        await pipeline(source, checked, out);
        if (o.finish) {
          await o.finish(partial, ext!);
          bytes = (await stat(partial)).size;
        }
        const file = `${name}.${ext}`;
        await rename(partial, path.join(dir, file));
        return { publicId: `${folder}/${name}`, url: `/media/${folder}/${file}`, bytes, ext: ext! };
      } catch (err) {
        // The file is opened lazily: a refusal can come before the open finishes, and an unlink
        // then would run first and leave the partial file behind. Remove it once the stream closed.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await unlink(partial).catch(() => undefined);
        throw err;
      }
    },

    async delete(publicId) {
      const match = PUBLIC_ID_RE.exec(publicId);
      if (!match || !isMediaFolder(match[1])) throw new InvalidPublicIdError(`not a disk public id: ${JSON.stringify(publicId)}`);
      const dir = folderDir(match[1]);
      let removed = false;
      for (const ext of DISK_EXTENSIONS) {
        const file = path.resolve(dir, `${match[2]}.${ext}`);
        if (path.dirname(file) !== dir) throw new InvalidPublicIdError(`outside the folder: ${publicId}`);
        try {
          await unlink(file);
          removed = true;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
      return removed ? 'ok' : 'not found';
    },

    async listUploads(folder, cursor) {
      const dir = folderDir(folder);
      let names: string[];
      try {
        names = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isFile() && UPLOADED_FILE_RE.test(e.name)).map((e) => e.name);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { uploads: [], nextCursor: null };
        throw err;
      }
      names.sort();
      const after = cursor ? names.filter((name) => name > cursor) : names;
      const page = after.slice(0, opts.listPageSize ?? LIST_PAGE_SIZE);
      const uploads = [];
      for (const name of page) {
        try {
          const { mtime } = await stat(path.join(dir, name));
          uploads.push({ publicId: `${folder}/${UPLOADED_FILE_RE.exec(name)![1]}`, uploadedAt: mtime });
        } catch (err) {
          // Deleted since the directory was read (another instance's sweep): nothing to list.
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
      return { uploads, nextCursor: after.length > page.length ? page.at(-1)! : null };
    },
  };
}

/**
 * `allowedPath` for the /media/ static route: false for files under PRIVATE_MEDIA_FOLDERS (the
 * route then answers 404), true otherwise. `pathName` is the request's decoded path below /media/.
 */
export function isPublicMediaPath(pathName: string): boolean {
  const [folder] = pathName.replace(/^\/+/, '').split(/[\\/]/);
  return !isPrivateFolder(folder.toLowerCase());
}

/**
 * `setHeaders` for the /media/ static route: uploaded files (random names, never rewritten) are
 * cached for a year as immutable; other media (the demo catalogue) keeps the route's default.
 */
export function uploadedMediaCacheHeaders(mediaDir: string) {
  const root = path.resolve(mediaDir);
  return (reply: { header(name: string, value: string): unknown }, filePath: string): void => {
    const [folder] = path.relative(root, filePath).split(path.sep);
    if (isMediaFolder(folder)) reply.header('cache-control', 'public, max-age=31536000, immutable');
  };
}
