/**
 * Checkout (docs/architecture.md#placing-an-order): the
 * part every payment method shares (pricing from the catalogue with the coupon, the checkout attempt,
 * the settings the order needs) and the Razorpay adapter. Create-order prices the lines, creates the
 * Razorpay order for that amount in paise with the new attempt's id as receipt and records the
 * attempt; verify checks the signature and finds the attempt by the signed order id, then one
 * transaction locks the attempt and places the order through the one placement path
 * (orders/place-order.ts: stock, coupon use, GST, invoice number, order, mail). The same payment
 * completed twice gives the same order. A paid attempt that cannot be filled (units gone, or its
 * coupon no longer usable: the shopper paid a discounted amount the shop can no longer honour, and
 * charging the difference later is not possible; docs/decisions/0007-coupon-codes.md) is refunded and no
 * order is created. Cash on Delivery is the other adapter (cod.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { CreateOrderResponse, Order, Pricing } from '../../../core/api-types';
import { COUPON_MESSAGES } from '../../../core/coupons';
import { formatINR, toPaise, toRupees } from '../../../core/money';
import type { ShopSettings } from '../../../core/schemas/settings';
import {
  DELIVERY_ADDRESS_REQUIRED,
  shippingAddressFromProfile,
  shippingAddressSchema,
  type ShippingAddress,
} from '../../../core/schemas/checkout';
import { fixedStatement, pipelinedTransaction, preparedOnce, tableRows, type Database } from '../../db/client';
import { checkoutAttempts, refunds, users } from '../../db/schema';
import { AppError, badGateway, badRequest, conflict } from '../../errors';
import type { MailMessage } from '../../integrations/mail/mailer';
import type { MailQueue, StagedMail } from '../../integrations/mail/outbox';
import type { RazorpayClient } from '../../integrations/razorpay/razorpay-client';
import { verifyPaymentSignature } from '../../integrations/razorpay/signature';
import { describeProblem, priceRequestedLines, toPricing, type LineRequest, type PricedLines } from '../cart/pricing';
import { couponRefused, priceWithCoupon, type CouponOutcome } from '../coupons/service';
import type { InvoiceNumbering } from '../invoices/numbering';
import { saveWhatsAppConsent } from '../whatsapp/consent';
import { afterPlacement, placeOrder, Unfillable, type PlacementContext, type UnfillableReason } from '../orders/place-order';
import { findOrder } from '../orders/service';
import { paidOnlinePaise, placePartPaidCod } from './cod-advance-placement';
import { sendAttemptRefund } from '../refunds/owed';
import { balanceOf } from '../store-credit/wallet';
import { creditToSpend } from '../../../core/store-credit';
import { prepaidDiscountPaise } from '../../../core/prepaid-discount';
import type { SettingsService } from '../settings/service';
import type { PincodeService } from '../pincodes/service';

export interface PaymentDeps {
  db: Database;
  razorpay: RazorpayClient;
  keyId: string;
  keySecret: string;
  /**
   * The order confirmation mail: composed and written to the mail outbox in the order's own
   * transaction (no order without its mail, no mail without its order), delivered after the commit.
   */
  orderMail?: { queue: MailQueue; compose: (order: Order) => MailMessage };
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** The clock coupon dates are checked against; defaults to the system's. */
  now?: () => Date;
  /** Refuses a pincode of another state or one the shop does not deliver to (modules/pincodes). */
  pincodes?: Pick<PincodeService, 'checkAddress'>;
  /** The shop settings: seller state, invoice prefix and GST slabs for the order; COD rules. */
  settings: Pick<SettingsService, 'get' | 'taxSlabs'>;
  /** Gives each order its invoice number once its transaction has committed (modules/invoices/numbering.ts). */
  invoiceNumbering: InvoiceNumbering;
}

export const VERIFY_FAILED = 'Payment verification failed';

/** Razorpay takes no payment under ₹1 (100 paise). */
const MIN_ONLINE_PAYMENT_PAISE = 100;

/** The API's `coupon` for an outcome (rupees). */
const couponResult = (o: CouponOutcome) => ({
  code: o.code,
  applied: o.applied,
  valid: o.valid,
  message: o.message,
  discount: toRupees(o.discountPaise),
});

/**
 * Prices requested lines with the shopper's coupon (normalised code, or null for none): the
 * automatic discount or the coupon, whichever saves more. The outcome is null without a code.
 */
