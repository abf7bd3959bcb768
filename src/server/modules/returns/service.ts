/**
 * Returns and size exchanges (docs/decisions/0016-returns-and-exchanges.md; docs/architecture.md stock and status
 * rules). A shopper asks to return lines of a delivered order inside the shop's return window
 * (settings), for a refund or another size of the same product; an exchange reserves the new size's
 * stock at once through the inventory ledger (conditional update, never below zero). The admin
 * approves or rejects (a rejection gives the reserved sizes back), marks the parcel received (its
 * units go back to stock, except damaged ones), then refunds or ships the exchange as a new shipment
 * on the same order. Every step runs in one transaction under the order's row lock, moves the order
 * along the state machine (src/core/order-status.ts), appends to its timeline and stages the
 * shopper's mail in the outbox; the mail is delivered after the commit.
 */
import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../core/constants';
import { COURIER_NAMES, trackingUrlFor, type Courier } from '../../../core/couriers';
import { DATE_TIME, formatIndiaTime } from '../../../core/india-time';
import { formatINR, toRupees } from '../../../core/money';
import { canMove } from '../../../core/order-status';
import { can } from '../../../core/permissions';
import {
  DAMAGE_REASONS,
  lineRefundPaise,
  OPEN_RETURN_STATUSES,
  returnDeadline,
  RETURN_REASON_LABELS,
  type ReturnStatus,
} from '../../../core/returns';
import { orderRef } from '../../../core/schemas/admin-orders';
import type { ReturnRequest, ReturnRequestData } from '../../../core/schemas/returns';
import type { ShopSettings } from '../../../core/schemas/settings';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import {
  mailOutbox,
  orderEvents,
  orderItems,
  orderRefunds,
  orders,
  products,
  returnLines,
  returnRequests,
  shipments,
  variants,
} from '../../db/schema';
import { badRequest, conflict, isUuid, notFound } from '../../errors';
import type { MailQueue, StagedMail } from '../../integrations/mail/outbox';
import { changeStock } from '../inventory/ledger';
import { recordAudit, type AuditActor } from '../audit/record';
import { refundOrder, retryRefund, type RefundDeps } from '../refunds/service';
import { lockOrder, moveOrder, noteOrder, restockReturned, type OrderMover, type OrderRow } from '../orders/lifecycle';
import { shapeShipment } from '../orders/service';
import { returnMail, type ReturnMailStep } from './mail';
import { variantLabel } from '../../../core/colours';

/** What the return actions need. */
export interface ReturnDeps {
  db: Database;
  mail: MailQueue;
  settings: { get(): Promise<ShopSettings> };
  now: () => Date;
  log?: { error(obj: object, msg: string): void };
}

type ReturnRow = typeof returnRequests.$inferSelect;
type LineRow = typeof returnLines.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

const dateIn = (d: Date) => formatIndiaTime(d, DATE_TIME);

