/**
 * A Cash on Delivery order's confirmation on the admin screens (docs/architecture.md#cod-confirmation):
 * 'Awaiting confirmation (until 5 Mar, 4:07 pm)' in India time or 'Held for a call' beside the
 * status, and, for a role that may change statuses (orders.ship, as the status dropdown), "Confirm
 * after call" (POST /api/orders/admin/{id}/cod-confirmation, with its audit row). The order is not
 * packed or shipped until then.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { codConfirmationLabel } from '../../../../core/cod-confirmation';
import type { AdminOrder } from '../../../../core/schemas/admin-orders';
import { Button } from '../../../components/ui/button';
import { apiFetch, errorMessage } from '../../../lib/api';
import { useAdmin } from '../../../routes/admin/admin-layout';
import { allows } from '../staff-permissions';
import { showUpdatedOrder } from './api';

const FAILURE = 'Failed to confirm the order';

/** The label and, with `action`, the button; nothing once confirmed or when never asked. */
export function CodConfirmationNote({ order, action = false }: { order: AdminOrder; action?: boolean }) {
  const queryClient = useQueryClient();
  const admin = useAdmin();
  const confirm = useMutation({
    mutationFn: () =>
      apiFetch<AdminOrder>(`/api/orders/admin/${encodeURIComponent(order._id)}/cod-confirmation`, {
        method: 'POST',
        auth: true,
        fallbackMessage: FAILURE,
      }),
    onSuccess: (updated) => {
      showUpdatedOrder(queryClient, updated);
      toast.success('Order confirmed');
    },
    onError: (error) => toast.error(errorMessage(error, FAILURE)),
  });
  const label = order.status === 'placed' ? codConfirmationLabel(order.codConfirmation) : null;
  if (!label) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="inline-flex rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-inset ring-amber-300">
        {label}
      </span>
      {action && allows(admin, 'orders.ship') ? (
        <Button size="sm" variant="outline" loading={confirm.isPending} onClick={() => confirm.mutate()}>
          Confirm after call
        </Button>
      ) : null}
    </div>
  );
}
