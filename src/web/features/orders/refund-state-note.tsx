/**
 * Where an order's money stands, beside its status (docs/decisions/0017-refunds-and-credit-notes.md "The
 * order says what happened"). Its own module: the orders list and the order page both show it, and
 * the refund list's credit note downloads should not ride along into the code every page loads.
 */
import type { Order } from '../../../core/api-types';
import { REFUND_STATE_WORDS } from '../../../core/refunds';
/**
 * Where the order's money stands beside its status, when the status alone would not say it: partly
 * refunded, a refund on its way, or one that failed (the shop retries it). Nothing otherwise.
 */
export function RefundStateNote({ order }: { order: Pick<Order, 'refunds'> }) {
  const { state } = order.refunds;
  if (state === 'none' || state === 'refunded') return null;
  const tone = state === 'refund_failed' ? 'text-red-700' : 'text-stone-700';
  return <span className={`text-sm font-medium ${tone}`}>{REFUND_STATE_WORDS[state]}</span>;
}
