/**
 * Drizzle schema: every entity the shop stores. Column names are
 * snake_case (drizzle `casing`); money is integer paise (`*Paise`); ids are UUIDs.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { Address } from '../../core/api-types';
import type { ReviewFit, ReviewPhoto, ReviewStatus } from '../../core/reviews';
import type { OrderStatus, PaymentMethod, PaymentStatus } from '../../core/constants';
import type { Courier, ShipmentEvent, ShipmentStatus } from '../../core/couriers';
import type { ReturnReason, ReturnResolution, ReturnStatus } from '../../core/returns';
import type { SizeChart } from '../../core/size-chart';
import type { ColourOption } from '../../core/colours';
import type { MediaFolder } from '../../core/schemas/media';
import type { RefundDestination } from '../../core/schemas/returns';
import type { Role } from '../../core/permissions';
import type { StockChangeReasonName } from '../../core/schemas/inventory';

/** A PostgreSQL text-search vector (read as its text form; only SQL reads it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const categories = pgTable(
  'categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** The category's address, `/category/<handle>`, made from its name (docs/architecture.md#product-addresses). */
    handle: text().notNull(),
    parentId: uuid().references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    description: text(),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    /** The category's size chart, inches; null: none (its subcategories use their parent's). */
    sizeChart: jsonb().$type<SizeChart>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_name_lower_uq').on(sql`lower(${t.name})`),
    uniqueIndex('categories_handle_uq').on(t.handle),
    index().on(t.parentId),
  ],
);

export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    /**
     * The product's address, `/products/<handle>`: lower-case ASCII words and hyphens, made from the
     * title or set by the admin; its earlier ones are in product_handle_redirects
     * (docs/architecture.md#product-addresses).
     */
    handle: text().notNull(),
    description: text().notNull(),
    isBestseller: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    /** The product's options in display order: ['Size'], or ['Colour', 'Size'] when it has colours. */
    variantAttributes: text()
      .array()
      .notNull()
      .default(sql`ARRAY['Size']::text[]`),
    /**
     * The values of the Colour option in the admin's order, each with its swatch (a CSS colour or a
     * picture's URL); empty when the product comes in one colour (docs/architecture.md#colours-and-sizes).
     */
    colours: jsonb().$type<ColourOption[]>().notNull().default([]),
    /**
     * The lowest price of the product's active variants; null when it has none (then the public
     * catalogue does not list it). Kept by triggers on `variants` (migration 0002_perf_indexes), never
     * written by the app: listing, counting and price sorts read one row instead of its variants.
     */
    minPricePaise: integer(),
    /** The goods' HSN code under GST (4, 6 or 8 digits), printed on tax invoices. */
    hsn: text().notNull().default('6211'),
    /** The product's own size chart, inches; null: its category's applies. */
    sizeChart: jsonb().$type<SizeChart>(),
    /**
     * Approved reviews' stars summed and counted: cards show the
     * average without a join. Written only in the review moderation and edit transactions
     * (modules/reviews/service.ts), by the change in approved reviews.
     */
    ratingSum: integer().notNull().default(0),
    ratingCount: integer().notNull().default(0),
    /**
     * The words of the title ('simple' configuration: lower-cased, no stemming), kept by PostgreSQL
     * itself: the search matches them (products_title_words_idx) and ranks each match by
     * whether its title has a word (search/matcher.ts), a look-up in the stored vector where a
     * regular expression over the title cost a search at scale a quarter of its time.
     */
    titleWords: tsvector().generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, title)`),
    /**
     * The words of the description, kept by PostgreSQL as the title's are: the search
     * matches them (products_description_words_idx). Where PostgreSQL tests matches row by row (a
     * small catalogue, whose plan filters every listed product) it reads them here instead of
     * splitting every description into words again.
     */
    descriptionWords: tsvector().generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, description)`),
    /**
     * The words of the product's colour names ("Bottle green" → bottle, green), kept by PostgreSQL as
     * the title's are: the search counts them as words of the product ("maroon kurta" finds the
     * kurtas that come in maroon, search/matcher.ts) through products_colour_words_idx.
     */
    colourWords: tsvector().generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, jsonb_path_query_array(colours, '$[*].name'))`),
    /**
     * The title lower-cased, kept by PostgreSQL: the search ranks titles starting with or holding
     * the shopper's phrase first (search/matcher.ts), and lower() of every matched title cost a
     * search at scale a fifth of its statement (2026-11-26).
     */
    titleLower: text().generatedAlwaysAs(sql`lower(title)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The public listing: listed products newest first; also answers its count.
    // (Replaces the (is_active, created_at) index, which the listing no longer needs.)
    index('products_listed_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.isActive} and ${t.minPricePaise} is not null`),
    index('products_listed_price_idx')
      .on(t.minPricePaise, t.createdAt.desc().nullsFirst())
      .where(sql`${t.isActive} and ${t.minPricePaise} is not null`),
    // Search: ILIKE '%words%' over title or description through trigram indexes (pg_trgm).
    index('products_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('products_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    // The search that forgives (search/matcher.ts): the words of title and description
    // ('simple' configuration: lower-cased, no stemming), for exact and prefix word matches that
    // the index answers without reading the rows again.
    index('products_title_words_idx').using('gin', t.titleWords),
    index('products_description_words_idx').using('gin', t.descriptionWords),
    index('products_colour_words_idx').using('gin', t.colourWords),
    uniqueIndex('products_handle_uq').on(t.handle),
  ],
);

/**
 * A product's earlier handles: `/products/<old>` answers 301 to its current address
 * (docs/architecture.md#product-addresses). A handle is either current or here, never both.
 */
export const productHandleRedirects = pgTable(
  'product_handle_redirects',
  {
    handle: text().primaryKey(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.productId)],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index().on(t.categoryId)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    alt: text().notNull().default(''),
    publicId: text(),
    position: integer().notNull().default(0),
    /** The colour (a value of `products.colours`) the picture shows; null: every colour. */
    colour: text(),
  },
  (t) => [index().on(t.productId, t.position)],
);

