/**
 * A customer's store credit balance and history in the admin's customer dialog
 * (docs/architecture.md#store-credit), with the form to adjust it for staff holding 'orders.refund'.
 */
import { useQuery } from '@tanstack/react-query';
import type { StoreCreditAccount } from '../../../../core/store-credit';
import { StoreCreditHistory } from '../../../components/store-credit-history';
import { apiFetch } from '../../../lib/api';
import { formatINR } from '../../../../core/money';
import { useAdmin } from '../../../routes/admin/admin-layout';
import { allows } from '../staff-permissions';
import { StoreCreditAdjustForm } from './store-credit-adjust-form';

/** GET /api/admin/customers/{id}/store-credit (balance, history and the shop's offer). */
export function useAdminStoreCredit(userId: string | null | undefined) {
  return useQuery({
    queryKey: ['admin', 'store-credit', userId],
    queryFn: () => apiFetch<StoreCreditAccount>(`/api/admin/customers/${encodeURIComponent(userId!)}/store-credit`, { auth: true }),
    enabled: Boolean(userId),
    retry: false,
  });
}

/**
 * A customer's store credit for the shop (the customer dialog): the balance and history when there
 * is any, and the adjustment form under it for staff who may refund.
 */
export function AdminStoreCreditHistory({ userId }: { userId: string }) {
  const account = useAdminStoreCredit(userId).data;
  const mayAdjust = allows(useAdmin(), 'orders.refund');
  if (!account || (account.history.length === 0 && !mayAdjust)) return null;
  return (
    <section aria-labelledby="customer-store-credit" className="space-y-2">
      <h3 id="customer-store-credit" className="flex justify-between gap-3 text-sm font-semibold text-stone-900">
        Store credit history
        <span data-testid="admin-store-credit-balance">Balance {formatINR(account.balance)}</span>
      </h3>
      {account.history.length > 0 ? <StoreCreditHistory history={account.history} /> : null}
      {mayAdjust ? <StoreCreditAdjustForm userId={userId} balance={account.balance} /> : null}
    </section>
  );
}
