/**
 * Your orders (/orders): one card per order linking to its detail page, with its expected delivery
 * date while it is on its way.
 */
import type { Order } from '../../core/api-types';
import { DISCOUNT_LABELS, PAYMENT_METHOD_LABELS } from '../../core/constants';
import { DATE, formatIndiaTime } from '../../core/india-time';
import { formatINR } from '../../core/money';
import { Link } from 'react-router';
import { Container, PageHeading } from '../components/layout/page';
import { Badge } from '../components/ui/badge';
import { ButtonLink } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { PageLoader } from '../components/ui/spinner';
import { useRequireAuth } from '../features/auth/use-require-auth';
import { useMyOrdersQuery } from '../features/orders/api';
import { ExpectedDelivery } from '../features/orders/expected-delivery';
import { CodPaymentNote } from '../features/orders/cod-payment-note';
import { OrderStatusBadge, orderRef } from '../features/orders/order-status-badge';
import { RefundStateNote } from '../features/orders/refund-state-note';
import { pageMeta } from '../lib/meta';

/** Title of the orders page. */
export function meta() {
  return pageMeta('Your Orders', 'Track and review your orders.');
}

function OrderCard({ order }: { order: Order }) {
  const thumbs = order.items.slice(0, 2);
  const more = order.items.length - thumbs.length;
  const first = order.items[0];
  const itemCount = order.itemCount ?? order.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <Link
      to={`/orders/${encodeURIComponent(order._id)}`}
      className="block rounded-xl border border-stone-200 bg-white p-5 transition-shadow hover:border-stone-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold text-stone-900">Order #{orderRef(order._id)}</p>
          <p className="mt-0.5 text-sm text-stone-500">
            <time dateTime={order.createdAt}>{formatIndiaTime(order.createdAt, DATE)}</time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {order.discountType !== 'NONE' ? (
            <Badge tone="brand">{order.coupon ? `Coupon ${order.coupon.code}` : DISCOUNT_LABELS[order.discountType]}</Badge>
          ) : null}
          <OrderStatusBadge status={order.status} />
          <RefundStateNote order={order} />
        </div>
      </div>
      <div className="mt-5 flex flex-wrap items-center gap-4">
        <div className="flex shrink-0 items-center gap-2">
          {thumbs.map((item, i) =>
            item.image ? (
              <img
                key={i}
                src={item.image}
                alt=""
                width={56}
                height={70}
                loading="lazy"
                className="aspect-[4/5] w-14 rounded-md bg-stone-100 object-cover"
              />
            ) : (
              <div key={i} className="aspect-[4/5] w-14 rounded-md bg-stone-100" />
            ),
          )}
          {more > 0 ? (
            <span className="flex aspect-[4/5] w-14 items-center justify-center rounded-md bg-stone-100 text-sm font-semibold text-stone-600">
              +{more}
            </span>
          ) : null}
        </div>
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 font-medium text-stone-900 sm:line-clamp-1">{first?.title ?? 'Order'}</p>
          <p className="text-sm text-stone-500">
            {itemCount} {itemCount === 1 ? 'item' : 'items'}
          </p>
          <ExpectedDelivery order={order} />
          {order.totals.discount > 0 ? (
            <p className="text-sm font-medium text-green-700">You saved {formatINR(order.totals.discount)}</p>
          ) : null}
          {order.payment.method === 'cod' ? (
            <p className="text-sm text-stone-600" data-testid="payment-method">
              {PAYMENT_METHOD_LABELS.cod}
              <CodPaymentNote order={order} />
            </p>
          ) : null}
        </div>
        <div className="flex w-full items-baseline justify-between border-t border-stone-100 pt-3 sm:block sm:w-auto sm:border-0 sm:pt-0 sm:text-right">
          <p className="text-xs uppercase tracking-wide text-stone-500">Total</p>
          <p className="font-semibold text-stone-900">{formatINR(order.totals.grandTotal)}</p>
        </div>
      </div>
    </Link>
  );
}

/** The orders page. */
export default function Orders() {
  const status = useRequireAuth({ resumeTo: '/orders' });
  const orders = useMyOrdersQuery();

  if (status !== 'signed-in' || orders.isPending) return <PageLoader text="Loading your orders..." />;

  // Failures are silent: show the empty list.
  const list = orders.data ?? [];
  return (
    <Container className="py-10 sm:py-14">
      <PageHeading title="Your Orders" aside={<span>{list.length} order(s) found</span>} />
      {list.length === 0 ? (
        <EmptyState
          icon="box"
          title="No orders yet"
          description="When you place an order, it will show up here."
          action={<ButtonLink to="/products">Start Shopping</ButtonLink>}
        />
      ) : (
        <ul className="mt-8 space-y-4">
          {list.map((order) => (
            <li key={order._id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