export const variants = pgTable(
  'variants',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The Colour option's value (one of `products.colours`); null when the product has no colours. */
    colour: text(),
    size: text().notNull(),
    sku: text().notNull().unique(),
    pricePaise: integer().notNull(),
    compareAtPaise: integer(),
    stockQty: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.productId),
    // A listing's size filter: "has an active variant of one of these sizes in stock",
    // asked per matching product, answered from this index alone (no variant row read).
    index('variants_in_stock_size_idx')
      .on(t.productId, t.size)
      .where(sql`${t.isActive} and ${t.stockQty} > 0`),
    // The listing's colour filter, likewise, by the colour's address form (colourSlug in SQL: colourSlugSql).
    index('variants_in_stock_colour_idx')
      .on(t.productId, sql`trim(both '-' from regexp_replace(lower(${t.colour}), '[^[:alnum:]]+', '-', 'g'))`)
      .where(sql`${t.isActive} and ${t.stockQty} > 0 and ${t.colour} is not null`),
    check('variants_stock_nonnegative', sql`${t.stockQty} >= 0`),
    check('variants_price_positive', sql`${t.pricePaise} > 0`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull().unique(),
    phone: text().notNull().default(''),
    passwordHash: text().notNull(),
    /** 'customer' or a staff role (core/permissions.ts, docs/decisions/0023-staff-roles.md). */
    role: text().$type<Role>().notNull().default('customer'),
    address: jsonb().$type<Address>(),
    /** Bumped when the password changes: tokens carrying an older version stop working. */
    tokenVersion: integer().notNull().default(0),
    /**
     * Two-step sign-in (docs/architecture.md#staff-and-roles): the authenticator app's TOTP secret,
     * encrypted (never stored or logged in the clear), set while enrolling; on once `totpEnabledAt` is set.
     */
    totpSecret: text(),
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** The last TOTP time step accepted: a code of that step or earlier is refused (RFC 6238 §5.2), on every instance. */
    totpLastStep: integer(),
    /** Hashes of the unused one-time recovery codes of two-step sign-in. */
    recoveryCodeHashes: jsonb().$type<string[]>().notNull().default([]),
    /** What the Shopify customer import brought that the shop has no column for (tags, orders, spent). */
    importedFrom: jsonb().$type<{
      source: 'shopify';
      tags: string[];
      totalOrders: number;
      totalSpentPaise: number;
      acceptsEmailMarketing: boolean;
      /** The old shop's note on the customer, and whether it marked them tax exempt (absent on early imports). */
      note?: string;
      taxExempt?: boolean;
    } | null>(),
    /** Order updates on WhatsApp (service messages): ticked at checkout by default, or on the profile. */
    whatsappUpdates: boolean().notNull().default(false),
    /** Offers on WhatsApp (marketing): only when ticked; a reply of STOP clears it. */
    whatsappOffers: boolean().notNull().default(false),
    /** Offers and cart reminders by e-mail (marketing): only when ticked (a Shopify import keeps "Accepts email marketing"). */
    emailOffers: boolean().notNull().default(false),
    /** The store credit balance in paise: moved only with a store_credit_ledger row in the same transaction. */
    storeCreditPaise: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Admin order search matches accounts by name (contains), e-mail and phone (prefix).
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_lower_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('users_phone_idx').on(sql`${t.phone} text_pattern_ops`),
    check('users_role_known', sql`${t.role} in ('customer', 'owner', 'manager', 'fulfilment', 'support', 'content')`),
    check('users_store_credit_not_negative', sql`${t.storeCreditPaise} >= 0`),
  ],
);

/** Pending one-time codes for signup and password reset (docs/architecture.md#accounts-and-sign-in). */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    purpose: text().$type<'signup' | 'reset'>().notNull(),
    email: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    /** For signup: the account to create once verified (name, phone, passwordHash). */
    payload: jsonb().$type<{ name: string; phone: string; passwordHash: string } | null>(),
    /** Wrong tries of this code, counted before the check (auth/service.ts `checkCode`). */
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastSentAt: timestamp({ withTimezone: true }).notNull(),
    verifiedAt: timestamp({ withTimezone: true }),
    /** Used, or (a reset code) retired once expired or out of tries so a new one may start. */
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.email, t.purpose),
    // One live password-reset code per e-mail (docs/decisions/0020-login-limits.md; migration 0024).
    uniqueIndex('one_time_codes_live_reset_uq')
      .on(t.email)
      .where(sql`${t.purpose} = 'reset' and ${t.consumedAt} is null`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid()
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.variantId] })],
);

/** A priced line as frozen on a checkout attempt or order (paise). */
export interface FrozenLine {
  productId: string;
  variantId: string;
  title: string;
  /** The product's HSN code when the line was priced (absent on attempts from before HSN codes were kept). */
  hsn?: string;
  /** The variant's colour; absent or null for a product without colours (and on older attempts). */
  colour?: string | null;
  size: string;
  sku: string;
  image: string | null;
  unitPricePaise: number;
  quantity: number;
}

export interface StoredShippingAddress {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  pincode: string;
  country: 'India';
}

/** What the shopper is about to pay for, created before the Razorpay order. */
export const checkoutAttempts = pgTable(
  'checkout_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().$type<'created' | 'completed' | 'refunded' | 'failed'>().notNull().default('created'),
    fromBuyNow: boolean().notNull().default(false),
    items: jsonb().$type<FrozenLine[]>().notNull(),
    itemCount: integer().notNull(),
    subTotalPaise: integer().notNull(),
    discountType: text().notNull(),
    discountPaise: integer().notNull(),
    grandTotalPaise: integer().notNull(),
    /** The coupon whose discount this price carries (discountType 'COUPON'); null otherwise. */
    couponId: uuid().references((): AnyPgColumn => coupons.id, { onDelete: 'restrict' }),
    couponCode: text(),
    currency: text().notNull().default('INR'),
    shippingAddress: jsonb().$type<StoredShippingAddress>().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    /** How the shopper pays: 'razorpay' (online, paid before the order) or 'cod'. */
    paymentMethod: text().$type<PaymentMethod>().notNull().default('razorpay'),
    /** The shopper's Idempotency-Key (or the cart's fingerprint) of a COD placement; null for razorpay. */
    idempotencyKey: text(),
    razorpayOrderId: text().unique(),
    razorpayPaymentId: text(),
    /** Store credit the shopper spends on this order (paise, part of grandTotalPaise); the rest is paid online or in cash. */
    storeCreditPaise: integer().notNull().default(0),
    /** The prepaid discount (paise, already taken off grandTotalPaise): online payments only (docs/architecture.md#prepaid-discount). */
    prepaidDiscountPaise: integer().notNull().default(0),
    /** Part-paid COD: the advance paid online through Razorpay (paise, part of grandTotalPaise); the rest is cash. */
    codAdvancePaise: integer().notNull().default(0),
    orderId: uuid(),
    failureReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.userId),
    index().on(t.status, t.createdAt),
    uniqueIndex('checkout_attempts_idempotency_uq').on(t.userId, t.idempotencyKey),
  ],
);

