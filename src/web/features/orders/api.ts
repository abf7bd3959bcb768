/**
 * Order calls: the shopper's orders and one order.
 */
import { useQuery } from '@tanstack/react-query';
import type { Order } from '../../../core/api-types';
import { apiFetch } from '../../lib/api';
import { useIsSignedIn } from '../../lib/auth';

/** GET /api/orders/my, while signed in. */
export function useMyOrdersQuery() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: ['orders', 'my'],
    queryFn: () => apiFetch<Order[]>('/api/orders/my', { auth: true }),
    enabled: signedIn,
  });
}

/** GET /api/orders/{id}, while signed in; any non-OK answer means 'Order not found'. */
export function useOrderQuery(id: string) {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: ['orders', id],
    queryFn: () => apiFetch<Order>(`/api/orders/${encodeURIComponent(id)}`, { auth: true }),
    enabled: signedIn && id.length > 0,
    retry: false,
  });
}