async function priceForShopper(
  deps: Pick<PaymentDeps, 'db' | 'now'>,
  userId: string,
  items: LineRequest[],
  couponCode: string | null | undefined,
): Promise<{ priced: PricedLines; coupon: CouponOutcome | null }> {
  const priced = await priceRequestedLines(deps.db, userId, items);
  if (!couponCode || priced.lines.length === 0) return { priced, coupon: null };
  const now = deps.now?.() ?? new Date();
  const { totals, outcome } = await priceWithCoupon(deps.db, {
    userId,
    code: couponCode,
    totals: priced.totals,
    hasPaidOrder: priced.hasPaidOrder,
    now,
  });
  return { priced: { ...priced, totals }, coupon: outcome };
}

/**
 * POST /api/payments/preview: prices the lines for display; unavailable lines are left out. With a
 * `couponCode` the answer's `coupon` says whether it applies, and if not why (never an error: the
 * summary is then priced without it). `methods` says what paying online (less the prepaid discount)
 * and by Cash on Delivery (with its fee) would cost (`methodPrices`).
 */
export async function previewPricing(
  deps: Pick<PaymentDeps, 'db' | 'now' | 'settings'>,
  userId: string,
  items: LineRequest[],
  couponCode?: string | null,
): Promise<Pricing & { problems: string[]; methods: PaymentMethodPrices }> {
  const [{ priced, coupon }, settings] = await Promise.all([priceForShopper(deps, userId, items, couponCode), deps.settings.get()]);
  return {
    ...toPricing(priced),
    ...(coupon ? { coupon: couponResult(coupon) } : {}),
    problems: priced.problems.map(describeProblem),
    methods: methodPrices(settings, priced.totals.grandTotal),
  };
}

/** What each payment method would cost (rupees): paying online less the prepaid discount, COD with its fee. */
export interface PaymentMethodPrices {
  online: { prepaidDiscount: number; total: number };
  cod: { fee: number; total: number };
}

/**
 * The price of goods costing `goodsPaise` (after the coupon or automatic discount) by each payment
 * method (docs/architecture.md#prepaid-discount, #cash-on-delivery), as create-order will charge it
 * before store credit: online (and with store credit) less the prepaid discount; COD plus its fee.
 */
export function methodPrices(settings: Pick<ShopSettings, 'prepaidDiscount' | 'cod'>, goodsPaise: number): PaymentMethodPrices {
  const prepaid = prepaidDiscountPaise(settings.prepaidDiscount, goodsPaise, 'razorpay');
  const fee = goodsPaise > 0 ? toPaise(settings.cod.fee) : 0;
  return {
    online: { prepaidDiscount: toRupees(prepaid), total: toRupees(goodsPaise - prepaid) },
    cod: { fee: toRupees(fee), total: toRupees(goodsPaise + fee) },
  };
}

const column = (name: keyof typeof checkoutAttempts.$inferInsert) => sql.placeholder(name);

/** The insert of a new checkout attempt with its Razorpay order id, prepared once per database. */
const insertAttempt = preparedOnce((db) =>
  db
    .insert(checkoutAttempts)
    .values({
      id: column('id'),
      userId: column('userId'),
      fromBuyNow: column('fromBuyNow'),
      items: column('items'),
      itemCount: column('itemCount'),
      subTotalPaise: column('subTotalPaise'),
      discountType: column('discountType'),
      discountPaise: column('discountPaise'),
      grandTotalPaise: column('grandTotalPaise'),
      couponId: column('couponId'),
      couponCode: column('couponCode'),
      currency: column('currency'),
      shippingAddress: column('shippingAddress'),
      email: column('email'),
      phone: column('phone'),
      razorpayOrderId: column('razorpayOrderId'),
      storeCreditPaise: column('storeCreditPaise'),
      prepaidDiscountPaise: column('prepaidDiscountPaise'),
      codAdvancePaise: column('codAdvancePaise'),
    })
    .prepare('insert_checkout_attempt'),
);

/**
 * The shopper's saved profile address as a checkout shipping address (create-order without
 * `shippingAddress`). Throws 400 'Delivery address is required' when the profile has none, and 400
 * with the checkout form's messages when the profile lacks what delivery needs (e.g. a phone).
 */
async function savedAddressOf(db: Database, userId: string, contact: { email?: string; phone?: string }): Promise<ShippingAddress> {
  const [user] = await db
    .select({ name: users.name, email: users.email, phone: users.phone, address: users.address })
    .from(users)
    .where(eq(users.id, userId));
  const candidate = user && shippingAddressFromProfile(user, contact);
  if (!candidate) throw badRequest(DELIVERY_ADDRESS_REQUIRED);
  const parsed = shippingAddressSchema.safeParse(candidate);
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [`shippingAddress.${i.path.join('.')}`, i.message]));
    throw badRequest(parsed.error.issues[0].message, errors);
  }
  return parsed.data;
}