/** The seller's details printed on an order's invoice and credit notes (orders.seller). */
export interface OrderSeller {
  legalName: string;
  address: string;
  state: string;
  gstin: string;
}

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    checkoutAttemptId: uuid()
      .notNull()
      .unique()
      .references(() => checkoutAttempts.id),
    status: text().$type<OrderStatus>().notNull().default('placed'),
    email: text().notNull(),
    phone: text().notNull(),
    shippingAddress: jsonb().$type<StoredShippingAddress>().notNull(),
    itemCount: integer().notNull(),
    subTotalPaise: integer().notNull(),
    discountType: text().notNull(),
    discountPaise: integer().notNull(),
    shippingPaise: integer().notNull().default(0),
    taxPaise: integer().notNull().default(0),
    grandTotalPaise: integer().notNull(),
    /** The coupon that gave `discountPaise` (discountType 'COUPON'), kept by code for display. */
    couponId: uuid().references((): AnyPgColumn => coupons.id, { onDelete: 'restrict' }),
    couponCode: text(),
    /** Cash on Delivery fee charged on the order (included in grandTotalPaise); 0 for prepaid. */
    codFeePaise: integer().notNull().default(0),
    paymentMethod: text().$type<PaymentMethod>().notNull().default('razorpay'),
    /** razorpay: 'captured'; cod: 'pending' until delivered, then 'collected' (docs/architecture.md#cash-on-delivery). */
    paymentStatus: text().$type<PaymentStatus>().notNull().default('captured'),
    /** When a COD order's cash was collected (marked delivered); null otherwise. */
    paymentCollectedAt: timestamp({ withTimezone: true }),
    razorpayOrderId: text(),
    razorpayPaymentId: text().unique(),
    /**
     * The GST tax invoice number, e.g. RM/2026-27/00001: gapless per financial year, assigned just
     * after the order's transaction commits (modules/invoices/numbering.ts); null while
     * `invoiceDue`, and for orders placed before invoices existed.
     */
    invoiceNumber: text().unique(),
    /** Placed and waiting for its invoice number (modules/invoices/numbering.ts numbers these). */
    invoiceDue: boolean().notNull().default(false),
    /**
     * The seller as the invoice names it, copied from the shop settings when the order is placed:
     * an issued tax invoice must not change when the owner later edits the shop's name, address or
     * GSTIN (CGST Rules 2017, rule 46). Null for orders placed before it was kept (their invoice
     * shows the current settings).
     */
    seller: jsonb().$type<OrderSeller>(),
    /** True once the units of a cancelled/returned order went back to stock (docs/architecture.md#stock). */
    restocked: boolean().notNull().default(false),
    /** Store credit spent on the order (paise, included in grandTotalPaise): a payment, not a discount. */
    storeCreditPaise: integer().notNull().default(0),
    /**
     * The prepaid discount for paying online (paise, already taken off grandTotalPaise, like
     * `discountPaise` it lowers the taxable value: docs/architecture.md#prepaid-discount); 0 for COD.
     */
    prepaidDiscountPaise: integer().notNull().default(0),
    /**
     * Part-paid COD (docs/architecture.md#part-paid-cod): the advance paid online before the order was
     * placed (paise, part of grandTotalPaise; its payment is `razorpayPaymentId`); the courier collects
     * the rest. 0 for every other order.
     */
    codAdvancePaise: integer().notNull().default(0),
    /**
     * Cash on Delivery confirmation: 'awaiting' (the shopper has until `codConfirmBy` to confirm or
     * cancel), 'confirmed', 'held' (unconfirmed in time, waiting for the shop's call); null when not asked.
     */
    codConfirmation: text().$type<'awaiting' | 'confirmed' | 'held'>(),
    codConfirmBy: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    index().on(t.status, t.createdAt),
    index().on(t.createdAt),
    // Admin order search (modules/orders/admin-service.ts): prefix matches that stay fast without extensions.
    index('orders_ref_idx').on(sql`right((${t.id})::text, 8) text_pattern_ops`),
    index('orders_email_lower_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('orders_phone_idx').on(sql`${t.phone} text_pattern_ops`),
    index('orders_ship_name_idx').on(
      sql`lower(((${t.shippingAddress} ->> 'firstName') || ' ') || (${t.shippingAddress} ->> 'lastName')) text_pattern_ops`,
    ),
    index('orders_ship_last_name_idx').on(sql`lower(${t.shippingAddress} ->> 'lastName') text_pattern_ops`),
    // The orders invoice numbering still has to number, in the order it numbers them.
    index('orders_invoice_due_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.invoiceDue}`),
    // COD orders still waiting for the shopper's confirmation, by deadline.
    index('orders_cod_awaiting_idx')
      .on(t.codConfirmBy)
      .where(sql`${t.codConfirmation} = 'awaiting'`),
    check('orders_cod_confirmation', sql`${t.codConfirmation} in ('awaiting', 'confirmed', 'held')`),
    check('orders_store_credit', sql`${t.storeCreditPaise} >= 0 and ${t.storeCreditPaise} <= ${t.grandTotalPaise}`),
    check(
      'orders_prepaid_parts',
      sql`${t.prepaidDiscountPaise} >= 0 and ${t.codAdvancePaise} >= 0 and ${t.codAdvancePaise} + ${t.storeCreditPaise} <= ${t.grandTotalPaise}`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid().notNull(),
    variantId: uuid(),
    title: text().notNull(),
    variantName: text(),
    sku: text(),
    image: text(),
    unitPricePaise: integer().notNull(),
    quantity: integer().notNull(),
    lineTotalPaise: integer().notNull(),
    position: integer().notNull().default(0),
    /**
     * GST of the line (src/core/tax.ts): the order's discount allotted to the line, the
     * taxable value and the tax included in what was paid for it (lineTotal − discount), all paise.
     * The rate is in basis points (500 = 5%). Zero for orders placed before invoices existed.
     */
    hsn: text().notNull().default(''),
    discountPaise: integer().notNull().default(0),
    taxablePaise: integer().notNull().default(0),
    taxRateBp: integer().notNull().default(0),
    cgstPaise: integer().notNull().default(0),
    sgstPaise: integer().notNull().default(0),
    igstPaise: integer().notNull().default(0),
  },
  (t) => [index().on(t.orderId)],
);

/** Who moved an order (docs/architecture.md "Order lifecycle"): its shopper, an admin, the courier's update, or the shop itself. */
export type OrderActor = 'shopper' | 'admin' | 'courier' | 'system';

/**
 * The order timeline: one row per status change or note, written with the move by
 * modules/orders/lifecycle.ts (placement writes the first). `actor` and `actorId` say who made it
 * (migration 0028); both are null on rows written before they were recorded.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text().$type<OrderStatus>().notNull(),
    note: text().notNull().default(''),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actor: text().$type<OrderActor>(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index().on(t.orderId, t.at), check('order_events_actor_known', sql`${t.actor} in ('shopper', 'admin', 'courier', 'system')`)],
);

/**
 * Shipments (docs/decisions/0009-order-states-and-shipping.md): one row per parcel handed to a courier, with its AWB,
 * tracking link, where it is (`status`) and the courier's scans (`events`, oldest first). An AWB is
 * unique per courier. `provider` is 'manual' (the admin typed the AWB) or 'shiprocket' (created
 * through its API; its tracking webhook adds scans and moves the order).
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courier: text().$type<Courier>().notNull(),
    awb: text().notNull(),
    trackingUrl: text(),
    status: text().$type<ShipmentStatus>().notNull().default('shipped'),
    provider: text().$type<'manual' | 'shiprocket'>().notNull().default('manual'),
    /** Shiprocket's shipment id and label URL (provider 'shiprocket'); null for manual shipments. */
    providerRef: text(),
    labelUrl: text(),
    events: jsonb().$type<ShipmentEvent[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.orderId, t.createdAt), uniqueIndex('shipments_courier_awb_uq').on(t.courier, t.awb)],
);

