/**
 * Returns on the shopper's order page: "Return or exchange" while a delivered order is
 * inside the shop's return window (settings), and each request with where it stands. While a request
 * is open the shop takes no second one (the order is 'return_requested'); the panel says another can
 * be asked for once this one is settled, while the window lasts and units are left
 * (docs/decisions/0016-returns-and-exchanges.md: a partial refund-return puts the order back to delivered).
 */
import { lazy, Suspense, useState } from 'react';
import type { Order } from '../../../core/api-types';
import { DAY_LONG_MONTH_TIME, formatIndiaTime } from '../../../core/india-time';
import { formatINR } from '../../../core/money';
import {
  DAMAGE_CLAIM_HOURS,
  describeRefundDestination,
  OPEN_RETURN_STATUSES,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  returnDeadline,
  type ReturnsPolicy,
  type ReturnStatus,
} from '../../../core/returns';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useOrderReturnsQuery } from './returns-api';

// The dialog (its schema and the photo upload) loads when opened: the order page stays light.
const ReturnRequestDialog = lazy(() => import('./return-request-dialog').then((m) => ({ default: m.ReturnRequestDialog })));

/** Badge colour of each return status, for the shopper's panel and /admin/returns. */
export const RETURN_STATUS_TONES: Record<ReturnStatus, BadgeTone> = {
  requested: 'yellow',
  approved: 'blue',
  rejected: 'red',
  received: 'blue',
  refunded: 'grey',
  exchange_shipped: 'purple',
};

/** "5 March at 4:07 pm" in India time. */
const formatDeadline = (at: Date) => formatIndiaTime(at, DAY_LONG_MONTH_TIME);

/** The panel; renders nothing for an order that was never delivered. */
export function ReturnsPanel({ order, policy }: { order: Order; policy: ReturnsPolicy }) {
  const [open, setOpen] = useState(false);
  const delivered = order.timeline.filter((e) => e.status === 'delivered').at(-1);
  const returns = useOrderReturnsQuery(order._id, Boolean(delivered));
  if (!delivered) return null;

  const deadline = returnDeadline(new Date(delivered.at), policy.windowDays);
  const list = returns.data ?? [];
  const returnable = order.items.map(
    (item) =>
      item.quantity -
      list
        .filter((r) => r.status !== 'rejected')
        .flatMap((r) => r.lines)
        .filter((l) => l.orderItemId === item._id)
        .reduce((sum, l) => sum + l.quantity, 0),
  );
  const inWindow = Date.now() <= deadline.getTime();
  const canAsk = order.status === 'delivered' && inWindow && returnable.some((n) => n > 0) && returns.isSuccess;
  const openRequest = order.status === 'return_requested' || list.some((r) => OPEN_RETURN_STATUSES.includes(r.status));
  // Another request becomes possible once the open one is settled, for the units not in it.
  const askLater = !canAsk && openRequest && inWindow && returnable.some((n) => n > 0);

  return (
    <section aria-labelledby="returns-heading" className="rounded-xl border border-stone-200 bg-white p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="returns-heading" className="font-display text-xl font-semibold text-stone-900">
          Returns and exchanges
        </h2>
        {canAsk ? <Button onClick={() => setOpen(true)}>Return or exchange</Button> : null}
      </div>
      {canAsk ? (
        <p className="mt-2 text-sm text-stone-600">
          {policy.windowDays > 0
            ? `You can ask for a return${policy.sizeExchanges ? ' or another size' : ''} until ${formatDeadline(deadline)}.`
            : `Damaged or wrong items can be reported until ${formatDeadline(deadline)} (${DAMAGE_CLAIM_HOURS} hours after delivery).`}
        </p>
      ) : askLater ? (
        <p className="mt-2 text-sm text-stone-600">
          You can ask for another {policy.windowDays > 0 ? 'return' : 'report'} once this one is settled, while the window lasts (until{' '}
          {formatDeadline(deadline)}).
        </p>
      ) : list.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">The return window for this order has closed.</p>
      ) : null}
      {list.length ? (
        <ul className="mt-4 space-y-3">
          {list.map((r) => (
            <li key={r._id} className="rounded-lg border border-stone-200 p-4 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium text-stone-900">
                  {r.resolution === 'exchange' ? 'Exchange' : 'Return'} · {RETURN_REASON_LABELS[r.reason]}
                </p>
                <Badge tone={RETURN_STATUS_TONES[r.status] ?? 'neutral'}>{RETURN_STATUS_LABELS[r.status]}</Badge>
              </div>
              <ul className="mt-2 text-stone-700">
                {r.lines.map((l) => (
                  <li key={l.orderItemId}>
                    {l.quantity} × {l.title}
                    {l.size ? ` (${l.size})` : ''}
                    {l.exchangeSize ? ` → size ${l.exchangeSize}` : ''}
                  </li>
                ))}
              </ul>
              {r.resolution === 'refund' ? (
                <p className="mt-1 text-stone-700">
                  Refund: {formatINR(r.refundAmount)}
                  {r.refundTo ? ` to ${describeRefundDestination(r.refundTo)}` : ''}
                </p>
              ) : null}
              {r.adminNote ? <p className="mt-1 text-stone-600">Note from us: {r.adminNote}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <ReturnRequestDialog
            order={order}
            returnable={returnable}
            sizeExchanges={policy.sizeExchanges}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
