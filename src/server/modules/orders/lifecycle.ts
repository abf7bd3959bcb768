/**
 * The one order lifecycle (docs/architecture.md "Order lifecycle"; docs/decisions/0009-order-states-
 * and-shipping.md): the only code that locks an order row to move it, checks a move against the state
 * machine (src/core/order-status.ts), writes `orders.status` with its timeline row (who made the move:
 * the shopper, an admin, the courier's update or the shop itself), and does what a move carries with
 * it: puts the order's units back in stock (through inventory/ledger.ts, once per order), gives its
 * coupon use back, and marks Cash on Delivery collected on delivery.
 *
 * Every function runs in the caller's transaction, after `lockOrder`. The actions that move orders
 * (shipments, returns, refunds, the admin's status dropdown) keep what is theirs (a parcel, a return,
 * a refund, a credit note) and their mails, which they stage in the same transaction and deliver after
 * the commit. Placement writes an order's first status and timeline row itself, in its one statement
 * (orders/place-order.ts). `lifecycle-guard.test.ts` fails when any other file writes `orders.status`.
 *
 * A move made by a person in the admin (a mover with `audit`) also appends its audit-log row here, in
 * the move's transaction ('order.status' unless the action names its own, with the status before and
 * after): the one place an order's status change reaches the audit log. The shop's own moves (the
 * payment and courier webhooks, jobs) carry no `audit`: the order's timeline keeps them
 * (docs/architecture.md#staff-and-roles "Audit rows").
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { COD_CONFIRM_FIRST, codUnconfirmed } from '../../../core/cod-confirmation';
import type { OrderStatus } from '../../../core/constants';
import { canMove, dropdownRefusal, IN_TRANSIT_STATUSES, ORDER_STATUS_INFO, transitionRefusal } from '../../../core/order-status';
import { orderRef } from '../../../core/schemas/admin-orders';
import type { Tx } from '../../db/client';
import { couponUses, coupons, orderEvents, orders, type OrderActor } from '../../db/schema';
import { badRequest, conflict, isUuid, notFound } from '../../errors';
import { auditActor, recordAudit, type AuditActor, type Changes } from '../audit/record';
import { changeStock, returnOrderUnits } from '../inventory/ledger';
import { nextEventTime } from './service';

export type { OrderActor } from '../../db/schema';
export type OrderRow = typeof orders.$inferSelect;

/** Who makes a move: the timeline row's `actor`, and the account behind it when there is one. */
export interface OrderMover {
  actor: OrderActor;
  actorId?: string | null;
  /** The staff member behind an admin's move, for the audit log; none for the shopper's and the shop's own moves. */
  audit?: AuditActor;
}

/** The signed-in staff member of an admin request as a mover: the timeline's 'admin' and the audit log's actor. */
export function adminMover(request: FastifyRequest): OrderMover {
  return { actor: 'admin', actorId: request.currentUser?.id ?? null, audit: auditActor(request) };
}

/**
 * The audit row of an action that moves an order (its `OrderMove.audit`): the action's own name and
 * summary, and what else it changed; the status before and after is added by `moveOrder`.
 */
export interface MoveAudit {
  action: string;
  summary: string;
  changes?: Changes;
}

/** 'Order #1A2B3C4D moved from Packed to Shipped': the audit summary of a status move. */
export function moveSummary(orderId: string, from: OrderStatus, to: OrderStatus): string {
  return `Order #${orderRef(orderId)} moved from ${ORDER_STATUS_INFO[from].adminLabel} to ${ORDER_STATUS_INFO[to].adminLabel}`;
}

/**
 * Locks order `orderId` for this transaction (SELECT … FOR UPDATE) and returns its row: every move of
 * one order takes turns on it. Throws 404 'Order not found' for an unknown or malformed id.
 */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  if (!isUuid(orderId)) throw notFound('Order not found');
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row) throw notFound('Order not found');
  return row;
}

/** Throws 409 with the machine's message (`transitionRefusal`) when it does not allow `row.status` to `to`. */
export function assertMove(row: OrderRow, to: OrderStatus): void {
  if (!canMove(row.status, to)) throw conflict(transitionRefusal(row.status, to));
}

/**
 * True when moving `row` to `to` collects its cash: a Cash on Delivery order still pending, delivered
 * by the courier (from shipped or out for delivery). Its payment becomes 'collected' then.
 */
export function collectsCash(row: OrderRow, to: OrderStatus): boolean {
  return to === 'delivered' && IN_TRANSIT_STATUSES.includes(row.status) && row.paymentMethod === 'cod' && row.paymentStatus === 'pending';
}

/** A move of a locked order: where to, the timeline note, who, when, and what it carries. */
export interface OrderMove {
  to: OrderStatus;
  note: string;
  by: OrderMover;
  now: Date;
  /**
   * Which rule checks the move: 'machine' (default; the explicit actions, 409 when refused) or
   * 'dropdown' (the admin's status dropdown: `dropdownRefusal`, 400 naming the action that makes the
   * move, 409 when the machine refuses it; the same status again only adds its note).
   */
  rule?: 'machine' | 'dropdown';
  /**
   * Puts the order's units back in stock with ledger rows of this reason, unless the order was
   * restocked before; the order is then marked restocked.
   */
  restock?: 'cancellation' | 'return_restock';
  /** Gives the order's coupon use back (the shop's count and the shopper's), never below 0. */
  releaseCoupon?: boolean;
  /**
   * The audit row's action and summary when a mover with `audit` makes the move as part of an action
   * (a cancel, a shipment); default 'order.status' with `moveSummary`.
   */
  audit?: MoveAudit;
}

