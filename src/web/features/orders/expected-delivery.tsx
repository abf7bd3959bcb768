/**
 * An order's expected delivery as the shopper reads it: "Expected delivery by Thu, 4 Dec", the latest
 * date of the window the server works out with the product page's "Check delivery" rule
 * (Order.expectedDelivery; docs/decisions/0008-pincodes-and-delivery-dates.md), in the India date format
 * that check uses (pincodes/api.ts formatDeliveryDate). Nothing once the order was delivered,
 * cancelled or returned (the server then sends null).
 */
import type { Order } from '../../../core/api-types';
import { formatDeliveryDate } from '../pincodes/api';

/** 'Thu, 4 Dec' for an order on its way; null when there is nothing to expect. */
export function expectedDeliveryDate(order: Pick<Order, 'expectedDelivery'>): string | null {
  return order.expectedDelivery ? formatDeliveryDate(order.expectedDelivery.to) : null;
}

/** "Expected delivery by Thu, 4 Dec" as one line of text (a <p>), or nothing; `className` styles it. */
export function ExpectedDelivery({ order, className = '' }: { order: Pick<Order, 'expectedDelivery'>; className?: string }) {
  const date = expectedDeliveryDate(order);
  if (!date) return null;
  return (
    <p className={`text-sm text-stone-700 ${className}`} data-testid="expected-delivery">
      Expected delivery by <span className="font-semibold text-stone-900">{date}</span>
    </p>
  );
}
