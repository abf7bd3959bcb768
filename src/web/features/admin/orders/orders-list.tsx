/**
 * The orders of one page: a table from 1024px up, cards below. Each order shows
 * its reference, date, customer, items, total, payment, the inline status dropdown and View Details.
 */
import { paymentStateLabel } from '../../../../core/cod-payment';
import { PAYMENT_METHOD_LABELS } from '../../../../core/constants';
import { formatINR } from '../../../../core/money';
import { orderRef, type AdminOrder } from '../../../../core/schemas/admin-orders';
import { Button } from '../../../components/ui/button';
import { formatDate, formatTime } from '../format';
import { CodConfirmationNote } from './cod-confirmation';
import { StatusControl } from './status-control';

interface ListProps {
  orders: AdminOrder[];
  onView: (orderId: string) => void;
}

const itemsLabel = (o: AdminOrder) => `${o.itemCount} item${o.itemCount === 1 ? '' : 's'}`;

function ViewButton({ order, onView }: { order: AdminOrder; onView: (id: string) => void }) {
  return (
    <Button variant="outline" size="sm" onClick={() => onView(order._id)} aria-label={`View Details of order #${orderRef(order._id)}`}>
      View Details
    </Button>
  );
}

/** The table of large screens. */
export function OrdersTable({ orders, onView }: ListProps) {
  return (
    <div className="hidden overflow-hidden rounded-xl border border-stone-200 bg-white lg:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Orders</caption>
        <thead className="border-b border-stone-200 bg-stone-50 text-xs font-semibold uppercase tracking-wide text-stone-500">
          <tr>
            <th scope="col" className="px-4 py-3">
              Order
            </th>
            <th scope="col" className="px-4 py-3">
              Customer
            </th>
            <th scope="col" className="px-4 py-3">
              Items
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Total
            </th>
            <th scope="col" className="px-4 py-3">
              Payment
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {orders.map((o) => (
            <tr key={o._id} className="align-top hover:bg-stone-50/60">
              <td className="px-4 py-3">
                <p className="font-mono font-semibold text-stone-900">#{orderRef(o._id)}</p>
                <p className="text-xs text-stone-500">
                  {formatDate(o.createdAt)}, {formatTime(o.createdAt)}
                </p>
              </td>
              <td className="max-w-56 px-4 py-3">
                <p className="truncate font-medium text-stone-900">{o.customer.name}</p>
                <p className="truncate text-xs text-stone-500">{o.customer.email}</p>
                <p className="text-xs text-stone-500">{o.customer.phone}</p>
              </td>
              <td className="px-4 py-3 text-stone-700">{itemsLabel(o)}</td>
              <td className="px-4 py-3 text-right font-semibold tabular-nums text-stone-900">{formatINR(o.totals.grandTotal)}</td>
              <td className="px-4 py-3 text-stone-700">
                <p>{PAYMENT_METHOD_LABELS[o.payment.method]}</p>
                <p className="text-xs text-stone-500">{paymentStateLabel(o)}</p>
              </td>
              <td className="px-4 py-3">
                <StatusControl key={`${o._id}:${o.status}`} orderId={o._id} status={o.status} />
                <div className="mt-1.5">
                  <CodConfirmationNote order={o} />
                </div>
              </td>
              <td className="px-4 py-3 text-right">
                <ViewButton order={o} onView={onView} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The cards of small screens. */
export function OrderCards({ orders, onView }: ListProps) {
  return (
    <ul className="space-y-3 lg:hidden" aria-label="Orders">
      {orders.map((o) => (
        <li key={o._id} className="space-y-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="font-mono font-semibold text-stone-900">#{orderRef(o._id)}</p>
              <p className="text-xs text-stone-500">
                {formatDate(o.createdAt)}, {formatTime(o.createdAt)}
              </p>
            </div>
            <p className="text-right font-semibold tabular-nums text-stone-900">
              {formatINR(o.totals.grandTotal)}
              <span className="block text-xs font-normal text-stone-500">{itemsLabel(o)}</span>
            </p>
          </div>
          <div className="text-sm">
            <p className="font-medium text-stone-900">{o.customer.name}</p>
            <p className="break-all text-stone-600">{o.customer.email}</p>
            <p className="text-stone-600">
              {o.customer.phone} · {PAYMENT_METHOD_LABELS[o.payment.method]} · {paymentStateLabel(o)}
            </p>
          </div>
          <div className="flex flex-wrap items-start justify-between gap-3 border-t border-stone-100 pt-3">
            <div className="space-y-1.5">
              <StatusControl key={`${o._id}:${o.status}`} orderId={o._id} status={o.status} />
              <CodConfirmationNote order={o} />
            </div>
            <ViewButton order={o} onView={onView} />
          </div>
        </li>
      ))}
    </ul>
  );
}