/**
 * Moves locked order `row` (its status as locked in this transaction) to `move.to`: checks the move
 * (see `OrderMove.rule`), restocks and gives the coupon back when asked, marks a pending Cash on
 * Delivery payment collected on delivery (`collectsCash`, `paymentCollectedAt` = `now`), writes the
 * status and appends the timeline row `{status, note, at, actor, actorId}` (a millisecond after the
 * last one when that is not earlier than `now`) and, for a mover with `audit`, the audit row (see the
 * module docstring). Returns the order row after the move; a dropdown move to the current status
 * without a note changes nothing and returns `row`.
 * Throws 409 (machine refusal) or 400 (a dropdown move an action owns).
 */
export async function moveOrder(tx: Tx, row: OrderRow, move: OrderMove): Promise<OrderRow> {
  if (move.rule === 'dropdown') {
    const refusal = dropdownRefusal(row.status, move.to);
    if (refusal) throw refusal.kind === 'action' ? badRequest(refusal.message) : conflict(refusal.message);
    if (row.status === move.to && !move.note) return row;
  } else {
    assertMove(row, move.to);
  }
  // A Cash on Delivery order waiting for its confirmation is not packed or shipped until it is
  // confirmed; cancelled, it waits for nothing (docs/architecture.md#cod-confirmation).
  if (codUnconfirmed(row.codConfirmation) && FORWARD_OF_PLACED.includes(move.to)) throw badRequest(COD_CONFIRM_FIRST);
  const set: Partial<OrderRow> = { status: move.to, updatedAt: move.now };
  if (move.to === 'cancelled' && codUnconfirmed(row.codConfirmation)) set.codConfirmation = null;
  if (move.restock) {
    if (!row.restocked) {
      await returnOrderUnits(tx, row.id, {
        reason: move.restock,
        adminId: adminOf(move.by),
        note: move.note,
        at: move.now,
      });
    }
    set.restocked = true;
  }
  if (move.releaseCoupon && row.couponId) await releaseCoupon(tx, row, move.now);
  if (collectsCash(row, move.to)) Object.assign(set, { paymentStatus: 'collected', paymentCollectedAt: move.now });
  const at = await nextEventTime(tx, row.id, move.now);
  const [updated] = await tx.update(orders).set(set).where(eq(orders.id, row.id)).returning();
  await tx.insert(orderEvents).values(eventRow(row.id, move.to, move, at));
  if (move.by.audit) {
    await recordAudit(tx, move.by.audit, {
      action: move.audit?.action ?? 'order.status',
      entity: 'order',
      entityId: row.id,
      summary:
        move.audit?.summary ??
        (row.status === move.to ? `Note added to order #${orderRef(row.id)}: ${move.note}` : moveSummary(row.id, row.status, move.to)),
      changes: { ...(row.status === move.to ? {} : { status: { before: row.status, after: move.to } }), ...move.audit?.changes },
    });
  }
  return updated;
}

/**
 * Appends a note to locked order `row`'s timeline at its current status (a return approved, a
 * refund for part of an order); the status does not change.
 */
export async function noteOrder(tx: Tx, row: OrderRow, entry: { note: string; by: OrderMover; now: Date }): Promise<void> {
  const at = await nextEventTime(tx, row.id, entry.now);
  await tx.insert(orderEvents).values(eventRow(row.id, row.status, entry, at));
}

/**
 * Puts returned pieces of locked order `row` back in stock (one 'return_restock' ledger row each,
 * through inventory/ledger.ts) and marks the order restocked, so that a later restock of the whole
 * order (`OrderMove.restock`) does not put units back again. `pieces` are variant ids and quantities.
 */
export async function restockReturned(
  tx: Tx,
  row: OrderRow,
  pieces: { variantId: string; quantity: number }[],
  meta: { adminId: string | null; note: string; now: Date },
): Promise<void> {
  for (const piece of pieces) {
    await changeStock(tx, {
      variantId: piece.variantId,
      delta: piece.quantity,
      reason: 'return_restock',
      orderId: row.id,
      adminId: meta.adminId,
      note: meta.note,
      at: meta.now,
    });
  }
  await tx.update(orders).set({ restocked: true }).where(eq(orders.id, row.id));
}

/** The moves that take an order on towards its shopper; refused while its COD confirmation is open. */
const FORWARD_OF_PLACED: readonly OrderStatus[] = ['confirmed', 'processing', 'packed', 'shipped'];

const adminOf = (by: OrderMover) => (by.actor === 'admin' ? (by.actorId ?? null) : null);

function eventRow(orderId: string, status: OrderStatus, entry: { note: string; by: OrderMover }, at: Date) {
  return { orderId, status, note: entry.note, at, actor: entry.by.actor, actorId: entry.by.actorId ?? null };
}

/** The order's coupon use given back: the coupon's count and the shopper's, each only while above 0. */
async function releaseCoupon(tx: Tx, row: OrderRow, now: Date): Promise<void> {
  if (!row.couponId) return;
  await tx
    .update(coupons)
    .set({ used: sql`${coupons.used} - 1`, updatedAt: now })
    .where(and(eq(coupons.id, row.couponId), sql`${coupons.used} > 0`));
  await tx
    .update(couponUses)
    .set({ used: sql`${couponUses.used} - 1`, updatedAt: now })
    .where(and(eq(couponUses.couponId, row.couponId), eq(couponUses.userId, row.userId), sql`${couponUses.used} > 0`));
}
