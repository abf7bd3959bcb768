/**
 * The order page's Cash on Delivery confirmation (docs/architecture.md#cod-confirmation): while the
 * order awaits the shopper's confirmation, a box with the deadline in India time and "Confirm order"
 * (POST /api/orders/{id}/confirm-cod; the answer replaces the cached order). Cancelling is the page's
 * own "Cancel order". Held orders say the shop will call.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Order } from '../../../core/api-types';
import { DAY_LONG_MONTH_TIME, formatIndiaTime } from '../../../core/india-time';
import { Button } from '../../components/ui/button';
import { apiFetch, errorMessage } from '../../lib/api';

const FAILURE = 'We could not confirm the order. Please try again.';

/** The box; renders nothing unless the order awaits its confirmation or is held for a call. */
export function CodConfirmationPanel({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () =>
      apiFetch<Order>(`/api/orders/${encodeURIComponent(order._id)}/confirm-cod`, { method: 'POST', auth: true, fallbackMessage: FAILURE }),
    onSuccess: (updated) => {
      queryClient.setQueryData(['orders', order._id], updated);
      void queryClient.invalidateQueries({ queryKey: ['orders', 'my'] });
      toast.success('Thank you! Your order is confirmed');
    },
    onError: (err) => toast.error(errorMessage(err, FAILURE)),
  });
  const state = order.codConfirmation?.state;
  if (order.status !== 'placed' || (state !== 'awaiting' && state !== 'held')) return null;
  const until = order.codConfirmation?.until;
  return (
    <section
      aria-labelledby="cod-confirmation-heading"
      className="mt-6 flex flex-col gap-4 rounded-lg border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="cod-confirmation-heading" className="font-semibold text-amber-900">
          {state === 'awaiting' ? 'Awaiting confirmation' : 'Waiting for your confirmation'}
        </h2>
        <p className="mt-1 text-sm text-amber-900">
          {state === 'awaiting'
            ? `Please confirm your Cash on Delivery order${until ? ` by ${formatIndiaTime(until, DAY_LONG_MONTH_TIME)}` : ''}, so we can pack it. Not needed any more? Cancel it instead.`
            : 'We did not hear from you in time, so we will call you to confirm. You can still confirm it here.'}
        </p>
      </div>
      <Button onClick={() => confirm.mutate()} loading={confirm.isPending} className="shrink-0">
        Confirm order
      </Button>
    </section>
  );
}
