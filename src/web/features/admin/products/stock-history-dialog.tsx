/**
 * A variant's stock history ("Maroon / M", or "size M" without colours): every change of its stock, newest first, from the inventory
 * ledger (GET /api/admin/variants/{id}/stock-history), in a modal dialog: when, the change, the
 * stock after, the reason, the order or the admin behind it, and the note. Paged 20 at a time.
 */
import { useId, useState } from 'react';
import { variantLabel } from '../../../../core/colours';
import { STOCK_CHANGE_LABELS, type StockHistoryEntry } from '../../../../core/schemas/inventory';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../format';
import { useStockHistory } from './api';

/** The variant whose history is open. */
export interface StockHistoryTarget {
  variantId: string;
  /** Null for a product without colours. */
  colour: string | null;
  size: string;
  productTitle: string;
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

function Entry({ entry }: { entry: StockHistoryEntry }) {
  const by = entry.order ? `Order #${entry.order.ref}` : entry.admin ? entry.admin.name : entry.reason === 'adjustment' ? 'An admin' : '—';
  return (
    <li className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 py-3 text-sm sm:grid-cols-[9rem_5rem_6rem_1fr]">
      <p className="col-span-2 text-stone-600 sm:col-span-1">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </p>
      <p className={`font-semibold tabular-nums ${entry.delta < 0 ? 'text-red-700' : 'text-emerald-700'}`}>
        <span className="sr-only">Change </span>
        {signed(entry.delta)}
      </p>
      <p className="tabular-nums text-stone-700">
        <span className="text-stone-500">Stock after </span>
        {entry.stockAfter}
      </p>
      <div className="col-span-2 sm:col-span-1">
        <p className="font-medium text-stone-900">
          {STOCK_CHANGE_LABELS[entry.reason]} <span className="font-normal text-stone-600">· {by}</span>
        </p>
        {entry.note ? <p className="break-words text-stone-600">“{entry.note}”</p> : null}
      </div>
    </li>
  );
}

/** The history dialog for `target` (closed when null). */
export function StockHistoryDialog({ target, onClose }: { target: StockHistoryTarget | null; onClose: () => void }) {
  const id = useId();
  // "Maroon / M" for a product with colours, "size M" without.
  const name = target ? (target.colour ? variantLabel(target) : `size ${target.size}`) : '';
  const [page, setPage] = useState(1);
  const query = useStockHistory(target?.variantId ?? null, page);
  const data = query.data?.variant._id === target?.variantId ? query.data : undefined;
  const close = () => {
    setPage(1);
    onClose();
  };
  return (
    <Modal open={target !== null} onClose={close} labelledBy={`${id}-title`} describedBy={`${id}-desc`} className="max-w-2xl">
      <div className="flex max-h-[calc(100dvh-4rem)] flex-col">
        <div className="flex items-start justify-between gap-4 border-b border-stone-200 px-5 py-4 sm:px-6">
          <div className="min-w-0">
            <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
              Stock history: {name}
            </h2>
            <p id={`${id}-desc`} className="text-sm text-stone-600">
              <span className="block truncate">{target?.productTitle}</span>
              {data ? <span className="block font-medium text-stone-800">{data.variant.stockQty} in stock now</span> : null}
            </p>
          </div>
          <Button variant="ghost" size="sm" onClick={close} aria-label="Close stock history">
            <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
              <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </Button>
        </div>
        <div className="overflow-y-auto px-5 pb-4 sm:px-6">
          {data ? (
            data.entries.length === 0 ? (
              <p className="py-8 text-center text-sm text-stone-600">No stock changes recorded yet.</p>
            ) : (
              <ol aria-label={`Stock changes of ${name}, newest first`} className="divide-y divide-stone-100">
                {data.entries.map((entry) => (
                  <Entry key={entry._id} entry={entry} />
                ))}
              </ol>
            )
          ) : query.isError ? (
            <p role="alert" className="my-4 rounded-lg bg-red-50 p-4 text-sm text-red-700">
              Failed to load stock history
            </p>
          ) : (
            <div className="flex items-center justify-center gap-3 py-12 text-sm text-stone-600" role="status">
              <Spinner /> Loading history…
            </div>
          )}
        </div>
        {data && data.totalPages > 1 ? (
          <nav
            aria-label="Stock history pages"
            className="flex items-center justify-between gap-3 border-t border-stone-200 px-5 py-3 sm:px-6"
          >
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Newer
            </Button>
            <p className="text-sm text-stone-600">
              Page {data.currentPage} of {data.totalPages}
            </p>
            <Button variant="outline" size="sm" disabled={page >= data.totalPages} onClick={() => setPage((p) => p + 1)}>
              Older
            </Button>
          </nav>
        ) : null}
      </div>
    </Modal>
  );
}
