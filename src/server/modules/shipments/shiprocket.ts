/**
 * Shipping through Shiprocket (docs/decisions/0009-order-states-and-shipping.md; docs/architecture.md#order-lifecycle): "Ship with
 * Shiprocket" creates the order there, gets its AWB and label, and records the parcel as a manual
 * shipment would (timeline, mail); Shiprocket's tracking webhook then adds the courier's scans and
 * moves the order to out for delivery and delivered (with the same mails and COD collection as the
 * admin's buttons).
 *
 * The webhook is authorised by the token Shiprocket sends in `x-api-key` (compared in constant
 * time). It is idempotent (an update already recorded, same status id and time, is ignored) and
 * ignores updates older than the parcel's newest, or ones that would move it backwards (Shiprocket
 * retries and may deliver out of order). It always answers 200 for a well-formed update, even one
 * ignored, so Shiprocket does not retry it.
 */
import { cashOnDelivery } from '../../../core/cod-advance';
import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { COD_CONFIRM_FIRST, codUnconfirmed } from '../../../core/cod-confirmation';
import type { ShipmentStatus } from '../../../core/couriers';
import { canMove, transitionRefusal } from '../../../core/order-status';
import { IST_ISO_OFFSET, istDateTime } from '../../../core/india-time';
import type { AdminOrder } from '../../../core/schemas/admin-orders';
import type { ShiprocketConfig } from '../../config';
import { shipments } from '../../db/schema';
import { badGateway, badRequest, conflict, unauthorized } from '../../errors';
import type { StagedMail } from '../../integrations/mail/outbox';
import { ShiprocketError, type ShiprocketAdhocOrder, type ShiprocketClient } from '../../integrations/shiprocket/shiprocket-client';
import { getAdminOrder } from '../orders/admin-service';
import { lockOrder, type OrderMover } from '../orders/lifecycle';
import { recordScan, shipOrder, stepOrder, type ShippingDeps } from './service';

/** Shiprocket's status ids that move an order (apidocs "Shipment status codes"); others are scans. */
const MOVES: Record<number, 'out_for_delivery' | 'delivered'> = { 17: 'out_for_delivery', 7: 'delivered' };
const RANK: Record<ShipmentStatus, number> = { shipped: 1, out_for_delivery: 2, delivered: 3, returned: 3 };

const NOT_SET_UP = 'Shiprocket is not set up: set SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD, or ship with a courier and AWB';

/** The adhoc order for `order`: billing = shipping address, lines at their unit price, COD when unpaid (collecting the cash part). */
export function adhocOrderFor(order: AdminOrder, now: Date): ShiprocketAdhocOrder {
  const a = order.shippingAddress;
  const cod = order.payment.method === 'cod' && order.payment.status !== 'collected';
  return {
    order_id: order._id,
    order_date: istDateTime(now),
    pickup_location: 'Primary',
    billing_customer_name: a.firstName,
    billing_last_name: a.lastName,
    billing_address: a.address,
    billing_address_2: a.apartment,
    billing_city: a.city,
    billing_pincode: a.pincode,
    billing_state: a.state,
    billing_country: a.country || 'India',
    billing_email: order.email,
    billing_phone: order.phone,
    shipping_is_billing: true,
    order_items: order.items.map((i) => ({
      name: i.variantName ? `${i.title} (${i.variantName})` : i.title,
      sku: i.sku ?? i.variantId ?? i.productId,
      units: i.quantity,
      selling_price: i.unitPrice,
    })),
    payment_method: cod ? 'COD' : 'Prepaid',
    // Shiprocket collects `sub_total` on a COD parcel: only the cash still due, never what store credit
    // or a part-paid advance already paid (docs/architecture.md#part-paid-cod).
    sub_total: cod ? cashOnDelivery(order) : order.totals.grandTotal,
    ...parcelOf(order.itemCount),
  };
}

/**
 * The parcel the shop declares for `itemCount` pieces: a folded garment parcel of 30 x 25 x 5 cm
 * and 400 g a piece, weight in kg to two decimals (Shiprocket's `length`/`breadth`/`height` in cm
 * and `weight` in kg; the shipping label prints the same weight).
 */
export function parcelOf(itemCount: number): { length: number; breadth: number; height: number; weight: number } {
  return { length: 30, breadth: 25, height: 5, weight: Math.round(itemCount * 0.4 * 100) / 100 };
}

/**
 * POST /api/orders/admin/{id}/shipments/shiprocket: creates the order at Shiprocket, assigns its AWB,
 * generates its label, then records the shipment (courier 'shiprocket', the courier Shiprocket chose
 * in the note) and moves the order to shipped with the shopper's mail, made by `by` (the admin, for
 * the timeline and the audit log).
 * Throws 404 for an unknown order; 409 when the machine refuses or Shiprocket is not set up; 502
 * when Shiprocket fails (its message included).
 */