/** Razorpay webhook events seen, for deduplication on the event id. */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Refunds owed for paid attempts that could not be filled (docs/decisions/0017-refunds-and-credit-notes.md
 * "Money owed is written down first"): recorded in the same transaction that fails the attempt, before
 * Razorpay is asked, and asked again (same `X-Refund-Idempotency` per `attempt`) until Razorpay answers.
 * `status`: pending (not yet answered, or Razorpay's refund still pending), processed, failed (Razorpay
 * refused; listed for an admin's retry, which raises `attempt`). Paise.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    checkoutAttemptId: uuid()
      .notNull()
      .references(() => checkoutAttempts.id),
    razorpayPaymentId: text().notNull().unique(),
    razorpayRefundId: text(),
    amountPaise: integer().notNull(),
    reason: text().notNull(),
    status: text().$type<'pending' | 'processed' | 'failed'>().notNull().default('pending'),
    attempt: integer().notNull().default(1),
    failureReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_unsettled_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} <> 'processed'`),
  ],
);

/** One credited line of a GST credit note (paise; rate in basis points). Mirrors an invoice line. */
export interface CreditNoteLine {
  /** The order line credited; null for the Cash on Delivery charge. */
  orderItemId: string | null;
  description: string;
  size: string | null;
  hsn: string;
  /** Pieces the credit is for (the returned pieces, or the line's pieces for an amount refund). */
  quantity: number;
  taxablePaise: number;
  taxRateBp: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** What is credited for the line, GST included: taxable + GST. */
  totalPaise: number;
}

/**
 * Refunds of placed orders (docs/architecture.md#refunds-and-returns: money moves only through
 * explicit actions, each through Razorpay's Refunds API at most once). One row per refund action,
 * unique per order and idempotency key, so a retried action finds its refund instead of making a
 * second. `status`: pending (asked of Razorpay, or about to be), processed (Razorpay's
 * refund.processed, or a manual COD refund recorded by an admin), failed (refund.failed or a refused
 * call; an admin may retry it, which asks Razorpay again under a new `attempt`). Paise throughout.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amountPaise: integer().notNull(),
    reason: text().notNull(),
    source: text().$type<'cancel' | 'admin' | 'return'>().notNull(),
    /** The return request behind a 'return' refund (returns module); no foreign key across modules. */
    returnId: uuid(),
    /** The lines and pieces refunded, when the refund is for lines; null for an amount. */
    lines: jsonb().$type<{ orderItemId: string; quantity: number }[]>(),
    status: text().$type<'pending' | 'processed' | 'failed'>().notNull().default('pending'),
    /** 'razorpay' (prepaid, Refunds API) or 'manual' (Cash on Delivery: the admin's bank/UPI transfer). */
    method: text().$type<'razorpay' | 'manual' | 'store_credit'>().notNull(),
    /** Razorpay's refund id (rfnd_…) of the current attempt. */
    providerRefundId: text().unique(),
    /** Raised by an admin's retry of a failed refund: Razorpay is asked again under a new idempotency key. */
    attempt: integer().notNull().default(1),
    /** The bank or UPI reference of a manual (COD) refund. */
    manualReference: text(),
    failureReason: text(),
    idempotencyKey: text().notNull(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    processedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('order_refunds_idempotency_uq').on(t.orderId, t.idempotencyKey),
    index().on(t.orderId),
    index('order_refunds_failed_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'failed'`),
    index('order_refunds_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'pending'`),
    check('order_refunds_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * GST credit notes (docs/architecture.md#invoice-and-credit-note-numbers): one per refund, numbered in the
 * 'credit_note' series of document_sequences (gapless per financial year) in the refund's own
 * transaction. `lines` reverse the tax of what was refunded, to the paisa; they sum to the refund.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The refund this note is for; null for a note with no money to return (an unpaid COD order cancelled or returned undelivered). */
    refundId: uuid()
      .unique()
      .references(() => orderRefunds.id, { onDelete: 'restrict' }),
    /** 'RM/CN/2026-27/00001'. */
    number: text().notNull().unique(),
    reason: text().notNull(),
    lines: jsonb().$type<CreditNoteLine[]>().notNull(),
    totalPaise: integer().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.orderId)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    comment: text().notNull(),
    registeredUser: boolean().notNull().default(false),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt)],
);

export const heroBanners = pgTable('hero_banners', {
  id: uuid().primaryKey().defaultRandom(),
  mediaType: text().$type<'image' | 'video'>().notNull(),
  imageUrl: text(),
  videoUrl: text(),
  posterUrl: text(),
  /** Optional portrait picture for phones: the image banner's, or the video's poster there. */
  mobileImageUrl: text(),
  mobilePublicId: text(),
  alt: text().notNull().default('Hero Media'),
  link: text(),
  isActive: boolean().notNull().default(true),
  publicId: text(),
  sortOrder: integer().notNull().default(0),
  createdAt: createdAt(),
});