/** What a shopper sends to place an order, for every payment method (rupees nowhere: lines only). */
export interface CheckoutInput {
  items: LineRequest[];
  fromBuyNow: boolean;
  shippingAddress?: ShippingAddress;
  email?: string;
  phone?: string;
  couponCode?: string | null;
  /** Spend the shopper's store credit on the order (docs/architecture.md#store-credit). */
  useStoreCredit?: boolean;
  /** WhatsApp consents ticked at checkout, saved to the account once the checkout is valid. */
  whatsappUpdates?: boolean;
  whatsappOffers?: boolean;
}

/**
 * The checkout attempt every payment method starts from, not yet written: the lines priced from the
 * catalogue with the coupon (the larger of it and the automatic discount), frozen with the shipping
 * address. `extraPaise` is charged on top of the goods (the COD fee). Ships to `shippingAddress`, or
 * without it to the shopper's saved address. Throws 400 'Delivery address is required' when there is
 * none, 400 with errors.pincode when the pincode is in another state or not delivered to, 409 when a
 * line cannot be bought (with the reason), 400 when the coupon cannot be used or there is nothing to buy.
 */
export async function prepareAttempt(deps: PaymentDeps, userId: string, input: CheckoutInput, extraPaise = 0) {
  const address = input.shippingAddress ?? (await savedAddressOf(deps.db, userId, input));
  await deps.pincodes?.checkAddress(address, { delivery: true });
  const { priced, coupon } = await priceForShopper(deps, userId, input.items, input.couponCode);
  if (priced.problems.length > 0) throw conflict(priced.problems.map(describeProblem).join('. '));
  if (priced.lines.length === 0) throw badRequest('No items to checkout');
  // A coupon that cannot be used is refused rather than silently dropped from what is charged.
  if (coupon && !coupon.valid) throw couponRefused(coupon.message);
  await saveWhatsAppConsent(deps.db, userId, input, address.phone);
  const t = priced.totals;
  const appliedCoupon = coupon?.applied ? coupon : null;
  const attempt = {
    id: randomUUID(),
    userId,
    fromBuyNow: input.fromBuyNow,
    items: priced.lines.map(({ stockQty: _s, compareAtPaise: _c, handle: _h, ...line }) => line),
    itemCount: t.itemCount,
    subTotalPaise: t.subTotal,
    discountType: t.discountType,
    discountPaise: t.discount,
    grandTotalPaise: t.grandTotal + extraPaise,
    couponId: appliedCoupon?.couponId ?? null,
    couponCode: appliedCoupon?.code ?? null,
    currency: t.currency,
    shippingAddress: { ...address, line2: address.line2 ?? '', country: 'India' as const },
    email: address.email,
    phone: address.phone,
    storeCreditPaise: 0,
    prepaidDiscountPaise: 0,
    codAdvancePaise: 0,
  } satisfies typeof checkoutAttempts.$inferInsert;
  const pricing = { ...toPricing(priced), ...(coupon ? { coupon: couponResult(coupon) } : {}) };
  return { attempt, pricing };
}

/**
 * Takes the prepaid discount (docs/architecture.md#prepaid-discount, `prepaidDiscountPaise` in
 * src/core/prepaid-discount.ts) off an attempt paid online or with store credit: worked out on its goods
 * (`grandTotalPaise` as `prepareAttempt` priced it, with no COD fee), stored on the attempt and taken
 * off its grand total, which stays at least ₹1. Changes `attempt` in place; reads the cached settings.
 */
export async function withPrepaidDiscount(
  deps: Pick<PaymentDeps, 'settings'>,
  attempt: { grandTotalPaise: number; prepaidDiscountPaise: number },
  method: 'razorpay' | 'store_credit',
): Promise<void> {
  const rule = (await deps.settings.get()).prepaidDiscount;
  const discount = prepaidDiscountPaise(rule, attempt.grandTotalPaise, method);
  attempt.prepaidDiscountPaise = discount;
  attempt.grandTotalPaise -= discount;
}

/** The message for a checkout paid online or in cash whose store credit covers everything. */
export const CREDIT_COVERS_ALL = 'Your store credit covers this order: choose Pay with store credit';

