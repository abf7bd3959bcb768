/**
 * The shopper's "Cancel order" (docs/decisions/0017-refunds-and-credit-notes.md): shown only while the order has
 * not shipped. A dialog asks for a reason from the fixed list (src/core/refunds.ts) and says what
 * comes back (the amount paid online, or nothing for Cash on Delivery) before POST
 * /api/orders/{id}/cancel; the answer replaces the cached order.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import type { Order } from '../../../core/api-types';
import { formatINR } from '../../../core/money';
import { PRE_SHIPMENT_STATUSES } from '../../../core/order-status';
import { CANCEL_REASONS, type CancelReason } from '../../../core/refunds';
import { Button } from '../../components/ui/button';
import { Select } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { apiFetch, errorMessage } from '../../lib/api';

const FAILURE = 'We could not cancel the order. Please try again.';

/** The button and its dialog; renders nothing once the order has shipped or is cancelled. */
export function CancelOrder({ order }: { order: Order }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [error, setError] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (why: CancelReason) =>
      apiFetch<Order>(`/api/orders/${encodeURIComponent(order._id)}/cancel`, {
        method: 'POST',
        body: { reason: why },
        auth: true,
        fallbackMessage: FAILURE,
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData(['orders', order._id], updated);
      void queryClient.invalidateQueries({ queryKey: ['orders', 'my'] });
      setOpen(false);
      toast.success('Your order is cancelled');
    },
    onError: (err) => toast.error(errorMessage(err, FAILURE)),
  });

  if (!PRE_SHIPMENT_STATUSES.includes(order.status)) return null;
  const back = order.refunds.refundable;
  const onConfirm = () => {
    if (!reason) {
      setError('Please choose a reason for cancelling');
      return;
    }
    cancel.mutate(reason);
  };
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Cancel order
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        labelledBy={`${id}-title`}
        describedBy={`${id}-message`}
        dismissible={!cancel.isPending}
      >
        <form
          noValidate
          className="p-6"
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
            Cancel this order?
          </h2>
          <p id={`${id}-message`} className="mt-2 text-sm text-stone-600">
            {back > 0
              ? `${formatINR(back)} will be refunded to the card, UPI or bank account you paid with, usually within 5 to 7 working days.`
              : 'Nothing was charged for this order, so there is nothing to refund.'}
          </p>
          <Select
            label="Why are you cancelling?"
            className="mt-4"
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.target.value as CancelReason);
              setError(undefined);
            }}
          >
            <option value="">Choose a reason</option>
            {CANCEL_REASONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Select>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Button type="button" variant="outline" size="sm" onClick={() => setOpen(false)} disabled={cancel.isPending}>
              Keep order
            </Button>
            <Button type="submit" variant="danger" size="sm" loading={cancel.isPending}>
              Cancel order
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
