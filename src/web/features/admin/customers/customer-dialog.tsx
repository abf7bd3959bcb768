/**
 * One customer as the admin reads them (docs/architecture.md#customers): contact details, the saved
 * address, what they spent here, WhatsApp consent, store credit, what the old shop's export said, and
 * their latest orders, each linking to the order list filtered to it.
 */
import { Link } from 'react-router';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../../core/constants';
import { formatIndiaTime } from '../../../../core/india-time';
import { formatINR } from '../../../../core/money';
import { ORDER_STATUS_INFO } from '../../../../core/order-status';
import { orderRef } from '../../../../core/order-ref';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { PageLoader } from '../../../components/ui/spinner';
import { useAdminCustomer } from './api';
import { AdminStoreCreditHistory } from './store-credit-history';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_minmax(0,1fr)] gap-2 py-1.5 text-sm">
      <dt className="text-stone-500">{label}</dt>
      <dd className="min-w-0 break-words text-stone-900">{children}</dd>
    </div>
  );
}

/** The dialog of the customer with id `id`; closed while `id` is null. */
export function CustomerDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const customer = useAdminCustomer(id);
  const c = customer.data;
  return (
    <Modal open={id !== null} onClose={onClose} labelledBy="customer-title" className="max-w-2xl">
      <div className="max-h-[85vh] overflow-y-auto p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id="customer-title" className="font-display text-xl font-semibold text-stone-900">
            {c?.name ?? 'Customer'}
          </h2>
          <Button size="sm" variant="outline" onClick={onClose}>
            Close
          </Button>
        </div>
        {customer.isPending ? (
          <PageLoader text="Loading the customer..." />
        ) : customer.isError ? (
          <p className="mt-4 text-sm text-red-600">{customer.error.message}</p>
        ) : c ? (
          <div className="mt-4 space-y-5">
            <dl className="divide-y divide-stone-100">
              <Row label="E-mail">{c.email}</Row>
              <Row label="Phone">{c.phone || <span className="text-stone-400">Not given</span>}</Row>
              <Row label="Customer since">{formatIndiaTime(c.createdAt)}</Row>
              <Row label="Address">
                {c.address ? (
                  [c.address.line1, c.address.line2, `${c.address.city}, ${c.address.state} ${c.address.pincode}`]
                    .filter(Boolean)
                    .join(', ')
                ) : (
                  <span className="text-stone-400">None saved</span>
                )}
              </Row>
              <Row label="Orders">
                {c.orderCount} · {formatINR(c.spent)} spent
              </Row>
              <Row label="Store credit">{formatINR(c.storeCredit)}</Row>
              <Row label="Cash on Delivery">
                {c.cod.off ? (
                  <span className="font-medium text-red-700">
                    COD off: {c.cod.refused} COD {c.cod.refused === 1 ? 'order' : 'orders'} refused
                  </span>
                ) : c.cod.refused > 0 ? (
                  `Offered · ${c.cod.refused} COD ${c.cod.refused === 1 ? 'order' : 'orders'} refused`
                ) : (
                  'Offered'
                )}
              </Row>
              <Row label="WhatsApp">
                {c.whatsapp.updates ? 'Order updates' : 'No order updates'} · {c.whatsapp.offers ? 'offers' : 'no offers'}
              </Row>
              {!c.hasPassword ? <Row label="Sign-in">Not yet: sets a password with “Forgot password” on first visit</Row> : null}
            </dl>
            {id ? <AdminStoreCreditHistory userId={id} /> : null}

            {c.importedFrom ? (
              <section aria-labelledby="customer-imported" className="rounded-lg bg-stone-50 p-3">
                <h3 id="customer-imported" className="text-sm font-semibold text-stone-900">
                  From the old shop
                </h3>
                <dl>
                  <Row label="Orders there">
                    {c.importedFrom.totalOrders} · {formatINR(c.importedFrom.totalSpent)}
                  </Row>
                  {c.importedFrom.tags.length ? (
                    <Row label="Tags">
                      <span className="flex flex-wrap gap-1">
                        {c.importedFrom.tags.map((tag) => (
                          <Badge key={tag}>{tag}</Badge>
                        ))}
                      </span>
                    </Row>
                  ) : null}
                  {c.importedFrom.note ? <Row label="Note">{c.importedFrom.note}</Row> : null}
                  <Row label="E-mail offers">{c.importedFrom.acceptsEmailMarketing ? 'Agreed there' : 'Not agreed'}</Row>
                  {c.importedFrom.taxExempt ? <Row label="Tax">Marked tax exempt there</Row> : null}
                </dl>
              </section>
            ) : null}

            <section aria-labelledby="customer-orders">
              <h3 id="customer-orders" className="text-sm font-semibold text-stone-900">
                Latest orders
              </h3>
              {c.orders.length === 0 ? (
                <p className="mt-2 text-sm text-stone-500">No orders yet.</p>
              ) : (
                <ul className="mt-2 divide-y divide-stone-100 rounded-lg border border-stone-200">
                  {c.orders.map((o) => (
                    <li key={o._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                      <Link to={`/admin/orders?search=${orderRef(o._id)}`} className="font-mono font-medium text-brand hover:underline">
                        #{orderRef(o._id)}
                      </Link>
                      <Badge>{ORDER_STATUS_INFO[o.status].adminLabel}</Badge>
                      <span className="text-stone-600">{formatIndiaTime(o.createdAt)}</span>
                      <span className="text-stone-600">{PAYMENT_METHOD_LABELS[o.paymentMethod as PaymentMethod] ?? o.paymentMethod}</span>
                      <span className="ml-auto font-medium text-stone-900">{formatINR(o.total)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
