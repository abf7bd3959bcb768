/**
 * GET /api/admin/stock-alerts/waiting?productId=: how many shoppers wait for each size of a product
 * to come back (docs/architecture.md#back-in-stock), as a map from variant id to count.
 */
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** The waiting counts of `productId`'s sizes (none while it is null, a new product). */
export function useWaitingAlerts(productId: string | null): ReadonlyMap<string, number> {
  const { data } = useQuery({
    queryKey: ['admin', 'stock-alerts-waiting', productId],
    enabled: productId !== null,
    queryFn: () =>
      apiFetch<{ variantId: string; waiting: number }[]>(
        `/api/admin/stock-alerts/waiting?productId=${encodeURIComponent(productId ?? '')}`,
        {
          auth: true,
        },
      ),
  });
  return new Map((data ?? []).map((row) => [row.variantId, row.waiting]));
}
