/**
 * Admin shipping calls: ship an order, mark it out for delivery or delivered, and
 * download its packing slip or shipping label. Each action answers the updated order, which
 * replaces the cached one; the list is refreshed. And the order's return requests, which decide
 * whether shipping moves are offered (a return open: Returns leads).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Courier } from '../../../../core/couriers';
import type { AdminOrder } from '../../../../core/schemas/admin-orders';
import type { ReturnRequest } from '../../../../core/schemas/returns';
import { apiFetch, ApiRequestError, errorMessage } from '../../../lib/api';
import { getToken } from '../../../lib/auth';
import { orderKey, showUpdatedOrder } from './api';

/** What the ship form sends; an empty tracking link means "from the courier's pattern". */
export interface ShipBody {
  courier: Courier;
  awb: string;
  trackingUrl: string | null;
}

type Action = { kind: 'ship'; body: ShipBody } | { kind: 'shiprocket' } | { kind: 'out-for-delivery' } | { kind: 'delivered' };

const SUCCESS: Record<Action['kind'], string> = {
  ship: 'Order shipped; the shopper was e-mailed the tracking details',
  shiprocket: 'Shipped with Shiprocket; the shopper was e-mailed the tracking details',
  'out-for-delivery': 'Marked out for delivery',
  delivered: 'Marked delivered',
};
const FAILURE: Record<Action['kind'], string> = {
  ship: 'Failed to ship order',
  shiprocket: 'Failed to ship with Shiprocket',
  'out-for-delivery': 'Failed to mark out for delivery',
  delivered: 'Failed to mark delivered',
};

const PATHS: Record<Action['kind'], string> = {
  ship: 'shipments',
  shiprocket: 'shipments/shiprocket',
  'out-for-delivery': 'out-for-delivery',
  delivered: 'delivered',
};

/** POST /api/orders/admin/{id}/shipments (or shipments/shiprocket) | out-for-delivery | delivered, with a toast either way. */
export function useShippingAction(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: Action) =>
      apiFetch<AdminOrder>(`/api/orders/admin/${encodeURIComponent(orderId)}/${PATHS[action.kind]}`, {
        method: 'POST',
        body: action.kind === 'ship' ? action.body : {},
        auth: true,
        fallbackMessage: FAILURE[action.kind],
      }),
    onSuccess: (order, action) => {
      showUpdatedOrder(queryClient, order);
      toast.success(SUCCESS[action.kind]);
    },
    onError: (error, action) => toast.error(errorMessage(error, FAILURE[action.kind])),
  });
}

/**
 * GET /api/orders/admin/{id}/packing-slip or /shipping-label with the bearer token, saved as
 * `{document}-{ref}.pdf`. Throws ApiRequestError with the server's message on failure.
 */
export function downloadOrderPdf(orderId: string, document_: 'packing-slip' | 'shipping-label', ref: string): Promise<void> {
  const fallback = document_ === 'packing-slip' ? 'Failed to download packing slip' : 'Failed to download shipping label';
  return downloadAdminPdf(`/api/orders/admin/${encodeURIComponent(orderId)}/${document_}`, `${document_}-${ref}.pdf`, fallback);
}

/**
 * GETs the admin PDF at `path` with the bearer token and saves it as `filename`. Throws
 * ApiRequestError with the server's message (or `fallback`) on failure.
 */
export async function downloadAdminPdf(path: string, filename: string, fallback: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { Authorization: `Bearer ${getToken() ?? ''}`, Accept: 'application/pdf' },
    });
  } catch {
    throw new ApiRequestError(0, fallback);
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiRequestError(response.status, payload?.message || fallback);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * GET /api/orders/{id}/returns (admins may read any order's): the order's return requests. Its own
 * query here, not the shopper's hook, so the admin and the order page share no chunk.
 */
export function useAdminOrderReturns(orderId: string) {
  return useQuery({
    // Under the order's key, not the list's: the list's updates (showUpdatedOrder) rewrite every query under LIST_KEY.
    queryKey: [...orderKey(orderId), 'returns'],
    queryFn: ({ signal }) =>
      apiFetch<ReturnRequest[]>(`/api/orders/${encodeURIComponent(orderId)}/returns`, {
        auth: true,
        signal,
        fallbackMessage: 'Failed to load the returns of this order',
      }),
  });
}