/**
 * The store credit a checkout spends (paise; docs/architecture.md#store-credit `creditToSpend`): 0
 * unless the shopper asked for it; throws 400 `CREDIT_COVERS_ALL` when the credit pays the whole
 * total (that order is placed by POST /api/payments/store-credit/create-order, with no other payment).
 * The balance is read without a lock: the debit at placement checks it again under the lock.
 */
export async function storeCreditFor(
  db: Database,
  userId: string,
  input: Pick<CheckoutInput, 'useStoreCredit'>,
  grandTotalPaise: number,
  method: 'razorpay' | 'cod',
): Promise<number> {
  if (!input.useStoreCredit) return 0;
  const spend = creditToSpend(await balanceOf(db, userId), grandTotalPaise, method);
  if (spend >= grandTotalPaise) throw badRequest(CREDIT_COVERS_ALL, { useStoreCredit: CREDIT_COVERS_ALL });
  return spend;
}

/**
 * What `placeOrder` needs from the shop settings (the seller, GST slabs) and the
 * order mail; read from the cached settings service before the order's transaction.
 */
export async function placementContext(deps: PaymentDeps): Promise<PlacementContext> {
  const [settings, slabs] = await Promise.all([deps.settings.get(), deps.settings.taxSlabs()]);
  const { legalName, address, state, gstin } = settings;
  const whatsappOrderPlaced = settings.whatsapp.templates.order_placed;
  return { seller: { legalName, address, state, gstin }, slabs, orderMail: deps.orderMail, whatsappOrderPlaced };
}

/**
 * POST /api/payments/razorpay/create-order: prepares the attempt (see `prepareAttempt` for its
 * errors), takes the prepaid discount off it (`withPrepaidDiscount`), creates the Razorpay order for
 * its amount (less the store credit spent) and records the attempt. Throws 400 under ₹1,
 * 502 when Razorpay cannot be reached.
 */
export async function createCheckout(deps: PaymentDeps, userId: string, input: CheckoutInput): Promise<CreateOrderResponse> {
  // The attempt's id is chosen first so the Razorpay order can carry it as its receipt before the
  // attempt is written: one write per checkout instead of an insert and an update.
  const { attempt, pricing } = await prepareAttempt(deps, userId, input);
  await withPrepaidDiscount(deps, attempt, 'razorpay');
  if (attempt.grandTotalPaise < MIN_ONLINE_PAYMENT_PAISE) throw badRequest('The order total must be at least ₹1 to pay online');
  attempt.storeCreditPaise = await storeCreditFor(deps.db, userId, input, attempt.grandTotalPaise, 'razorpay');
  // Razorpay is asked for what the store credit leaves (docs/architecture.md#store-credit).
  const t = { grandTotal: attempt.grandTotalPaise - attempt.storeCreditPaise, discountType: attempt.discountType };
  const appliedCoupon = attempt.couponCode ? { code: attempt.couponCode } : null;
  let rzpOrder;
  try {
    rzpOrder = await deps.razorpay.createOrder({
      amountPaise: t.grandTotal,
      currency: 'INR',
      receipt: attempt.id,
      notes: {
        checkoutAttemptId: attempt.id,
        fromBuyNow: String(input.fromBuyNow),
        discountType: t.discountType,
        ...(appliedCoupon ? { couponCode: appliedCoupon.code } : {}),
      },
    });
  } catch (err) {
    deps.log?.error({ err, checkoutAttemptId: attempt.id }, 'razorpay create order failed');
    await deps.db.insert(checkoutAttempts).values({ ...attempt, status: 'failed', failureReason: 'razorpay order not created' });
    throw badGateway('Failed to create payment order. Please try again.');
  }
  await insertAttempt(deps.db).execute({ ...attempt, razorpayOrderId: rzpOrder.id });
  return {
    key: deps.keyId,
    order: { id: rzpOrder.id, amount: rzpOrder.amount, currency: 'INR' },
    pricing,
    checkoutAttemptId: attempt.id,
  };
}

