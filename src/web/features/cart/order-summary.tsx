/**
 * The totals box shared by cart and checkout: total MRP, discount on MRP, the automatic or coupon
 * discount, free shipping, COD fee, tax, grand total and "You save". Every figure is the
 * server's (its pricing preview or cart answer, computed in paise); nothing is priced here but the
 * COD fee added to the total.
 */
import type { ReactNode } from 'react';
import type { PricingSummary } from '../../../core/api-types';
import { DISCOUNT_LABELS } from '../../../core/constants';
import { formatINR, toPaise, toRupees } from '../../../core/money';

/**
 * Label/value rows of a priced summary, then `children` (buttons) under the total. `codFee` (rupees)
 * is the Cash on Delivery fee when the shopper chose COD: a row of its own, added to the total.
 */
export function SummaryRows({ summary, codFee = 0, children }: { summary: PricingSummary; codFee?: number; children?: ReactNode }) {
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
        <div className="flex justify-between gap-4">
          <dt className="text-stone-600">Shipping</dt>
          <dd className="font-semibold text-green-700">FREE</dd>
        </div>
        {codFee > 0 ? (
          <div className="flex justify-between gap-4">
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
          <dd className="font-semibold text-stone-900">{formatINR(toRupees(toPaise(summary.grandTotal) + toPaise(codFee)))}</dd>
        </div>
      </dl>
      <p className="mt-1 text-right text-xs text-stone-500">Inclusive of all taxes</p>
      {summary.savings > 0 ? (
        <p className="mt-3 rounded-md bg-green-50 px-3 py-2 text-center text-sm font-semibold text-green-800">
          You save {formatINR(summary.savings)} on this order
        </p>
      ) : null}
      {children}
    </>
  );
}
