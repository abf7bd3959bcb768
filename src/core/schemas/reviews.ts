/**
 * Review request schemas, shared by the review form, the admin
 * screen and the server. Text is plain text: trimmed, length-limited, no NUL or other control
 * characters (line breaks kept in the body); pages render it as text, never as HTML.
 */
import { z } from 'zod';
import {
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_FITS,
  REVIEW_PHOTOS_MAX,
  REVIEW_REPLY_MAX,
  REVIEW_SORTS,
  REVIEW_STATUSES,
  REVIEW_TITLE_MAX,
} from '../reviews';

const INVALID_CHARACTERS = 'Text contains invalid characters';
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_NEWLINES = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/;
const plainText = (value: string) => !CONTROL_EXCEPT_NEWLINES.test(value);

/** A photo uploaded to the review_photos folder (the server checks it is the shop's own upload). */
export const reviewPhotoSchema = z.object({
  url: z.string({ error: 'Photo URL is required' }).trim().min(1, 'Photo URL is required').max(2048, 'Photo URL is too long'),
  publicId: z.string({ error: 'Photo id is required' }).regex(/^review_photos\/[A-Za-z0-9_-]{1,100}$/, 'Photo is not a review upload'),
});

/** POST /api/products/{id}/reviews: a new review, or the shopper's edit of theirs. */
export const reviewInputSchema = z.object({
  rating: z
    .number({ error: 'Please choose a rating from 1 to 5 stars' })
    .int('Please choose a rating from 1 to 5 stars')
    .min(1, 'Please choose a rating from 1 to 5 stars')
    .max(5, 'Please choose a rating from 1 to 5 stars'),
  title: z
    .string({ error: 'Title is required' })
    .refine(plainText, INVALID_CHARACTERS)
    .trim()
    .min(1, 'Title is required')
    .max(REVIEW_TITLE_MAX, `Title must be at most ${REVIEW_TITLE_MAX} characters`),
  body: z
    .string({ error: 'Review is required' })
    .refine(plainText, INVALID_CHARACTERS)
    .trim()
    .min(1, 'Review is required')
    .min(REVIEW_BODY_MIN, `Review must be at least ${REVIEW_BODY_MIN} characters`)
    .max(REVIEW_BODY_MAX, `Review must be at most ${REVIEW_BODY_MAX} characters`),
  /** The variant bought ("M", or "Maroon / M" for a product with colours): one of the shopper's delivered lines. */
  size: z
    .string({ error: 'Please choose the size you bought' })
    .trim()
    .min(1, 'Please choose the size you bought')
    .max(60, 'Please choose the size you bought')
    .nullable()
    .optional(),
  fit: z.enum(REVIEW_FITS, { error: 'Fit must be small, true or large' }).nullable().optional(),
  photos: z
    .array(reviewPhotoSchema, { error: 'Photos must be a list' })
    .max(REVIEW_PHOTOS_MAX, `At most ${REVIEW_PHOTOS_MAX} photos`)
    .default([]),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

const PAGE_MESSAGE = 'Page must be a whole number from 1 to 10000';
const pageQuery = z
  .string({ error: PAGE_MESSAGE })
  .regex(/^\d{1,5}$/, PAGE_MESSAGE)
  .transform(Number)
  .refine((n) => n >= 1 && n <= 10_000, PAGE_MESSAGE)
  .optional()
  .transform((n) => n ?? 1);

/** GET /api/products/{id}/reviews?sort=newest|helpful&page=1. */
export const reviewsQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS, { error: 'Sort must be newest or helpful' }).default('newest'),
  page: pageQuery,
});

/** GET /api/admin/reviews?status=pending|approved|hidden&page=1 (no status: all). */
export const adminReviewsQuerySchema = z.object({
  status: z
    .enum([...REVIEW_STATUSES, ''], { error: 'Status must be pending, approved or hidden' })
    .optional()
    .transform((v) => v || undefined),
  page: pageQuery,
});

/** PUT /api/admin/reviews/{id}/status. */
export const reviewStatusSchema = z.object({
  status: z.enum(['approved', 'hidden'], { error: 'Status must be approved or hidden' }),
});

/** PUT /api/admin/reviews/{id}/reply: the shop's answer; empty removes it. */
export const reviewReplySchema = z.object({
  reply: z
    .string({ error: 'Reply must be text' })
    .refine(plainText, INVALID_CHARACTERS)
    .trim()
    .max(REVIEW_REPLY_MAX, `Reply must be at most ${REVIEW_REPLY_MAX} characters`),
});

/** POST /api/reviews/upload-target: a photo for a review of this product. */
export const reviewUploadTargetSchema = z.object({
  productId: z.guid({ error: 'Invalid product id' }),
});
