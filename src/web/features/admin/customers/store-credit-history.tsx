/**
 * A customer's store credit history in the admin's customer dialog (docs/architecture.md#store-credit).
 */
import { useQuery } from '@tanstack/react-query';
import type { StoreCreditAccount } from '../../../../core/store-credit';
import { StoreCreditHistory } from '../../../components/store-credit-history';
import { apiFetch } from '../../../lib/api';

/** GET /api/admin/customers/{id}/store-credit (balance, history and the shop's offer). */
export function useAdminStoreCredit(userId: string | null | undefined) {
  return useQuery({
    queryKey: ['admin', 'store-credit', userId],
    queryFn: () => apiFetch<StoreCreditAccount>(`/api/admin/customers/${encodeURIComponent(userId!)}/store-credit`, { auth: true }),
    enabled: Boolean(userId),
    retry: false,
  });
}

/** A customer's store credit history for the shop (the customer dialog). */
export function AdminStoreCreditHistory({ userId }: { userId: string }) {
  const account = useAdminStoreCredit(userId).data;
  if (!account || account.history.length === 0) return null;
  return (
    <section aria-labelledby="customer-store-credit" className="space-y-2">
      <h3 id="customer-store-credit" className="text-sm font-semibold text-stone-900">
        Store credit history
      </h3>
      <StoreCreditHistory history={account.history} />
    </section>
  );
}
