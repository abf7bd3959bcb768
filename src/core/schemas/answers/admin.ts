/**
 * The admin section's answers as zod schemas (docs/architecture.md "API contract"): orders with their
 * customer, the dashboard, contact messages, coupons, stock history, homepage content, catalogue
 * rows and the shop settings. Rupees; times ISO.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../../constants';
import { STOCK_CHANGE_REASONS } from '../inventory';
import { HERO_MEDIA_TYPES } from '../admin-homepage';
import { orderSchema } from './orders';
import { sizeChartAnswerSchema } from './store';

/** A `{ message }` answer (deletes and the like). */
export const messageSchema = z.object({ message: z.string() });
/** A delete that names what it removed. */
export const deletedSchema = z.object({ _id: z.string(), message: z.string() });

export const orderCustomerSchema = z.object({ name: z.string(), email: z.string(), phone: z.string() });
/** An order as the admin API answers it: the shopper shape plus the customer. */
export const adminOrderSchema = orderSchema.extend({ customer: orderCustomerSchema });
export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderSchema),
  currentPage: z.number(),
  totalPages: z.number(),
  totalOrders: z.number(),
});

export const lowStockVariantSchema = z.object({
  productId: z.string(),
  title: z.string(),
  variantId: z.string(),
  /** The variant's colour; null for a product without colours. Shown as variantLabel gives it ("Maroon / M"). */
  colour: z.string().nullable(),
  size: z.string(),
  sku: z.string(),
  stockQty: z.number(),
});
/** A period's orders and, for a role with dashboard.revenue only, its revenue in rupees. */
const figures = z.object({ revenue: z.number().optional(), orders: z.number() });
/** The money figures (revenue, revenueByDay, codToCollect) are absent without dashboard.revenue. */
export const dashboardSummarySchema = z.object({
  today: figures,
  month: figures,
  ordersByStatus: z.record(z.enum(ORDER_STATUSES), z.number()),
  lowStock: z.array(lowStockVariantSchema),
  lowStockCounts: z.object({ soldOut: z.number(), low: z.number() }),
  lowStockThreshold: z.number(),
  revenueByDay: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number() })).optional(),
  codToCollect: z.object({ orders: z.number(), amount: z.number() }).optional(),
  openReturns: z.number(),
  pendingReviews: z.number(),
});

export const adminContactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  comment: z.string(),
  registeredUser: z.boolean(),
  createdAt: z.string(),
});

const couponKind = z.enum(['percent', 'flat']);
export const adminCouponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: couponKind,
  percentOff: z.number().nullable(),
  amountOff: z.number().nullable(),
  minSubtotal: z.number(),
  maxDiscount: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  maxUsesPerShopper: z.number().nullable(),
  firstOrderOnly: z.boolean(),
  isActive: z.boolean(),
  showInOffers: z.boolean(),
  used: z.number(),
  createdAt: z.string(),
});
export const publicCouponSchema = z.object({
  code: z.string(),
  kind: couponKind,
  percentOff: z.number().nullable(),
  amountOff: z.number().nullable(),
  minSubtotal: z.number(),
  maxDiscount: z.number().nullable(),
  endsAt: z.string().nullable(),
  firstOrderOnly: z.boolean(),
  description: z.string(),
});

export const stockHistorySchema = z.object({
  variant: z.object({
    _id: z.string(),
    productId: z.string(),
    productTitle: z.string(),
    /** The variant's colour; null for a product without colours. */
    colour: z.string().nullable(),
    size: z.string(),
    sku: z.string(),
    stockQty: z.number(),
  }),
  entries: z.array(
    z.object({
      _id: z.string(),
      at: z.string(),
      delta: z.number(),
      stockAfter: z.number(),
      reason: z.enum(STOCK_CHANGE_REASONS),
      order: z.object({ _id: z.string(), ref: z.string() }).nullable(),
      admin: z.object({ _id: z.string(), name: z.string() }).nullable(),
      note: z.string(),
    }),
  ),
  currentPage: z.number(),
  totalPages: z.number(),
  totalEntries: z.number(),
});

