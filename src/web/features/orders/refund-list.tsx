/**
 * An order's refunds for its shopper: "Refund of ₹x processed" (or on its way, or failed:
 * the shop retries), each with its GST credit note to download.
 */
import type { Order } from '../../../core/api-types';
import { formatINR } from '../../../core/money';
import { REFUND_STATUS_WORDS } from '../../../core/refunds';
import { DownloadCreditNoteButton } from '../../components/orders/download-invoice';

/** The list; renders nothing for an order without refunds. */
export function RefundList({ order }: { order: Order }) {
  const { refunds } = order.refunds;
  if (refunds.length === 0) return null;
  return (
    <ul className="space-y-3" aria-label="Refunds">
      {refunds.map((r) => (
        <li key={r._id} className="text-sm">
          <p className={r.status === 'failed' ? 'text-red-700' : 'text-stone-800'}>
            Refund of <span className="font-semibold">{formatINR(r.amount)}</span> {REFUND_STATUS_WORDS[r.status]}
            {r.status === 'failed' ? ' (we will try again)' : ''}
          </p>
          {r.creditNote ? <DownloadCreditNoteButton orderId={order._id} creditNote={r.creditNote} className="mt-2" /> : null}
        </li>
      ))}
    </ul>
  );
}
