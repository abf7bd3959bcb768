/**
 * The storefront's answers as zod schemas (docs/architecture.md "API contract"): each route declares
 * its answer with these, so a field not named here is never sent, the OpenAPI document describes
 * it, and the web app's types are `z.infer` of them (core/api-types.ts re-exports the names).
 * Ids are strings in `_id`; money is in rupees (numbers with up to 2 decimals); times are ISO strings.
 * Answers only: no transforms or defaults, so what a service returns is what is sent.
 */
import { z } from 'zod';
import { DISCOUNT_TYPES, SIZES } from '../../constants';
import { MEASUREMENTS } from '../../size-chart';
import { PERMISSIONS, ROLES } from '../../permissions';

/** Every 4xx answer: `{ message }`, with `errors` (field: message) for a refused body; extra fields kept. */
export const apiErrorSchema = z.looseObject({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const categorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  handle: z.string(),
  parentId: z.string().nullable(),
  description: z.string().nullable(),
  isActive: z.boolean(),
});
export type Category = z.infer<typeof categorySchema>;

export const productImageSchema = z.object({
  url: z.string(),
  alt: z.string(),
  publicId: z.string().nullable().optional(),
  colour: z.string().nullable().optional().describe('The colour the picture shows; null or absent: every colour'),
});
export type ProductImage = z.infer<typeof productImageSchema>;

export const variantSchema = z.object({
  _id: z.string(),
  colour: z.string().nullable().optional().describe("One of the product's colours; null or absent: the product has none"),
  size: z.string(),
  sku: z.string(),
  price: z.number(),
  compareAtPrice: z.number().nullable(),
  stockQty: z.number(),
  isActive: z.boolean(),
});
export type Variant = z.infer<typeof variantSchema>;

export const categoryRefSchema = z.object({
  _id: z.string(),
  name: z.string(),
  handle: z.string().optional().describe("The category's address, /category/<handle>"),
});
export type CategoryRef = z.infer<typeof categoryRefSchema>;

/** A size chart as stored and answered (inches): columns, one row per size, the "How to measure" note. */
export const sizeChartAnswerSchema = z.object({
  measurements: z.array(z.enum(MEASUREMENTS)),
  rows: z.array(
    z.object({ size: z.enum(SIZES), ...Object.fromEntries(MEASUREMENTS.map((m) => [m, z.number().optional()])) }) as z.ZodType<
      { size: (typeof SIZES)[number] } & Partial<Record<(typeof MEASUREMENTS)[number], number>>
    >,
  ),
  howToMeasure: z.string(),
});

/** What cards and the product page show of a product's reviews. */
export const productRatingSchema = z.object({ average: z.number(), count: z.number() });
export type ProductRating = z.infer<typeof productRatingSchema>;

export const productSchema = z.object({
  _id: z.string(),
  title: z.string(),
  handle: z.string(),
  description: z.string(),
  price: z.number().describe('Lowest active variant price, rupees'),
  compareAtPrice: z.number().nullable().describe('Compare-at price of that variant, rupees, or null'),
  images: z.array(productImageSchema),
  isBestseller: z.boolean(),
  isActive: z.boolean(),
  categoryIds: z.array(categoryRefSchema),
  variantAttributes: z.array(z.string()).describe("The product's options in order: ['Size'] or ['Colour', 'Size']"),
  colours: z
    .array(z.object({ name: z.string(), swatch: z.string() }))
    .optional()
    .describe('The Colour option: names in display order, each with a CSS colour or picture address; absent or empty: one colour'),
  hsn: z.string().optional().describe("The goods' HSN code under GST, printed on tax invoices; admin reads only"),
  variants: z.array(variantSchema),
  createdAt: z.string(),
  sizeChart: sizeChartAnswerSchema
    .nullable()
    .optional()
    .describe(
      "Inches. GET /api/products/{id}: the chart that applies (the product's own, else its category's), null when none. Admin reads: the product's own chart. Absent in lists.",
    ),
  rating: productRatingSchema.nullable().optional().describe("Approved reviews' average (1 decimal) and count; null without reviews"),
});
export type Product = z.infer<typeof productSchema>;

