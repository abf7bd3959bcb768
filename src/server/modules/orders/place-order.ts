/**
 * The one order-placement path (docs/decisions/0012-order-placement-and-cash-on-delivery.md). Every
 * payment method ends here: Razorpay's verify, its webhook and its reconciliation (once the payment is
 * captured), and Cash on Delivery (at once). A payment method is a thin adapter that prices a checkout
 * attempt and then calls `placeOrder` inside a transaction: Razorpay's holds the written attempt's row
 * lock; Cash on Delivery's holds the shopper's row lock and has the attempt written by `placeOrder`
 * itself, with a guard (its twin and limits) checked in the same statement before anything is written.
 *
 * In the caller's transaction, `placeOrder`:
 * - takes the stock of every line with a conditional update (never below zero, only active variants)
 *   and writes one 'sale' row per line to the inventory ledger, in the same statement (the steps come
 *   from inventory/ledger.ts `saleSteps`, the one writer of stock);
 * - counts the coupon's use (only while uses are left, first-order coupons only while the shopper has
 *   no order, the shopper's own count only while under their limit);
 * - for an attempt priced with the automatic first-order discount (FIRST_ORDER_5, src/core/pricing.ts),
 *   checks that the shopper still has no order. The price was worked out before (at create-order for
 *   Razorpay, in the request for COD), so several checkouts opened at once were all priced as first
 *   orders; the shopper's placements of such attempts take turns on their user row (locked here, or
 *   by the caller: COD locks it for every placement), and the check reads the orders after that lock;
 * - writes the order with its lines, the GST of each line (src/core/tax.ts: the order's discount is
 *   allotted to the lines to the paisa, the rate is the slab of the price per piece after discount,
 *   CGST + SGST when shipping to the shop's state, IGST otherwise), its first timeline entry, the
 *   completed attempt, the bought cart lines removed (cart checkout only) and the confirmation mail
 *   (with the invoice PDF attached by reference) in the outbox;
 * - marks the order due its GST invoice number, which `afterPlacement` gives once the transaction
 *   has committed (modules/invoices/numbering.ts says why not inside it).
 * When a line is short, a variant inactive or the coupon no longer usable it throws `Unfillable` and
 * the caller rolls back: nothing of the order is written.
 *
 * All of it is one statement, one round trip, whose text depends only on the order's shape
 * (how many lines: one or more; coupon or not; cart or Buy Now; mail or not; attempt written or
 * completed; guard or not): it is built once per shape (`fixedStatement`), and an order's values go as
 * a dozen parameters, the lines as arrays and the rows as jsonb read by `jsonb_populate_record(set)`
 * into an explicit column list. Building the statement with Drizzle per order was 15% of the shop's
 * CPU per COD order (a profile of 50 shoppers checking out at once on PostgreSQL, 2026-11-26).
 *
 * A COD fee is what the attempt charges beyond its goods (grand total − (subtotal − discount −
 * prepaid discount)); it is taxed, as part of the supply of the goods, at the highest rate among the
 * order's lines. The prepaid discount is allotted to the lines after the order's discount
 * (`lineDiscounts`, docs/architecture.md#prepaid-discount).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Column, type SQL, type SQLChunk } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Order } from '../../../core/api-types';
import { variantLabel } from '../../../core/colours';
import { allotDiscount, computeGst, gstOnCharge, type TaxSlab } from '../../../core/tax';
import { casing, fixedStatement, tableColumns, type Tx } from '../../db/client';
import {
  cartItems,
  checkoutAttempts,
  couponUses,
  coupons,
  mailOutbox,
  orderEvents,
  orderItems,
  orders,
  users,
  variants,
  type OrderSeller,
} from '../../db/schema';
import type { MailMessage } from '../../integrations/mail/mailer';
import type { MailQueue, StagedMail } from '../../integrations/mail/outbox';
import { saleSteps } from '../inventory/ledger';
import { debit } from '../store-credit/wallet';
import { AppError } from '../../errors';
import type { InvoiceNumbering } from '../invoices/numbering';
import { shapeOrder } from './service';
import type { WhatsAppTemplate } from '../../../core/whatsapp';
import { stageOrderPlacedWhatsApp } from '../whatsapp/order-updates';

type AttemptRow = typeof checkoutAttempts.$inferSelect;

/**
 * The checkout attempt an order is placed for: a written row (Razorpay: locked by the caller), or one
 * not written yet (`insertAttempt`: Cash on Delivery), which `placeOrder` writes, completed, with the order.
 */