export const verticalVideos = pgTable('vertical_videos', {
  id: uuid().primaryKey().defaultRandom(),
  videoUrl: text().notNull(),
  videoPublicId: text(),
  posterUrl: text(),
  posterPublicId: text(),
  title: text().notNull().default(''),
  isActive: boolean().notNull().default(true),
  createdAt: createdAt(),
});

export const instagramPhotos = pgTable('instagram_photos', {
  id: uuid().primaryKey().defaultRandom(),
  imageUrl: text().notNull(),
  alt: text().notNull().default('Instagram Photo'),
  postUrl: text().notNull(),
  isActive: boolean().notNull().default(true),
  publicId: text(),
  createdAt: createdAt(),
});

export const testimonials = pgTable(
  'testimonials',
  {
    id: uuid().primaryKey().defaultRandom(),
    authorName: text().notNull(),
    authorHandle: text(),
    imageUrl: text(),
    content: text().notNull(),
    rating: integer().notNull().default(5),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [check('testimonials_rating_range', sql`${t.rating} between 1 and 5`)],
);

/**
 * A file a mail carries, stored by reference and made when the mail is delivered: the
 * GST tax invoice of an order (modules/invoices); the GST credit note of a refund (modules/refunds).
 */
export type MailAttachmentRef = { kind: 'invoice'; orderId: string } | { kind: 'credit_note'; creditNoteId: string };

/**
 * Mail waiting to be delivered (a mail server outage must not lose order mail). Rows are
 * written when a mail is due and retried with backoff until sent. Attachments are references
 * (`MailAttachmentRef`), rendered at delivery.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    attachments: jsonb().$type<MailAttachmentRef[]>().notNull().default([]),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** One GST slab as stored: price per piece up to `upToPaise` (null: no limit) pays `ratePercent`. */
export interface StoredTaxSlab {
  upToPaise: number | null;
  ratePercent: number;
}

/**
 * The shop's settings: one row (id 1), written only through PUT /api/admin/settings and
 * read through the cached settings service (modules/settings). Money in paise.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer().primaryKey().default(1),
    legalName: text().notNull(),
    address: text().notNull(),
    /** A name of INDIAN_STATES; the GSTIN starts with its GST state code. */
    state: text().notNull(),
    gstin: text().notNull(),
    invoicePrefix: text().notNull(),
    supportEmail: text().notNull(),
    supportPhone: text().notNull(),
    whatsappNumber: text().notNull(),
    codEnabled: boolean().notNull().default(true),
    codMaxOrderTotalPaise: integer().notNull(),
    codMaxOpenOrders: integer().notNull(),
    codFeePaise: integer().notNull(),
    codBlockedPincodes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    dispatchDays: integer().notNull(),
    transitDaysWithinState: integer().notNull(),
    transitDaysMetros: integer().notNull(),
    transitDaysRest: integer().notNull(),
    nonServiceablePincodes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Ascending by upToPaise; the last has upToPaise null. */
    taxSlabs: jsonb().$type<StoredTaxSlab[]>().notNull(),
    /** Sizes with this many pieces or fewer are "low" on the dashboard and in the daily mail. */
    lowStockThreshold: integer().notNull().default(5),
    /** Days after delivery a shopper may ask for a return; 0: damaged or wrong items within 24 hours only. */
    returnWindowDays: integer().notNull().default(0),
    /** Whether a return may ask for another size instead of a refund. */
    sizeExchanges: boolean().notNull().default(false),
    /** The largest refund a manager may issue, in paise (owners: any size; docs/decisions/0023-staff-roles.md). */
    refundLimitManagerPaise: integer().notNull().default(1_000_000),
    /** The largest refund a support member may issue, in paise. */
    refundLimitSupportPaise: integer().notNull().default(100_000),
    /** Whether every staff account must sign in with an authenticator app (two-step). */
    staffTwoStepRequired: boolean().notNull().default(false),
    /** WhatsApp template per message kind, as approved in Meta's WhatsApp Manager: name and language code. */
    whatsappTemplates: jsonb().$type<Record<string, { name: string; language: string }>>().notNull().default({}),
    /** Which COD orders wait for the shopper's confirmation: none ('off'), those above `codConfirmAbovePaise`, or 'all'. */
    codConfirmMode: text().$type<'off' | 'above' | 'all'>().notNull().default('off'),
    codConfirmAbovePaise: integer().notNull().default(0),
    /** Hours the shopper has to confirm before `codConfirmExpiry` applies. */
    codConfirmHours: integer().notNull().default(24),
    /** An unconfirmed COD order is cancelled (stock back) or held for the shop's call. */
    codConfirmExpiry: text().$type<'cancel' | 'hold'>().notNull().default('cancel'),
    /** COD is not offered to a phone or e-mail with this many COD orders refused at the door. */
    codMaxRefused: integer().notNull().default(2),
    /** Back-in-stock alerts sent per unit that came back (the rest wait for the next restock). */
    backInStockFactor: integer().notNull().default(3),
    /** Whether refunds may go to store credit: 'off', or 'choice' (the shopper or admin chooses). */
    storeCreditRefunds: text().$type<'off' | 'choice'>().notNull().default('off'),
    /** Percent added to a refund taken as store credit, as a separate ledger row. */
    storeCreditBonusPercent: integer().notNull().default(0),
    /** Prepaid discount (docs/architecture.md#prepaid-discount): 'off', a percent (capped) or a flat amount off online payments. */
    prepaidDiscountKind: text().$type<'off' | 'percent' | 'flat'>().notNull().default('off'),
    /** The percent (1-50) or the flat amount in paise. */
    prepaidDiscountValue: integer().notNull().default(0),
    /** The most a percent discount takes off, paise; null: no cap. */
    prepaidDiscountCapPaise: integer(),
    /** Part-paid COD (docs/architecture.md#part-paid-cod): 'off', a fixed advance or a percent of the order paid online. */
    codAdvanceKind: text().$type<'off' | 'fixed' | 'percent'>().notNull().default('off'),
    /** The advance in paise (fixed) or percent (1-90). */
    codAdvanceValue: integer().notNull().default(0),
    /** COD orders of at least this total (paise) pay the advance; 0: every COD order. */
    codAdvanceAbovePaise: integer().notNull().default(0),
    /** Abandoned-cart reminders (docs/architecture.md#abandoned-carts): on or off. */
    cartReminders: boolean().notNull().default(false),
    /** Minutes a signed-in shopper's cart lies untouched before the first reminder. */
    cartReminderFirstMinutes: integer().notNull().default(60),
    /** Hours after the first reminder the second goes; null: no second reminder. */
    cartReminderSecondHours: integer(),
    /** The code of the coupon the second reminder offers (checked live when it is sent); null: none. */
    cartReminderCouponCode: text(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shop_settings_single_row', sql`${t.id} = 1`),
    check('shop_settings_cod_amounts', sql`${t.codMaxOrderTotalPaise} >= 0 and ${t.codFeePaise} >= 0 and ${t.codMaxOpenOrders} >= 0`),
    check('shop_settings_low_stock_threshold', sql`${t.lowStockThreshold} >= 0`),
    check('shop_settings_return_window', sql`${t.returnWindowDays} >= 0`),
    check('shop_settings_refund_limits', sql`${t.refundLimitManagerPaise} >= 0 and ${t.refundLimitSupportPaise} >= 0`),
    check(
      'shop_settings_cod_confirm',
      sql`${t.codConfirmMode} in ('off', 'above', 'all') and ${t.codConfirmExpiry} in ('cancel', 'hold') and ${t.codConfirmAbovePaise} >= 0 and ${t.codConfirmHours} between 1 and 168 and ${t.codMaxRefused} >= 1`,
    ),
    check('shop_settings_back_in_stock_factor', sql`${t.backInStockFactor} between 1 and 100`),
    check(
      'shop_settings_store_credit',
      sql`${t.storeCreditRefunds} in ('off', 'choice') and ${t.storeCreditBonusPercent} between 0 and 100`,
    ),
    check(
      'shop_settings_prepaid_discount',
      sql`${t.prepaidDiscountKind} in ('off', 'percent', 'flat') and ${t.prepaidDiscountValue} >= 0 and coalesce(${t.prepaidDiscountCapPaise}, 0) >= 0`,
    ),
    check(
      'shop_settings_cod_advance',
      sql`${t.codAdvanceKind} in ('off', 'fixed', 'percent') and ${t.codAdvanceValue} >= 0 and ${t.codAdvanceAbovePaise} >= 0`,
    ),
    check(
      'shop_settings_cart_reminders',
      sql`${t.cartReminderFirstMinutes} between 15 and 1440 and coalesce(${t.cartReminderSecondHours}, 1) between 1 and 168`,
    ),
  ],
);

