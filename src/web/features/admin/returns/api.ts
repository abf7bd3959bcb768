/**
 * Admin return calls: the list (GET /api/admin/returns?status=) and the steps (approve,
 * reject, received, ship-exchange, refund), each answering the updated return; the list and the dashboard
 * are refreshed after a step. And an exchange parcel's packing slip and shipping label (the new sizes).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { ReturnStatus } from '../../../../core/returns';
import type { ReturnRequest } from '../../../../core/schemas/returns';
import { apiFetch, errorMessage } from '../../../lib/api';
import { downloadAdminPdf, type ShipBody } from '../orders/shipping-api';

/** The returns of `status` (all when empty), newest first. */
export function useAdminReturns(status: ReturnStatus | '') {
  return useQuery({
    queryKey: ['admin', 'returns', status],
    queryFn: ({ signal }) =>
      apiFetch<ReturnRequest[]>(`/api/admin/returns${status ? `?status=${status}` : ''}`, {
        auth: true,
        fallbackMessage: 'Failed to load returns',
        signal,
      }),
  });
}

export type ReturnAction =
  | { kind: 'approve'; note: string }
  | { kind: 'reject'; note: string }
  | { kind: 'received'; note: string }
  | { kind: 'ship-exchange'; body: ShipBody }
  | { kind: 'refund'; manualReference: string };

const SUCCESS: Record<ReturnAction['kind'], string> = {
  approve: 'Return approved; the shopper was e-mailed',
  reject: 'Return rejected; the shopper was e-mailed',
  received: 'Marked received; the units are back in stock',
  'ship-exchange': 'Exchange shipped; the shopper was e-mailed the tracking details',
  refund: 'Refund issued with its credit note; the shopper was e-mailed',
};

/** Runs one step on a return; toasts the outcome with the server's message on failure. */
export function useReturnAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ReturnAction }) =>
      apiFetch<ReturnRequest>(`/api/admin/returns/${encodeURIComponent(id)}/${action.kind}`, {
        method: 'POST',
        body:
          action.kind === 'ship-exchange'
            ? action.body
            : action.kind === 'refund'
              ? { manualReference: action.manualReference || null }
              : { note: action.note },
        auth: true,
        fallbackMessage: 'Failed to update the return',
      }),
    onSuccess: (_ret, { action }) => {
      toast.success(SUCCESS[action.kind]);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'returns'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to update the return')),
  });
}

/**
 * GET /api/admin/returns/{id}/packing-slip or /shipping-label: the exchange parcel's document (its new
 * sizes), saved as `exchange-{document}-{ref}.pdf`. Throws ApiRequestError with the server's message.
 */
export function downloadExchangePdf(returnId: string, document_: 'packing-slip' | 'shipping-label', ref: string): Promise<void> {
  const fallback = document_ === 'packing-slip' ? 'Failed to download packing slip' : 'Failed to download shipping label';
  return downloadAdminPdf(`/api/admin/returns/${encodeURIComponent(returnId)}/${document_}`, `exchange-${document_}-${ref}.pdf`, fallback);
}
