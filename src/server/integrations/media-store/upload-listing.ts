/**
 * What both media stores answer when asked for the uploads of one folder (the review photo sweep,
 * modules/reviews/photo-sweep.ts): a page of public ids with their upload time, and a cursor.
 */

/** The most uploads one listing page holds (Cloudinary's `max_results` cap). */
export const LIST_PAGE_SIZE = 500;

/** One stored upload: its public id (`<folder>/<name>`, no extension) and when it was uploaded. */
export interface StoredUpload {
  publicId: string;
  uploadedAt: Date;
}

/** A page of a folder's uploads; `nextCursor` asks for the next page, null after the last one. */
export interface UploadPage {
  uploads: StoredUpload[];
  nextCursor: string | null;
}