export type PlacedAttempt = Omit<AttemptRow, 'status' | 'orderId' | 'razorpayPaymentId' | 'failureReason' | 'createdAt' | 'updatedAt'>;

/**
 * Why an attempt cannot become an order; the caller turns it into the shopper's 409 (and refunds a
 * paid attempt). `firstOrderDiscount`: priced with the first-order discount, but the shopper has an
 * order now.
 */
export type UnfillableReason =
  | 'stock'
  | 'couponLimit'
  | 'couponShopper'
  | 'couponFirstOrder'
  | 'firstOrderDiscount'
  | 'storeCredit'
  /** Part-paid COD: the shopper's COD history (open or refused orders) refuses it now (docs/architecture.md#part-paid-cod). */
  | 'codRules';

/**
 * Thrown inside the order's transaction to roll it back. `earlierOrderId`: for `firstOrderDiscount`,
 * the shopper's first order (the one that used the discount).
 */
export class Unfillable extends Error {
  constructor(
    readonly reason: UnfillableReason,
    readonly earlierOrderId?: string,
  ) {
    super(reason);
  }
}

/** Locks the shopper's row (`userId`) for the transaction: their placements take turns on it. */
export const lockShopper = fixedStatement(
  sql`select ${users.id} from ${users} where ${users.id} = ${sql.placeholder('userId')}::uuid for update`,
);

/** How the order is paid: captured online (Razorpay) or cash to collect on delivery. */
export type OrderPayment =
  | { method: 'razorpay'; razorpayPaymentId: string }
  /** `razorpayPaymentId`: part-paid COD, the advance paid online (docs/architecture.md#part-paid-cod). */
  | { method: 'cod'; razorpayPaymentId?: string }
  /** Store credit paid the whole total (docs/architecture.md#store-credit): captured when placed. */
  | { method: 'store_credit' };

export interface PlacementContext {
  /**
   * The seller from the shop settings: its state decides CGST + SGST vs IGST, and legal name,
   * address, state and GSTIN are kept on the order for its invoice.
   */
  seller: OrderSeller;
  /** The GST slabs in paise (settings service `taxSlabs()`). */
  slabs: readonly TaxSlab[];
  /** The confirmation mail: composed here, staged in the outbox, delivered by the caller after the commit. */
  orderMail?: { queue: MailQueue; compose: (order: Order) => MailMessage };
  /** The settings' "order placed" WhatsApp template (docs/architecture.md#whatsapp); none: no message. */
  whatsappOrderPlaced?: WhatsAppTemplate;
  now?: Date;
}

/**
 * A condition the placement statement checks itself, before it writes anything, with the snapshot
 * of that statement (so after every lock the caller's transaction took before it). `select` gives one
 * row with a boolean `ok`: when it is not true nothing is written and `placeOrder` answers the row
 * (`refused`). Its per-call values are `sql.placeholder`s named apart from the placement's own (a
 * prefix), given in `values`. The statement is kept per `name`: one `select` per name.
 */
export interface PlacementGuard<Row extends { ok: boolean }> {
  name: string;
  select: SQL;
  values: Record<string, unknown>;
  /** Only carries the row's type. */
  row?: Row;
}

export interface PlacementOptions {
  /** Write the attempt, completed, in the statement (it is not written yet); else complete the written one. */
  insertAttempt?: boolean;
  /** The caller's transaction holds the shopper's row lock already (`lockShopper`). */
  shopperLocked?: boolean;
  /**
   * A Cash on Delivery order that waits for the shopper's confirmation until this time: placed with
   * `codConfirmation` 'awaiting' (docs/architecture.md#cod-confirmation).
   */
  codConfirmBy?: Date;
}

/** The order as the API shows it and its staged confirmation mail (deliver it after the commit). */
export interface Placed {
  placed: Order;
  mail?: StagedMail;
  refused?: undefined;
}

/**
 * Each line's share of the order's discounts (paise): the coupon or automatic discount allotted to
 * the lines' totals, then the prepaid discount allotted to what is left of each line
 * (docs/architecture.md#prepaid-discount), both with `allotDiscount`; a line's share is the sum, so
 * its taxable value, GST and later refunds (`lineRefundPaise`) are on what was paid for it.
 */
