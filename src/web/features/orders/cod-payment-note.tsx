/**
 * The shopper's line under "Cash on Delivery" on the order page and the orders list: how much to pay
 * when it arrives, paid on delivery, or nothing to pay once the order was cancelled or came back
 * undelivered (src/core/cod-payment.ts). Nothing for a prepaid order.
 */
import type { Order } from '../../../core/api-types';
import { cashOnDelivery, codAdvanceLine } from '../../../core/cod-advance';
import { codPaymentNote, nothingToPay } from '../../../core/cod-payment';

/** The note as a small line of text; `className` places it. */
export function CodPaymentNote({ order, className = '' }: { order: Order; className?: string }) {
  // Store credit paid part of it: only the rest is collected (docs/architecture.md#store-credit).
  // Part-paid COD: the advance paid online and the cash part (docs/architecture.md#part-paid-cod).
  const note = (!nothingToPay(order) && codAdvanceLine(order)) || codPaymentNote(order, cashOnDelivery(order));
  if (!note) return null;
  return <span className={`block text-xs font-normal text-stone-500 ${className}`}>{note}</span>;
}