/** Shapes return rows with their lines, order lines and shipments for the API (rupees). */
async function shapeReturns(db: Tx, rows: ReturnRow[]): Promise<ReturnRequest[]> {
  if (rows.length === 0) return [];
  const lineRows = await db
    .select({ line: returnLines, item: orderItems })
    .from(returnLines)
    .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
    .where(
      inArray(
        returnLines.returnId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.position));
  const shipmentIds = rows.map((r) => r.shipmentId).filter((id): id is string => id !== null);
  const parcels = shipmentIds.length ? await db.select().from(shipments).where(inArray(shipments.id, shipmentIds)) : [];
  const emails = await db
    .select({ id: orders.id, email: orders.email })
    .from(orders)
    .where(
      inArray(
        orders.id,
        rows.map((r) => r.orderId),
      ),
    );
  return rows.map((r) => {
    const parcel = parcels.find((p) => p.id === r.shipmentId);
    return {
      _id: r.id,
      orderId: r.orderId,
      orderRef: orderRef(r.orderId),
      email: emails.find((e) => e.id === r.orderId)?.email ?? '',
      status: r.status,
      resolution: r.resolution,
      reason: r.reason,
      comment: r.comment,
      photos: r.photos,
      refundAmount: toRupees(r.refundPaise),
      refundTo: r.refundTo ?? null,
      adminNote: r.adminNote,
      lines: lineRows
        .filter((l) => l.line.returnId === r.id)
        .map(({ line, item }) => ({
          orderItemId: item.id,
          title: item.title,
          size: item.variantName,
          quantity: line.quantity,
          refundAmount: toRupees(line.refundPaise),
          exchangeSize: line.exchangeSize,
          exchangeVariantId: line.exchangeVariantId,
        })),
      shipment: parcel ? shapeShipment(parcel) : null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

async function shapeOne(db: Tx, row: ReturnRow): Promise<ReturnRequest> {
  const [shaped] = await shapeReturns(db, [row]);
  return shaped;
}

/**
 * Moves the locked order to `to` with a timeline note through the order lifecycle
 * (orders/lifecycle.ts), when the state machine allows it; otherwise leaves it where it is.
 */
async function moveAlong(tx: Tx, row: OrderRow, to: OrderStatus, note: string, by: OrderMover, now: Date): Promise<void> {
  if (canMove(row.status, to)) await moveOrder(tx, row, { to, note, by, now });
}

/** Stages the shopper's mail for `step` in this transaction. */
async function stageMail(tx: Tx, deps: ReturnDeps, ret: ReturnRequest, step: ReturnMailStep): Promise<StagedMail> {
  const mail = deps.mail.stage(returnMail(ret, step));
  await tx.insert(mailOutbox).values(mail);
  return mail;
}

/** Runs one step's transaction, then delivers its mail (a failure is retried by the outbox). */
async function runStep(deps: ReturnDeps, step: (tx: Tx) => Promise<{ ret: ReturnRequest; mail: StagedMail }>): Promise<ReturnRequest> {
  const { ret, mail } = await deps.db.transaction(step);
  deps.mail.deliver(mail).catch((err: unknown) => deps.log?.error({ err, mailId: mail.id }, 'return mail not delivered'));
  return ret;
}

/**
 * When the order's goods were delivered: the latest delivery scan of its shipments (an exchange's
 * parcel included), else, from its timeline, the first 'delivered' entry after the last 'shipped'
 * one (an order marked delivered without a shipment). A return step that puts the order back to
 * delivered (a rejection, a partial return received) comes later and is not a delivery.
 */
async function deliveredAt(tx: Tx, orderId: string): Promise<Date | null> {
  const parcels = await tx.select({ events: shipments.events }).from(shipments).where(eq(shipments.orderId, orderId));
  const scans = parcels.flatMap((p) => p.events.filter((e) => e.status === 'delivered').map((e) => new Date(e.at).getTime()));
  if (scans.length > 0) return new Date(Math.max(...scans));
  const timeline = await tx
    .select({ status: orderEvents.status, at: orderEvents.at })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at));
  const lastShipped = timeline.findLastIndex((e) => e.status === 'shipped');
  return timeline.find((e, i) => i > lastShipped && e.status === 'delivered')?.at ?? null;
}

/** Units of each order line already in a return that was not rejected. */
async function unitsReturned(tx: Tx, orderId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ orderItemId: returnLines.orderItemId, units: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnLines.returnId))
    .where(and(eq(returnRequests.orderId, orderId), ne(returnRequests.status, 'rejected')))
    .groupBy(returnLines.orderItemId);
  return new Map(rows.map((r) => [r.orderItemId, Number(r.units)]));
}

