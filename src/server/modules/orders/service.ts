/**
 * Orders as shoppers and admins read them (docs/architecture.md#api-contract: readable by
 * their owner and by admins only, 404 for anyone else).
 */
import { asc, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Order, Shipment } from '../../../core/api-types';
import type { DiscountType } from '../../../core/constants';
import { COURIER_NAMES } from '../../../core/couriers';
import { toRupees } from '../../../core/money';
import type { RefundSummary } from '../../../core/refunds';
import { can } from '../../../core/permissions';
import { readAll, type Tx } from '../../db/client';
import { orderEvents, orderItems, orders, products, shipments } from '../../db/schema';
import { isUuid, notFound } from '../../errors';
import { IN_TRANSIT_STATUSES, PRE_SHIPMENT_STATUSES } from '../../../core/order-status';
import type { ShopSettings } from '../../../core/schemas/settings';
import { estimateDelivery } from '../pincodes/delivery-date';
import { findPincode } from '../pincodes/directory';
import { paidPaise, refundSummaries } from '../refunds/summary';
import { readShopSettings } from '../settings/service';

type OrderRow = typeof orders.$inferSelect;

/** An order line's row; its product's current handle (null: the product was deleted) when read with it. */
type ItemRow = typeof orderItems.$inferSelect & { handle?: string | null };
type EventRow = typeof orderEvents.$inferSelect;
type ShipmentRow = typeof shipments.$inferSelect;

/**
 * Loads items, timeline, shipments, refunds and the shop's delivery settings for order rows and
 * shapes them for the API (rupees, with the expected delivery).
 */
export async function hydrateOrders(db: Tx, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [itemRows, eventRows, shipmentRows, refunds, settings] = await readAll(
    db,
    // Each line with its product's current handle, for its link (the product may be gone: left join).
    () =>
      db
        .select({ ...getTableColumns(orderItems), handle: products.handle })
        .from(orderItems)
        .leftJoin(products, eq(products.id, orderItems.productId))
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.position)),
    () => db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.at)),
    () => db.select().from(shipments).where(inArray(shipments.orderId, ids)).orderBy(asc(shipments.createdAt)),
    () => refundSummaries(db, rows),
    () => readShopSettings(db),
  );
  return rows.map((row) => shapeOrder(row, itemRows, eventRows, shipmentRows, refunds.get(row.id), settings));
}

/**
 * When an order should arrive: the delivery rule of the product page's "Check delivery"
 * (pincodes/delivery-date.ts `estimateDelivery`; docs/decisions/0008-pincodes-and-delivery-dates.md) applied at
 * the moment the order was placed, to its delivery pincode's place (the address's city and state
 * when the directory does not know the pincode), with the shop's delivery days and state in
 * `settings`. Returns `{ from, to }`, India calendar dates 'YYYY-MM-DD', while the order is on its
 * way (before or in shipping); null once it was delivered, cancelled, returned or refunded, and for
 * a size exchange going out again (its timeline has a delivery).
 */
export function expectedDelivery(
  row: OrderRow,
  eventRows: EventRow[],
  settings: Pick<ShopSettings, 'state' | 'delivery'>,
): { from: string; to: string } | null {
  const onItsWay = PRE_SHIPMENT_STATUSES.includes(row.status) || IN_TRANSIT_STATUSES.includes(row.status);
  if (!onItsWay || eventRows.some((e) => e.orderId === row.id && (e.status === 'delivered' || e.status === 'returned'))) return null;
  const address = row.shippingAddress;
  const place = findPincode(address.pincode) ?? { district: address.city, state: address.state };
  return estimateDelivery(row.createdAt, settings.delivery, settings.state, place);
}

