/**
 * Homepage content the admin curates: hero banners, vertical videos, Instagram photos and
 * testimonials. One schema per form, used by the admin forms (through
 * the zod resolver) and by the server (as the POST/PUT body), so both give the spec's messages.
 *
 * Media URLs are either absolute http(s) URLs (Cloudinary) or site-relative paths under `/media/`
 * (the disk media store, docs/architecture.md#media); anything else (javascript:, data:, //host) is refused.
 * Fields the record carries but a form does not send (`_id`, `createdAt`) are ignored, so the
 * active toggle can resend the whole saved item with `isActive` flipped.
 */
import { z } from 'zod';
import { idField } from './common';
import type {
  heroBannerAnswerSchema,
  instagramPhotoAnswerSchema,
  testimonialAnswerSchema,
  verticalVideoAnswerSchema,
} from './answers/admin';

/** How many of each kind may exist, counted when one is added. */
export const HOMEPAGE_CONTENT_LIMITS = {
  heroVideos: 1,
  heroImages: 4,
  verticalVideos: 4,
  instagramPhotos: 5,
  testimonials: 10,
} as const;

/** Testimonial text bounds: 10..500 characters, 500 itself allowed. */
export const TESTIMONIAL_CONTENT_MIN = 10;
export const TESTIMONIAL_CONTENT_MAX = 500;

/** The spec's messages for the add limits (answered with 409). */
export const LIMIT_MESSAGES = {
  heroVideos: 'Only 1 video banner allowed',
  heroImages: 'Maximum 4 image banners allowed',
  verticalVideos: 'Maximum 4 vertical videos allowed',
  instagramPhotos: 'Maximum 5 Instagram photos allowed',
  testimonials: 'Maximum 10 testimonials allowed',
} as const;

const URL_MAX = 2048;

/** PostgreSQL text cannot hold NUL characters; refusing them keeps a bad body a 400, not a 500. */
export const INVALID_CHARACTERS = 'Text contains invalid characters';
const noNul = (value: string) => !value.includes('\u0000');
/** z.string() that refuses NUL characters. */
const str = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(noNul, INVALID_CHARACTERS);
const MEDIA_PATH_RE = /^\/media\/[A-Za-z0-9._~\-/]+$/;

/** True for an absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** True for a URL a homepage item may point its media at: http(s), or a `/media/...` path of the disk store. */
export function isMediaUrl(value: string): boolean {
  if (value.startsWith('/')) {
    return MEDIA_PATH_RE.test(value) && !value.includes('..') && !value.includes('//');
  }
  return isHttpUrl(value);
}

const INVALID_MEDIA_URL = 'Media URL must be an http(s) URL or a /media/ path';

/** An optional media URL: '', null and absent all mean "none" (null). */
const optionalMediaUrl = str()
  .trim()
  .max(URL_MAX, INVALID_MEDIA_URL)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isMediaUrl(v), INVALID_MEDIA_URL);

/** A required media URL with the spec's "select a file" message for a missing one. */
const requiredMediaUrl = (missing: string) =>
  str({ error: missing }).trim().min(1, missing).max(URL_MAX, INVALID_MEDIA_URL).refine(isMediaUrl, INVALID_MEDIA_URL);

/** Optional media-host ids (Cloudinary public ids); '' and absent mean none. */
const optionalPublicId = str()
  .trim()
  .max(300)
  .nullish()
  .transform((v) => (v ? v : null));

/** A text with a default when it is absent or blank (alt texts). */
const textWithDefault = (fallback: string, max = 200) =>
  str()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : fallback));

const isActiveField = z.boolean({ error: 'isActive must be true or false' }).default(true);

export const HERO_MEDIA_TYPES = ['image', 'video'] as const;
export type HeroMediaType = (typeof HERO_MEDIA_TYPES)[number];

/**
 * Hero banner body (POST and PUT /api/admin/homepage/banners): an image needs `imageUrl`, a video
 * `videoUrl` ('Please select a media file'). `sortOrder` absent on add puts an image banner last.
 */