/** Units of an order not in any return that was not rejected: what the shopper still has. */
async function unitsKept(tx: Tx, orderId: string): Promise<number> {
  const items = await tx
    .select({ id: orderItems.id, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const returned = await unitsReturned(tx, orderId);
  return items.reduce((sum, i) => sum + Math.max(0, i.quantity - (returned.get(i.id) ?? 0)), 0);
}

type VariantRow = typeof variants.$inferSelect;
type ReturnsPolicy = ShopSettings['returns'];

/** One line of a return as checked, before it is recorded: the order line, units, refund (paise) and new size. */
interface PlannedLine {
  item: ItemRow;
  quantity: number;
  refundPaise: number;
  exchange: VariantRow | null;
}

/** The request `userId` already made with `idempotencyKey`, shaped, or null; 409 when it was for another order. */
async function replayedRequest(
  deps: ReturnDeps,
  userId: string,
  orderId: string,
  idempotencyKey: string,
): Promise<{ ret: ReturnRequest; replayed: boolean } | null> {
  const [row] = await deps.db
    .select()
    .from(returnRequests)
    .where(and(eq(returnRequests.userId, userId), eq(returnRequests.idempotencyKey, idempotencyKey)));
  if (row && row.orderId !== orderId) throw conflict('This Idempotency-Key was used for another order');
  return row ? { ret: await shapeOne(deps.db, row), replayed: true } : null;
}

/**
 * Locks `orderId` and checks the shopper may ask for this return now: their order (404 otherwise),
 * delivered with no request open (409), inside the window counted from delivery (409 naming when it
 * closed), a damaged or wrong item when the window is 0 days (400), exchanges offered for an
 * exchange (400). Returns the locked order.
 */
async function lockReturnableOrder(
  tx: Tx,
  userId: string,
  orderId: string,
  body: ReturnRequestData,
  policy: ReturnsPolicy,
  now: Date,
): Promise<OrderRow> {
  if (!isUuid(orderId)) throw notFound('Order not found');
  const order = await lockOrder(tx, orderId);
  if (order.userId !== userId) throw notFound('Order not found');
  if (order.status === 'return_requested') throw conflict('A return request for this order is already open');
  if (order.status !== 'delivered') {
    throw conflict(
      ['shipped', 'out_for_delivery', 'placed', 'confirmed', 'processing', 'packed'].includes(order.status)
        ? 'Returns open once the order is delivered'
        : 'This order can no longer be returned',
    );
  }
  const delivered = (await deliveredAt(tx, orderId)) ?? order.updatedAt;
  if (policy.windowDays === 0 && !DAMAGE_REASONS.includes(body.reason)) {
    throw badRequest('We accept returns only for damaged or wrong items, reported within 24 hours of delivery', {
      reason: 'Only damaged or wrong items can be returned',
    });
  }
  const deadline = returnDeadline(delivered, policy.windowDays);
  if (now.getTime() > deadline.getTime()) throw conflict(`The return window for this order closed on ${dateIn(deadline)}`);
  if (body.resolution === 'exchange' && !policy.sizeExchanges) {
    throw badRequest('Size exchanges are not offered; please choose a refund', { resolution: 'Size exchanges are not offered' });
  }
  return order;
}

/**
 * Where the refund of a Cash on Delivery order goes: nothing was paid online to send it back to, so
 * the shopper says where (docs/decisions/0016-returns-and-exchanges.md); 400 without it. Null for a
 * prepaid order (back to the payment) or an exchange. Store credit, for any order, when the shop offers
 * it (settings `storeCredit.refunds` 'choice', docs/architecture.md#store-credit; 400 otherwise).
 */
function refundDestination(
  order: OrderRow,
  body: ReturnRequestData,
  storeCredit: ShopSettings['storeCredit'],
): ReturnRequestData['refundTo'] {
  if (body.resolution === 'refund' && body.refundTo?.method === 'store_credit') {
    if (storeCredit.refunds !== 'choice') {
      throw badRequest('Refunds to store credit are not offered', { refundTo: 'Refunds to store credit are not offered' });
    }
    return body.refundTo;
  }
  if (body.resolution !== 'refund' || order.paymentMethod !== 'cod') return null;
  if (!body.refundTo) {
    throw badRequest('Please tell us where to send your refund: a UPI ID or a bank account', {
      refundTo: 'Please give a UPI ID or a bank account for your refund',
    });
  }
  return body.refundTo;
}

/**
 * The size line `i` asks for instead of `item`'s: another active size of the same active product
 * (400 otherwise) at the price of the bought size today, or the price paid when that size is gone
 * (400 naming both prices otherwise: nothing would be paid or refunded for the difference, so it is
 * a return and a new order; docs/decisions/0016-returns-and-exchanges.md).
 */
async function exchangeSizeFor(tx: Tx, item: ItemRow, exchangeVariantId: string | null | undefined, i: number): Promise<VariantRow> {
  const [v] = exchangeVariantId
    ? await tx.select().from(variants).innerJoin(products, eq(products.id, variants.productId)).where(eq(variants.id, exchangeVariantId))
    : [];
  if (!v || v.variants.productId !== item.productId || v.variants.id === item.variantId || !v.variants.isActive || !v.products.isActive) {
    throw badRequest(`Please choose another size of ${item.title}`, {
      [`lines.${i}.exchangeVariantId`]: 'Please choose another size of the same product',
    });
  }
  const [own] = item.variantId
    ? await tx.select({ pricePaise: variants.pricePaise }).from(variants).where(eq(variants.id, item.variantId))
    : [];
  if (v.variants.pricePaise !== (own?.pricePaise ?? item.unitPricePaise)) {
    const message = `${v.variants.colour ? variantLabel(v.variants) : `Size ${v.variants.size}`} of ${item.title} costs ${formatINR(toRupees(v.variants.pricePaise))}; an exchange is for a size at the same price. Please return it for a refund and order the new size.`;
    throw badRequest(message, { [`lines.${i}.exchangeVariantId`]: 'Choose a size at the same price' });
  }
  return v.variants;
}

/**
 * Checks each asked line against the order: a line of it (400), at most the units bought minus
 * those already in a return (400 naming how many), and for an exchange the new size
 * (`exchangeSizeFor`). The refund of a line is fixed now: its share of what was paid
 * (`lineRefundPaise`, src/core/returns.ts); 0 for an exchange.
 */
async function planLines(tx: Tx, orderId: string, body: ReturnRequestData): Promise<PlannedLine[]> {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const returned = await unitsReturned(tx, orderId);
  const planned: PlannedLine[] = [];
  for (const [i, line] of body.lines.entries()) {
    const item = items.find((it) => it.id === line.orderItemId);
    if (!item) throw badRequest('This item is not part of the order', { [`lines.${i}.orderItemId`]: 'This item is not part of the order' });
    const left = item.quantity - (returned.get(item.id) ?? 0);
    const name = `${item.title}${item.variantName ? ` (${item.variantName})` : ''}`;
    if (left <= 0) throw badRequest(`${name} is already being returned`, { [`lines.${i}.quantity`]: 'Already returned' });
    if (line.quantity > left) {
      throw badRequest(`You can return at most ${left} of ${name}`, { [`lines.${i}.quantity`]: `At most ${left}` });
    }
    planned.push({
      item,
      quantity: line.quantity,
      refundPaise: body.resolution === 'refund' ? lineRefundPaise(item, line.quantity, returned.get(item.id) ?? 0) : 0,
      exchange: body.resolution === 'exchange' ? await exchangeSizeFor(tx, item, line.exchangeVariantId, i) : null,
    });
  }
  return planned;
}

/**
 * Records the request and its lines, taking each exchange's new size from stock through the ledger
 * ('exchange_reservation', never below zero: 409 'Size … is out of stock' when it ran out).
 */
async function recordRequest(
  tx: Tx,
  order: OrderRow,
  request: {
    userId: string;
    body: ReturnRequestData;
    planned: PlannedLine[];
    refundTo: ReturnRequestData['refundTo'];
    idempotencyKey: string;
  },
  now: Date,
): Promise<ReturnRow> {
  const { body, planned } = request;
  const [row] = await tx
    .insert(returnRequests)
    .values({
      orderId: order.id,
      userId: request.userId,
      resolution: body.resolution,
      reason: body.reason,
      comment: body.comment,
      photos: body.photos,
      refundPaise: planned.reduce((sum, p) => sum + p.refundPaise, 0),
      refundTo: request.refundTo,
      idempotencyKey: request.idempotencyKey,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  for (const p of planned) {
    if (p.exchange) {
      const left = await changeStock(tx, {
        variantId: p.exchange.id,
        delta: -p.quantity,
        reason: 'exchange_reservation',
        orderId: order.id,
        note: `Exchange of ${p.item.title} (${p.item.variantName ?? ''}) for ${p.exchange.size}`,
        at: now,
      });
      if (left === null) throw conflict(`Size ${p.exchange.size} of ${p.item.title} is out of stock`);
    }
    await tx.insert(returnLines).values({
      returnId: row.id,
      orderItemId: p.item.id,
      quantity: p.quantity,
      refundPaise: p.refundPaise,
      exchangeVariantId: p.exchange?.id ?? null,
      exchangeSize: p.exchange ? variantLabel(p.exchange) : null,
    });
  }
  return row;
}

/**
 * POST /api/orders/{id}/returns: the shopper `userId` asks to return lines of their delivered order.
 * Rules: the order must be delivered and inside the window (settings `returns.windowDays`
 * days after delivery; with 0, only damaged or wrong items within 24 hours); at most the units
 * bought minus those already in a return; an exchange needs exchanges offered and another active
 * size of the same product in stock, whose units are reserved now (ledger 'exchange_reservation').
 * The refund amount is fixed now: each line's share of what was paid (src/core/returns.ts).
 * A retried call with the same `idempotencyKey` answers the first request (`replayed` true).
 * Throws 404 for an order that is not the shopper's; 400 for bad lines, reasons or sizes; 409 when
 * the order is not delivered, already has an open request, the window closed, or a size sold out.
 */
export async function requestReturn(
  deps: ReturnDeps,
  userId: string,
  orderId: string,
  body: ReturnRequestData,
  idempotencyKey: string,
): Promise<{ ret: ReturnRequest; replayed: boolean }> {
  const before = await replayedRequest(deps, userId, orderId, idempotencyKey);
  if (before) return before;
  const settings = await deps.settings.get();
  const policy = settings.returns;
  const now = deps.now();
  try {
    const ret = await runStep(deps, async (tx) => {
      const order = await lockReturnableOrder(tx, userId, orderId, body, policy, now);
      const refundTo = refundDestination(order, body, settings.storeCredit);
      const planned = await planLines(tx, orderId, body);
      const row = await recordRequest(tx, order, { userId, body, planned, refundTo, idempotencyKey }, now);
      const label = body.resolution === 'exchange' ? 'Exchange requested' : 'Return requested';
      const shopper: OrderMover = { actor: 'shopper', actorId: userId };
      await moveAlong(tx, order, 'return_requested', `${label}: ${RETURN_REASON_LABELS[body.reason]}`, shopper, now);
      const shaped = await shapeOne(tx, row);
      return { ret: shaped, mail: await stageMail(tx, deps, shaped, 'requested') };
    });
    return { ret, replayed: false };
  } catch (err) {
    // The same request sent twice at once: the unique key decides, the loser answers the winner's.
    if (isUniqueViolation(err)) {
      const after = await replayedRequest(deps, userId, orderId, idempotencyKey);
      if (after) return after;
    }
    throw err;
  }
}

/** Throws 404 unless `orderId` is an order of `userId` (the photo upload target). */
export async function assertOwnOrder(db: Database, userId: string, orderId: string): Promise<void> {
  const [order] = isUuid(orderId) ? await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)) : [];
  if (!order || order.userId !== userId) throw notFound('Order not found');
}

/** GET /api/orders/{id}/returns: the returns of the shopper's order (404 for anyone else's), newest first. */
export async function listOrderReturns(db: Database, viewer: { id: string; role: string }, orderId: string): Promise<ReturnRequest[]> {
  if (!isUuid(orderId)) throw notFound('Order not found');
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!order || (order.userId !== viewer.id && !can(viewer.role, 'orders.read'))) throw notFound('Order not found');
  const rows = await db.select().from(returnRequests).where(eq(returnRequests.orderId, orderId)).orderBy(desc(returnRequests.createdAt));
  return shapeReturns(db, rows);
}

/** GET /api/admin/returns: every return, newest first, optionally of one status. */
export async function listReturns(db: Database, status?: ReturnStatus): Promise<ReturnRequest[]> {
  const rows = await db
    .select()
    .from(returnRequests)
    .where(status ? eq(returnRequests.status, status) : undefined)
    .orderBy(desc(returnRequests.createdAt))
    .limit(500);
  return shapeReturns(db, rows);
}

/** How many returns wait for the shop (requested, approved or received): the dashboard tile. */
export async function countOpenReturns(db: Tx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(returnRequests)
    .where(inArray(returnRequests.status, [...OPEN_RETURN_STATUSES]));
  return Number(row?.n ?? 0);
}

const ACTION_REFUSAL: Record<string, string> = {
  approve: 'Only a new request can be approved',
  reject: 'Only a request not yet received can be rejected',
  receive: 'Only an approved return can be marked received',
  ship: 'Only a received exchange can be shipped',
};

/** The audit row's action and summary of each admin step (`ref`: the order's reference). */
const ACTION_AUDIT: Record<
  keyof typeof ACTION_REFUSAL,
  { action: string; summary: (ret: ReturnRow, ref: string, note: string) => string }
> = {
  approve: { action: 'return.approve', summary: (ret, ref) => `Approved the ${kindOf(ret)} on order #${ref}` },
  reject: { action: 'return.reject', summary: (ret, ref, note) => `Rejected the ${kindOf(ret)} on order #${ref}: ${note}` },
  receive: { action: 'return.receive', summary: (ret, ref) => `Received the returned items of order #${ref} (${kindOf(ret)})` },
  ship: { action: 'return.ship-exchange', summary: (_ret, ref, note) => `Order #${ref}: ${note}` },
};
const kindOf = (ret: ReturnRow) => (ret.resolution === 'exchange' ? 'size exchange' : 'return');

/**
 * Runs an admin step on return `returnId` made by `staff`: locks its order then the return, checks the
 * return is in one of `from` (409 with the action's message otherwise), runs `apply`, which returns the
 * new status, the mail step, the note the audit summary names and (optionally) the order's move, and
 * writes the step's audit row (`ACTION_AUDIT`, entity 'return', the return's status before and after)
 * in the same transaction. The order's moves a step makes carry no audit of their own: the step's row
 * stands for them (the order's timeline keeps them).
 */
async function adminStep(
  deps: ReturnDeps,
  returnId: string,
  action: keyof typeof ACTION_REFUSAL,
  from: ReturnStatus[],
  staff: AuditActor,
  apply: (
    tx: Tx,
    ctx: { ret: ReturnRow; lines: LineRow[]; items: ItemRow[]; order: OrderRow; now: Date; by: OrderMover },
  ) => Promise<{ status: ReturnStatus; step: ReturnMailStep; set?: Partial<ReturnRow>; note?: string }>,
): Promise<ReturnRequest> {
  if (!isUuid(returnId)) throw notFound('Return not found');
  return runStep(deps, async (tx) => {
    const [found] = await tx.select({ orderId: returnRequests.orderId }).from(returnRequests).where(eq(returnRequests.id, returnId));
    if (!found) throw notFound('Return not found');
    const order = await lockOrder(tx, found.orderId);
    const [ret] = await tx.select().from(returnRequests).where(eq(returnRequests.id, returnId)).for('update');
    if (!from.includes(ret.status)) throw conflict(ACTION_REFUSAL[action]);
    const lines = await tx.select().from(returnLines).where(eq(returnLines.returnId, returnId));
    const items = await tx
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.id,
          lines.map((l) => l.orderItemId),
        ),
      );
    const now = deps.now();
    const by: OrderMover = { actor: 'admin', actorId: staff.id };
    const { status, step, set, note } = await apply(tx, { ret, lines, items, order, now, by });
    const [row] = await tx
      .update(returnRequests)
      .set({ status, updatedAt: now, ...set })
      .where(eq(returnRequests.id, returnId))
      .returning();
    const audit = ACTION_AUDIT[action];
    await recordAudit(tx, staff, {
      action: audit.action,
      entity: 'return',
      entityId: returnId,
      summary: audit.summary(ret, orderRef(order.id), note ?? ''),
      changes: {
        status: { before: ret.status, after: status },
        ...(set?.adminNote ? { adminNote: { before: ret.adminNote, after: set.adminNote } } : {}),
      },
    });
    const shaped = await shapeOne(tx, row);
    return { ret: shaped, mail: await stageMail(tx, deps, shaped, step) };
  });
}