export function lineDiscounts(lineTotals: readonly number[], discountPaise: number, prepaidDiscountPaise: number): number[] {
  const order = allotDiscount(lineTotals, discountPaise);
  const prepaid = allotDiscount(
    lineTotals.map((total, i) => total - order[i]),
    prepaidDiscountPaise,
  );
  return order.map((share, i) => share + prepaid[i]);
}

/** The order's lines with the GST of each, and the tax of the whole order (paise). */
function taxLines(attempt: PlacedAttempt, ctx: PlacementContext) {
  const lineTotals = attempt.items.map((l) => l.unitPricePaise * l.quantity);
  const discounts = lineDiscounts(lineTotals, attempt.discountPaise, attempt.prepaidDiscountPaise);
  const places = { slabs: ctx.slabs, shopState: ctx.seller.state, shippingState: attempt.shippingAddress.state };
  const goods = computeGst(
    attempt.items.map((l, i) => ({ unitPricePaise: l.unitPricePaise, quantity: l.quantity, totalPaise: lineTotals[i] - discounts[i] })),
    places,
  );
  const codFeePaise = attempt.grandTotalPaise - (attempt.subTotalPaise - attempt.discountPaise - attempt.prepaidDiscountPaise);
  const fee = gstOnCharge(
    codFeePaise,
    goods.lines.map((l) => l.ratePercent),
    places,
  );
  return { discounts, goods, codFeePaise, taxPaise: goods.totals.taxPaise + fee.taxPaise };
}

type Columns = ReturnType<typeof tableColumns>;

const ORDER_COLUMNS = tableColumns(orders);
const ITEM_COLUMNS = tableColumns(orderItems);
const EVENT_COLUMNS = tableColumns(orderEvents);
// created_at is left to its default, the transaction's clock, as when the attempt was inserted alone.
const ATTEMPT_COLUMNS = tableColumns(checkoutAttempts, ['createdAt']);
const MAIL_COLUMNS = tableColumns(mailOutbox);

/**
 * A row as the jsonb object `jsonb_populate_record` reads, keyed by column name, each value encoded as
 * Drizzle encodes it for its column (a timestamp as its ISO string); a jsonb column's value stays JSON.
 */
function rowJson(columns: Columns, row: Record<string, unknown>): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const { key, name, column } of columns) {
    const value = row[key];
    json[name] = value === null || column.columnType === 'PgJsonb' ? value : column.mapToDriverValue(value);
  }
  return json;
}

const p = (name: string) => sql.placeholder(name);
const id = (column: Column) => sql.identifier(casing.getColumnCasing(column));
const list = (parts: SQLChunk[]) => sql.join(parts, sql`, `);

/**
 * `insert into table (columns) select r.columns from jsonb_populate_record(set)(null::table, $param) r`:
 * every column named, so a key missing from the row would be a visible null, never a default
 * overridden in silence.
 */
function insertRows(table: PgTable, columns: Columns, param: string, opts: { many?: boolean; tail?: SQL }) {
  const populate = opts.many ? sql`jsonb_populate_recordset` : sql`jsonb_populate_record`;
  return sql`insert into ${table} (${list(columns.map((c) => sql.identifier(c.name)))}) select ${list(
    columns.map((c) => sql`r.${sql.identifier(c.name)}`),
  )} from ${populate}(null::${table}, ${p(param)}::jsonb) as r${opts.tail ?? sql``}`;
}

interface Shape {
  /** More than one line: lock the variants in id order first. */
  lockFirst: boolean;
  coupon: boolean;
  /** A cart checkout: the bought lines leave the cart. */
  cart: boolean;
  mail: boolean;
  insertAttempt: boolean;
  /** Priced with the first-order discount: answer the shopper's earliest order, if any. */
  firstOrder: boolean;
  guard?: SQL;
}

/** The statement's shared values, as typed SQL, and the guard's condition on every write. */
function statementParts(shape: Shape) {
  return {
    now: sql`${p('now')}::timestamptz`,
    orderId: sql`${p('orderId')}::uuid`,
    userId: sql`${p('userId')}::uuid`,
    couponId: sql`${p('couponId')}::uuid`,
    variantIds: sql`${p('variantIds')}::uuid[]`,
    // With a guard, every write is conditional on it: a refused placement writes nothing.
    andGuarded: shape.guard ? sql` and (select ok from guard)` : sql``,
    whereGuarded: shape.guard ? sql` where (select ok from guard)` : sql``,
  };
}
type Parts = ReturnType<typeof statementParts>;

