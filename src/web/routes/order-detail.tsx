/**
 * One order (/orders/{id}): reference, date and time, expected delivery while on its way, status, items (a line
 * exchanged for another size reads 'Size: L (exchanged from M)' once the new size has shipped), totals, delivery address, the
 * tracking panel once shipped and the timeline of status changes with their notes; any
 * failed lookup shows 'Order not found'. An order with an invoice number offers its GST tax invoice
 * for download. Before shipping it offers "Cancel order"; refunds show with their credit
 * notes; a delivered order shows its returns and, inside the shop's return window, "Return or
 * exchange".
 */
import { OrderNotFound } from '../features/orders/order-not-found';
import { Link, useRouteLoaderData } from 'react-router';
import { PAYMENT_METHOD_LABELS } from '../../core/constants';
import { formatIndiaTime, LONG_DATE_TIME } from '../../core/india-time';
import { exchangesByLine, lineSizeText } from '../../core/exchanged-sizes';
import { DEFAULT_RETURNS_POLICY } from '../../core/returns';
import { formatINR } from '../../core/money';
import { Container } from '../components/layout/page';
import { PageLoader } from '../components/ui/spinner';
import { useRequireAuth } from '../features/auth/use-require-auth';
import { fullName } from '../features/checkout/address-form';
import { useOrderQuery } from '../features/orders/api';
import { CancelOrder } from '../features/orders/cancel-order';
import { CodConfirmationPanel } from '../features/orders/cod-confirmation-panel';
import { CodPaymentNote } from '../features/orders/cod-payment-note';
import { DownloadInvoiceButton } from '../components/orders/download-invoice';
import { ExpectedDelivery } from '../features/orders/expected-delivery';
import { OrderStatusBadge, orderRef } from '../features/orders/order-status-badge';
import { OrderTotalRows } from '../components/orders/order-totals';
import { RefundList } from '../features/orders/refund-list';
import { RefundStateNote } from '../features/orders/refund-state-note';
import { ReturnsPanel } from '../features/orders/returns-panel';
import { useOrderReturnsQuery } from '../features/orders/returns-api';
import { TrackingPanel } from '../features/orders/tracking-panel';
import { pageMeta } from '../lib/meta';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/order-detail';
import { productPath } from '../../core/addresses';
import type { OrderItem } from '../../core/api-types';
import { parseVariantName, variantCaption } from '../../core/colours';

/** Title of the order page. */
/** The colour an order line was sold in ("Maroon / L" → Maroon), or null. */
const lineColour = (item: OrderItem) => (item.variantName ? parseVariantName(item.variantName).colour : null);

export function meta({ params }: Route.MetaArgs) {
  return pageMeta(`Order #${orderRef(params.id)}`, 'Your order details.');
}