/** Why a paid attempt cannot become an order: what is recorded and what the shopper reads first. */
const UNFILLABLE: Record<UnfillableReason, { failureReason: string; lead: string }> = {
  stock: { failureReason: 'out of stock after payment', lead: 'Sorry, some items sold out while you were paying.' },
  couponLimit: { failureReason: 'coupon usage limit reached after payment', lead: `${COUPON_MESSAGES.usageLimit}.` },
  couponShopper: { failureReason: 'coupon already used by the shopper after payment', lead: `${COUPON_MESSAGES.alreadyUsed}.` },
  couponFirstOrder: { failureReason: 'coupon first order only after payment', lead: `${COUPON_MESSAGES.firstOrderOnly}.` },
  firstOrderDiscount: {
    failureReason: 'first-order discount already used after payment',
    lead: 'Your first-order discount was already used on another order.',
  },
  storeCredit: {
    failureReason: 'store credit spent elsewhere after payment',
    lead: 'Your store credit was spent on another order while you were paying.',
  },
  codRules: {
    failureReason: 'cash on delivery refused after the advance',
    lead: 'Cash on Delivery is no longer available for this order: you have too many open or refused Cash on Delivery orders.',
  },
};

/** The reason recorded on an attempt, back to its key (older attempts: out of stock). */
const reasonOf = (failureReason: string | null): UnfillableReason =>
  (Object.keys(UNFILLABLE) as UnfillableReason[]).find((k) => UNFILLABLE[k].failureReason === failureReason) ?? 'stock';

/**
 * POST /api/payments/razorpay/verify-and-create-order: 400 when the signature does not match the
 * order id this server created; otherwise completes the attempt (idempotent) and returns its order.
 */
export async function verifyAndCreateOrder(
  deps: PaymentDeps,
  input: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
): Promise<{ message: string; order: Order }> {
  // The signature binds the payment to the order id sent; the attempt is then found by that same
  // id (under its row lock, in completeAttempt), which is what checking against the stored id did,
  // one query sooner. An unknown order id answers the same 400.
  const ok = verifyPaymentSignature(
    { orderId: input.razorpay_order_id, paymentId: input.razorpay_payment_id, signature: input.razorpay_signature },
    deps.keySecret,
  );
  if (!ok) throw badRequest(VERIFY_FAILED);
  const order = await completeAttempt(deps, { razorpayOrderId: input.razorpay_order_id }, input.razorpay_payment_id);
  return { message: 'Payment successful! Order placed.', order };
}

/**
 * The checkout attempt locked for completing (by id, or by the Razorpay order id it was created
 * with): fixed statements, since a paid checkout's verify built this select with Drizzle anew on
 * every call, 6% of the shop's CPU per paid order (a profile of the checkout bench, 26 Nov 2026).
 */
const lockAttempt = {
  byId: fixedStatement(sql`select * from ${checkoutAttempts} where ${checkoutAttempts.id} = ${sql.placeholder('id')}::uuid for update`),
  byRazorpayOrderId: fixedStatement(
    sql`select * from ${checkoutAttempts} where ${checkoutAttempts.razorpayOrderId} = ${sql.placeholder('razorpayOrderId')}::text for update`,
  ),
};
const attemptRows = tableRows(checkoutAttempts);

/**
 * Turns a paid checkout attempt (by id, or by its Razorpay order id) into its order, exactly once.
 * Used by verify and by webhooks. Throws 400 for an unknown attempt, 409 (after refunding) when
 * the stock is gone.
 */
export async function completeAttempt(deps: PaymentDeps, which: string | { razorpayOrderId: string }, paymentId: string): Promise<Order> {
  let attemptId: string | undefined = typeof which === 'string' ? which : undefined;
  // `placed` is set when this call placed the order; otherwise the order existed already.
  let outcome: { orderId: string; placed?: Order; mail?: StagedMail };
  try {
    const placement = await placementContext(deps);
    // Read before the transaction (the embedded database has one connection): part-paid COD's limits.
    const { cod } = await deps.settings.get();
    // The attempt's lock goes out with the BEGIN (one round trip on PostgreSQL: `pipelinedTransaction`).
    outcome = await pipelinedTransaction(deps.db, [], async (tx) => {
      const { rows } = await tx.execute<Record<string, unknown>>(
        typeof which === 'string'
          ? lockAttempt.byId({ id: which })
          : lockAttempt.byRazorpayOrderId({ razorpayOrderId: which.razorpayOrderId }),
      );
      const [attempt] = attemptRows(rows);
      if (!attempt) throw badRequest(VERIFY_FAILED);
      attemptId = attempt.id;
      if (attempt.orderId) return { orderId: attempt.orderId };
      if (attempt.status === 'refunded' || attempt.status === 'failed') throw new Unfillable(reasonOf(attempt.failureReason));
      // Part-paid COD: the advance was paid, the order is placed as Cash on Delivery (cod-advance.ts).
      const { placed, mail } =
        attempt.paymentMethod === 'cod'
          ? await placePartPaidCod(tx, attempt, paymentId, placement, cod)
          : await placeOrder(tx, attempt, { method: 'razorpay', razorpayPaymentId: paymentId }, placement);
      return { orderId: placed._id, placed, mail };
    });
  } catch (err) {
    if (err instanceof Unfillable) throw await refundUnfillable(deps, attemptId!, paymentId, err.reason);
    throw err;
  }
  const { orderId, placed, mail } = outcome;
  if (placed) return afterPlacement(deps, placed, mail);
  // Completed earlier (the same payment verified twice, or the webhook came first).
  const order = await findOrder(deps.db, orderId);
  if (!order) throw new AppError(500, 'Order vanished');
  const { userId: _u, ...shaped } = order;
  return shaped;
}

