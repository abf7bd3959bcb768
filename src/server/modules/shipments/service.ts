/**
 * Shipping an order and following it to the door (docs/decisions/0009-order-states-and-shipping.md; the order
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
import type { AdminOrder } from '../../../core/schemas/admin-orders';
import { orderRef } from '../../../core/schemas/admin-orders';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import { mailOutbox, shipments } from '../../db/schema';
import { conflict } from '../../errors';
import type { MailQueue, StagedMail } from '../../integrations/mail/outbox';
import { getAdminOrder } from '../orders/admin-service';
import { assertMove, collectsCash, lockOrder, moveOrder, type MoveAudit, type OrderMover, type OrderRow } from '../orders/lifecycle';
import { hydrateOrders, shapeShipment } from '../orders/service';
import { shippingMail, type ShippingStep } from './mail';
import { stageShippingWhatsApp } from '../whatsapp/order-updates';

/** The admin's buttons, when the route does not say which admin pressed them. */
const ADMIN: OrderMover = { actor: 'admin', actorId: null };

/** What the shipping actions need: the database, the mail outbox and a logger for late mail failures. */
export interface ShippingDeps {
  db: Database;
  mail: MailQueue;
  log?: { error(obj: object, msg: string): void };
}

export type { OrderRow };
export type ShipmentRow = typeof shipments.$inferSelect;

/** A parcel an aggregator (Shiprocket) created: its shipment id, label and the courier it chose. */
export interface AggregatorShipment {
  providerRef: string;
  labelUrl: string | null;
  courierName: string;
}

/**
 * Moves the order to `to` through the order lifecycle (orders/lifecycle.ts: the timeline entry, Cash
 * on Delivery collected on delivery, and for an admin's move its audit row `audit`), then stages the shopper's mail for `step` about `shipment`
 * in the same transaction. Returns the staged mail (delivered after the commit).
 */
async function moveAndMail(
  tx: Tx,
  deps: ShippingDeps,
  row: OrderRow,
  change: { to: OrderStatus; note: string; step: ShippingStep; shipment: ShipmentRow | undefined; by: OrderMover; audit: MoveAudit },
  now: Date,
): Promise<StagedMail> {
  const updated = await moveOrder(tx, row, { to: change.to, note: change.note, by: change.by, now, audit: change.audit });
  const [order] = await hydrateOrders(tx, [updated]);
  const shipment: Shipment | undefined = change.shipment ? shapeShipment(change.shipment) : undefined;
  const mail = deps.mail.stage(shippingMail(order, shipment, change.step));
  await tx.insert(mailOutbox).values(mail);
  const to = { id: row.id, userId: row.userId, phone: row.phone, firstName: order.shippingAddress.firstName };
  await stageShippingWhatsApp(tx, to, change.step, shipment);
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
  input: { courier: Courier; awb: string; trackingUrl: string | null; via?: AggregatorShipment; by?: OrderMover },
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
      const audit: MoveAudit = {
        action: 'order.ship',
        summary: `Order #${orderRef(orderId)} shipped with ${carrier}, AWB ${input.awb}`,
        changes: { courier: { before: null, after: input.courier }, awb: { before: null, after: input.awb } },
      };
      return moveAndMail(tx, deps, row, { to: 'shipped', note, step: 'shipped', shipment, by: input.by ?? ADMIN, audit }, now);
    });
  } catch (err) {
    // Two admins shipping two orders with the same AWB at once: the unique index decides.
    if (isUniqueViolation(err)) throw awbTaken(input.courier, input.awb, null);
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
  opts: { note: string; now: Date; shipment?: ShipmentRow; key?: string; by: OrderMover },
): Promise<StagedMail> {
  assertMove(row, step);
  const collect = collectsCash(row, step);
  const text = opts.note || (step === 'out_for_delivery' ? 'Out for delivery' : collect ? 'Delivered and paid on delivery' : 'Delivered');
  const parcel = opts.shipment ?? (await activeShipment(tx, row.id));
  const shipment = parcel ? await recordScan(tx, parcel, step, text, opts.now, opts.key) : undefined;
  const audit: MoveAudit =
    step === 'out_for_delivery'
      ? { action: 'order.out-for-delivery', summary: `Order #${orderRef(row.id)} marked out for delivery` }
      : {
          action: 'order.deliver',
          summary: `Order #${orderRef(row.id)} marked delivered${collect ? ', cash collected' : ''}`,
          changes: collect ? { paymentStatus: { before: row.paymentStatus, after: 'collected' } } : undefined,
        };
  return moveAndMail(tx, deps, row, { to: step, note: text, step, shipment, by: opts.by, audit }, opts.now);
}

/**
 * POST /api/orders/admin/{id}/out-for-delivery: the courier is bringing the parcel today. Moves a
 * shipped order on, notes it on the parcel and the timeline (the admin's note, or 'Out for
 * delivery'), and mails the shopper (for COD, the amount to keep ready).
 * Throws 404 for an unknown order; 409 when the order has not shipped or is past this step.
 */
export async function markOutForDelivery(
  deps: ShippingDeps,
  orderId: string,
  note: string,
  now: Date = new Date(),
  by: OrderMover = ADMIN,
): Promise<AdminOrder> {
  return runAction(deps, orderId, async (tx) => stepOrder(tx, deps, await lockOrder(tx, orderId), 'out_for_delivery', { note, now, by }));
}

/**
 * POST /api/orders/admin/{id}/delivered: the shopper has the parcel. Moves a shipped or out for
 * delivery order to delivered, notes it on the parcel and timeline, and mails the shopper. A Cash on
 * Delivery order whose payment is pending becomes 'collected' with `paymentCollectedAt` = now
 * (docs/architecture.md#cash-on-delivery).
 * Throws 404 for an unknown order; 409 when the order has not shipped or is past this step.
 */
export async function markDelivered(
  deps: ShippingDeps,
  orderId: string,
  note: string,
  now: Date = new Date(),
  by: OrderMover = ADMIN,
): Promise<AdminOrder> {
  return runAction(deps, orderId, async (tx) => stepOrder(tx, deps, await lockOrder(tx, orderId), 'delivered', { note, now, by }));
}
