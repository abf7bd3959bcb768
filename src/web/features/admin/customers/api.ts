/** Admin customer calls (docs/architecture.md#customers): the searched, paged list and one customer. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminCustomer, AdminCustomerList } from '../../../../core/schemas/admin-customers';
import { apiFetch } from '../../../lib/api';

/** Query key of the customer calls. */
export const adminCustomersKey = ['admin', 'customers'] as const;

/** One page of shoppers matching `search`. */
export function useAdminCustomers(search: string, page: number) {
  const params = new URLSearchParams({ page: String(page) });
  if (search) params.set('search', search);
  return useQuery({
    queryKey: [...adminCustomersKey, 'list', search, page],
    queryFn: () =>
      apiFetch<AdminCustomerList>(`/api/admin/customers?${params}`, { auth: true, fallbackMessage: 'Failed to load customers' }),
    placeholderData: keepPreviousData,
  });
}

/** One shopper with their orders; off while `id` is null. */
export function useAdminCustomer(id: string | null) {
  return useQuery({
    queryKey: [...adminCustomersKey, 'one', id],
    queryFn: () =>
      apiFetch<AdminCustomer>(`/api/admin/customers/${encodeURIComponent(id!)}`, {
        auth: true,
        fallbackMessage: 'Failed to load the customer',
      }),
    enabled: id !== null,
  });
}
