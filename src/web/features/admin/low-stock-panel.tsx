/**
 * The dashboard's low-stock panel: sold-out sizes and sizes with 1-5 left, as two
 * groups side by side on a wide screen and one above the other on a phone. Each row wraps its
 * product title instead of pushing the count off the edge. A variant of a product with colours is
 * named "Maroon / M" (variantLabel), one without "Size M".
 */
import { variantLabel } from '../../../core/colours';
import type { DashboardSummary, LowStockVariant } from '../../../core/schemas/admin-orders';

function StockGroup({
  id,
  title,
  total,
  rows,
  empty,
}: {
  id: string;
  title: string;
  total: number;
  rows: LowStockVariant[];
  empty: string;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h4 className="flex items-baseline justify-between gap-3 border-b border-amber-200 pb-2 text-sm font-semibold text-amber-900">
        <span id={id}>{title}</span>
        <span className="text-xs font-medium text-amber-800">
          {rows.length < total ? `showing ${rows.length} of ${total}` : `${total} size(s)`}
        </span>
      </h4>
      {rows.length === 0 ? (
        <p className="py-2 text-sm text-amber-800">{empty}</p>
      ) : (
        <ul className="divide-y divide-amber-100 text-sm">
          {rows.map((v) => (
            <li key={v.variantId} className="flex items-start justify-between gap-3 py-2">
              <span className="min-w-0 text-amber-950">
                <span className="block">{v.title}</span>
                <span className="block text-xs text-amber-800 wrap-anywhere">
                  {v.colour ? variantLabel(v) : `Size ${v.size}`} · {v.sku}
                </span>
              </span>
              <span className="shrink-0 whitespace-nowrap font-semibold text-amber-950">
                {v.stockQty > 0 ? `${v.stockQty} left` : 'Sold out'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The panel; `lowStock` lists sold-out rows first (GET /api/admin/dashboard). */
export function LowStockPanel({ summary }: { summary: Pick<DashboardSummary, 'lowStock' | 'lowStockCounts' | 'lowStockThreshold'> }) {
  const soldOut = summary.lowStock.filter((v) => v.stockQty <= 0);
  const low = summary.lowStock.filter((v) => v.stockQty > 0);
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-4">
      <h3 className="mb-3 text-sm font-semibold text-amber-900">Low stock</h3>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <StockGroup
          id="stock-sold-out"
          title="Sold out"
          total={summary.lowStockCounts.soldOut}
          rows={soldOut}
          empty="No size is sold out."
        />
        <StockGroup
          id="stock-low"
          title={`${summary.lowStockThreshold} or fewer left`}
          total={summary.lowStockCounts.low}
          rows={low}
          empty={`No size is down to ${summary.lowStockThreshold} or fewer.`}
        />
      </div>
    </div>
  );
}