/**
 * Coupon codes: written through /api/admin/coupons. `code` is stored upper-case, so the
 * unique index makes codes unique regardless of case. `used` counts orders placed with it, raised in
 * the order's own transaction with a conditional update (modules/payments/service.ts). Money in
 * paise; `startsAt`/`endsAt` are instants (the API speaks India time).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull(),
    kind: text().$type<'percent' | 'flat'>().notNull(),
    percentOff: integer(),
    amountOffPaise: integer(),
    minSubtotalPaise: integer().notNull().default(0),
    maxDiscountPaise: integer(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    maxUses: integer(),
    maxUsesPerShopper: integer(),
    firstOrderOnly: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    /** Listed in the cart's public "Offers" (GET /api/coupons/public); off: only those told the code can use it. */
    showInOffers: boolean().notNull().default(false),
    used: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_uq').on(t.code),
    check('coupons_code_upper', sql`${t.code} = upper(${t.code})`),
    check(
      'coupons_amount',
      sql`(${t.kind} = 'percent' and ${t.percentOff} between 1 and 100) or (${t.kind} = 'flat' and ${t.amountOffPaise} > 0)`,
    ),
    check('coupons_used_nonnegative', sql`${t.used} >= 0`),
  ],
);

/**
 * How many orders each shopper placed with each coupon: the per-shopper use record, raised by a
 * conditional upsert in the order's transaction (one row per coupon and shopper).
 */
export const couponUses = pgTable(
  'coupon_uses',
  {
    couponId: uuid()
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    used: integer().notNull().default(0),
    lastOrderId: uuid(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.userId] })],
);

/**
 * Gapless document numbers (GST invoices; credit notes): one row per series and
 * financial year, raised by one upsert in the transaction that issues the document, so a number is
 * used only when that transaction commits and two instances never issue the same one.
 */
export const documentSequences = pgTable(
  'document_sequences',
  {
    series: text().$type<'invoice' | 'credit_note'>().notNull(),
    /** The financial year, April to March, as '2026-27'. */
    financialYear: text().notNull(),
    last: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

/**
 * The inventory ledger (docs/architecture.md#stock): one row per change of a variant's stock, written
 * in the same statement that changes `variants.stock_qty`. `delta` is signed pieces; `stockAfter` the
 * stock the change left. Reasons: sale, cancellation, return_restock, exchange_reservation,
 * exchange_release (a rejected exchange gives its reserved size back), adjustment
 * (by an admin, with a note).
 */
export const inventoryLedger = pgTable(
  'inventory_ledger',
  {
    id: uuid().primaryKey().defaultRandom(),
    variantId: uuid()
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    delta: integer().notNull(),
    stockAfter: integer().notNull(),
    reason: text().$type<StockChangeReason>().notNull(),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    adminId: uuid().references(() => users.id, { onDelete: 'set null' }),
    note: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.variantId, t.createdAt)],
);

export type StockChangeReason = StockChangeReasonName;

/**
 * Runs of periodic jobs that must happen once per period across every instance (the daily
 * low-stock mail). An instance claims a run by inserting (job, period) in the transaction that does
 * the work; the primary key lets exactly one instance win, and a failed run rolls its claim back.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text().notNull(),
    /** The period the run covers, e.g. an India date '2026-11-25'. */
    period: text().notNull(),
    ranAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);

/**
 * A shopper's wishlist: one row per saved product, newest first on the page. A deleted
 * product leaves every wishlist with it; an inactive one stays saved but is not shown until it
 * is active again (modules/wishlist).
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index().on(t.productId)],
);

/**
 * Search synonyms (docs/decisions/0014-forgiving-search.md): groups of words a shopper may type for the same
 * thing (sari, saree; kurti, kurta). A search word found in a group also searches every other term of
 * it. Terms are lowercase words (modules/search/matcher.ts); the owner edits the groups in
 * /admin/search-synonyms. Seeded with Indian-apparel spellings by migration 0011.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: uuid().primaryKey().defaultRandom(),
    terms: text().array().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('search_synonyms_two_terms', sql`cardinality(${t.terms}) >= 2`)],
);

/**
 * Product reviews: one per shopper and product, written by a shopper
 * with a delivered order of it. New and edited reviews wait ('pending') until an admin approves or
 * hides them; only approved ones are public and count in the product's rating_sum/rating_count.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    photos: jsonb().$type<ReviewPhoto[]>().notNull().default([]),
    /** The size bought, from the shopper's delivered order lines. */
    size: text(),
    fit: text().$type<ReviewFit>(),
    status: text().$type<ReviewStatus>().notNull().default('pending'),
    /** The shop's public answer, shown under the review. */
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    helpfulCount: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex().on(t.productId, t.userId),
    index().on(t.productId, t.status, t.createdAt),
    index().on(t.status, t.createdAt),
    check('product_reviews_rating', sql`${t.rating} between 1 and 5`),
  ],
);

