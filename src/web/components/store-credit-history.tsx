/**
 * A shopper's store credit history, newest first (docs/architecture.md#store-credit): shared by the
 * profile's store credit section and the admin's customer dialog.
 */
import { DATE_TIME, formatIndiaTime } from '../../core/india-time';
import { formatINR } from '../../core/money';
import { orderRef } from '../../core/order-ref';
import { STORE_CREDIT_REASON_WORDS, type StoreCreditEntry } from '../../core/store-credit';

/**
 * The changes, newest first: when, why (with the order, or the shop's note on an adjustment), the
 * signed amount and the balance after.
 */
export function StoreCreditHistory({ history }: { history: StoreCreditEntry[] }) {
  if (history.length === 0) return <p className="text-sm text-stone-500">No store credit yet.</p>;
  return (
    <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200 text-sm" data-testid="store-credit-history">
      {history.map((e) => (
        <li key={e._id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-3">
          <span className="min-w-0">
            <span className="font-medium text-stone-900">{STORE_CREDIT_REASON_WORDS[e.reason]}</span>
            {e.orderId ? <span className="text-stone-600"> · order #{orderRef(e.orderId)}</span> : null}
            {e.reason === 'adjustment' && e.note ? <span className="block text-stone-600">{e.note}</span> : null}
            <span className="block text-xs text-stone-500">{formatIndiaTime(new Date(e.createdAt), DATE_TIME)}</span>
          </span>
          <span className="text-right tabular-nums">
            <span className={e.amount < 0 ? 'text-stone-900' : 'font-semibold text-emerald-700'}>
              {e.amount < 0 ? `−${formatINR(-e.amount)}` : `+${formatINR(e.amount)}`}
            </span>
            <span className="block text-xs text-stone-500">Balance {formatINR(e.balanceAfter)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