/**
 * Take the stock through the ledger: lock the variants (more than one line), then the conditional
 * stock updates and 'sale' rows of inventory/ledger.ts `saleSteps` (`taken`: the lines taken).
 */
function stockSteps(shape: Shape, { now, orderId, variantIds, andGuarded }: Parts): SQL[] {
  const steps: SQL[] = [];
  // Two checkouts sharing variants lock them in one order (by id, as the admin's product save does),
  // so they never wait on each other in a cycle. One line takes one lock, which cannot close a cycle.
  if (shape.lockFirst) {
    steps.push(
      sql`locked as (select ${variants.id} from ${variants} where ${variants.id} = any(${variantIds})${andGuarded} order by ${variants.id} for update)`,
    );
  }
  steps.push(
    ...saleSteps({
      variantIds,
      quantities: sql`${p('quantities')}::int[]`,
      now,
      orderId,
      onlyLocked: shape.lockFirst ? 'locked' : undefined,
      condition: andGuarded,
    }),
  );
  return steps;
}

/**
 * The coupon's use (docs/architecture.md#discounts-and-coupons): counted only while uses are left and,
 * for a first-order coupon, while the shopper has no order (`coupon_taken`); the shopper's own count
 * only while under their limit (`shopper_use`). A row lock makes concurrent checkouts take turns and re-check.
 */
function couponSteps({ now, orderId, userId, couponId, andGuarded, whereGuarded }: Parts): SQL[] {
  return [
    sql`coupon_taken as (update ${coupons} set ${id(coupons.used)} = ${coupons.used} + 1, ${id(coupons.updatedAt)} = ${now} where ${
      coupons.id
    } = ${couponId} and (${coupons.maxUses} is null or ${coupons.used} < ${coupons.maxUses}) and (not ${
      coupons.firstOrderOnly
    } or not exists (select 1 from ${orders} where ${orders.userId} = ${userId}))${andGuarded} returning ${coupons.id})`,
    sql`shopper_use as (insert into ${couponUses} (${list(
      [couponUses.couponId, couponUses.userId, couponUses.used, couponUses.lastOrderId, couponUses.updatedAt].map(id),
    )}) select ${couponId}, ${userId}, 1, ${orderId}, ${now}${whereGuarded} on conflict (${list(
      [couponUses.couponId, couponUses.userId].map(id),
    )}) do update set ${id(couponUses.used)} = ${couponUses.used} + 1, ${id(couponUses.lastOrderId)} = ${orderId}, ${id(
      couponUses.updatedAt,
    )} = ${now} where ${couponUses.used} < coalesce((select ${coupons.maxUsesPerShopper} from ${coupons} where ${
      coupons.id
    } = ${couponId}), 2147483647) returning ${couponUses.used})`,
  ];
}

/**
 * Write the order and its lines: the order, its items and first timeline entry (jsonb rows), the
 * attempt (written completed, or the written one completed), the bought cart lines removed (cart
 * checkout only) and the staged mail in the outbox.
 */
function orderSteps(shape: Shape, { now, orderId, userId, variantIds, andGuarded, whereGuarded }: Parts): SQL[] {
  const steps = [
    sql`placed_order as (${insertRows(orders, ORDER_COLUMNS, 'order', { tail: whereGuarded })})`,
    sql`placed_items as (${insertRows(orderItems, ITEM_COLUMNS, 'items', { many: true, tail: whereGuarded })})`,
    sql`placed_event as (${insertRows(orderEvents, EVENT_COLUMNS, 'event', { tail: whereGuarded })})`,
    shape.insertAttempt
      ? sql`attempt_done as (${insertRows(checkoutAttempts, ATTEMPT_COLUMNS, 'attempt', { tail: whereGuarded })})`
      : sql`attempt_done as (update ${checkoutAttempts} set ${id(checkoutAttempts.status)} = 'completed', ${id(
          checkoutAttempts.orderId,
        )} = ${orderId}, ${id(checkoutAttempts.razorpayPaymentId)} = ${p('paymentId')}::text, ${id(checkoutAttempts.updatedAt)} = ${now} where ${
          checkoutAttempts.id
        } = ${p('attemptId')}::uuid${andGuarded})`,
  ];
  // A cart checkout empties the bought lines from the cart; Buy Now leaves the cart alone.
  if (shape.cart) {
    steps.push(
      sql`cart_emptied as (delete from ${cartItems} where ${cartItems.userId} = ${userId} and ${cartItems.variantId} = any(${variantIds})${andGuarded})`,
    );
  }
  if (shape.mail) steps.push(sql`mail_staged as (${insertRows(mailOutbox, MAIL_COLUMNS, 'mail', { tail: whereGuarded })})`);
  return steps;
}

