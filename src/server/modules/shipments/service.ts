/**
 * Shipping an order and following it to the door (issue 21 "Shipping and tracking"; DESIGN.md order
 * state machine, src/core/order-status.ts). Each action runs in one transaction under the order's
 * row lock: it checks the move against the machine (409 with the machine's message otherwise),
 * records the shipment or its new step, moves the order, appends `{status, at, note}` to the
 * timeline and writes the shopper's mail to the outbox, so the mail exists exactly when the change
 * does; the mail is delivered after the commit. Delivering a Cash on Delivery order marks its
 * payment collected.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Shipment } from '../../../core/api-types';
import type { OrderStatus } from '../../../core/constants';
import { COURIER_NAMES, trackingUrlFor, type Courier, type ShipmentStatus } from '../../../core/couriers';
import { canMove, transitionRefusal } from '../../../core/order-status';
import type { AdminOrder } from '../../../core/schemas/admin-orders';
import { orderRef } from '../../../core/schemas/admin-orders';
import type { Database, Tx } from '../../db/client';
import { mailOutbox, orderEvents, orders, shipments } from '../../db/schema';
import { conflict, isUuid, notFound } from '../../errors';
import type { MailQueue, StagedMail } from '../../integrations/mail/outbox';
import { getAdminOrder } from '../admin-orders/service';
import { hydrateOrders, nextEventTime, shapeShipment } from '../orders/service';
import { shippingMail, type ShippingStep } from './mail';

/** What the shipping actions need: the database, the mail outbox and a logger for late mail failures. */
export interface ShippingDeps {
  db: Database;
  mail: MailQueue;
  log?: { error(obj: object, msg: string): void };
}

export type OrderRow = typeof orders.$inferSelect;
export type ShipmentRow = typeof shipments.$inferSelect;

/** A parcel an aggregator (Shiprocket) created: its shipment id, label and the courier it chose. */
export interface AggregatorShipment {
  providerRef: string;
  labelUrl: string | null;
  courierName: string;
}

const UNIQUE_VIOLATION = '23505';
function pgCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** The order's row, locked for this transaction; 404 for an unknown or malformed id. */
export async function lockOrder(tx: Tx, orderId: string): Promise<OrderRow> {
  if (!isUuid(orderId)) throw notFound('Order not found');
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row) throw notFound('Order not found');
  return row;
}

/** Refuses, with 409 and the machine's message, a move the state machine does not allow. */
export function assertMove(row: OrderRow, to: OrderStatus): void {
  if (!canMove(row.status, to)) throw conflict(transitionRefusal(row.status, to));
}

/**
 * Moves the order to `to` with a timeline entry, then stages the shopper's mail for `step` about
 * `shipment` in the same transaction. Returns the staged mail (delivered after the commit).
 */
async function moveAndMail(
  tx: Tx,
  deps: ShippingDeps,
  row: OrderRow,
  change: { to: OrderStatus; note: string; step: ShippingStep; shipment: ShipmentRow | undefined; extra?: Partial<OrderRow> },
  now: Date,
): Promise<StagedMail> {
  const at = await nextEventTime(tx, row.id, now);
  const [updated] = await tx
    .update(orders)
    .set({ status: change.to, updatedAt: now, ...change.extra })
    .where(eq(orders.id, row.id))
    .returning();
  await tx.insert(orderEvents).values({ orderId: row.id, status: change.to, note: change.note, at });
  const [order] = await hydrateOrders(tx, [updated]);
  const shipment: Shipment | undefined = change.shipment ? shapeShipment(change.shipment) : undefined;
  const mail = deps.mail.stage(shippingMail(order, shipment, change.step));
  await tx.insert(mailOutbox).values(mail);
  return mail;
}

/** Runs one action's transaction, then delivers its mail and answers the order as the admin sees it. */
export async function runAction(deps: ShippingDeps, orderId: string, action: (tx: Tx) => Promise<StagedMail>): Promise<AdminOrder> {
  const mail = await deps.db.transaction(action);
  deps.mail.deliver(mail).catch((err: unknown) => deps.log?.error({ err, mailId: mail.id }, 'shipping mail not delivered'));
  return getAdminOrder(deps.db, orderId);
}

/**
 * POST /api/orders/admin/{id}/shipments: records the parcel (courier, AWB upper-cased, tracking link
 * or the courier's pattern), sets the order shipped with the timeline entry 'Shipped with {courier},
 * AWB {awb}', and mails the shopper the courier, AWB and link.
 * Throws 404 for an unknown order; 409 when the machine refuses (a cancelled or already shipped
 * order) or the AWB is already used for this courier.
 */
