/**
 * Reviews and ratings: limits, statuses, fit words and the answer
 * shapes shared by the API and the pages. Request bodies are in ./schemas/reviews.ts.
 */

export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_FITS = ['small', 'true', 'large'] as const;
export type ReviewFit = (typeof REVIEW_FITS)[number];

/** How each fit reads ("fit: runs small / true to size / runs large"). */
export const FIT_LABELS: Record<ReviewFit, string> = { small: 'Runs small', true: 'True to size', large: 'Runs large' };

export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** Reviews per page on the product page and the public API. */
export const REVIEWS_PAGE_SIZE = 5;
/** Reviews per page in /admin/reviews. */
export const ADMIN_REVIEWS_PAGE_SIZE = 20;
export const REVIEW_PHOTOS_MAX = 3;
export const REVIEW_TITLE_MAX = 100;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_REPLY_MAX = 1000;

/** The 4xx message for a shopper without a delivered order of the product. */
export const NOT_ELIGIBLE = 'You can review products from your delivered orders';

export interface ReviewPhoto {
  url: string;
  publicId: string;
}

/** A review as the public sees it (approved only). `author` is the first name and last initial. */
export interface Review {
  _id: string;
  rating: number;
  title: string;
  body: string;
  photos: ReviewPhoto[];
  size: string | null;
  fit: ReviewFit | null;
  author: string;
  helpfulCount: number;
  reply: string | null;
  repliedAt: string | null;
  createdAt: string;
}

/** Average (1 decimal) and count of a product's approved reviews; null average when none. */
export interface RatingSummary {
  average: number | null;
  count: number;
  /** Approved reviews per star, index 0 is 1 star. */
  distribution: [number, number, number, number, number];
  fit: Record<ReviewFit, number>;
  /** The fit most reviewers chose, or null without fit answers. */
  mostSay: ReviewFit | null;
}

/** GET /api/products/{id}/reviews. */
export interface ReviewPage {
  summary: RatingSummary;
  reviews: Review[];
  page: number;
  totalPages: number;
  totalReviews: number;
}

/** GET /api/products/{id}/reviews/mine: may the shopper review, with what sizes, and their review. */
export interface MyReviewState {
  eligible: boolean;
  /** Sizes from the shopper's delivered orders of the product. */
  sizes: string[];
  review: (Review & { status: ReviewStatus }) | null;
}

/** A review in /admin/reviews. */
export interface AdminReview extends Review {
  status: ReviewStatus;
  product: { _id: string; title: string; handle: string };
  customer: { name: string; email: string };
  updatedAt: string;
}

/** GET /api/admin/reviews. */
export interface AdminReviewPage {
  reviews: AdminReview[];
  currentPage: number;
  totalPages: number;
  totalReviews: number;
  counts: Record<ReviewStatus, number>;
}

/** The average shown on cards: one decimal, from the stored sum and count; null without reviews. */
export function averageRating(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

/** "Asha V." from "Asha Verma"; "Shopper" for an empty name. */
export function reviewerName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'Shopper';
  const [first, ...rest] = parts;
  const last = rest.at(-1);
  return last ? `${first} ${last[0].toUpperCase()}.` : first;
}