/** "Helpful" votes: one per shopper and review. */
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: uuid()
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/**
 * Return and size-exchange requests (docs/decisions/0016-returns-and-exchanges.md): one row per request a
 * shopper makes on a delivered order, with its lines in `return_lines`. `refundPaise` is what the
 * returned lines refund (src/core/returns.ts `lineRefundPaise`), fixed when requested. An exchange
 * reserves its new sizes' stock when requested (ledger 'exchange_reservation'); `shipmentId` is the
 * parcel that carried the new sizes. `idempotencyKey` makes a retried request answer the same row.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text().$type<ReturnStatus>().notNull().default('requested'),
    resolution: text().$type<ReturnResolution>().notNull(),
    reason: text().$type<ReturnReason>().notNull(),
    comment: text().notNull().default(''),
    photos: jsonb().$type<string[]>().notNull().default([]),
    refundPaise: integer().notNull().default(0),
    /** Where a Cash on Delivery refund is sent (the shopper's UPI ID or bank account); null for prepaid orders and exchanges. */
    refundTo: jsonb().$type<RefundDestination>(),
    adminNote: text().notNull().default(''),
    shipmentId: uuid().references(() => shipments.id, { onDelete: 'set null' }),
    idempotencyKey: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.orderId),
    index().on(t.status, t.createdAt),
    uniqueIndex('return_requests_idempotency_uq').on(t.userId, t.idempotencyKey),
    check('return_requests_refund', sql`${t.refundPaise} >= 0`),
  ],
);

/** The lines of a return: which order line, how many units, and for an exchange the size sent instead. */
export const returnLines = pgTable(
  'return_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    returnId: uuid()
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderItemId: uuid()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    refundPaise: integer().notNull().default(0),
    exchangeVariantId: uuid().references(() => variants.id, { onDelete: 'set null' }),
    exchangeSize: text(),
  },
  (t) => [index().on(t.returnId), index().on(t.orderItemId), check('return_lines_quantity', sql`${t.quantity} > 0`)],
);

/**
 * One row per upload target the shop hands out (docs/decisions/0021-upload-limits.md): `id` is the
 * random name the file gets (disk store), signed into the target; `usedAt` is set when a file
 * arrives with it, so a target carries one file only. A shopper's rows of the last 24 hours are
 * their upload quota. Rows older than a week are deleted by the media sweep.
 */
export const mediaUploadGrants = pgTable(
  'media_upload_grants',
  {
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folder: text().$type<MediaFolder>().notNull(),
    createdAt: createdAt(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);

/**
 * The audit log (docs/architecture.md#audit-log): one row per admin write, sign-in and failed
 * sign-in, appended in the transaction of the change it records (modules/audit). Append-only: a
 * trigger (migration 0032) refuses every UPDATE and DELETE. Who is copied (no foreign key), so a
 * removed account's rows stay as they were.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: uuid(),
    actorName: text().notNull().default(''),
    actorEmail: text().notNull().default(''),
    /** The actor's role at the time ('' for a failed sign-in by nobody known, 'system' for jobs). */
    actorRole: text().notNull().default(''),
    ip: text().notNull().default(''),
    /** `entity.verb`, e.g. 'product.update', 'order.refund', 'staff.invite', 'auth.sign-in-failed'. */
    action: text().notNull(),
    /** What was acted on: 'product', 'order', 'settings', 'staff', ... and its id ('' for none). */
    entity: text().notNull(),
    entityId: text().notNull().default(''),
    /** A one-line human summary, e.g. 'Refund ₹1,200.00 to the original payment'. */
    summary: text().notNull().default(''),
    /** The fields changed: { field: { before, after } }; secrets and passwords never appear. */
    changes: jsonb().$type<Record<string, { before: unknown; after: unknown }>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.at.desc()),
    index('audit_log_action_idx').on(t.action, t.at.desc()),
  ],
);

/** Staff invitations: a one-time link (its token's hash) that sets a password, valid 72 hours. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    role: text().$type<Role>().notNull(),
    tokenHash: text().notNull().unique(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_invitations_email_idx').on(sql`lower(${t.email})`),
    check('staff_invitations_role_staff', sql`${t.role} in ('owner', 'manager', 'fulfilment', 'support', 'content')`),
  ],
);

/**
 * Signed-in sessions (docs/architecture.md#accounts-and-sign-in): a token carries its session's id;
 * a revoked session's token stops working at once on every instance. Device and IP as last seen.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text().notNull().default(''),
    ip: text().notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId, t.lastSeenAt.desc())],
);

/**
 * Old addresses kept (docs/architecture.md#moving-in-from-shopify): a path of the shop the brand
 * left (e.g. '/collections/kurtas') answered with a 301 to this shop's page. Written by the import
 * and by the owner's redirects screen; a redirect never points to itself or into a loop.
 */
export const redirects = pgTable(
  'redirects',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The old path, normalised: starts with '/', no trailing '/', no query, lower case. */
    fromPath: text().notNull().unique(),
    /** Where it goes: a path of this shop (may carry a query). */
    toPath: text().notNull(),
    source: text().$type<'import' | 'manual'>().notNull().default('manual'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('redirects_not_to_itself', sql`${t.fromPath} <> ${t.toPath}`)],
);