/** POST /api/admin/returns/{id}/approve: accepts a new request (optional note, mailed). 404 unknown; 409 not new. */
export function approveReturn(deps: ReturnDeps, returnId: string, note: string, staff: AuditActor): Promise<ReturnRequest> {
  return adminStep(deps, returnId, 'approve', ['requested'], staff, async (tx, { order, now, ret, by }) => {
    await noteOrder(tx, order, {
      note: `${ret.resolution === 'exchange' ? 'Exchange' : 'Return'} approved${note ? `: ${note}` : ''}`,
      by,
      now,
    });
    return { status: 'approved', step: 'approved', set: { adminNote: note } };
  });
}

/**
 * POST /api/admin/returns/{id}/reject: refuses a request not yet received, with the note (required)
 * mailed to the shopper; an exchange's reserved sizes go back to stock (ledger 'exchange_release')
 * and the order is delivered again. 404 unknown; 409 when already received or decided.
 */
export function rejectReturn(deps: ReturnDeps, returnId: string, note: string, staff: AuditActor): Promise<ReturnRequest> {
  return adminStep(deps, returnId, 'reject', ['requested', 'approved'], staff, async (tx, { lines, order, now, by }) => {
    for (const line of lines) {
      if (!line.exchangeVariantId) continue;
      await changeStock(tx, {
        variantId: line.exchangeVariantId,
        delta: line.quantity,
        reason: 'exchange_release',
        orderId: order.id,
        adminId: staff.id,
        note: 'Exchange rejected',
        at: now,
      });
    }
    await moveAlong(tx, order, 'delivered', `Return rejected: ${note}`, by, now);
    return { status: 'rejected', step: 'rejected', set: { adminNote: note }, note };
  });
}

