/**
 * The media store the app uses (docs/architecture.md#media): Cloudinary when CLOUDINARY_URL is set, else the
 * disk store under DATA_DIR/media. Both give `uploadTarget(folder, resourceType)` (where the browser
 * sends a file), `delete(publicId, resourceType)` and `listUploads(folder, cursor)` (a page of a
 * folder's uploads with their upload time, for the review photo sweep).
 */
import { createCloudinaryStore, parseCloudinaryUrl, type CloudinaryStore } from './cloudinary-store';
import { createDiskStore, type DiskStore } from './disk-store';

export type MediaStore = DiskStore | CloudinaryStore;

export interface MediaStoreOptions {
  /** `cloudinary://key:secret@cloud`; unset means the disk store. */
  cloudinaryUrl?: string;
  /** Cloudinary REST base (tests point it at a stand-in); https://api.cloudinary.com by default. */
  cloudinaryApiBase?: string;
  /** Absolute DATA_DIR/media (disk store). */
  mediaDir: string;
  /** Signs disk upload targets (the app's JWT secret). */
  secret: string;
  now?: () => Date;
}

/** Chooses and builds the store. Throws when CLOUDINARY_URL is malformed. */
export function createMediaStore(opts: MediaStoreOptions): MediaStore {
  if (opts.cloudinaryUrl) {
    return createCloudinaryStore({ ...parseCloudinaryUrl(opts.cloudinaryUrl), apiBase: opts.cloudinaryApiBase, now: opts.now });
  }
  return createDiskStore({ mediaDir: opts.mediaDir, secret: opts.secret, now: opts.now });
}