export const heroBannerSchema = z
  .object({
    mediaType: z.enum(HERO_MEDIA_TYPES, { error: 'Please select a valid image or video file' }),
    imageUrl: optionalMediaUrl,
    videoUrl: optionalMediaUrl,
    /** Optional still shown before the video plays (storefront hero). */
    posterUrl: optionalMediaUrl,
    /**
     * Optional portrait picture for phones: shown instead of the image (or, for a video,
     * as its poster) on screens up to 640 px wide.
     */
    mobileImageUrl: optionalMediaUrl,
    mobilePublicId: optionalPublicId,
    /** Optional page the image banner links to: a site path ('/products') or an http(s) URL. */
    link: str()
      .trim()
      .max(URL_MAX)
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || (/^\/(?!\/)/.test(v) && !/\s/.test(v)) || isHttpUrl(v), 'Link must be a site path or an http(s) URL'),
    alt: textWithDefault('Hero Media'),
    isActive: isActiveField,
    publicId: optionalPublicId,
    sortOrder: z
      .number({ error: 'Sort order must be a whole number of 0 or more' })
      .int('Sort order must be a whole number of 0 or more')
      .min(0, 'Sort order must be a whole number of 0 or more')
      .max(10_000, 'Sort order must be at most 10000')
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.mediaType === 'image' && !v.imageUrl) ctx.addIssue({ code: 'custom', path: ['imageUrl'], message: 'Please select a media file' });
    if (v.mediaType === 'video' && !v.videoUrl) ctx.addIssue({ code: 'custom', path: ['videoUrl'], message: 'Please select a media file' });
  });
export type HeroBannerInput = z.input<typeof heroBannerSchema>;
export type HeroBannerData = z.output<typeof heroBannerSchema>;

/** PUT /api/admin/homepage/banners/order: the image banners' ids in display order. */
export const bannerOrderSchema = z.object({
  ids: z
    .array(idField('banner'), { error: 'ids must be a list of banner ids' })
    .min(1, 'ids must list at least one banner')
    .max(50, 'Too many banners')
    .refine((ids) => new Set(ids).size === ids.length, 'Each banner may appear only once'),
});
export type BannerOrderInput = z.input<typeof bannerOrderSchema>;

/** Vertical video body: the video is required ('Please select a video'); poster optional; title trimmed. */
export const verticalVideoSchema = z.object({
  videoUrl: requiredMediaUrl('Please select a video'),
  videoPublicId: optionalPublicId,
  posterUrl: optionalMediaUrl,
  posterPublicId: optionalPublicId,
  title: str()
    .trim()
    .max(120, 'Title must be at most 120 characters')
    .nullish()
    .transform((v) => v ?? ''),
  isActive: isActiveField,
});
export type VerticalVideoInput = z.input<typeof verticalVideoSchema>;
export type VerticalVideoData = z.output<typeof verticalVideoSchema>;

/** Instagram photo body: image and post URL required; alt defaults to 'Instagram Photo'. */
export const instagramPhotoSchema = z.object({
  imageUrl: requiredMediaUrl('Please select an image'),
  postUrl: str({ error: 'Instagram Post URL is required' })
    .trim()
    .min(1, 'Instagram Post URL is required')
    .max(URL_MAX, 'Please enter a valid Instagram Post URL')
    .refine(isHttpUrl, 'Please enter a valid Instagram Post URL'),
  alt: textWithDefault('Instagram Photo'),
  isActive: isActiveField,
  publicId: optionalPublicId,
});
export type InstagramPhotoInput = z.input<typeof instagramPhotoSchema>;
export type InstagramPhotoData = z.output<typeof instagramPhotoSchema>;

/** Testimonial body: name 2+, content 10..500, rating 1..5 (default 5), optional handle and photo. */
export const testimonialSchema = z.object({
  authorName: str({ error: 'Author name is required' })
    .trim()
    .min(1, 'Author name is required')
    .min(2, 'Name must be at least 2 characters')
    .max(80, 'Name must be at most 80 characters'),
  authorHandle: str()
    .trim()
    .max(80, 'Handle must be at most 80 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  imageUrl: optionalMediaUrl,
  content: str({ error: 'Testimonial content is required' })
    .trim()
    .min(1, 'Testimonial content is required')
    .min(TESTIMONIAL_CONTENT_MIN, 'Content must be at least 10 characters')
    .max(TESTIMONIAL_CONTENT_MAX, 'Content must be less than 500 characters'),
  rating: z
    .number({ error: 'Rating must be between 1 and 5 stars' })
    .int('Rating must be between 1 and 5 stars')
    .min(1, 'Rating must be between 1 and 5 stars')
    .max(5, 'Rating must be between 1 and 5 stars')
    .default(5),
  isActive: isActiveField,
});
export type TestimonialInput = z.input<typeof testimonialSchema>;
export type TestimonialData = z.output<typeof testimonialSchema>;

/** A saved hero banner as the admin API answers it. */
export type HeroBanner = z.infer<typeof heroBannerAnswerSchema>;

/** A saved vertical video. */
export type VerticalVideo = z.infer<typeof verticalVideoAnswerSchema>;

/** A saved Instagram photo. */
export type InstagramPhoto = z.infer<typeof instagramPhotoAnswerSchema>;

/** A saved testimonial. */
export type Testimonial = z.infer<typeof testimonialAnswerSchema>;