/**
 * POST /api/admin/returns/{id}/received: the returned parcel reached the shop. Its units go back to
 * stock through the ledger ('return_restock'), except for a damaged-item return (those units are
 * not sellable); the order becomes 'returned'. 404 unknown; 409 unless approved.
 */
export function receiveReturn(deps: ReturnDeps, returnId: string, note: string, staff: AuditActor): Promise<ReturnRequest> {
  return adminStep(deps, returnId, 'receive', ['approved'], staff, async (tx, { ret, lines, items, order, now, by }) => {
    if (ret.reason !== 'damaged') {
      const pieces = lines.flatMap((line) => {
        const variantId = items.find((i) => i.id === line.orderItemId)?.variantId;
        return variantId ? [{ variantId, quantity: line.quantity }] : [];
      });
      // The units are back: the order is marked restocked, so no later move puts them back again.
      await restockReturned(tx, order, pieces, { adminId: staff.id, note: note || 'Return received', now });
    }
    const received = `Returned items received${note ? `: ${note}` : ''}`;
    if (ret.resolution === 'refund' && (await unitsKept(tx, order.id)) > 0) {
      // Units stay with the shopper: the order stays delivered (their return window open) and says what came back.
      const pieces = lines.reduce((sum, l) => sum + l.quantity, 0);
      await moveAlong(
        tx,
        order,
        'delivered',
        `${received} (${pieces} ${pieces === 1 ? 'piece' : 'pieces'}); the other items stay delivered`,
        by,
        now,
      );
    } else {
      await moveAlong(tx, order, 'returned', received, by, now);
    }
    return { status: 'received', step: 'received', set: note ? { adminNote: note } : {} };
  });
}