/**
 * Background imports (docs/architecture.md#moving-in-from-shopify): a Shopify product or customer
 * CSV, its mapping, and its progress, read by the import screen (survives a page reload).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().$type<'products' | 'customers'>().notNull(),
    status: text().$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    fileName: text().notNull(),
    /** Where the uploaded file waits while the job runs (the data folder); removed when it ends. */
    filePath: text().notNull().default(''),
    /** The mapping the owner confirmed after the dry run (option names, categories, HSN). */
    mapping: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    rowsTotal: integer().notNull().default(0),
    rowsDone: integer().notNull().default(0),
    errorCount: integer().notNull().default(0),
    /** Row problems: { line, column, message }, the first few hundred. */
    errors: jsonb().$type<{ line: number; column: string; message: string }[]>().notNull().default([]),
    /** Counts when done: products created/updated, variants, pictures, categories, customers. */
    summary: jsonb().$type<Record<string, number>>().notNull().default({}),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** Bumped while running; a job whose heartbeat stops is picked up again after a restart. */
    heartbeatAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('import_jobs_created_idx').on(t.createdAt.desc()),
    check('import_jobs_kind', sql`${t.kind} in ('products', 'customers')`),
    check('import_jobs_status', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/**
 * WhatsApp messages waiting to go or gone (docs/architecture.md#whatsapp): template messages of
 * Meta's WhatsApp Business Cloud API, staged in the transaction of the change they tell of and sent
 * after the commit with retries, like mail. `components` is the template's parameters as the API
 * takes them; `status` follows the status webhook (sent, delivered, read, failed).
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The shopper's number in international form without '+' (919845012345). */
    to: text().notNull(),
    /** What the message says: order_placed, cod_confirmation, shipped, … (a key of whatsappTemplates). */
    kind: text().notNull(),
    templateName: text().notNull(),
    language: text().notNull(),
    components: jsonb().$type<unknown[]>().notNull().default([]),
    /** Offers (cart reminders, back in stock): sent only with the shopper's consent, never after STOP. */
    marketing: boolean().notNull().default(false),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    status: text().$type<'queued' | 'sent' | 'delivered' | 'read' | 'failed'>().notNull().default('queued'),
    statusAt: timestamp({ withTimezone: true }),
    /** The id the Cloud API answered (wamid.…): the status webhook names it. */
    providerMessageId: text().unique(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('whatsapp_messages_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index().on(t.orderId),
    check('whatsapp_messages_status', sql`${t.status} in ('queued', 'sent', 'delivered', 'read', 'failed')`),
  ],
);

/** WhatsApp webhook deliveries already handled, by a key made from the event: a replay is dropped. */
export const whatsappWebhookEvents = pgTable('whatsapp_webhook_events', {
  key: text().primaryKey(),
  receivedAt: createdAt(),
});

/** Numbers that replied STOP (or pressed the opt-out button): no marketing message goes to them. */
export const whatsappOptOuts = pgTable('whatsapp_opt_outs', {
  phone: text().primaryKey(),
  optedOutAt: createdAt(),
});

/**
 * "Notify me" on a sold-out variant (docs/architecture.md#back-in-stock): a shopper's (userId) or a
 * guest's (email or phone, confirmed with a one-time code kept here as a hash). Alerts go out in
 * sign-up order when stock comes back through the ledger, each once (`notifiedAt`).
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: uuid().primaryKey().defaultRandom(),
    variantId: uuid()
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    email: text(),
    phone: text(),
    channel: text().$type<'whatsapp' | 'email'>().notNull(),
    codeHash: text(),
    codeAttempts: integer().notNull().default(0),
    codeExpiresAt: timestamp({ withTimezone: true }),
    /** When the sign-up counts: at once for a signed-in shopper, once the code matches for a guest. */
    confirmedAt: timestamp({ withTimezone: true }),
    notifiedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stock_alerts_live_uq')
      .on(t.variantId, sql`coalesce((${t.userId})::text, lower(${t.email}), ${t.phone})`)
      .where(sql`${t.notifiedAt} is null`),
    index('stock_alerts_waiting_idx')
      .on(t.variantId, t.confirmedAt)
      .where(sql`${t.notifiedAt} is null and ${t.confirmedAt} is not null`),
    check('stock_alerts_someone', sql`${t.userId} is not null or ${t.email} is not null or ${t.phone} is not null`),
    check('stock_alerts_channel', sql`${t.channel} in ('whatsapp', 'email')`),
  ],
);

/**
 * Store credit (docs/architecture.md#store-credit): every credit and debit of a shopper's balance,
 * written with the change of users.store_credit_paise in the same transaction, under the user's row
 * lock. The balance never goes below zero. A refund credits once (unique per refund and reason); an
 * order spends once and gets it back once if cancelled.
 */
export const storeCreditLedger = pgTable(
  'store_credit_ledger',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Signed paise: positive credits, negative spends. */
    deltaPaise: integer().notNull(),
    balanceAfterPaise: integer().notNull(),
    reason: text().$type<'refund' | 'bonus' | 'order' | 'order_cancelled' | 'adjustment'>().notNull(),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    refundId: uuid().references(() => orderRefunds.id, { onDelete: 'set null' }),
    note: text().notNull().default(''),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    uniqueIndex('store_credit_refund_uq')
      .on(t.refundId, t.reason)
      .where(sql`${t.refundId} is not null`),
    uniqueIndex('store_credit_order_uq')
      .on(t.orderId, t.reason)
      .where(sql`${t.reason} in ('order', 'order_cancelled')`),
    check('store_credit_nonzero', sql`${t.deltaPaise} <> 0`),
    check('store_credit_balance', sql`${t.balanceAfterPaise} >= 0`),
    check('store_credit_reason', sql`${t.reason} in ('refund', 'bonus', 'order', 'order_cancelled', 'adjustment')`),
  ],
);

/**
 * Abandoned-cart reminders (docs/architecture.md#abandoned-carts): one row per reminder sent. A cart
 * is known by its shopper and the time it was last changed (`cartChangedAt`); it gets at most two
 * reminders (`step` 1 and 2). `items` is the cart as reminded, which the reminder's link restores on
 * any device; `orderId` is the order placed after it (the dashboard's "recovered").
 */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cartChangedAt: timestamp({ withTimezone: true }).notNull(),
    step: integer().notNull(),
    items: jsonb().$type<{ productId: string; variantId: string; quantity: number }[]>().notNull(),
    /** The cart's value when reminded, paise. */
    valuePaise: integer().notNull(),
    channel: text().$type<'whatsapp' | 'email'>().notNull(),
    couponCode: text(),
    restoredAt: timestamp({ withTimezone: true }),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_reminders_step_uq').on(t.userId, t.cartChangedAt, t.step),
    index().on(t.createdAt),
    check('cart_reminders_step', sql`${t.step} in (1, 2)`),
    check('cart_reminders_channel', sql`${t.channel} in ('whatsapp', 'email')`),
  ],
);
