/**
 * Orders as answered (docs/architecture.md "API contract"): the order with its lines, totals,
 * payment, timeline, parcels (docs/decisions/0009-order-states-and-shipping.md) and refunds
 * (docs/decisions/0017-refunds-and-credit-notes.md). Rupees; times ISO.
 */
import { z } from 'zod';
import { DISCOUNT_TYPES, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../../constants';
import { COURIERS, SHIPMENT_STATUSES } from '../../couriers';

export const orderItemSchema = z.object({
  _id: z.string().describe("The order line's id (a return names its lines by it)"),
  productId: z.string(),
  handle: z
    .string()
    .nullable()
    .describe(
      "The product's current handle (its page is /products/<handle>); null when the product was deleted, and in the placement's own answer",
    ),
  variantId: z.string().nullable(),
  variantName: z.string().nullable(),
  title: z.string(),
  image: z.string().nullable(),
  quantity: z.number(),
  unitPrice: z.number(),
  price: z.number(),
  discount: z.number().describe("Rupees of the order's discount and coupon allotted to this line at checkout"),
  sku: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const shipmentEventSchema = z.object({
  status: z.enum(SHIPMENT_STATUSES),
  at: z.string(),
  note: z.string(),
  key: z.string().optional().describe('The courier update it came from, to ignore a replay'),
});

/** A parcel with its courier, AWB, tracking link and scans. */
export const shipmentSchema = z.object({
  _id: z.string(),
  courier: z.enum(COURIERS),
  courierName: z.string(),
  awb: z.string(),
  trackingUrl: z.string().nullable(),
  labelUrl: z.string().nullable().describe("The aggregator's label (Shiprocket), when it made one"),
  status: z.enum(SHIPMENT_STATUSES),
  events: z.array(shipmentEventSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const refundStatusSchema = z.enum(['pending', 'processed', 'failed']);

/** A refund as the API shows it. */
export const refundViewSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  reason: z.string(),
  source: z.enum(['cancel', 'admin', 'return']),
  status: refundStatusSchema,
  method: z.enum(['razorpay', 'manual', 'store_credit']),
  providerRefundId: z.string().nullable(),
  manualReference: z.string().nullable(),
  failureReason: z.string().nullable(),
  creditNote: z.object({ _id: z.string(), number: z.string() }).nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
});

/** What an order's money looks like after refunds: paid, refunded (processed or pending) and left. */
export const refundSummarySchema = z.object({
  paid: z.number(),
  refunded: z.number(),
  refundable: z.number(),
  state: z.enum(['none', 'refund_failed', 'refund_pending', 'refunded', 'partly_refunded']),
  refunds: z.array(refundViewSchema),
});

/** A refund the shop still owes (the dashboard's list): failed, or pending longer than a few minutes. */
export const unsettledRefundSchema = z.object({
  _id: z.string(),
  kind: z.enum(['order', 'checkout']),
  orderId: z.string().nullable(),
  email: z.string().nullable(),
  amount: z.number(),
  reason: z.string(),
  status: refundStatusSchema,
  failureReason: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
  createdAt: z.string(),
  ageMinutes: z.number(),
});

export const orderSchema = z.object({
  _id: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  email: z.string(),
  phone: z.string(),
  items: z.array(orderItemSchema),
  itemCount: z.number(),
  discountType: z.enum(DISCOUNT_TYPES),
  coupon: z.object({ code: z.string(), discount: z.number() }).nullable(),
  totals: z
    .object({
      subTotal: z.number(),
      discount: z.number(),
      shipping: z.number(),
      codFee: z.number(),
      prepaidDiscount: z
        .number()
        .describe(
          'The prepaid discount for paying online or with store credit (docs/architecture.md#prepaid-discount), already out of grandTotal',
        ),
      tax: z.number(),
      grandTotal: z.number(),
    })
    .describe(
      'Rupees; tax is the GST included in grandTotal, codFee the Cash on Delivery fee, also included; prepaidDiscount taken off it',
    ),
  invoiceNumber: z.string().nullable(),
  shippingAddress: z.object({
    firstName: z.string(),
    lastName: z.string(),
    address: z.string(),
    apartment: z.string(),
    city: z.string(),
    state: z.string(),
    pincode: z.string(),
    country: z.string(),
  }),
  payment: z.object({
    method: z.enum(PAYMENT_METHODS),
    status: z.enum(PAYMENT_STATUSES),
    providerPaymentId: z.string().nullable(),
    collectedAt: z.string().nullable(),
    /** Rupees of the grand total paid with store credit (docs/architecture.md#store-credit); the rest online or in cash. */
    storeCredit: z.number(),
    /** Part-paid COD (docs/architecture.md#part-paid-cod): rupees of the grand total paid online in advance; the rest less store credit is cash. */
    codAdvance: z.number(),
  }),
  timeline: z.array(z.object({ status: z.enum(ORDER_STATUSES), at: z.string(), note: z.string() })),
  shipments: z.array(shipmentSchema),
  refunds: refundSummarySchema,
  expectedDelivery: z
    .object({ from: z.string(), to: z.string() })
    .nullable()
    .describe("Earliest and latest India dates 'YYYY-MM-DD'; null once delivered, cancelled or returned"),
  codConfirmation: z
    .object({ state: z.enum(['awaiting', 'confirmed', 'held']), until: z.string().nullable() })
    .nullable()
    .describe(
      "Cash on Delivery confirmation (docs/architecture.md#cod-confirmation): awaiting the shopper until `until` (ISO), confirmed, or held for the shop's call; null when not asked",
    ),
});
export type Order = z.infer<typeof orderSchema>;