/**
 * The statement's answer (`PlacementResult`): lines taken, the coupon's and the shopper's use counted,
 * whether a first-order coupon is gone, the shopper's earlier order (first-order discount) and the guard's row.
 */
function resultSelect(shape: Shape, { userId, couponId }: Parts): SQL {
  // The select reads `taken` first, then the coupon: every placement locks variants, then the coupon.
  const couponResult = shape.coupon
    ? sql`(select count(*) from coupon_taken)::int as coupon_taken, (select count(*) from shopper_use)::int as shopper_use, (select ${
        coupons.firstOrderOnly
      } and exists (select 1 from ${orders} where ${orders.userId} = ${userId}) from ${coupons} where ${coupons.id} = ${couponId}) as first_order_gone`
    : sql`1 as coupon_taken, 1 as shopper_use, false as first_order_gone`;
  // The order this statement writes is not visible to its own select: this is an earlier one.
  const firstOrderResult = shape.firstOrder
    ? sql`, (select ${orders.id} from ${orders} where ${orders.userId} = ${userId} order by ${orders.createdAt} limit 1) as earlier_order`
    : sql``;
  return sql`select (select count(*) from taken)::int as taken, ${couponResult}${firstOrderResult}${
    shape.guard ? sql`, (select to_jsonb(guard) from guard) as guard` : sql``
  }`;
}

/**
 * The placement statement of one shape (see `placeOrder` for what it does and why in this order): the
 * guard, the stock taken (`stockSteps`), the coupon's use (`couponSteps`), the order written
 * (`orderSteps`), then its answer (`resultSelect`). Its values: variantIds and quantities (arrays, in
 * line order), now, orderId, userId, couponId; order, items, event, mail and attempt (jsonb rows);
 * attemptId and paymentId (completing a written attempt); and the guard's own.
 */
function placementStatement(shape: Shape): SQL {
  const parts = statementParts(shape);
  const steps: SQL[] = [
    ...(shape.guard ? [sql`guard as (${shape.guard})`] : []),
    ...stockSteps(shape, parts),
    ...(shape.coupon ? couponSteps(parts) : []),
    ...orderSteps(shape, parts),
  ];
  return sql`with ${list(steps)} ${resultSelect(shape, parts)}`;
}

/** The placement statements built so far, by shape. */
const statements = new Map<string, (values: Record<string, unknown>) => SQL>();