/** A shipment row as the API shows it. */
export function shapeShipment(s: ShipmentRow): Shipment {
  return {
    _id: s.id,
    courier: s.courier,
    courierName: COURIER_NAMES[s.courier] ?? s.courier,
    awb: s.awb,
    trackingUrl: s.trackingUrl,
    labelUrl: s.labelUrl,
    status: s.status,
    events: s.events.map(({ status, at, note }) => ({ status, at, note })),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/**
 * Shapes one order row with its items (in position order), timeline (in time order) and shipments
 * (oldest first) and refund picture (none: nothing refunded yet) for the API; rows of other orders in `itemRows`, `eventRows` and `shipmentRows`
 * are skipped (a just-placed order has no shipments, so that argument may be left out). With the
 * shop `settings` it carries its expected delivery (`expectedDelivery`); without them (the
 * placement's own answer, orders/place-order.ts) that is null: the order's reads carry it.
 */
export function shapeOrder(
  row: OrderRow,
  itemRows: ItemRow[],
  eventRows: EventRow[],
  shipmentRows: ShipmentRow[] = [],
  refunds?: RefundSummary,
  settings?: Pick<ShopSettings, 'state' | 'delivery'>,
): Order {
  const paid = toRupees(paidPaise(row));
  return {
    _id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    email: row.email,
    phone: row.phone,
    items: itemRows
      .filter((i) => i.orderId === row.id)
      .map((i) => ({
        _id: i.id,
        productId: i.productId,
        handle: i.handle ?? null,
        variantId: i.variantId,
        variantName: i.variantName,
        title: i.title,
        image: i.image,
        quantity: i.quantity,
        unitPrice: toRupees(i.unitPricePaise),
        discount: toRupees(i.discountPaise),
        price: toRupees(i.lineTotalPaise),
        sku: i.sku,
      })),
    itemCount: row.itemCount,
    discountType: row.discountType as DiscountType,
    coupon: row.couponCode ? { code: row.couponCode, discount: toRupees(row.discountPaise) } : null,
    totals: {
      subTotal: toRupees(row.subTotalPaise),
      discount: toRupees(row.discountPaise),
      shipping: toRupees(row.shippingPaise),
      codFee: toRupees(row.codFeePaise),
      prepaidDiscount: toRupees(row.prepaidDiscountPaise),
      tax: toRupees(row.taxPaise),
      grandTotal: toRupees(row.grandTotalPaise),
    },
    invoiceNumber: row.invoiceNumber,
    shippingAddress: {
      firstName: row.shippingAddress.firstName,
      lastName: row.shippingAddress.lastName,
      address: row.shippingAddress.line1,
      apartment: row.shippingAddress.line2,
      city: row.shippingAddress.city,
      state: row.shippingAddress.state,
      pincode: row.shippingAddress.pincode,
      country: row.shippingAddress.country,
    },
    payment: {
      method: row.paymentMethod,
      status: row.paymentStatus,
      providerPaymentId: row.razorpayPaymentId,
      collectedAt: row.paymentCollectedAt?.toISOString() ?? null,
      storeCredit: toRupees(row.storeCreditPaise),
      codAdvance: toRupees(row.codAdvancePaise),
    },
    timeline: eventRows.filter((e) => e.orderId === row.id).map((e) => ({ status: e.status, at: e.at.toISOString(), note: e.note })),
    shipments: shipmentRows.filter((s) => s.orderId === row.id).map(shapeShipment),
    refunds: refunds ?? { paid, refunded: 0, refundable: paid, state: 'none', refunds: [] },
    expectedDelivery: settings ? expectedDelivery(row, eventRows, settings) : null,
    codConfirmation: row.codConfirmation
      ? { state: row.codConfirmation, until: row.codConfirmation === 'awaiting' ? (row.codConfirmBy?.toISOString() ?? null) : null }
      : null,
  };
}

/** GET /api/orders/my: the user's orders, newest first. */
export async function listMyOrders(db: Tx, userId: string): Promise<Order[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
  return hydrateOrders(db, rows);
}

/** One order by id, any owner (for internal use and admins). Null when missing. */
export async function findOrder(db: Tx, orderId: string): Promise<(Order & { userId: string }) | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return null;
  const [order] = await hydrateOrders(db, [row]);
  return { ...order, userId: row.userId };
}

/** GET /api/orders/{id}: the owner's or, for an admin, anyone's order; 404 otherwise. */
export async function getOrderFor(db: Tx, orderId: string, viewer: { id: string; role: string } | null): Promise<Order> {
  const order = viewer ? await findOrder(db, orderId) : null;
  if (!order || (order.userId !== viewer!.id && !can(viewer!.role, 'orders.read'))) throw notFound('Order not found');
  const { userId: _owner, ...rest } = order;
  return rest;
}

/**
 * The time for a new timeline entry of an order: `now`, or a millisecond after its last entry when
 * that is not earlier, so the timeline stays strictly ordered even when two changes land at once.
 */
export async function nextEventTime(tx: Tx, orderId: string, now: Date): Promise<Date> {
  const [last] = await tx
    .select({ at: orderEvents.at })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(desc(orderEvents.at))
    .limit(1);
  return last && last.at.getTime() >= now.getTime() ? new Date(last.at.getTime() + 1) : now;
}