export const heroBannerAnswerSchema = z.object({
  _id: z.string(),
  mediaType: z.enum(HERO_MEDIA_TYPES),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  posterUrl: z.string().nullable(),
  mobileImageUrl: z.string().nullable(),
  mobilePublicId: z.string().nullable(),
  link: z.string().nullable(),
  alt: z.string(),
  isActive: z.boolean(),
  publicId: z.string().nullable(),
  sortOrder: z.number(),
  createdAt: z.string(),
});
export const verticalVideoAnswerSchema = z.object({
  _id: z.string(),
  videoUrl: z.string(),
  videoPublicId: z.string().nullable(),
  posterUrl: z.string().nullable(),
  posterPublicId: z.string().nullable(),
  title: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export const instagramPhotoAnswerSchema = z.object({
  _id: z.string(),
  imageUrl: z.string(),
  alt: z.string(),
  postUrl: z.string(),
  isActive: z.boolean(),
  publicId: z.string().nullable(),
  createdAt: z.string(),
});
export const testimonialAnswerSchema = z.object({
  _id: z.string(),
  authorName: z.string(),
  authorHandle: z.string().nullable(),
  imageUrl: z.string().nullable(),
  content: z.string(),
  rating: z.number(),
  isActive: z.boolean(),
  createdAt: z.string(),
});

/** A category after a save: the public shape plus its own size chart. */
export const savedCategorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  handle: z.string(),
  parentId: z.string().nullable(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  sizeChart: sizeChartAnswerSchema.nullable(),
});
export const adminCategorySchema = savedCategorySchema.extend({ productCount: z.number(), childCount: z.number() });

const returnsPolicy = z.object({ windowDays: z.number(), sizeExchanges: z.boolean() });
/** What the storefront may show of the shop's settings. */
const prepaidDiscount = z.object({ kind: z.enum(['off', 'percent', 'flat']), value: z.number(), cap: z.number().nullable() });
const codAdvance = z.object({ kind: z.enum(['off', 'fixed', 'percent']), value: z.number(), above: z.number() });
export const publicShopSettingsSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  state: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  whatsappNumber: z.string(),
  cod: z.object({ enabled: z.boolean(), maxOrderTotal: z.number(), fee: z.number() }),
  /** The prepaid discount and COD advance the checkout names beside the payment methods. */
  prepaidDiscount,
  codAdvance,
  delivery: z.object({
    dispatchDays: z.number(),
    transitDaysWithinState: z.number(),
    transitDaysMetros: z.number(),
    transitDaysRest: z.number(),
  }),
  returns: returnsPolicy,
});
/** The settings as the admin reads them (identity fields empty until first saved) and when saved. */
export const shopSettingsAnswerSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  state: z.string(),
  gstin: z.string(),
  invoicePrefix: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  whatsappNumber: z.string(),
  cod: z.object({
    enabled: z.boolean(),
    maxOrderTotal: z.number(),
    maxOpenOrders: z.number(),
    fee: z.number(),
    blockedPincodes: z.array(z.string()),
    maxRefused: z.number(),
  }),
  codConfirmation: z.object({
    mode: z.enum(['off', 'above', 'all']),
    above: z.number(),
    hours: z.number(),
    expiry: z.enum(['cancel', 'hold']),
  }),
  whatsapp: z.object({ templates: z.record(z.string(), z.object({ name: z.string(), language: z.string() })) }),
  backInStock: z.object({ factor: z.number() }),
  storeCredit: z.object({ refunds: z.enum(['off', 'choice']), bonusPercent: z.number() }),
  prepaidDiscount,
  codAdvance,
  cartReminders: z.object({
    enabled: z.boolean(),
    firstAfterMinutes: z.number(),
    secondAfterHours: z.number().nullable(),
    secondCouponCode: z.string().nullable(),
  }),
  delivery: z.object({
    dispatchDays: z.number(),
    transitDaysWithinState: z.number(),
    transitDaysMetros: z.number(),
    transitDaysRest: z.number(),
    nonServiceablePincodes: z.array(z.string()),
  }),
  tax: z.object({ slabs: z.array(z.object({ upTo: z.number().nullable(), rate: z.number() })) }),
  inventory: z.object({ lowStockThreshold: z.number() }),
  returns: returnsPolicy,
  updatedAt: z.string().nullable(),
  staffPolicy: z.object({ refundLimitManagerRupees: z.number(), refundLimitSupportRupees: z.number(), staffTwoStepRequired: z.boolean() }),
});