export async function shipOrder(
  deps: ShippingDeps,
  orderId: string,
  input: { courier: Courier; awb: string; trackingUrl: string | null; via?: AggregatorShipment },
  now: Date = new Date(),
): Promise<AdminOrder> {
  try {
    return await runAction(deps, orderId, async (tx) => {
      const row = await lockOrder(tx, orderId);
      assertMove(row, 'shipped');
      const [taken] = await tx
        .select({ orderId: shipments.orderId })
        .from(shipments)
        .where(and(eq(shipments.courier, input.courier), eq(shipments.awb, input.awb)));
      if (taken) throw awbTaken(input.courier, input.awb, taken.orderId);
      const carrier = input.via ? `${COURIER_NAMES[input.courier]} (${input.via.courierName})` : COURIER_NAMES[input.courier];
      const note = `Shipped with ${carrier}, AWB ${input.awb}`;
      const [shipment] = await tx
        .insert(shipments)
        .values({
          orderId,
          courier: input.courier,
          awb: input.awb,
          trackingUrl: input.trackingUrl ?? trackingUrlFor(input.courier, input.awb),
          status: 'shipped',
          ...(input.via ? { provider: 'shiprocket' as const, providerRef: input.via.providerRef, labelUrl: input.via.labelUrl } : {}),
          events: [{ status: 'shipped', at: now.toISOString(), note }],
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return moveAndMail(tx, deps, row, { to: 'shipped', note, step: 'shipped', shipment }, now);
    });
  } catch (err) {
    // Two admins shipping two orders with the same AWB at once: the unique index decides.
    if (pgCode(err) === UNIQUE_VIOLATION) throw awbTaken(input.courier, input.awb, null);
    throw err;
  }
}

function awbTaken(courier: Courier, awb: string, orderId: string | null) {
  return conflict(`AWB ${awb} is already used for ${COURIER_NAMES[courier]}${orderId ? ` (order #${orderRef(orderId)})` : ''}`);
}

/** The parcel still with the courier (the newest shipped or out for delivery), if any, locked. */
async function activeShipment(tx: Tx, orderId: string): Promise<ShipmentRow | undefined> {
  const open: ShipmentStatus[] = ['shipped', 'out_for_delivery'];
  const [row] = await tx
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), inArray(shipments.status, open)))
    .orderBy(desc(shipments.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** Records a step on the parcel: its status and an event (with the courier update's key, if any). */
export async function recordScan(tx: Tx, shipment: ShipmentRow, status: ShipmentStatus, note: string, at: Date, key?: string) {
  const event = { status, at: at.toISOString(), note, ...(key ? { key } : {}) };
  const [row] = await tx
    .update(shipments)
    .set({ status, updatedAt: at, events: [...shipment.events, event] })
    .where(eq(shipments.id, shipment.id))
    .returning();
  return row;
}

/**
 * Moves a locked order to out for delivery or delivered: refuses (409) what the machine refuses,
 * notes the step on `shipment` (default: the parcel still with the courier) and the timeline, marks
 * a pending COD payment collected on delivery, and stages the shopper's mail. Shared by the admin's
 * buttons and the Shiprocket webhook; `key` marks the courier update it came from.
 */
export async function stepOrder(
  tx: Tx,
  deps: ShippingDeps,
  row: OrderRow,
  step: 'out_for_delivery' | 'delivered',
  opts: { note: string; now: Date; shipment?: ShipmentRow; key?: string },
): Promise<StagedMail> {
  assertMove(row, step);
  const collect = step === 'delivered' && row.paymentMethod === 'cod' && row.paymentStatus === 'pending';
  const text = opts.note || (step === 'out_for_delivery' ? 'Out for delivery' : collect ? 'Delivered; cash collected' : 'Delivered');
  const parcel = opts.shipment ?? (await activeShipment(tx, row.id));
  const shipment = parcel ? await recordScan(tx, parcel, step, text, opts.now, opts.key) : undefined;
  const extra: Partial<OrderRow> = collect ? { paymentStatus: 'collected', paymentCollectedAt: opts.now } : {};
  return moveAndMail(tx, deps, row, { to: step, note: text, step, shipment, extra }, opts.now);
}

/**
 * POST /api/orders/admin/{id}/out-for-delivery: the courier is bringing the parcel today. Moves a
 * shipped order on, notes it on the parcel and the timeline (the admin's note, or 'Out for
 * delivery'), and mails the shopper (for COD, the amount to keep ready).
 * Throws 404 for an unknown order; 409 when the order has not shipped or is past this step.
 */
export async function markOutForDelivery(deps: ShippingDeps, orderId: string, note: string, now: Date = new Date()): Promise<AdminOrder> {
  return runAction(deps, orderId, async (tx) => stepOrder(tx, deps, await lockOrder(tx, orderId), 'out_for_delivery', { note, now }));
}

/**
 * POST /api/orders/admin/{id}/delivered: the shopper has the parcel. Moves a shipped or out for
 * delivery order to delivered, notes it on the parcel and timeline, and mails the shopper. A Cash on
 * Delivery order whose payment is pending becomes 'collected' with `paymentCollectedAt` = now
 * (DESIGN.md: COD is pending until delivered).
 * Throws 404 for an unknown order; 409 when the order has not shipped or is past this step.
 */
export async function markDelivered(deps: ShippingDeps, orderId: string, note: string, now: Date = new Date()): Promise<AdminOrder> {
  return runAction(deps, orderId, async (tx) => stepOrder(tx, deps, await lockOrder(tx, orderId), 'delivered', { note, now }));
}
