/**
 * /admin/orders: filters kept in the URL query and applied by
 * the server, 20 orders a page as a table (≥1024px) or cards, 'Showing page X of Y (N total
 * orders)' with Previous/Next, the inline status change with a note, the details modal and the
 * CSV export of the current filters.
 */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Spinner } from '../../components/ui/spinner';
import { adminMeta } from '../../features/admin/admin-meta';
import { downloadOrdersCsv, filtersToParams, readFilters, useAdminOrders, type OrderFilterState } from '../../features/admin/orders/api';
import { OrderDetailsDialog } from '../../features/admin/orders/order-details-dialog';
import { OrderFilters } from '../../features/admin/orders/order-filters';
import { OrderCards, OrdersTable } from '../../features/admin/orders/orders-list';
import { errorMessage } from '../../lib/api';

/** Page title. */
export const meta = () => adminMeta('Orders');

/** The orders screen. */
export default function AdminOrders() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const query = useAdminOrders(filters);
  const [viewing, setViewing] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const go = (next: OrderFilterState, replace = false) => setParams(filtersToParams(next), { replace, preventScrollReset: true });
  const change = (patch: Partial<OrderFilterState>, typing = false) => go({ ...filters, ...patch, page: 1 }, typing);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadOrdersCsv(filters);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to export orders'));
    } finally {
      setExporting(false);
    }
  };

  const data = query.data;
  const filtered = Boolean(filters.status || filters.startDate || filters.endDate || filters.search);

  return (
    <div className="space-y-6">
      <Link to="/admin/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-stone-600 hover:text-brand">
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl font-semibold text-stone-900">Orders</h1>
          <p className="mt-1 text-stone-600">Review orders, update their status and export them.</p>
        </div>
        <Button variant="outline" onClick={() => void exportCsv()} loading={exporting}>
          <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
            <path
              d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 14v2.5h12V14"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.7"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          Export CSV
        </Button>
      </div>

      <OrderFilters
        filters={filters}
        onChange={change}
        onClear={() => go({ status: '', startDate: '', endDate: '', search: '', page: 1 })}
      />

      {query.isPending && query.fetchStatus !== 'idle' ? (
        <div className="flex items-center justify-center gap-3 py-16 text-sm text-stone-500" role="status">
          <Spinner /> Loading orders…
        </div>
      ) : query.isError && !data ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          Failed to load orders
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : data && data.orders.length > 0 ? (
        <div className={`space-y-4 transition-opacity ${query.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={query.isFetching}>
          <OrdersTable orders={data.orders} onView={setViewing} />
          <OrderCards orders={data.orders} onView={setViewing} />
          <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-stone-600" aria-live="polite">
              Showing page {data.currentPage} of {data.totalPages} ({data.totalOrders} total orders)
            </p>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={data.currentPage <= 1 || query.isFetching}
                onClick={() => go({ ...filters, page: data.currentPage - 1 })}
              >
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={data.currentPage >= data.totalPages || query.isFetching}
                onClick={() => go({ ...filters, page: data.currentPage + 1 })}
              >
                Next
              </Button>
            </div>
          </nav>
        </div>
      ) : data ? (
        <div className="rounded-xl border border-dashed border-stone-300 bg-white">
          <EmptyState
            icon="search"
            title="No orders found"
            description={filtered ? 'No order matches these filters.' : 'Orders appear here once shoppers pay.'}
            action={
              data.currentPage > 1 ? (
                <Button variant="outline" onClick={() => go({ ...filters, page: 1 })}>
                  Go to page 1
                </Button>
              ) : undefined
            }
          />
        </div>
      ) : null}

      <OrderDetailsDialog orderId={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
