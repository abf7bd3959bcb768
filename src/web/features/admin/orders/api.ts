/**
 * Admin order calls: the filtered, paged list, one order, the status
 * change, and the CSV export of the current filters. Filters live in the URL query (status,
 * startDate, endDate, search, page) so a filtered view can be shared and reloaded.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import type { OrderStatus } from '../../../../core/constants';
import { ADMIN_ORDERS_PAGE_SIZE, isIsoDate, type AdminOrder, type AdminOrderList } from '../../../../core/schemas/admin-orders';
import { apiFetch, ApiRequestError, errorMessage } from '../../../lib/api';
import { getToken } from '../../../lib/auth';
import { isOrderStatus } from './order-status';

/** The list's filters and page as read from the URL; '' means not set. */
export interface OrderFilterState {
  status: OrderStatus | '';
  startDate: string;
  endDate: string;
  search: string;
  page: number;
}

/** Reads the filters from the URL query, dropping values the server would refuse. */
export function readFilters(params: URLSearchParams): OrderFilterState {
  const status = params.get('status') ?? '';
  const startDate = params.get('startDate') ?? '';
  const endDate = params.get('endDate') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    status: isOrderStatus(status) ? status : '',
    startDate: isIsoDate(startDate) ? startDate : '',
    endDate: isIsoDate(endDate) ? endDate : '',
    search: (params.get('search') ?? '').slice(0, 100),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL query of `filters` (only the set values; page only past 1). */
export function filtersToParams(filters: OrderFilterState, withPage = true): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.startDate) params.set('startDate', filters.startDate);
  if (filters.endDate) params.set('endDate', filters.endDate);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (withPage && filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** True when the dates are in order (or one is missing). */
export const datesInOrder = (f: OrderFilterState) => !f.startDate || !f.endDate || f.startDate <= f.endDate;

/** Query keys of the order list and of one order (shared with the shipping actions). */
export const LIST_KEY = ['admin', 'orders'] as const;
export const orderKey = (id: string) => ['admin', 'order', id] as const;

/**
 * Puts an order an admin action answered with into the caches: its own entry and its row on every
 * list page held, then has the lists fetched again (a status filter may no longer match it).
 */
export function showUpdatedOrder(queryClient: QueryClient, order: AdminOrder): void {
  queryClient.setQueryData(orderKey(order._id), order);
  queryClient.setQueriesData<AdminOrderList>({ queryKey: LIST_KEY }, (list) =>
    list ? { ...list, orders: list.orders.map((o) => (o._id === order._id ? order : o)) } : list,
  );
  void queryClient.invalidateQueries({ queryKey: LIST_KEY });
}

/** GET /api/orders/admin/all with the filters; the previous page stays on screen while the next loads. */
export function useAdminOrders(filters: OrderFilterState) {
  const params = filtersToParams(filters, false);
  params.set('page', String(filters.page));
  params.set('limit', String(ADMIN_ORDERS_PAGE_SIZE));
  const query = useQuery({
    queryKey: [...LIST_KEY, params.toString()],
    queryFn: ({ signal }) =>
      apiFetch<AdminOrderList>(`/api/orders/admin/all?${params}`, { auth: true, fallbackMessage: 'Failed to load orders', signal }),
    placeholderData: keepPreviousData,
    enabled: datesInOrder(filters),
  });
  useEffect(() => {
    if (query.isError) toast.error('Failed to load orders', { id: 'load-orders' });
  }, [query.isError]);
  return query;
}

/** GET /api/orders/admin/{id} while `id` is set. */
export function useAdminOrder(id: string | null) {
  const query = useQuery({
    queryKey: orderKey(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<AdminOrder>(`/api/orders/admin/${encodeURIComponent(id ?? '')}`, {
        auth: true,
        fallbackMessage: 'Failed to load order details',
        signal,
      }),
    enabled: id !== null,
  });
  useEffect(() => {
    if (query.isError) toast.error('Failed to load order details', { id: 'load-order' });
  }, [query.isError]);
  return query;
}

/** PUT /api/orders/admin/{id}/status {status, note}; refreshes the list and the order. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, note }: { id: string; status: OrderStatus; note: string }) =>
      apiFetch<AdminOrder>(`/api/orders/admin/${encodeURIComponent(id)}/status`, {
        method: 'PUT',
        body: { status, note },
        auth: true,
        fallbackMessage: 'Failed to update order status',
      }),
    onSuccess: (order, { status }) => {
      showUpdatedOrder(queryClient, order);
      toast.success(`Order status updated to ${status}`);
    },
    // The server's message names the action to use for a move the dropdown does not make.
    onError: (error) => toast.error(errorMessage(error, 'Failed to update order status')),
  });
}

/** The file name of a Content-Disposition header, or null. */
function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/**
 * GET /api/orders/admin/export.csv with the filters (no paging), sent with the bearer token, saved
 * through an object URL under the server's file name. Throws ApiRequestError on failure.
 */
export async function downloadOrdersCsv(filters: OrderFilterState): Promise<void> {
  const fallback = 'Failed to export orders';
  let response: Response;
  try {
    response = await fetch(`/api/orders/admin/export.csv?${filtersToParams(filters, false)}`, {
      headers: { Authorization: `Bearer ${getToken() ?? ''}`, Accept: 'text/csv' },
    });
  } catch {
    throw new ApiRequestError(0, fallback);
  }
  if (!response.ok) throw new ApiRequestError(response.status, fallback);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('content-disposition')) ?? 'orders.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
