/**
 * The page a shopper lands on after placing an order (/orders/{id}/confirmed), Cash on Delivery or
 * paid online: "Order placed", the order number, what to pay and how ("Pay ₹699 in cash or UPI when
 * it arrives", or "Paid ₹699 online"), the expected delivery date (the server's, by the rule of the
 * product page's "Check delivery": docs/decisions/0008-pincodes-and-delivery-dates.md) and links to the
 * order and the shop. Read from GET /api/orders/{id}; any failed lookup shows 'Order not found'.
 */
import { OrderNotFound } from '../features/orders/order-not-found';
import { CodConfirmationPanel } from '../features/orders/cod-confirmation-panel';
import type { Order } from '../../core/api-types';
import { moneyPart } from '../../core/store-credit';
import { codAdvanceLine } from '../../core/cod-advance';
import { formatINR } from '../../core/money';
import { Container } from '../components/layout/page';
import { ButtonLink } from '../components/ui/button';
import { PageLoader } from '../components/ui/spinner';
import { useRequireAuth } from '../features/auth/use-require-auth';
import { useOrderQuery } from '../features/orders/api';
import { expectedDeliveryDate } from '../features/orders/expected-delivery';
import { orderRef } from '../features/orders/order-status-badge';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/order-confirmed';

/** Title of the page. */
export function meta({ params }: Route.MetaArgs) {
  return pageMeta(`Order #${orderRef(params.id)} placed`, 'Your order is placed.');
}

/** Statuses after which nothing is left to pay. */
const CLOSED: readonly Order['status'][] = ['cancelled', 'returned', 'refunded'];

/**
 * What to pay and how, in the shopper's words: Cash on Delivery not yet collected "Pay ₹699 in cash
 * or UPI when it arrives" (the checkout's words for COD), collected "Paid ₹699 on delivery"; online
 * "Paid ₹699 online"; an unpaid COD order that was cancelled or came back "Nothing to pay".
 */
function paymentLine(order: Pick<Order, 'status' | 'payment' | 'totals'>): string {
  // Store credit paid part (or all) of it: the rest is what was paid online or is collected.
  const total = formatINR(moneyPart(order));
  if (order.payment.method === 'store_credit') return `Paid ${formatINR(order.totals.grandTotal)} with store credit`;
  if (order.payment.method !== 'cod') return `Paid ${total} online`;
  // Part-paid COD: both parts (docs/architecture.md#part-paid-cod).
  if (!CLOSED.includes(order.status) && codAdvanceLine(order)) return codAdvanceLine(order)!;
  if (order.payment.status === 'collected') return `Paid ${total} on delivery`;
  if (CLOSED.includes(order.status)) return 'Nothing to pay';
  return `Pay ${total} in cash or UPI when it arrives`;
}

/** The order-placed page. */
export default function OrderConfirmed({ params }: Route.ComponentProps) {
  const status = useRequireAuth({ resumeTo: `/orders/${params.id}/confirmed` });
  const query = useOrderQuery(params.id);

  if (status !== 'signed-in' || query.isPending) return <PageLoader text="Loading your order..." />;

  const order = query.data;
  if (!order) return <OrderNotFound />;

  const a = order.shippingAddress;
  const delivery = expectedDeliveryDate(order);
  const itemCount = order.itemCount ?? order.items.reduce((n, i) => n + i.quantity, 0);
  return (
    <Container className="py-10 sm:py-16">
      <section aria-labelledby="order-placed" className="mx-auto max-w-xl rounded-xl border border-stone-200 bg-white p-6 sm:p-10">
        <div className="flex flex-col items-center text-center">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-green-50 text-green-700">
            <svg viewBox="0 0 24 24" className="h-7 w-7" aria-hidden="true">
              <path
                d="m5 12.5 4.5 4.5L19 7.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </span>
          <h1 id="order-placed" className="mt-4 font-display text-3xl font-semibold tracking-tight text-stone-900">
            Order placed
          </h1>
          <p className="mt-2 text-stone-600">
            Thank you{a.firstName ? `, ${a.firstName}` : ''}! We have your order of {itemCount} {itemCount === 1 ? 'item' : 'items'}.
          </p>
        </div>
        <CodConfirmationPanel order={order} />

        <dl className="mt-8 divide-y divide-stone-200 border-y border-stone-200 text-sm">
          <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-4">
            <dt className="text-stone-600">Order number</dt>
            <dd className="font-semibold text-stone-900">#{orderRef(order._id)}</dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-4" data-testid="confirmed-payment">
            <dt className="text-stone-600">{order.payment.method === 'cod' ? 'Cash on Delivery' : 'Payment'}</dt>
            <dd className="font-semibold text-stone-900">{paymentLine(order)}</dd>
          </div>
          {delivery ? (
            <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-4" data-testid="confirmed-delivery">
              <dt className="text-stone-600">Expected delivery</dt>
              <dd className="sm:text-right">
                <span className="font-semibold text-stone-900">By {delivery}</span>
                <span className="block text-stone-500">
                  to {a.city}, {a.state} {a.pincode}
                </span>
              </dd>
            </div>
          ) : null}
        </dl>

        <div className="mt-8 grid gap-3 sm:grid-cols-2">
          <ButtonLink to={`/orders/${encodeURIComponent(order._id)}`}>View order</ButtonLink>
          <ButtonLink to="/products" variant="outline">
            Continue shopping
          </ButtonLink>
        </div>
      </section>
    </Container>
  );
}
