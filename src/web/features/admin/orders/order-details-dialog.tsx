/**
 * The 'View Details' modal of an order: customer name, e-mail and phone; status;
 * created time (IST); payment method and status; the GST tax invoice's number and download (issue
 * 20); shipping address; items with image, title, size (the new one once an exchange has shipped:
 * 'L (exchanged from M)', as the shopper's order page says), price and quantity; totals as the shopper's
 * order page shows them (the GST they include, never added); payment and refunds (docs/decisions/0017-refunds-and-credit-notes.md: cancel and refund, refund, retry, credit notes);
 * shipping (ship, out for delivery, delivered, packing slip and label); and the status timeline.
 */
import { useId, type ReactNode } from 'react';
import { paymentStateLabel } from '../../../../core/cod-payment';
import { codAdvanceLine } from '../../../../core/cod-advance';
import { PAYMENT_METHOD_LABELS } from '../../../../core/constants';
import { exchangesByLine, lineSizeText } from '../../../../core/exchanged-sizes';
import { formatINR } from '../../../../core/money';
import { orderRef, type AdminOrder } from '../../../../core/schemas/admin-orders';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { DownloadInvoiceButton } from '../../../components/orders/download-invoice';
import { OrderTotalRows } from '../../../components/orders/order-totals';
import { formatDateTime } from '../format';
import { useAdmin } from '../../../routes/admin/admin-layout';
import { EntityHistory } from '../activity/entity-history';
import { useAdminOrder } from './api';
import { CodConfirmationNote } from './cod-confirmation';
import { OrderWhatsApp } from './order-whatsapp';
import { AdminStatusBadge } from './order-status';
import { RefundPanel } from './refund-panel';
import { useAdminOrderReturns } from './shipping-api';
import { ShippingPanel } from './shipping-panel';
import { variantCaption } from '../../../../core/colours';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1.5">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-stone-500">{title}</h3>
      <div className="text-sm text-stone-800">{children}</div>
    </section>
  );
}

function Details({ order }: { order: AdminOrder }) {
  const a = order.shippingAddress;
  const timeline = [...order.timeline].sort((x, y) => x.at.localeCompare(y.at));
  // The shipping panel's query (one request): shipped exchanges decide the sizes the lines show.
  const exchanged = exchangesByLine(useAdminOrderReturns(order._id).data ?? []);
  const admin = useAdmin();
  return (
    <div className="space-y-6">
      <div className="grid gap-5 sm:grid-cols-2">
        <Block title="Customer">
          <p className="font-medium text-stone-900">{order.customer.name}</p>
          <p>
            <a href={`mailto:${order.customer.email}`} className="text-brand hover:underline">
              {order.customer.email}
            </a>
          </p>
          <p>
            <a href={`tel:${order.customer.phone}`} className="hover:underline">
              {order.customer.phone}
            </a>
          </p>
        </Block>
        <Block title="Order">
          <p className="flex items-center gap-2">
            Status: <AdminStatusBadge status={order.status} />
          </p>
          <CodConfirmationNote order={order} action />
          <p>Placed {formatDateTime(order.createdAt)}</p>
          <p>
            Payment: {PAYMENT_METHOD_LABELS[order.payment.method]} · {paymentStateLabel(order)}
          </p>
          {codAdvanceLine(order) ? <p data-testid="admin-cod-advance">{codAdvanceLine(order)}</p> : null}
          {order.invoiceNumber ? (
            <>
              <p>Invoice: {order.invoiceNumber}</p>
              <DownloadInvoiceButton orderId={order._id} className="pt-1" />
            </>
          ) : null}
        </Block>
        <Block title="Shipping address">
          <address className="not-italic">
            {a.firstName} {a.lastName}
            <br />
            {a.address}
            {a.apartment ? (
              <>
                <br />
                {a.apartment}
              </>
            ) : null}
            <br />
            {a.city}, {a.state} {a.pincode}
            <br />
            {a.country}
          </address>
        </Block>
        <Block title="Totals">
          <dl className="space-y-3">
            <OrderTotalRows order={order} />
          </dl>
        </Block>
      </div>

      <Block title="Payment and refunds">
        <RefundPanel order={order} />
      </Block>

      <Block title="Shipping">
        <ShippingPanel order={order} />
      </Block>

      <Block title={`Items (${order.itemCount})`}>
        <ul className="divide-y divide-stone-100 rounded-lg border border-stone-200">
          {order.items.map((item, i) => {
            const size = lineSizeText(item, exchanged.get(item._id));
            return (
              <li key={`${item.productId}-${item.variantId ?? i}`} className="flex items-center gap-3 p-3">
                {item.image ? (
                  <img src={item.image} alt="" className="h-16 w-12 shrink-0 rounded object-cover" />
                ) : (
                  <div className="h-16 w-12 shrink-0 rounded bg-stone-100" aria-hidden="true" />
                )}
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-stone-900">{item.title}</p>
                  <p className="text-xs text-stone-500">
                    {size ? `${variantCaption(size)} · ` : ''}
                    {formatINR(item.unitPrice)} × {item.quantity}
                  </p>
                </div>
                <p className="font-medium tabular-nums text-stone-900">{formatINR(item.price)}</p>
              </li>
            );
          })}
        </ul>
      </Block>

      <Block title="Timeline">
        <ol className="space-y-3 border-l-2 border-stone-200 pl-4">
          {timeline.map((event, i) => (
            <li key={`${event.at}-${i}`} className="relative">
              <span className="absolute top-1.5 -left-[1.3rem] h-2.5 w-2.5 rounded-full bg-stone-400" aria-hidden="true" />
              <div className="flex flex-wrap items-center gap-2">
                <AdminStatusBadge status={event.status} />
                <time dateTime={event.at} className="text-xs text-stone-500">
                  {formatDateTime(event.at)}
                </time>
              </div>
              {event.note ? <p className="mt-1 text-sm text-stone-700">{event.note}</p> : null}
            </li>
          ))}
        </ol>
      </Block>

      <OrderWhatsApp orderId={order._id} />

      <EntityHistory user={admin} entity="order" entityId={order._id} />
    </div>
  );
}

/** The order details modal for `orderId` (closed when null). */
export function OrderDetailsDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const id = useId();
  const query = useAdminOrder(orderId);
  return (
    <Modal open={orderId !== null} onClose={onClose} labelledBy={`${id}-title`} className="max-w-3xl">
      <div className="flex max-h-[calc(100dvh-4rem)] flex-col">
        <div className="flex items-center justify-between gap-4 border-b border-stone-200 px-5 py-4 sm:px-6">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
            Order #{orderId ? orderRef(orderId) : ''}
          </h2>
          <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close order details">
            <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true">
              <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </Button>
        </div>
        <div className="overflow-y-auto px-5 py-5 sm:px-6">
          {query.data ? (
            <Details order={query.data} />
          ) : query.isError ? (
            <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-700">
              Failed to load order details
            </p>
          ) : (
            <div className="flex items-center justify-center gap-3 py-12 text-sm text-stone-500" role="status">
              <Spinner /> Loading order…
            </div>
          )}
        </div>
      </div>
    </Modal>
  );
}
