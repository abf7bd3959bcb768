/**
 * The dashboard's failed refunds (issue 21 "Cancellations and refunds"): every refund Razorpay
 * refused or failed, newest first, with the order, amount and reason, a link to the order and a Retry
 * (POST /api/orders/admin/{id}/refunds/{refundId}/retry). Renders nothing while none failed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { formatINR } from '../../../core/money';
import type { RefundView } from '../../../core/refunds';
import { orderRef, type AdminOrder } from '../../../core/schemas/admin-orders';
import { Button } from '../../components/ui/button';
import { apiFetch, errorMessage } from '../../lib/api';

const KEY = ['admin', 'failed-refunds'] as const;

/** The panel. */
export function FailedRefundsPanel() {
  const queryClient = useQueryClient();
  const failed = useQuery({
    queryKey: KEY,
    queryFn: () => apiFetch<(RefundView & { orderId: string })[]>('/api/admin/refunds/failed', { auth: true }),
  });
  const retry = useMutation({
    mutationFn: (r: { orderId: string; refundId: string }) =>
      apiFetch<AdminOrder>(`/api/orders/admin/${encodeURIComponent(r.orderId)}/refunds/${encodeURIComponent(r.refundId)}/retry`, {
        method: 'POST',
        body: {},
        auth: true,
        fallbackMessage: 'Failed to retry the refund',
      }),
    onSuccess: (order, r) => {
      const status = order.refunds.refunds.find((x) => x._id === r.refundId)?.status;
      if (status === 'failed') toast.error('Razorpay refused the refund again');
      else toast.success('Refund sent to Razorpay again');
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to retry the refund')),
  });
  const rows = failed.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="failed-refunds-heading" className="rounded-xl border border-red-200 bg-red-50 p-4">
      <h3 id="failed-refunds-heading" className="text-sm font-semibold text-red-900">
        Failed refunds ({rows.length})
      </h3>
      <ul className="mt-2 divide-y divide-red-100 text-sm">
        {rows.map((r) => (
          <li key={r._id} className="flex flex-wrap items-center justify-between gap-3 py-2">
            <span className="min-w-0 text-red-950">
              <Link to={`/admin/orders?search=${orderRef(r.orderId)}`} className="font-medium underline-offset-2 hover:underline">
                Order #{orderRef(r.orderId)}
              </Link>{' '}
              · <span className="font-semibold tabular-nums">{formatINR(r.amount)}</span> · {r.reason}
              {r.failureReason ? <span className="block text-xs text-red-800">{r.failureReason}</span> : null}
            </span>
            <Button
              size="sm"
              variant="outline"
              loading={retry.isPending && retry.variables?.refundId === r._id}
              onClick={() => retry.mutate({ orderId: r.orderId, refundId: r._id })}
            >
              Retry
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