/**
 * Refunds a paid attempt that cannot be filled (units gone, or its coupon no longer usable), once:
 * one transaction fails the attempt (the conditional status update elects one caller) and writes the
 * refund owed, before Razorpay is asked (refunds/owed.ts: same idempotency key on every ask, asked
 * again every few minutes until Razorpay answers). Returns the 409 the shopper sees.
 */
async function refundUnfillable(deps: PaymentDeps, attemptId: string, paymentId: string, reason: UnfillableReason): Promise<AppError> {
  const { failureReason, lead } = UNFILLABLE[reason];
  const owed = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(checkoutAttempts)
      .set({ status: 'failed', failureReason, razorpayPaymentId: paymentId, updatedAt: new Date() })
      .where(and(eq(checkoutAttempts.id, attemptId), eq(checkoutAttempts.status, 'created')))
      .returning();
    if (!claimed) return null;
    const [refund] = await tx
      .insert(refunds)
      // What was paid online: the total less the store credit the order would have spent (never
      // debited), or a part-paid COD order's advance.
      .values({
        checkoutAttemptId: claimed.id,
        razorpayPaymentId: paymentId,
        amountPaise: paidOnlinePaise(claimed),
        reason: failureReason,
      })
      .onConflictDoNothing()
      .returning({ id: refunds.id });
    return { attempt: claimed, refundId: refund?.id ?? null };
  });
  const [attempt] = owed ? [owed.attempt] : await deps.db.select().from(checkoutAttempts).where(eq(checkoutAttempts.id, attemptId));
  if (owed?.refundId) await sendAttemptRefund(deps, owed.refundId);
  const amount = attempt ? formatINR(toRupees(paidOnlinePaise(attempt))) : 'your payment';
  return conflict(`${lead} Your payment of ${amount} is being refunded.`);
}

/**
 * Completes paid checkout attempts that neither the browser nor a webhook completed (a crash, a
 * lost webhook): asks Razorpay for each open attempt's payments and completes the attempt for a
 * captured one, exactly as verify would. Attempts younger than `minAgeMs` are left to the
 * browser. Returns how many attempts became orders.
 */
export async function reconcileOpenAttempts(
  deps: PaymentDeps,
  opts: { minAgeMs?: number; maxAgeMs?: number; limit?: number; now?: Date } = {},
): Promise<{ checked: number; completed: number }> {
  const now = (opts.now ?? new Date()).getTime();
  const open = await deps.db
    .select({ id: checkoutAttempts.id, razorpayOrderId: checkoutAttempts.razorpayOrderId })
    .from(checkoutAttempts)
    .where(
      and(
        eq(checkoutAttempts.status, 'created'),
        isNotNull(checkoutAttempts.razorpayOrderId),
        lte(checkoutAttempts.createdAt, new Date(now - (opts.minAgeMs ?? 60_000))),
        gte(checkoutAttempts.createdAt, new Date(now - (opts.maxAgeMs ?? 7 * 24 * 3600_000))),
      ),
    )
    .orderBy(asc(checkoutAttempts.createdAt))
    .limit(opts.limit ?? 200);
  let completed = 0;
  for (const attempt of open) {
    try {
      const payments = await deps.razorpay.fetchOrderPayments(attempt.razorpayOrderId!);
      const captured = payments.find((p) => p.status === 'captured');
      if (!captured) continue;
      await completeAttempt(deps, attempt.id, captured.id);
      completed++;
    } catch (err) {
      if (!(err instanceof AppError && err.statusCode === 409)) {
        deps.log?.warn({ err, checkoutAttemptId: attempt.id }, 'reconciliation of a checkout attempt failed');
      }
    }
  }
  return { checked: open.length, completed };
}
