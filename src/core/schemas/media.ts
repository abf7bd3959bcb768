/**
 * Media uploads (the upload limits and their messages;
 * docs/architecture.md#media): the six upload folders, what each takes (kind, size cap, the spec's messages),
 * and the bodies of the upload-target and media-delete calls. The admin screens check a file with
 * the same rules before asking for a target; the disk store enforces them again on the bytes.
 */
import { z } from 'zod';
import type { mediaDeleteResultSchema, uploadResultSchema, uploadTargetAnswerSchema } from './answers/shopper';

export const MEDIA_FOLDERS = [
  'hero_videos',
  'hero_images',
  'instagram_photos',
  'vertical_videos',
  'video_posters',
  'product_images',
  'review_photos',
  'return_photos',
] as const;
export type MediaFolder = (typeof MEDIA_FOLDERS)[number];

export const RESOURCE_TYPES = ['image', 'video'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

const MB = 1024 * 1024;

export interface FolderRule {
  /** The only resource type the folder takes. */
  kind: ResourceType;
  /** Largest accepted file, bytes. */
  maxBytes: number;
  /** 400 message when the bytes are not of `kind`; `fileName` is the uploaded name. */
  invalidType(fileName: string): string;
  /** 413 message when the file is larger than `maxBytes`. */
  tooLarge(fileName: string): string;
}

/**
 * Per-folder rules with the spec's wording: hero images 5MB and hero videos 50MB
 * ('File size should be less than …'), Instagram photos 5MB, vertical videos 100MB, posters 5MB,
 * product images 5MB ('{file} is too large (max 5MB)').
 */
export const FOLDER_RULES: Record<MediaFolder, FolderRule> = {
  hero_images: {
    kind: 'image',
    maxBytes: 5 * MB,
    invalidType: () => 'Please select a valid image or video file',
    tooLarge: () => 'File size should be less than 5MB',
  },
  hero_videos: {
    kind: 'video',
    maxBytes: 50 * MB,
    invalidType: () => 'Please select a valid image or video file',
    tooLarge: () => 'File size should be less than 50MB',
  },
  instagram_photos: {
    kind: 'image',
    maxBytes: 5 * MB,
    invalidType: () => 'Please select a valid image file',
    tooLarge: () => 'Image size should be less than 5MB',
  },
  vertical_videos: {
    kind: 'video',
    maxBytes: 100 * MB,
    invalidType: () => 'Please select a valid video file',
    tooLarge: () => 'Video size should be less than 100MB',
  },
  video_posters: {
    kind: 'image',
    maxBytes: 5 * MB,
    invalidType: () => 'Please select a valid image file for poster',
    tooLarge: () => 'Poster image size should be less than 5MB',
  },
  product_images: {
    kind: 'image',
    maxBytes: 5 * MB,
    invalidType: (fileName) => `${fileName || 'File'} is not a valid image file`,
    tooLarge: (fileName) => `${fileName || 'File'} is too large (max 5MB)`,
  },
  // Shoppers' review photos: the product images' rules.
  review_photos: {
    kind: 'image',
    maxBytes: 5 * MB,
    invalidType: (fileName) => `${fileName || 'File'} is not a valid image file`,
    tooLarge: (fileName) => `${fileName || 'File'} is too large (max 5MB)`,
  },
  // A shopper's photos of a returned item (asked through POST /api/orders/{id}/returns/upload-target).
  return_photos: {
    kind: 'image',
    maxBytes: 5 * MB,
    invalidType: (fileName) => `${fileName || 'File'} is not a valid image file`,
    tooLarge: (fileName) => `${fileName || 'File'} is too large (max 5MB)`,
  },
};

/** The largest file any folder takes, bytes (the per-request multipart cap). */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(FOLDER_RULES).map((r) => r.maxBytes));

/**
 * Folders whose files are the shopper's and never public (docs/decisions/0021-upload-limits.md): the
 * disk store does not serve them on /media/ and Cloudinary stores them as `authenticated` assets;
 * both hand them out on short-lived signed URLs only.
 */
export const PRIVATE_MEDIA_FOLDERS: readonly MediaFolder[] = ['return_photos'];

/** True when files of `folder` are private (PRIVATE_MEDIA_FOLDERS). */
export const isPrivateFolder = (folder: string): boolean => (PRIVATE_MEDIA_FOLDERS as readonly string[]).includes(folder);

/** True when `value` names one of the upload folders. */
export const isMediaFolder = (value: unknown): value is MediaFolder =>
  typeof value === 'string' && (MEDIA_FOLDERS as readonly string[]).includes(value);

/** POST /api/admin/media/upload-target body: where a file of this kind, for this folder, goes. */
export const uploadTargetSchema = z
  .object({
    folder: z.enum(MEDIA_FOLDERS, { error: 'Please choose a valid media folder' }),
    resourceType: z.enum(RESOURCE_TYPES, { error: 'Resource type must be image or video' }),
  })
  .superRefine((v, ctx) => {
    const rule = FOLDER_RULES[v.folder];
    if (rule && rule.kind !== v.resourceType) {
      ctx.addIssue({
        code: 'custom',
        path: ['resourceType'],
        message: rule.kind === 'image' ? 'Please select a valid image file' : 'Please select a valid video file',
      });
    }
  });
export type UploadTargetInput = z.input<typeof uploadTargetSchema>;

/**
 * The answer of upload-target: the browser posts `fields` then `file` (multipart) to `uploadUrl`,
 * without the shop's token; the answer is Cloudinary's shape (`UploadResult`). `uploadTargetAnswerSchema`'s shape.
 */
export type UploadTarget = z.output<typeof uploadTargetAnswerSchema>;

/** What an upload answers, in Cloudinary's shape (both stores): `uploadResultSchema`'s shape. */
export type UploadResult = z.output<typeof uploadResultSchema>;

/**
 * POST /api/admin/cloudinary/delete and /api/admin/homepage/cloudinary/delete body. Photos and
 * product images send only `publicId`; videos and posters send `resourceType` too. When absent it
 * follows the folder in the public id (video folders: video, otherwise image).
 */
export const mediaDeleteSchema = z.object({
  publicId: z.string({ error: 'publicId is required' }).trim().min(1, 'publicId is required').max(300, 'publicId is too long'),
  resourceType: z.enum(RESOURCE_TYPES, { error: 'Resource type must be image or video' }).optional(),
});
export type MediaDeleteInput = z.input<typeof mediaDeleteSchema>;

/** Answer of the media delete calls: always 200 (failures are logged, never shown). `mediaDeleteResultSchema`'s shape. */
export type MediaDeleteResult = z.output<typeof mediaDeleteResultSchema>;

/** The resource type a public id's folder implies: video for video folders, else image. */
export function resourceTypeOf(publicId: string): ResourceType {
  const folder = publicId.split('/')[0];
  return isMediaFolder(folder) ? FOLDER_RULES[folder].kind : 'image';
}
