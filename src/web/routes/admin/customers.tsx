/**
 * /admin/customers: the shop's shoppers (docs/architecture.md#customers), searched by name, e-mail or
 * phone and paged by the server, newest first; a row opens the customer's page (`CustomerDialog`),
 * also reachable as /admin/customers?id=<id>. Imported accounts are marked.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatIndiaTime } from '../../../core/india-time';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ListSearch } from '../../components/ui/list-search';
import { Pager } from '../../components/ui/pager';
import { PageLoader } from '../../components/ui/spinner';
import { adminMeta } from '../../features/admin/admin-meta';
import { useAdminCustomers } from '../../features/admin/customers/api';
import { CustomerDialog } from '../../features/admin/customers/customer-dialog';
import { useDebouncedValue } from '../../features/admin/use-debounced-value';

/** Page title. */
export const meta = () => adminMeta('Customers');

/** The admin customers screen. */
export default function AdminCustomers() {
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useAdminCustomers(search, page);
  const data = list.data;
  const openId = params.get('id');
  const open = (id: string | null) =>
    setParams(
      (p) => {
        if (id) p.set('id', id);
        else p.delete('id');
        return p;
      },
      { preventScrollReset: true },
    );

  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/dashboard" className="text-sm font-medium text-stone-500 hover:text-brand">
          ← Back to Dashboard
        </Link>
        <h1 className="mt-1 font-display text-3xl font-semibold text-stone-900">Customers{data && !search ? ` (${data.total})` : ''}</h1>
        <p className="mt-1 max-w-3xl text-sm text-stone-600">
          Everyone with a shopper account, newest first, including those brought over from the old shop.
        </p>
      </div>

      <section aria-label="Customers" className="space-y-3">
        <ListSearch
          value={query}
          onChange={(text) => {
            setQuery(text);
            setPage(1);
          }}
          label="Search customers"
          placeholder="Search by name, e-mail or phone..."
        />
        {list.isPending ? (
          <PageLoader text="Loading customers..." />
        ) : list.isError ? (
          <EmptyState
            icon="alert"
            title="Failed to load customers"
            description={list.error.message}
            action={<Button onClick={() => void list.refetch()}>Try again</Button>}
          />
        ) : data && data.customers.length === 0 ? (
          <EmptyState
            icon="search"
            title={search ? 'No customers found' : 'No customers yet'}
            description={search ? `Nothing matches "${search}".` : 'Shoppers appear here once they sign up or are imported.'}
          />
        ) : data ? (
          <>
            <ul aria-label="Customer list" className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
              {data.customers.map((c) => (
                <li key={c._id}>
                  <button
                    type="button"
                    onClick={() => open(c._id)}
                    className="flex w-full flex-col gap-1 px-4 py-3 text-left hover:bg-stone-50 focus-visible:bg-stone-50 focus-visible:outline-none sm:flex-row sm:items-center sm:gap-4"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium text-stone-900">{c.name}</span>
                      <span className="block break-all text-sm text-stone-600">
                        {c.email}
                        {c.phone ? ` · ${c.phone}` : ''}
                      </span>
                    </span>
                    <span className="flex shrink-0 flex-wrap items-center gap-2 text-sm text-stone-600">
                      {c.imported ? <Badge tone="blue">Imported</Badge> : null}
                      <span>
                        {c.orderCount} {c.orderCount === 1 ? 'order' : 'orders'}
                      </span>
                      <span>· since {formatIndiaTime(c.createdAt)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <Pager page={data.currentPage} totalPages={data.totalPages} total={`${data.total} customers`} onPage={setPage} />
          </>
        ) : null}
      </section>

      <CustomerDialog id={openId} onClose={() => open(null)} />
    </div>
  );
}
