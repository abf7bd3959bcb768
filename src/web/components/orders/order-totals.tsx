/**
 * An order's totals as the shopper's order page and the admin's View Details show them: subtotal,
 * discount or coupon, the prepaid discount (docs/architecture.md#prepaid-discount), shipping, the Cash on Delivery fee, the grand total and the GST it includes
 * ("incl. GST ₹…": prices are tax-inclusive, the tax is never added; docs/decisions/0010-gst-tax-invoices.md).
 */
import type { Order } from '../../../core/api-types';
import { DISCOUNT_LABELS } from '../../../core/constants';
import { formatINR } from '../../../core/money';
import { Badge } from '../ui/badge';

/** The rows, to put inside a <dl> (the shopper's page adds the payment method after them). */
export function OrderTotalRows({ order }: { order: Pick<Order, 'totals' | 'coupon' | 'discountType'> }) {
  const t = order.totals;
  return (
    <>
      <div className="flex justify-between">
        <dt className="text-stone-600">Subtotal</dt>
        <dd className="font-medium text-stone-900">{formatINR(t.subTotal)}</dd>
      </div>
      {t.discount > 0 ? (
        <div className="flex justify-between text-green-700">
          <dt className="flex items-center gap-2">
            {order.coupon ? `Coupon ${order.coupon.code}` : 'Discount'}
            {order.discountType !== 'NONE' && !order.coupon ? <Badge tone="green">{DISCOUNT_LABELS[order.discountType]}</Badge> : null}
          </dt>
          <dd className="font-medium">−{formatINR(t.discount)}</dd>
        </div>
      ) : null}
      {t.prepaidDiscount > 0 ? (
        <div className="flex justify-between text-green-700">
          <dt>Prepaid discount</dt>
          <dd className="font-medium">−{formatINR(t.prepaidDiscount)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between">
        <dt className="text-stone-600">Shipping</dt>
        <dd className="font-semibold text-green-700">{t.shipping > 0 ? formatINR(t.shipping) : 'FREE'}</dd>
      </div>
      {t.codFee > 0 ? (
        <div className="flex justify-between">
          <dt className="text-stone-600">Cash on Delivery fee</dt>
          <dd className="font-medium text-stone-900">{formatINR(t.codFee)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between border-t border-stone-200 pt-3 text-base">
        <dt className="font-semibold text-stone-900">Grand total</dt>
        <dd className="font-semibold text-stone-900">{formatINR(t.grandTotal)}</dd>
      </div>
      {t.tax > 0 ? (
        <div className="-mt-2 flex justify-between text-xs text-stone-500">
          <dt>Prices include GST</dt>
          <dd>incl. GST {formatINR(t.tax)}</dd>
        </div>
      ) : null}
    </>
  );
}
