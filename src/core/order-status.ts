/**
 * The order state machine (DESIGN.md "Order statuses, one state machine in src/core"; issue 21
 * "Statuses"): every status an order can be in, which moves the explicit actions may make, and how
 * each status reads to a shopper and an admin (words and badge colours).
 *
 * The life of an order:
 *
 *   placed ─▶ confirmed ─▶ packed ─▶ shipped ─▶ out_for_delivery ─▶ delivered ─▶ return_requested ─▶ returned ─▶ refunded
 *     │           │          │                                                           │
 *     └───────────┴──────────┴─▶ cancelled ─▶ refunded                                   └─▶ delivered (return rejected)
 *   Any step may be skipped forwards before shipping (placed ─▶ shipped); shipped ─▶ delivered
 *   skips "out for delivery"; shipped or out_for_delivery ─▶ returned when the courier brings it back;
 *   returned ─▶ shipped when a size exchange goes out (modules/returns), then delivered as usual.
 *
 * 'processing' is the admin spec's word (section 4) for the same stage as 'packed' and is kept as an
 * alias: stored orders keep it, the dropdown still offers it, and it moves exactly as 'packed' does.
 *
 * The admin dropdown (PUT /api/orders/admin/{id}/status) may still set any status from any status
 * (admin spec section 4); the explicit actions (ship, out for delivery, delivered, cancel, return,
 * refund) go through `canMove` and are refused with `transitionRefusal`'s message otherwise.
 */
import { ORDER_STATUSES, type OrderStatus } from './constants';

/** The moves the explicit actions may make, from each status. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  placed: ['confirmed', 'processing', 'packed', 'shipped', 'cancelled'],
  confirmed: ['processing', 'packed', 'shipped', 'cancelled'],
  processing: ['packed', 'shipped', 'cancelled'],
  packed: ['shipped', 'cancelled'],
  shipped: ['out_for_delivery', 'delivered', 'returned'],
  out_for_delivery: ['delivered', 'returned'],
  delivered: ['return_requested', 'returned'],
  cancelled: ['refunded'],
  return_requested: ['returned', 'delivered'],
  returned: ['refunded', 'shipped'],
  refunded: [],
};

/** True when an explicit action may move an order from `from` to `to`. */
export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from]?.includes(to) ?? false;
}

/** Statuses before the parcel leaves the shop: an order here may still be cancelled or shipped. */
export const PRE_SHIPMENT_STATUSES: readonly OrderStatus[] = ['placed', 'confirmed', 'processing', 'packed'];
/** Statuses while a courier holds the parcel. */
export const IN_TRANSIT_STATUSES: readonly OrderStatus[] = ['shipped', 'out_for_delivery'];

/**
 * The message for a move the machine refuses (answered with 409), in words an admin understands:
 * e.g. shipping a cancelled order gives 'This order is cancelled and cannot be shipped'.
 */
export function transitionRefusal(from: OrderStatus, to: OrderStatus): string {
  const verb: Partial<Record<OrderStatus, string>> = {
    shipped: 'shipped',
    out_for_delivery: 'marked out for delivery',
    delivered: 'marked delivered',
    cancelled: 'cancelled',
    return_requested: 'returned',
    returned: 'marked returned',
    refunded: 'refunded',
  };
  const action = verb[to] ?? `moved to ${ORDER_STATUS_INFO[to].adminLabel}`;
  if (from === to) return `This order is already ${ORDER_STATUS_INFO[from].shopperLabel.toLowerCase()}`;
  if (to === 'out_for_delivery' || to === 'delivered') {
    if (PRE_SHIPMENT_STATUSES.includes(from)) return `This order has not shipped yet and cannot be ${action}`;
  }
  return `This order is ${ORDER_STATUS_INFO[from].shopperLabel.toLowerCase()} and cannot be ${action}`;
}

/** Badge colour names; the web maps each to its classes. */
export type StatusColour = 'blue' | 'green' | 'yellow' | 'purple' | 'indigo' | 'emerald' | 'red' | 'orange' | 'gray';

/**
 * How each status reads. The admin spec (section 4) names placed blue, confirmed green, processing
 * yellow, shipped purple, delivered emerald, cancelled red, returned gray, with capitalised names as
 * labels; the shopper spec (section 4) names pending yellow, confirmed blue, shipped purple,
 * delivered green, cancelled red, refunded grey, where its 'pending' is our 'placed' (an order
 * waiting to be confirmed; its label stays 'Placed'). New statuses take the colour of their
 * neighbours: packed as processing, out for delivery between shipped and delivered, a return
 * request in orange (it waits for the shop).
 */
export const ORDER_STATUS_INFO: Readonly<
  Record<OrderStatus, { adminLabel: string; adminColour: StatusColour; shopperLabel: string; shopperColour: StatusColour }>
> = {
  placed: { adminLabel: 'Placed', adminColour: 'blue', shopperLabel: 'Placed', shopperColour: 'yellow' },
  confirmed: { adminLabel: 'Confirmed', adminColour: 'green', shopperLabel: 'Confirmed', shopperColour: 'blue' },
  processing: { adminLabel: 'Processing', adminColour: 'yellow', shopperLabel: 'Processing', shopperColour: 'blue' },
  packed: { adminLabel: 'Packed', adminColour: 'yellow', shopperLabel: 'Packed', shopperColour: 'blue' },
  shipped: { adminLabel: 'Shipped', adminColour: 'purple', shopperLabel: 'Shipped', shopperColour: 'purple' },
  out_for_delivery: {
    adminLabel: 'Out for delivery',
    adminColour: 'indigo',
    shopperLabel: 'Out for delivery',
    shopperColour: 'purple',
  },
  delivered: { adminLabel: 'Delivered', adminColour: 'emerald', shopperLabel: 'Delivered', shopperColour: 'green' },
  cancelled: { adminLabel: 'Cancelled', adminColour: 'red', shopperLabel: 'Cancelled', shopperColour: 'red' },
  return_requested: {
    adminLabel: 'Return requested',
    adminColour: 'orange',
    shopperLabel: 'Return requested',
    shopperColour: 'yellow',
  },
  returned: { adminLabel: 'Returned', adminColour: 'gray', shopperLabel: 'Returned', shopperColour: 'gray' },
  refunded: { adminLabel: 'Refunded', adminColour: 'gray', shopperLabel: 'Refunded', shopperColour: 'gray' },
};

/** True when `value` is one of the order statuses. */
export const isOrderStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);