function statementFor(shape: Shape, guardName = ''): (values: Record<string, unknown>) => SQL {
  const key = `${+shape.lockFirst}${+shape.coupon}${+shape.cart}${+shape.mail}${+shape.insertAttempt}${+shape.firstOrder}:${guardName}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = fixedStatement(placementStatement(shape));
    statements.set(key, statement);
  }
  return statement;
}

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type EventRow = typeof orderEvents.$inferSelect;

/**
 * Price the order: its row from the attempt as it was priced (paise: subtotal, discount, grand
 * total), with the COD fee and the GST `taxLines` works out, the payment and the seller kept for its
 * invoice. Also answers the lines' allotted discounts and GST, for `orderLines`.
 */
function orderRow(attempt: PlacedAttempt, payment: OrderPayment, ctx: PlacementContext, now: Date, codConfirmBy?: Date) {
  const { discounts, goods, codFeePaise, taxPaise } = taxLines(attempt, ctx);
  const order = {
    id: randomUUID(),
    userId: attempt.userId,
    checkoutAttemptId: attempt.id,
    status: 'placed' as const,
    email: attempt.email,
    phone: attempt.phone,
    shippingAddress: attempt.shippingAddress,
    itemCount: attempt.itemCount,
    subTotalPaise: attempt.subTotalPaise,
    discountType: attempt.discountType,
    discountPaise: attempt.discountPaise,
    shippingPaise: 0,
    codFeePaise,
    taxPaise,
    grandTotalPaise: attempt.grandTotalPaise,
    couponId: attempt.couponId,
    couponCode: attempt.couponCode,
    paymentMethod: payment.method,
    paymentStatus: payment.method === 'cod' ? ('pending' as const) : ('captured' as const),
    paymentCollectedAt: null,
    razorpayOrderId: attempt.razorpayOrderId,
    razorpayPaymentId: payment.method === 'store_credit' ? null : (payment.razorpayPaymentId ?? null),
    invoiceNumber: null as string | null,
    invoiceDue: true,
    seller: { legalName: ctx.seller.legalName, address: ctx.seller.address, state: ctx.seller.state, gstin: ctx.seller.gstin },
    restocked: false,
    storeCreditPaise: attempt.storeCreditPaise,
    prepaidDiscountPaise: attempt.prepaidDiscountPaise,
    codAdvancePaise: attempt.codAdvancePaise,
    codConfirmation: (codConfirmBy ? 'awaiting' : null) as OrderRow['codConfirmation'],
    codConfirmBy: codConfirmBy ?? null,
    createdAt: now,
    updatedAt: now,
  } satisfies OrderRow;
  return { order, discounts, goods };
}

/**
 * Allot the discount and GST: the order's lines, in the attempt's order, each with its share of
 * the order's discount (`discounts`, paise, from `allotDiscount`) and its GST (`goods.lines`, from
 * `computeGst`: taxable value, rate in basis points, CGST + SGST or IGST).
 */
function orderLines(
  attempt: PlacedAttempt,
  orderId: string,
  { discounts, goods }: Pick<ReturnType<typeof taxLines>, 'discounts' | 'goods'>,
): ItemRow[] {
  return attempt.items.map((line, position) => {
    const tax = goods.lines[position];
    return {
      id: randomUUID(),
      orderId,
      productId: line.productId,
      variantId: line.variantId,
      title: line.title,
      variantName: variantLabel(line),
      sku: line.sku,
      image: line.image,
      unitPricePaise: line.unitPricePaise,
      quantity: line.quantity,
      lineTotalPaise: line.unitPricePaise * line.quantity,
      position,
      hsn: line.hsn ?? '',
      discountPaise: discounts[position],
      taxablePaise: tax.taxablePaise,
      taxRateBp: Math.round(tax.ratePercent * 100),
      cgstPaise: tax.cgstPaise,
      sgstPaise: tax.sgstPaise,
      igstPaise: tax.igstPaise,
    } satisfies ItemRow;
  });
}

/** The order's first timeline entry: placed by the shopper (paid or COD); every later move is orders/lifecycle.ts's. */
function placedEvent(attempt: PlacedAttempt, payment: OrderPayment, orderId: string, now: Date): EventRow {
  return {
    id: randomUUID(),
    orderId,
    status: 'placed',
    note:
      payment.method !== 'cod'
        ? 'Payment received'
        : attempt.codAdvancePaise > 0
          ? 'Cash on Delivery order placed: advance paid online'
          : 'Cash on Delivery order placed',
    at: now,
    actor: 'shopper',
    actorId: attempt.userId,
  };
}

/**
 * Stage the mail: the confirmation mail of the order as the API shows it, staged (not yet written:
 * the placement statement writes it to the outbox). The invoice PDF is attached by reference and
 * drawn when the mail is delivered, after the commit. Undefined when the caller sends no mail.
 */
function stageOrderMail(ctx: PlacementContext, placed: Order): StagedMail | undefined {
  return ctx.orderMail?.queue.stage({ ...ctx.orderMail.compose(placed), attachments: [{ kind: 'invoice', orderId: placed._id }] });
}

/** What the placement statement answers (see `placementStatement`'s final select). */
type PlacementResult<Row> = {
  taken: number;
  coupon_taken: number;
  shopper_use: number;
  first_order_gone: boolean | null;
  earlier_order?: string | null;
  guard?: Row;
};

/** The rows one placement writes, built before its statement runs. */
interface PlacementRows {
  order: OrderRow;
  items: ItemRow[];
  event: EventRow;
  mail: StagedMail | undefined;
}

/**
 * Write the order and its lines and take the stock through the ledger: runs the placement statement
 * of this order's shape (`statementFor`), one round trip, with the rows built before as its values
 * (the attempt written completed with `insertAttempt`, else the written one completed). For an
 * attempt priced with the first-order discount it first locks the shopper's row, unless the caller
 * did (`shopperLocked`): the statement's check must read the orders after that lock, and a statement
 * that waits for a row lock keeps the snapshot it started with
 * (docs/decisions/0012-order-placement-and-cash-on-delivery.md), so the lock is a statement of its own.
 */
async function writePlacement<Row extends { ok: boolean }>(
  tx: Tx,
  attempt: PlacedAttempt,
  { order, items, event, mail }: PlacementRows,
  opts: PlacementOptions & { guard?: PlacementGuard<Row> },
  now: Date,
): Promise<PlacementResult<Row>> {
  const { guard } = opts;
  const firstOrder = attempt.discountType === 'FIRST_ORDER_5';
  if (firstOrder && !opts.shopperLocked) await tx.execute(lockShopper({ userId: attempt.userId }));
  const statement = statementFor(
    {
      lockFirst: attempt.items.length > 1,
      coupon: attempt.couponId !== null,
      cart: !attempt.fromBuyNow,
      mail: mail !== undefined,
      insertAttempt: opts.insertAttempt ?? false,
      firstOrder,
      guard: guard?.select,
    },
    guard?.name,
  );
  const completed = opts.insertAttempt
    ? {
        attempt: JSON.stringify(
          rowJson(ATTEMPT_COLUMNS, {
            ...attempt,
            status: 'completed',
            orderId: order.id,
            razorpayPaymentId: order.razorpayPaymentId,
            failureReason: null,
            updatedAt: now,
          } satisfies Omit<AttemptRow, 'createdAt'>),
        ),
      }
    : { attemptId: attempt.id, paymentId: order.razorpayPaymentId };
  const { rows } = await tx.execute<PlacementResult<Row>>(
    statement({
      ...guard?.values,
      variantIds: attempt.items.map((line) => line.variantId),
      quantities: attempt.items.map((line) => line.quantity),
      now: now.toISOString(),
      orderId: order.id,
      userId: attempt.userId,
      couponId: attempt.couponId,
      order: JSON.stringify(rowJson(ORDER_COLUMNS, order)),
      items: JSON.stringify(items.map((item) => rowJson(ITEM_COLUMNS, item))),
      event: JSON.stringify(rowJson(EVENT_COLUMNS, event)),
      mail: mail ? JSON.stringify(rowJson(MAIL_COLUMNS, mail)) : null,
      ...completed,
    }),
  );
  return rows[0];
}

/**
 * Check what the placement statement answered: The guard's row when it refused (nothing was written);
 * throws `Unfillable` when a line was not taken (short or inactive), the first-order discount is
 * used by an earlier order, or the coupon (its uses, first orders only, the shopper's own limit) is
 * no longer usable; else undefined.
 */
function refusal<Row extends { ok: boolean }>(
  result: PlacementResult<Row>,
  attempt: PlacedAttempt,
  guarded: boolean,
): { refused: Row } | undefined {
  if (guarded && !result.guard?.ok) return { refused: result.guard! };
  if (result.taken !== attempt.items.length) throw new Unfillable('stock');
  if (attempt.discountType === 'FIRST_ORDER_5' && result.earlier_order) throw new Unfillable('firstOrderDiscount', result.earlier_order);
  if (result.coupon_taken !== 1) throw new Unfillable(result.first_order_gone ? 'couponFirstOrder' : 'couponLimit');
  if (result.shopper_use !== 1) throw new Unfillable('couponShopper');
  return undefined;
}

/**
 * Places the order for an open checkout attempt (see the module docstring): the attempt written and
 * locked by the caller, or written here (`insertAttempt`). Returns the order as the API shows it and
 * the staged confirmation mail (deliver it after the commit). Throws `Unfillable` (roll back) when
 * the stock or the coupon is gone, or the first-order discount it was priced with is used (after
 * locking the shopper's row unless `shopperLocked`: one more statement, first orders only). With a
 * guard, answers `{ refused: row }` and writes nothing when the guard's row is not ok.
 *
 * Its steps: price the order (`orderRow`), allot the discount and GST to its lines (`orderLines`),
 * stage its mail (`stageOrderMail`), then write it all and take the stock in one statement
 * (`writePlacement`) and check what that statement answered (`refusal`). Every row is built here, so
 * the answer needs no read-back.
 */
export async function placeOrder(
  tx: Tx,
  attempt: PlacedAttempt,
  payment: OrderPayment,
  ctx: PlacementContext,
  opts?: PlacementOptions,
): Promise<Placed>;
export async function placeOrder<Row extends { ok: boolean }>(
  tx: Tx,
  attempt: PlacedAttempt,
  payment: OrderPayment,
  ctx: PlacementContext,
  opts: PlacementOptions & { guard: PlacementGuard<Row> },
): Promise<Placed | { refused: Row }>;
export async function placeOrder<Row extends { ok: boolean }>(
  tx: Tx,
  attempt: PlacedAttempt,
  payment: OrderPayment,
  ctx: PlacementContext,
  opts: PlacementOptions & { guard?: PlacementGuard<Row> } = {},
): Promise<Placed | { refused: Row }> {
  const now = ctx.now ?? new Date();
  const { order, ...tax } = orderRow(attempt, payment, ctx, now, opts.codConfirmBy);
  const items = orderLines(attempt, order.id, tax);
  const event = placedEvent(attempt, payment, order.id, now);
  const placed = shapeOrder(order, items, [event]);
  const mail = stageOrderMail(ctx, placed);
  // Store credit is spent under the shopper's row lock, taken before the stock (docs/architecture.md#store-credit).
  if (attempt.storeCreditPaise > 0 && !opts.shopperLocked) await tx.execute(lockShopper({ userId: attempt.userId }));
  const result = await writePlacement<Row>(tx, attempt, { order, items, event, mail }, opts, now);
  const refused = refusal(result, attempt, opts.guard !== undefined);
  if (refused) return refused;
  if (attempt.storeCreditPaise > 0) await spendStoreCredit(tx, attempt, order.id);
  // The "order placed" WhatsApp beside the mail, one statement when its template is named; a COD order
  // awaiting confirmation gets its confirmation message instead (modules/cod-confirmation).
  if (ctx.whatsappOrderPlaced && !opts.codConfirmBy) {
    const to = { id: order.id, userId: attempt.userId, phone: order.phone, firstName: placed.shippingAddress.firstName };
    await stageOrderPlacedWhatsApp(tx, ctx.whatsappOrderPlaced, to, placed.totals.grandTotal);
  }
  return { placed, mail };
}

/**
 * Spends the attempt's store credit on order `orderId` ('order' debit, once per order) under the
 * shopper's row lock (docs/architecture.md#store-credit). Throws `Unfillable('storeCredit')` (roll
 * back; a paid attempt is refunded) when the balance no longer covers it: spent on another order since.
 */
async function spendStoreCredit(tx: Tx, attempt: PlacedAttempt, orderId: string): Promise<void> {
  try {
    await debit(tx, { userId: attempt.userId, amountPaise: attempt.storeCreditPaise, reason: 'order', orderId, note: 'Spent at checkout' });
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 409) throw new Unfillable('storeCredit');
    throw err;
  }
}

/**
 * What follows an order's commit, for every caller of `placeOrder`: the order's GST invoice number
 * (modules/invoices/numbering.ts), then its confirmation mail, delivered in turn with other mails
 * just committed. Returns the order with its number. When the numbering run failed (logged), the
 * answer's number is null and the mail is left to the outbox's retry loop, which numbers the
 * orders still due one before it sends (jobs.ts), so the mail always carries its invoice.
 */
export async function afterPlacement(
  deps: {
    invoiceNumbering: InvoiceNumbering;
    orderMail?: { queue: MailQueue };
    log?: { error(obj: object, msg: string): void };
  },
  placed: Order,
  mail: StagedMail | undefined,
): Promise<Order> {
  const invoiceNumber = await deps.invoiceNumbering.numberFor(placed._id);
  if (mail && invoiceNumber) {
    // The mail's id only is kept for the log: a mail waiting past the backlog is not kept in memory.
    const mailId = mail.id;
    deps.orderMail?.queue.deliver(mail).catch((err: unknown) => deps.log?.error({ err, mailId }, 'order mail not delivered'));
  }
  return { ...placed, invoiceNumber };
}