/**
 * POST /api/admin/returns/{id}/ship-exchange: sends the reserved sizes of a received exchange as a
 * new shipment on the same order (courier, AWB unique per courier, tracking link or the courier's
 * pattern); the order is shipped again and follows the usual out-for-delivery and delivered steps.
 * 404 unknown; 409 unless a received exchange, or when the AWB is already used.
 */
export async function shipExchange(
  deps: ReturnDeps,
  returnId: string,
  input: { courier: Courier; awb: string; trackingUrl: string | null },
  staff: AuditActor,
): Promise<ReturnRequest> {
  try {
    return await adminStep(deps, returnId, 'ship', ['received'], staff, async (tx, { ret, order, now, by }) => {
      if (ret.resolution !== 'exchange') throw conflict('This return is for a refund, not an exchange');
      const [taken] = await tx
        .select({ id: shipments.id })
        .from(shipments)
        .where(and(eq(shipments.courier, input.courier), eq(shipments.awb, input.awb)));
      if (taken) throw conflict(`AWB ${input.awb} is already used for ${COURIER_NAMES[input.courier]}`);
      const note = `Exchange shipped with ${COURIER_NAMES[input.courier]}, AWB ${input.awb}`;
      const [parcel] = await tx
        .insert(shipments)
        .values({
          orderId: order.id,
          courier: input.courier,
          awb: input.awb,
          trackingUrl: input.trackingUrl ?? trackingUrlFor(input.courier, input.awb),
          status: 'shipped',
          events: [{ status: 'shipped', at: now.toISOString(), note }],
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await moveAlong(tx, order, 'shipped', note, by, now);
      return { status: 'exchange_shipped', step: 'exchange_shipped', set: { shipmentId: parcel.id }, note };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`AWB ${input.awb} is already used for ${COURIER_NAMES[input.courier]}`);
    throw err;
  }
}

/**
 * POST /api/admin/returns/{id}/refund: refunds a received refund-return through the refunds module
 * (`refundOrder`, source 'return', the returned lines, the amount fixed at request: each line's share
 * of what was paid), which records the refund and its GST credit note, mails the shopper with the
 * credit note and asks Razorpay (at most once: the idempotency key is the return's). The return (and
 * the order, when every unit came back) becomes refunded only once the money has gone back
 * (refunds/service.ts settles it: at once for a Cash on Delivery transfer, on Razorpay's answer or
 * webhook otherwise); until then it stays received and shows its refund pending or failed. Pressing
 * it again retries a failed refund (refunds/service.ts `retryRefund`) and makes no second one. A Cash
 * on Delivery order needs the bank or UPI reference of the transfer (`manualReference`).
 * Throws 404 unknown return; 409 an exchange, or not yet received; 400 from refundOrder (COD without
 * a reference, more than is still refundable).
 */
export async function refundReturn(
  deps: ReturnDeps & { refunds: RefundDeps },
  returnId: string,
  staff: AuditActor,
  manualReference?: string,
  toStoreCredit?: boolean,
): Promise<ReturnRequest> {
  if (!isUuid(returnId)) throw notFound('Return not found');
  const [ret] = await deps.db.select().from(returnRequests).where(eq(returnRequests.id, returnId));
  if (!ret) throw notFound('Return not found');
  if (ret.status === 'refunded') return shapeOne(deps.db, ret);
  if (ret.resolution !== 'refund') throw conflict('This return is for an exchange, not a refund');
  if (ret.status !== 'received') throw conflict('Only a received return can be refunded');
  const idempotencyKey = `return:${returnId}`;
  const [earlier] = await deps.db
    .select({ id: orderRefunds.id, status: orderRefunds.status })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, ret.orderId), eq(orderRefunds.idempotencyKey, idempotencyKey)));
  if (earlier && earlier.status !== 'processed') await retryRefund(deps.refunds, ret.orderId, earlier.id, staff);
  else
    await refundOrder(deps.refunds, {
      orderId: ret.orderId,
      amountPaise: ret.refundPaise,
      reason: `Returned items (${RETURN_REASON_LABELS[ret.reason].toLowerCase()})`,
      lines: (await deps.db.select().from(returnLines).where(eq(returnLines.returnId, returnId))).map((l) => ({
        orderItemId: l.orderItemId,
        quantity: l.quantity,
      })),
      source: 'return',
      returnId,
      actorId: staff.id,
      idempotencyKey,
      manualReference,
      // The shopper's choice in the request, or the admin's in the refund dialog (docs/architecture.md#store-credit).
      toStoreCredit: toStoreCredit || ret.refundTo?.method === 'store_credit',
      staff,
    });
  const [current] = await deps.db.select().from(returnRequests).where(eq(returnRequests.id, returnId));
  return shapeOne(deps.db, current);
}

