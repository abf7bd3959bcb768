/**
 * Answers of the shopper's calls besides orders and the catalogue (docs/architecture.md "API
 * contract"): sign-in, returns, reviews, wishlist cards, pincode checks, uploads and webhooks.
 */
import { z } from 'zod';
import { RETURN_REASONS, RETURN_RESOLUTIONS, RETURN_STATUSES } from '../../returns';
import { REVIEW_FITS, REVIEW_STATUSES } from '../../reviews';
import { RESOURCE_TYPES } from '../media';
import { shipmentSchema } from './orders';
import { productImageSchema, userSchema, variantSchema } from './store';

export const verificationStartedSchema = z.object({ verificationId: z.string(), message: z.string() });
export const loginAnswerSchema = z.object({ token: z.string(), user: userSchema });

/** Where a Cash on Delivery return's refund is sent (as the shopper gave it). */
export const refundDestinationAnswerSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('upi'), upiId: z.string() }),
  z.object({ method: z.literal('bank'), accountName: z.string(), accountNumber: z.string(), ifsc: z.string() }),
  z.object({ method: z.literal('store_credit') }),
]);

export const returnLineSchema = z.object({
  orderItemId: z.string(),
  title: z.string(),
  size: z.string().nullable(),
  quantity: z.number(),
  /** What the units refund, rupees (0 for an exchange line's refund). */
  refundAmount: z.number(),
  /** The variant sent instead (exchange), named as variantLabel names it ("L", "Indigo / L"), or null. */
  exchangeSize: z.string().nullable(),
  exchangeVariantId: z.string().nullable(),
});
/** A return or exchange request as the shopper and the admin read it (photos: signed URLs). */
export const returnRequestAnswerSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  /** The order's short reference (Order #…). */
  orderRef: z.string(),
  email: z.string(),
  status: z.enum(RETURN_STATUSES),
  resolution: z.enum(RETURN_RESOLUTIONS),
  reason: z.enum(RETURN_REASONS),
  comment: z.string(),
  photos: z.array(z.string()),
  /** What the lines refund (resolution 'refund'), rupees. */
  refundAmount: z.number(),
  /** Where a Cash on Delivery refund is sent; null for a prepaid order (back to the payment) or an exchange. */
  refundTo: refundDestinationAnswerSchema.nullable(),
  adminNote: z.string(),
  lines: z.array(returnLineSchema),
  /** The parcel that carried the new sizes (exchange), once shipped. */
  shipment: shipmentSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const reviewFit = z.enum(REVIEW_FITS);
const reviewStatus = z.enum(REVIEW_STATUSES);
/** A review as the public sees it (approved only); `author` is the first name and last initial. */
export const reviewSchema = z.object({
  _id: z.string(),
  rating: z.number(),
  title: z.string(),
  body: z.string(),
  photos: z.array(z.object({ url: z.string(), publicId: z.string() })),
  size: z.string().nullable(),
  fit: reviewFit.nullable(),
  author: z.string(),
  helpfulCount: z.number(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export const reviewPageSchema = z.object({
  summary: z.object({
    average: z.number().nullable(),
    count: z.number(),
    distribution: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]),
    fit: z.record(reviewFit, z.number()),
    mostSay: reviewFit.nullable(),
  }),
  reviews: z.array(reviewSchema),
  page: z.number(),
  totalPages: z.number(),
  totalReviews: z.number(),
});
export const ownReviewSchema = reviewSchema.extend({ status: reviewStatus });
export const myReviewStateSchema = z.object({ eligible: z.boolean(), sizes: z.array(z.string()), review: ownReviewSchema.nullable() });
export const adminReviewSchema = ownReviewSchema.extend({
  product: z.object({ _id: z.string(), title: z.string(), handle: z.string() }),
  customer: z.object({ name: z.string(), email: z.string() }),
  updatedAt: z.string(),
});
export const adminReviewPageSchema = z.object({
  reviews: z.array(adminReviewSchema),
  currentPage: z.number(),
  totalPages: z.number(),
  totalReviews: z.number(),
  counts: z.record(reviewStatus, z.number()),
});

/** A product as cards show it plus its active sizes (wishlist's "Move to cart"). */
export const productCardWithSizesSchema = z.object({
  _id: z.string(),
  handle: z.string(),
  title: z.string(),
  price: z.number(),
  compareAtPrice: z.number().nullable(),
  isBestseller: z.boolean(),
  image: productImageSchema.nullable(),
  available: z.boolean(),
  sizes: z.array(variantSchema),
});
export const wishlistItemSchema = productCardWithSizesSchema.extend({ addedAt: z.string() });

export const pincodeCheckSchema = z.object({
  pincode: z.string(),
  district: z.string(),
  state: z.string(),
  serviceable: z.boolean(),
  cod: z.boolean(),
  estimatedDelivery: z.object({ from: z.string(), to: z.string() }).nullable(),
});

/** Where the browser posts a file (`fields` then `file`, multipart), without the shop's token. */
export const uploadTargetAnswerSchema = z.object({
  provider: z.enum(['cloudinary', 'disk']),
  uploadUrl: z.string(),
  fields: z.record(z.string(), z.string()),
});
/** What an upload answers, in Cloudinary's shape (both stores). */
export const uploadResultSchema = z.object({
  secure_url: z.string(),
  public_id: z.string(),
  resource_type: z.enum(RESOURCE_TYPES),
  bytes: z.number(),
  format: z.string(),
});
export const mediaDeleteResultSchema = z.object({ result: z.enum(['ok', 'not found']) });

/** A webhook's receipt: what became of the event. */
export const webhookReceiptSchema = z.object({ status: z.string() });
