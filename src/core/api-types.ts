/**
 * Shapes of the JSON the API answers (docs/architecture.md#api-contract).
 * Ids are strings in `_id`; money is in rupees (numbers with up to 2 decimals).
 */
import type { RefundSummary } from './refunds';
import type { DiscountType, OrderStatus, PaymentMethod, PaymentStatus } from './constants';
import type { Courier, ShipmentEvent, ShipmentStatus } from './couriers';
import type { SizeChart } from './size-chart';

export interface ApiError {
  message: string;
  errors?: Record<string, string>;
}

export interface Category {
  _id: string;
  name: string;
  parentId: string | null;
  description: string | null;
  isActive: boolean;
}

export interface ProductImage {
  url: string;
  alt: string;
  publicId?: string | null;
}

export interface Variant {
  _id: string;
  size: string;
  sku: string;
  price: number;
  compareAtPrice: number | null;
  stockQty: number;
  isActive: boolean;
}

export interface CategoryRef {
  _id: string;
  name: string;
}

export interface Product {
  _id: string;
  title: string;
  description: string;
  /** Lowest active variant price, rupees. */
  price: number;
  /** Compare-at price of that variant, rupees, or null. */
  compareAtPrice: number | null;
  images: ProductImage[];
  isBestseller: boolean;
  isActive: boolean;
  categoryIds: CategoryRef[];
  variantAttributes: string[];
  /** The goods' HSN code under GST, printed on tax invoices; admin reads only. */
  hsn?: string;
  variants: Variant[];
  createdAt: string;
  /**
   * Size chart, inches. GET /api/products/{id}: the chart that applies (the product's
   * own, else its first category's that has one, that category's own or its parent's), null when
   * none. Admin reads: the product's own chart, null when it uses its category's. Absent in lists.
   */
  sizeChart?: SizeChart | null;
  /** Approved reviews' average (1 decimal) and count; null without reviews. */
  rating?: ProductRating | null;
}

/** What cards and the product page show of a product's reviews. */
export interface ProductRating {
  average: number;
  count: number;
}

export interface Homepage {
  categories: Category[];
  /** `mobilePosterUrl`: the portrait poster phones show, or null. */
  videoBanner: { videoUrl: string; posterUrl: string | null; mobilePosterUrl: string | null } | null;
  /** `mobileImageUrl`: the portrait picture phones show, or null. */
  imageBanners: { _id: string; link: string | null; imageUrl: string; mobileImageUrl: string | null; alt: string }[];
  latestProducts: Product[];
  bestsellerProducts: Product[];
  videos: { _id: string; videoUrl: string; posterUrl: string | null; title: string }[];
  testimonials: {
    _id: string;
    authorName: string;
    authorHandle: string | null;
    imageUrl: string | null;
    content: string;
    rating: number;
  }[];
  instagramPhotos: { _id: string; imageUrl: string; postUrl: string; alt: string }[];
}

export interface PricingSummary {
  itemCount: number;
  subTotal: number;
  discountType: DiscountType;
  discountRate: number;
  discount: number;
  /** The coupon whose discount this is (discountType 'COUPON'); null otherwise. */
  couponCode: string | null;
  shipping: number;
  tax: number;
  grandTotal: number;
  currency: 'INR';
  /** Total MRP: each line's compare-at price (when above its price) × quantity. */
  mrpTotal: number;
  /** Discount on MRP: `mrpTotal - subTotal`. */
  mrpDiscount: number;
  /** "You save": `mrpDiscount + discount`. */
  savings: number;
}

/** What the shopper's coupon did (preview and create-order with a `couponCode`). */
export interface CouponResult {
  code: string;
  /** True when the coupon's discount is the one in the summary. */
  applied: boolean;
  /** False when the coupon cannot be used; `message` then says why ('Invalid coupon code', ...). */
  valid: boolean;
  /** Which discount applies and why ('Your 20% multi-item discount saves more than SAVE10'), or why not. */
  message: string;
  /** The coupon's own discount, rupees (0 when not valid). */
  discount: number;
}

/** A priced line: what the client asked for plus what the catalogue says. */
export interface PricedLineItem {
  productId: string;
  variantId: string | null;
  quantity: number;
  title: string;
  size: string | null;
  image: string | null;
  unitPrice: number;
  compareAtPrice: number | null;
  lineTotal: number;
  stockQty: number;
}

export interface Cart {
  items: PricedLineItem[];
  summary: PricingSummary;
}

export interface Pricing {
  items: PricedLineItem[];
  summary: PricingSummary;
  /** Present when the call carried a `couponCode`. */
  coupon?: CouponResult;
}

export interface Address {
  line1: string;
  line2: string;
  city: string;
  state: string;
  pincode: string;
  country: 'India';
}

export interface User {
  _id: string;
  name: string;
  email: string;
  phone: string;
  role: 'admin' | 'customer';
  address: Address | null;
}

export interface CreateOrderResponse {
  key: string;
  order: { id: string; amount: number; currency: 'INR' };
  pricing: Pricing;
  checkoutAttemptId: string;
}

export interface OrderItem {
  /** The order line's id (a return names its lines by it). */
  _id: string;
  productId: string;
  variantId: string | null;
  variantName: string | null;
  title: string;
  image: string | null;
  quantity: number;
  unitPrice: number;
  price: number;
  sku: string | null;
}

export interface Order {
  _id: string;
  status: OrderStatus;
  createdAt: string;
  email: string;
  phone: string;
  items: OrderItem[];
  itemCount: number;
  discountType: DiscountType;
  /** The coupon that gave the discount (discountType 'COUPON'), rupees; null otherwise. */
  coupon: { code: string; discount: number } | null;
  /**
   * Rupees. `tax` is the GST included in grandTotal (prices are tax-inclusive: shown as "incl. GST",
   * never added); `codFee` the Cash on Delivery fee, included in grandTotal.
   */
  totals: { subTotal: number; discount: number; shipping: number; codFee: number; tax: number; grandTotal: number };
  /** The GST tax invoice number (e.g. RM/2026-27/00001); null for orders placed before invoices. */
  invoiceNumber: string | null;
  shippingAddress: {
    firstName: string;
    lastName: string;
    address: string;
    apartment: string;
    city: string;
    state: string;
    pincode: string;
    country: string;
  };
  /** COD: status 'pending' until delivered, then 'collected' with `collectedAt` (ISO). */
  payment: { method: PaymentMethod; status: PaymentStatus; providerPaymentId: string | null; collectedAt: string | null };
  timeline: { status: OrderStatus; at: string; note: string }[];
  /** Parcels handed to couriers, oldest first; empty until the order ships. */
  shipments: Shipment[];
  /** What was paid, refunded and is still refundable (rupees), and each refund with its credit note. */
  refunds: RefundSummary;
  /**
   * When it should arrive: earliest and latest India calendar dates 'YYYY-MM-DD', by the delivery
   * rule of the product page's "Check delivery" applied when the order was placed; null once it was
   * delivered, cancelled or returned (server: orders/service.ts `expectedDelivery`).
   */
  expectedDelivery: { from: string; to: string } | null;
}

/** A parcel with its courier, AWB, tracking link and scans (times ISO). */
export interface Shipment {
  _id: string;
  courier: Courier;
  courierName: string;
  awb: string;
  trackingUrl: string | null;
  /** The aggregator's label (Shiprocket), when it made one. */
  labelUrl: string | null;
  status: ShipmentStatus;
  events: ShipmentEvent[];
  createdAt: string;
  updatedAt: string;
}