/** What an exchange's parcel holds (the packing slip and label print it): the new sizes, by order line. */
export interface ExchangeParcel {
  orderId: string;
  /** The new sizes and quantities, with the SKU of each new size. */
  lines: { title: string; size: string | null; sku: string | null; quantity: number }[];
  /** The sizes they replace, e.g. '1 × Ikat Cotton Kurta (M)'. */
  replaces: string[];
  /** The parcel that carries them, once shipped. */
  shipment: ReturnRequest['shipment'];
}

/**
 * The parcel of exchange `returnId` (docs/decisions/0016-returns-and-exchanges.md): its new sizes
 * with their SKUs and quantities, what they replace, and its shipment once shipped. Throws 404 for
 * an unknown return; 409 for a refund-return (no parcel goes out) or a rejected exchange.
 */
export async function exchangeParcel(db: Database, returnId: string): Promise<ExchangeParcel> {
  if (!isUuid(returnId)) throw notFound('Return not found');
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.id, returnId));
  if (!row) throw notFound('Return not found');
  if (row.resolution !== 'exchange') throw conflict('This return is for a refund, not an exchange');
  if (row.status === 'rejected') throw conflict('This exchange was rejected: nothing is sent');
  const ret = await shapeOne(db, row);
  const ids = ret.lines.map((l) => l.exchangeVariantId).filter((id): id is string => id !== null);
  const skus = ids.length ? await db.select({ id: variants.id, sku: variants.sku }).from(variants).where(inArray(variants.id, ids)) : [];
  return {
    orderId: ret.orderId,
    lines: ret.lines.map((l) => ({
      title: l.title,
      size: l.exchangeSize,
      sku: skus.find((v) => v.id === l.exchangeVariantId)?.sku ?? null,
      quantity: l.quantity,
    })),
    replaces: ret.lines.map((l) => `${l.quantity} × ${l.title}${l.size ? ` (${l.size})` : ''}`),
    shipment: ret.shipment,
  };
}

/** The ids of the parcels of `orderId` that carried exchanges: not the order's own parcel. */
export async function exchangeShipmentIds(db: Database, orderId: string): Promise<Set<string>> {
  const rows = await db
    .select({ shipmentId: returnRequests.shipmentId })
    .from(returnRequests)
    .where(and(eq(returnRequests.orderId, orderId), isNotNull(returnRequests.shipmentId)));
  return new Set(rows.map((r) => r.shipmentId).filter((id): id is string => id !== null));
}