export const homepageSchema = z.object({
  categories: z.array(categorySchema),
  videoBanner: z.object({ videoUrl: z.string(), posterUrl: z.string().nullable(), mobilePosterUrl: z.string().nullable() }).nullable(),
  imageBanners: z.array(
    z.object({
      _id: z.string(),
      link: z.string().nullable(),
      imageUrl: z.string(),
      mobileImageUrl: z.string().nullable(),
      alt: z.string(),
    }),
  ),
  latestProducts: z.array(productSchema),
  bestsellerProducts: z.array(productSchema),
  videos: z.array(z.object({ _id: z.string(), videoUrl: z.string(), posterUrl: z.string().nullable(), title: z.string() })),
  testimonials: z.array(
    z.object({
      _id: z.string(),
      authorName: z.string(),
      authorHandle: z.string().nullable(),
      imageUrl: z.string().nullable(),
      content: z.string(),
      rating: z.number(),
    }),
  ),
  instagramPhotos: z.array(z.object({ _id: z.string(), imageUrl: z.string(), postUrl: z.string(), alt: z.string() })),
});
export type Homepage = z.infer<typeof homepageSchema>;

export const pricingSummarySchema = z.object({
  itemCount: z.number(),
  subTotal: z.number(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountRate: z.number(),
  discount: z.number(),
  couponCode: z.string().nullable().describe("The coupon whose discount this is (discountType 'COUPON'); null otherwise"),
  shipping: z.number(),
  tax: z.number(),
  grandTotal: z.number(),
  currency: z.literal('INR'),
  mrpTotal: z.number().describe("Total MRP: each line's compare-at price (when above its price) x quantity"),
  mrpDiscount: z.number().describe('Discount on MRP: mrpTotal - subTotal'),
  savings: z.number().describe('"You save": mrpDiscount + discount'),
});
export type PricingSummary = z.infer<typeof pricingSummarySchema>;

/** What the shopper's coupon did (preview and create-order with a `couponCode`). */
export const couponResultSchema = z.object({
  code: z.string(),
  applied: z.boolean().describe("True when the coupon's discount is the one in the summary"),
  valid: z.boolean().describe('False when the coupon cannot be used; message then says why'),
  message: z.string(),
  discount: z.number().describe("The coupon's own discount, rupees (0 when not valid)"),
});
export type CouponResult = z.infer<typeof couponResultSchema>;

/** A priced line: what the client asked for plus what the catalogue says. */
export const pricedLineItemSchema = z.object({
  productId: z.string(),
  variantId: z.string().nullable(),
  quantity: z.number(),
  title: z.string(),
  handle: z.string().describe("The product's handle: its page is /products/<handle> (docs/architecture.md#product-addresses)"),
  colour: z.string().nullable().optional().describe("The variant's colour; null or absent: the product has none"),
  size: z.string().nullable(),
  image: z.string().nullable().describe("The variant's picture: its colour's first, else the product's first"),
  unitPrice: z.number(),
  compareAtPrice: z.number().nullable(),
  lineTotal: z.number(),
  stockQty: z.number(),
});
export type PricedLineItem = z.infer<typeof pricedLineItemSchema>;

export const cartSchema = z.object({ items: z.array(pricedLineItemSchema), summary: pricingSummarySchema });
export type Cart = z.infer<typeof cartSchema>;

export const pricingSchema = cartSchema.extend({
  coupon: couponResultSchema.optional().describe('Present when the call carried a couponCode'),
});
export type Pricing = z.infer<typeof pricingSchema>;

export const addressAnswerSchema = z.object({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  country: z.literal('India'),
});
export type Address = z.infer<typeof addressAnswerSchema>;

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** 'customer' or a staff role (core/permissions.ts); any staff role opens the admin area. */
  role: z.enum(ROLES),
  /** What the role may do in the admin area (empty for a customer), for the screens to show only that. */
  permissions: z.array(z.enum(PERMISSIONS)),
  address: addressAnswerSchema.nullable(),
  /** Two-step sign-in is on (docs/architecture.md#accounts-and-sign-in). */
  twoStepEnabled: z.boolean(),
  /** A staff account the shop requires two-step sign-in of, still without it: the admin area sends it to /admin/security. */
  twoStepSetupRequired: z.boolean(),
  /** WhatsApp order updates and offers agreed to (docs/architecture.md#whatsapp). */
  whatsappUpdates: z.boolean(),
  whatsappOffers: z.boolean(),
  /** Offers and cart reminders by e-mail agreed to (docs/architecture.md#abandoned-carts). */
  emailOffers: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const createOrderResponseSchema = z.object({
  key: z.string(),
  order: z.object({ id: z.string(), amount: z.number(), currency: z.literal('INR') }),
  pricing: pricingSchema,
  checkoutAttemptId: z.string(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;
