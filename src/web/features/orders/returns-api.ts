/**
 * Return and exchange calls of the shopper: the order's returns, the sizes of a product
 * (for an exchange), and asking for a return with an Idempotency-Key so a retried tap never asks twice.
 */
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product } from '../../../core/api-types';
import type { ReturnRequest, ReturnRequestData } from '../../../core/schemas/returns';
import { apiFetch } from '../../lib/api';

/** GET /api/orders/{id}/returns. */
export function useOrderReturnsQuery(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['orders', orderId, 'returns'],
    queryFn: () => apiFetch<ReturnRequest[]>(`/api/orders/${encodeURIComponent(orderId)}/returns`, { auth: true }),
    enabled,
  });
}

/** GET /api/products/{id} for each product of the order: their sizes and stock, for an exchange. */
export function useProductsQuery(productIds: string[], enabled: boolean) {
  return useQueries({
    queries: productIds.map((id) => ({
      queryKey: ['product', id],
      queryFn: () => apiFetch<Product>(`/api/products/${encodeURIComponent(id)}`),
      enabled,
      staleTime: 30_000,
    })),
  });
}

/** POST /api/orders/{id}/returns with `idempotencyKey`; refreshes the order and its returns. */
export function useRequestReturn(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: ReturnRequestData; idempotencyKey: string }) =>
      apiFetch<ReturnRequest>(`/api/orders/${encodeURIComponent(orderId)}/returns`, {
        method: 'POST',
        body,
        auth: true,
        headers: { 'Idempotency-Key': idempotencyKey },
        fallbackMessage: 'Could not send your request',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders', orderId] }),
  });
}
