/**
 * The totals box shared by cart and checkout: total MRP, discount on MRP, the automatic or coupon
 * discount, the prepaid discount, free shipping, COD fee, tax, grand total, the store credit spent
 * and "You save". Every figure is the server's (its pricing preview or cart answer, computed in
 * paise); nothing is priced here but the COD fee added to the total and the prepaid discount and
 * store credit taken off it (as the checkout worked them out with the server's rules).
 */
import type { ReactNode } from 'react';
import type { PricingSummary } from '../../../core/api-types';
import { DISCOUNT_LABELS } from '../../../core/constants';
import { formatINR, toPaise, toRupees } from '../../../core/money';

/**
 * Label/value rows of a priced summary, then `children` (buttons) under the total. `codFee` (rupees)
 * is the Cash on Delivery fee when the shopper chose COD: a row of its own, added to the total.
 * `prepaidDiscount` (rupees) is the prepaid discount when the order is paid online or with store
 * credit (docs/architecture.md#prepaid-discount): a row of its own, taken off the total.
 * `storeCredit` (rupees) is what the shopper's store credit pays: a row under the total, then what is
 * left to pay (store credit is a payment, not a discount: docs/architecture.md#store-credit).
 */
export function SummaryRows({
  summary,
  codFee = 0,
  prepaidDiscount = 0,
  storeCredit = 0,
  children,
}: {
  summary: PricingSummary;
  codFee?: number;
  prepaidDiscount?: number;
  storeCredit?: number;
  children?: ReactNode;
}) {
  const totalPaise = toPaise(summary.grandTotal) + toPaise(codFee) - toPaise(prepaidDiscount);
  const discountLabel = summary.couponCode ? `Coupon ${summary.couponCode}` : DISCOUNT_LABELS[summary.discountType] || 'Discount';
  return (
    <>
      <dl className="space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">
            Total MRP ({summary.itemCount} {summary.itemCount === 1 ? 'item' : 'items'})
          </dt>
          <dd className="font-medium text-stone-900">{formatINR(summary.mrpTotal)}</dd>
        </div>
        {summary.mrpDiscount > 0 ? (
          <div className="flex justify-between gap-4 text-green-700">
            <dt>Discount on MRP</dt>
            <dd className="font-medium">−{formatINR(summary.mrpDiscount)}</dd>
          </div>
        ) : null}
        {summary.discount > 0 ? (
          <div className="flex justify-between gap-4 text-green-700">
            <dt>{summary.couponCode ? discountLabel : `Discount (${discountLabel})`}</dt>
            <dd className="font-medium">−{formatINR(summary.discount)}</dd>
          </div>
        ) : null}
        {prepaidDiscount > 0 ? (
          <div className="flex justify-between gap-4 text-green-700" data-testid="summary-prepaid-discount">
            <dt>Prepaid discount</dt>
            <dd className="font-medium">−{formatINR(prepaidDiscount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Shipping</dt>
          <dd className="font-semibold text-green-700">FREE</dd>
        </div>
        {codFee > 0 ? (
          <div className="flex justify-between gap-4" data-testid="summary-cod-fee">
            <dt className="text-stone-600">Cash on Delivery fee</dt>
            <dd className="font-medium text-stone-900">{formatINR(codFee)}</dd>
          </div>
        ) : null}
        {summary.tax > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-stone-600">Tax</dt>
            <dd className="font-medium text-stone-900">{formatINR(summary.tax)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-stone-200 pt-4 text-base">
          <dt className="font-semibold text-stone-900">Total</dt>
          <dd className="font-semibold text-stone-900">{formatINR(toRupees(totalPaise))}</dd>
        </div>
        {storeCredit > 0 ? (
          <>
            <div className="flex justify-between gap-4 text-green-700" data-testid="summary-store-credit">
              <dt>Store credit</dt>
              <dd className="font-medium">−{formatINR(storeCredit)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="font-semibold text-stone-900">To pay</dt>
              <dd className="font-semibold text-stone-900">{formatINR(toRupees(totalPaise - toPaise(storeCredit)))}</dd>
            </div>
          </>
        ) : null}
      </dl>
      <p className="mt-1 text-right text-xs text-stone-500">Inclusive of all taxes</p>
      {summary.savings + prepaidDiscount > 0 ? (
        <p className="mt-3 rounded-md bg-green-50 px-3 py-2 text-center text-sm font-semibold text-green-800">
          You save {formatINR(toRupees(toPaise(summary.savings) + toPaise(prepaidDiscount)))} on this order
        </p>
      ) : null}
      {children}
    </>
  );
}
