/**
 * The dashboard's money still owed (docs/decisions/0017-refunds-and-credit-notes.md "Money owed is written
 * down first"): every refund Razorpay refused and every refund pending longer than a few minutes, of
 * orders and of payments that never became orders, oldest first, with its age, a link to the order
 * (or the shopper's e-mail) and a Retry that asks Razorpay again or looks the refund up
 * (GET /api/admin/refunds/unsettled). Renders nothing while nothing is owed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { formatINR } from '../../../core/money';
import type { UnsettledRefund } from '../../../core/refunds';
import { orderRef } from '../../../core/schemas/admin-orders';
import { Button } from '../../components/ui/button';
import { apiFetch, errorMessage } from '../../lib/api';

const KEY = ['admin', 'unsettled-refunds'] as const;

/** "5 min", "3 h", "2 days": how long a refund has been owed. */
function age(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / (24 * 60))} days`;
}

/** The panel. */
export function UnsettledRefundsPanel() {
  const queryClient = useQueryClient();
  const owed = useQuery({
    queryKey: KEY,
    queryFn: () => apiFetch<UnsettledRefund[]>('/api/admin/refunds/unsettled', { auth: true }),
  });
  const retry = useMutation({
    mutationFn: (r: UnsettledRefund) =>
      apiFetch<unknown>(
        r.kind === 'order'
          ? `/api/orders/admin/${encodeURIComponent(r.orderId!)}/refunds/${encodeURIComponent(r._id)}/retry`
          : `/api/admin/refunds/checkout/${encodeURIComponent(r._id)}/retry`,
        { method: 'POST', body: {}, auth: true, fallbackMessage: 'Failed to retry the refund' },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: KEY });
      toast.success('Asked Razorpay again');
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to retry the refund')),
  });
  const rows = owed.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="unsettled-refunds-heading" className="rounded-xl border border-red-200 bg-red-50 p-4">
      <h3 id="unsettled-refunds-heading" className="text-sm font-semibold text-red-900">
        Refunds not yet settled ({rows.length})
      </h3>
      <ul className="mt-2 divide-y divide-red-100 text-sm">
        {rows.map((r) => (
          <li key={r._id} className="flex flex-wrap items-center justify-between gap-3 py-2">
            <span className="min-w-0 text-red-950">
              {r.orderId ? (
                <Link to={`/admin/orders?search=${orderRef(r.orderId)}`} className="font-medium underline-offset-2 hover:underline">
                  Order #{orderRef(r.orderId)}
                </Link>
              ) : (
                <span className="font-medium">Payment with no order ({r.email})</span>
              )}{' '}
              · <span className="font-semibold tabular-nums">{formatINR(r.amount)}</span> ·{' '}
              {r.status === 'failed' ? 'failed' : 'no answer from Razorpay'} · owed for {age(r.ageMinutes)}
              <span className="block text-xs text-red-800">{r.failureReason ?? r.reason}</span>
            </span>
            <Button size="sm" variant="outline" loading={retry.isPending && retry.variables?._id === r._id} onClick={() => retry.mutate(r)}>
              Retry
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
