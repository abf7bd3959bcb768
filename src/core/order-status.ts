/**
 * The order state machine (docs/architecture.md#order-lifecycle,
 * docs/decisions/0009-order-states-and-shipping.md): every status an order can be in, which moves the explicit actions may make, and how
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
 * 'processing' is the admin spec's word for the same stage as 'packed' and is kept as an
 * alias: stored orders keep it, the dropdown still offers it, and it moves exactly as 'packed' does.
 *
 * The explicit actions (ship, out for delivery, delivered, cancel, return, refund) go through
 * `canMove` and are refused with `transitionRefusal`'s message otherwise. The admin's status dropdown
 * (PUT /api/orders/admin/{id}/status) makes only the moves no action owns, those without side
 * effects (`DROPDOWN_MOVES`); `dropdownRefusal` says which action makes the others
 * (docs/decisions/0009-order-states-and-shipping.md).
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
 * The moves the admin's status dropdown may make, from each status: only those that move no money,
 * stock, coupon, parcel or mail, which no action owns: before shipping, any stage to any other
 * (forwards or back: nothing has left the shop). Everything else is an action's move: cancelling,
 * and a parcel the courier brought back (Back undelivered), refund, restock and give the coupon back
 * (refunds module); shipping, out for delivery and delivered record the parcel and mail the shopper,
 * and delivered collects Cash on Delivery (shipments module); a return is asked for by the shopper
 * and received under Returns, which restocks (returns module); refunded is set only once refunds
 * are processed.
 */
export const DROPDOWN_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  placed: ['confirmed', 'processing', 'packed'],
  confirmed: ['placed', 'processing', 'packed'],
  processing: ['placed', 'confirmed', 'packed'],
  packed: ['placed', 'confirmed', 'processing'],
  shipped: [],
  out_for_delivery: [],
  delivered: [],
  cancelled: [],
  return_requested: [],
  returned: [],
  refunded: [],
};

/** Where an admin makes a move the dropdown does not (the words of the order's View Details). */
const ACTION_FOR: Partial<Record<OrderStatus, string>> = {
  cancelled:
    'Use Cancel and refund (Payment and refunds, in View Details) to cancel an order: it refunds the payment, puts the items back in stock and gives the coupon back',
  shipped: 'Use Ship order (Shipping, in View Details) to ship an order: it records the courier and AWB and mails the shopper',
  out_for_delivery: 'Use Out for delivery (Shipping, in View Details): it notes the step on the parcel and mails the shopper',
  delivered:
    'Use Delivered (Shipping, in View Details) to mark an order delivered: it mails the shopper and records Cash on Delivery as collected',
  return_requested: 'A return is asked for by the shopper from their order page, then handled under Returns',
  returned: 'Use Mark received under Returns when the returned items are back: it puts them back in stock',
};
/** A parcel the courier brought back before delivery (in transit to returned). */
const BACK_UNDELIVERED =
  'Use Back undelivered (Payment and refunds, in View Details) when the courier brings the parcel back: it puts the items back in stock and refunds what was paid';
const REFUNDED_BY_HAND =
  'Refunds are made from Payment and refunds, in View Details: the order becomes refunded once everything paid is refunded';

/**
 * Why the status dropdown may not move an order from `from` to `to`, or null when it may (the same
 * status, to add a note, or one of `DROPDOWN_MOVES`). `kind` 'action': an explicit action makes that
 * move, named in `message` (answered with 400); 'machine': the state machine refuses the move at all
 * (`transitionRefusal`, answered with 409, as the actions answer it).
 */
export function dropdownRefusal(from: OrderStatus, to: OrderStatus): { kind: 'action' | 'machine'; message: string } | null {
  if (from === to || DROPDOWN_MOVES[from].includes(to)) return null;
  if (to === 'refunded') return { kind: 'action', message: REFUNDED_BY_HAND };
  const action = to === 'returned' && IN_TRANSIT_STATUSES.includes(from) ? BACK_UNDELIVERED : ACTION_FOR[to];
  if (action && canMove(from, to)) return { kind: 'action', message: action };
  return { kind: 'machine', message: transitionRefusal(from, to) };
}

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
 * How each status reads. The admin spec names placed blue, confirmed green, processing
 * yellow, shipped purple, delivered emerald, cancelled red, returned gray, with capitalised names as
 * labels; the shopper spec names pending yellow, confirmed blue, shipped purple,
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