export async function shipWithShiprocket(
  deps: ShippingDeps & { shiprocket: ShiprocketClient; config: ShiprocketConfig },
  orderId: string,
  now: Date = new Date(),
  by?: OrderMover,
): Promise<AdminOrder> {
  const order = await getAdminOrder(deps.db, orderId);
  // Checked again under the order's lock when the shipment is recorded.
  if (!canMove(order.status, 'shipped')) throw conflict(transitionRefusal(order.status, 'shipped'));
  // Not at Shiprocket before the shopper confirmed a Cash on Delivery order (docs/architecture.md#cod-confirmation).
  if (codUnconfirmed(order.codConfirmation?.state)) throw badRequest(COD_CONFIRM_FIRST);
  if (!deps.config.enabled) throw conflict(NOT_SET_UP);
  try {
    const created = await deps.shiprocket.createAdhocOrder(adhocOrderFor(order, now));
    const { awb, courierName } = await deps.shiprocket.assignAwb(created.shipmentId);
    const labelUrl = await deps.shiprocket.generateLabel(created.shipmentId);
    return await shipOrder(
      deps,
      orderId,
      { courier: 'shiprocket', awb, trackingUrl: null, via: { providerRef: String(created.shipmentId), labelUrl, courierName }, by },
      now,
    );
  } catch (err) {
    if (err instanceof ShiprocketError) throw badGateway(`Shiprocket: ${err.message}`);
    throw err;
  }
}

/** The part of Shiprocket's tracking webhook the shop reads; anything else in it is ignored. */
export const shiprocketWebhookSchema = z.looseObject({
  awb: z.union([z.string().trim().min(1).max(40), z.number().int().nonnegative()]).transform(String),
  current_status: z.string().max(100).optional().default(''),
  current_status_id: z.coerce.number().int().nonnegative(),
  current_timestamp: z.string().max(40).optional().default(''),
});
export type ShiprocketWebhook = z.output<typeof shiprocketWebhookSchema>;

/**
 * Shiprocket's `current_timestamp`, India time: "23 05 2023 11:43:52" or "2023-05-23 11:43:52";
 * `fallback` when absent or unreadable.
 */
export function parseShiprocketTime(text: string, fallback: Date): Date {
  let m = /^(\d{2})[ -](\d{2})[ -](\d{4}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  let parts: string[] | null = m ? [m[3], m[2], m[1], m[4], m[5], m[6] ?? '00'] : null;
  if (!parts) {
    m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
    parts = m ? [m[1], m[2], m[3], m[4], m[5], m[6] ?? '00'] : null;
  }
  if (!parts) return fallback;
  const date = new Date(`${parts[0]}-${parts[1]}-${parts[2]}T${parts[3]}:${parts[4]}:${parts[5]}${IST_ISO_OFFSET}`);
  return Number.isNaN(date.getTime()) ? fallback : date;
}

/** True when `given` is the configured webhook token (constant time; never true when none is set). */
export function webhookTokenMatches(config: ShiprocketConfig, given: string | undefined): boolean {
  if (!config.webhookToken || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(config.webhookToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type WebhookOutcome = 'moved' | 'scan' | 'duplicate' | 'stale' | 'unknown_awb' | 'refused';

/**
 * POST /api/shipping/tracking-webhook (Shiprocket's URL may not contain the word "shiprocket"):
 * applies one tracking update to the Shiprocket parcel with that AWB. Throws 401 for a wrong token.
 * Answers what was done: moved the order (with the shopper's mail), recorded a scan, or ignored it
 * as a duplicate, a stale/out-of-order update, an unknown AWB or a move the machine refuses.
 */
export async function handleTrackingWebhook(
  deps: ShippingDeps & { config: ShiprocketConfig },
  token: string | undefined,
  update: ShiprocketWebhook,
  now: Date = new Date(),
): Promise<WebhookOutcome> {
  if (!webhookTokenMatches(deps.config, token)) throw unauthorized('Invalid webhook token');
  const [found] = await deps.db
    .select({ id: shipments.id, orderId: shipments.orderId })
    .from(shipments)
    .where(and(eq(shipments.courier, 'shiprocket'), eq(shipments.awb, update.awb.toUpperCase())));
  if (!found) return 'unknown_awb';
  const at = parseShiprocketTime(update.current_timestamp, now);
  const key = `sr:${update.current_status_id}:${at.toISOString()}`;
  let mail: StagedMail | null = null;
  const outcome = await deps.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const row = await lockOrder(tx, found.orderId);
    const [shipment] = await tx.select().from(shipments).where(eq(shipments.id, found.id)).for('update');
    if (shipment.events.some((e) => e.key === key)) return 'duplicate';
    // Shiprocket's times are to the second: an update in the same second as the newest step is not older.
    const newest = Math.max(...shipment.events.map((e) => Date.parse(e.at)));
    if (at.getTime() < Math.floor(newest / 1000) * 1000) return 'stale';
    const when = new Date(Math.max(at.getTime(), newest));
    const move = MOVES[update.current_status_id];
    const label = update.current_status || `status ${update.current_status_id}`;
    if (!move) {
      if (RANK[shipment.status] > RANK.shipped) return 'stale';
      await recordScan(tx, shipment, 'shipped', `Shiprocket: ${label}`, when, key);
      return 'scan';
    }
    if (RANK[move] <= RANK[shipment.status]) return 'stale';
    if (!canMove(row.status, move)) return 'refused';
    mail = await stepOrder(tx, deps, row, move, { note: `Shiprocket: ${label}`, now: when, shipment, key, by: { actor: 'courier' } });
    return 'moved';
  });
  if (mail) {
    const staged: StagedMail = mail;
    deps.mail.deliver(staged).catch((err: unknown) => deps.log?.error({ err, mailId: staged.id }, 'shipping mail not delivered'));
  }
  return outcome;
}