/** The order page. */
export default function OrderDetail({ params }: Route.ComponentProps) {
  const status = useRequireAuth({ resumeTo: `/orders/${params.id}` });
  const query = useOrderQuery(params.id);
  const returnsPolicy = useRouteLoaderData<typeof rootLoader>('root')?.returns ?? DEFAULT_RETURNS_POLICY;
  // The returns panel's own query (one request): a delivered order's exchanges decide the sizes its lines show.
  const returns = useOrderReturnsQuery(params.id, Boolean(query.data?.timeline.some((e) => e.status === 'delivered')));

  if (status !== 'signed-in' || query.isPending) return <PageLoader text="Loading order..." />;

  const order = query.data;
  if (!order) return <OrderNotFound />;

  const a = order.shippingAddress;
  const t = order.totals;
  const exchanged = exchangesByLine(returns.data ?? []);
  return (
    <Container className="py-10 sm:py-14">
      <Link to="/orders" className="text-sm font-medium text-stone-600 hover:text-brand">
        ← Back to Orders
      </Link>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4 border-b border-stone-200 pb-6">
        <div>
          <h1 className="font-display text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">Order #{orderRef(order._id)}</h1>
          <p className="mt-2 text-stone-600">
            Placed on <time dateTime={order.createdAt}>{formatIndiaTime(order.createdAt, LONG_DATE_TIME)}</time>
          </p>
          <ExpectedDelivery order={order} className="mt-1 text-base" />
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:flex-col sm:items-end sm:gap-2">
          <OrderStatusBadge status={order.status} />
          <RefundStateNote order={order} />
          <p className="text-lg font-semibold text-stone-900">{formatINR(t.grandTotal)}</p>
          <CancelOrder order={order} />
        </div>
      </div>
      <CodConfirmationPanel order={order} />

      {order.shipments?.length ? (
        <div className="mt-8">
          <TrackingPanel shipments={order.shipments} />
        </div>
      ) : null}

      {order.timeline.some((e) => e.status === 'delivered') ? (
        <div className="mt-8">
          <ReturnsPanel order={order} policy={returnsPolicy} />
        </div>
      ) : null}

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_360px] lg:gap-12">
        <div>
          <section aria-labelledby="items-heading">
            <h2 id="items-heading" className="font-display text-xl font-semibold text-stone-900">
              Items ({order.itemCount})
            </h2>
            <ul className="mt-4 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
              {order.items.map((item, i) => {
                const size = lineSizeText(item, exchanged.get(item._id));
                return (
                  <li key={`${item.productId}:${item.variantId ?? ''}:${i}`} className="flex gap-4 p-4 sm:p-5">
                    {item.image ? (
                      <img
                        src={item.image}
                        alt={item.title}
                        width={80}
                        height={100}
                        loading="lazy"
                        className="aspect-[4/5] w-20 shrink-0 rounded-md bg-stone-100 object-cover"
                      />
                    ) : (
                      <div className="aspect-[4/5] w-20 shrink-0 rounded-md bg-stone-100" />
                    )}
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-stone-900">
                        {/* Straight to the product's page on the colour sold; a deleted product has none. */}
                        {item.handle ? (
                          <Link to={productPath({ handle: item.handle }, lineColour(item))} className="hover:text-brand">
                            {item.title}
                          </Link>
                        ) : (
                          item.title
                        )}
                      </p>
                      <p className="mt-1 text-sm text-stone-600">
                        {size ? <>{variantCaption(size)} · </> : null}
                        Qty: {item.quantity}
                      </p>
                      <p className="mt-1 text-sm text-stone-600">{formatINR(item.unitPrice)} each</p>
                    </div>
                    <p className="font-semibold text-stone-900">{formatINR(item.price)}</p>
                  </li>
                );
              })}
            </ul>
          </section>

          {order.timeline.length > 0 ? (
            <section aria-labelledby="timeline-heading" className="mt-10">
              <h2 id="timeline-heading" className="font-display text-xl font-semibold text-stone-900">
                Order timeline
              </h2>
              <ol className="mt-4 space-y-0">
                {order.timeline.map((event, i) => (
                  <li key={`${event.status}:${event.at}:${i}`} className="relative flex gap-4 pb-6 last:pb-0">
                    {i < order.timeline.length - 1 ? (
                      <span aria-hidden="true" className="absolute left-[7px] top-5 h-full w-px bg-stone-200" />
                    ) : null}
                    <span
                      aria-hidden="true"
                      className={`relative mt-1 h-[15px] w-[15px] shrink-0 rounded-full border-2 ${
                        i === order.timeline.length - 1 ? 'border-brand bg-brand' : 'border-stone-300 bg-white'
                      }`}
                    />
                    <div className="min-w-0">
                      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                        <OrderStatusBadge status={event.status} />
                        <time dateTime={event.at} className="text-sm text-stone-500">
                          {formatIndiaTime(event.at, LONG_DATE_TIME)}
                        </time>
                      </div>
                      {event.note ? <p className="mt-1.5 text-sm text-stone-700">{event.note}</p> : null}
                    </div>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
        </div>

        <div className="space-y-6">
          <section aria-labelledby="totals-heading" className="rounded-xl border border-stone-200 bg-stone-50 p-6">
            <h2 id="totals-heading" className="font-display text-xl font-semibold text-stone-900">
              Payment summary
            </h2>
            <dl className="mt-4 space-y-3 text-sm">
              <OrderTotalRows order={order} />
              <div className="flex justify-between border-t border-stone-200 pt-3" data-testid="payment-method">
                <dt className="text-stone-600">Payment</dt>
                <dd className="text-right font-medium text-stone-900">
                  {PAYMENT_METHOD_LABELS[order.payment.method]}
                  <CodPaymentNote order={order} />
                  {order.payment.storeCredit > 0 && order.payment.method !== 'store_credit' ? (
                    <span className="block text-xs font-normal text-stone-500">
                      {formatINR(order.payment.storeCredit)} paid with store credit
                    </span>
                  ) : null}
                </dd>
              </div>
            </dl>
            {order.invoiceNumber ? (
              <div className="mt-5 border-t border-stone-200 pt-4">
                <p className="text-sm text-stone-600">
                  Tax invoice <span className="font-medium text-stone-900">{order.invoiceNumber}</span>
                </p>
                <DownloadInvoiceButton orderId={order._id} className="mt-3" />
              </div>
            ) : null}
            {order.refunds.refunds.length > 0 ? (
              <div className="mt-5 border-t border-stone-200 pt-4">
                <RefundList order={order} />
              </div>
            ) : null}
          </section>

          <section aria-labelledby="address-heading" className="rounded-xl border border-stone-200 bg-white p-6">
            <h2 id="address-heading" className="font-display text-xl font-semibold text-stone-900">
              Delivery address
            </h2>
            <address className="mt-3 text-sm not-italic leading-relaxed text-stone-700">
              <span className="font-semibold text-stone-900">{fullName(a.firstName, a.lastName)}</span>
              <br />
              {a.address}
              {a.apartment ? `, ${a.apartment}` : ''}
              <br />
              {a.city}, {a.state} {a.pincode}
              {a.country ? (
                <>
                  <br />
                  {a.country}
                </>
              ) : null}
              {order.phone ? (
                <>
                  <br />
                  Phone: {order.phone}
                </>
              ) : null}
            </address>
          </section>
        </div>
      </div>
    </Container>
  );
}
