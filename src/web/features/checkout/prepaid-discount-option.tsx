/**
 * The prepaid discount on the checkout (docs/architecture.md#prepaid-discount): "Pay online and save
 * ₹60" beside the online option and "+₹49 COD fee" beside Cash on Delivery, worked out with the
 * server's rule (src/core/prepaid-discount.ts) from the shop's public settings; the server prices the
 * order again with the same rule when it is placed.
 */
import type { PricingSummary } from '../../../core/api-types';
import { formatINR, toPaise, toRupees } from '../../../core/money';
import { prepaidDiscountPaise } from '../../../core/prepaid-discount';
import { usePublicSettings } from './api';

/**
 * The prepaid discount for the summary's goods (rupees; 0 while the settings load or when off) and
 * what paying online then costs (rupees, before store credit; null without a summary).
 */
export function usePrepaidDiscount(summary: PricingSummary | null) {
  const rule = usePublicSettings().data?.prepaidDiscount;
  const goodsPaise = summary ? toPaise(summary.grandTotal) : 0;
  const discountPaise = rule ? prepaidDiscountPaise(rule, goodsPaise, 'razorpay') : 0;
  return { discount: toRupees(discountPaise), onlineTotal: summary ? toRupees(goodsPaise - discountPaise) : null };
}

export type PrepaidDiscount = ReturnType<typeof usePrepaidDiscount>;

/** The note beside a payment method: the saving of paying online (green) or the COD fee; nothing when 0. */
export function MethodPriceNote({ kind, amount }: { kind: 'saving' | 'fee'; amount: number }) {
  if (amount <= 0) return null;
  return kind === 'saving' ? (
    <span data-testid="prepaid-saving" className="mt-2 inline-block rounded-md bg-green-50 px-2 py-1 text-sm font-semibold text-green-800">
      Pay online and save {formatINR(amount)}
    </span>
  ) : (
    <span data-testid="cod-fee-note" className="mt-2 inline-block rounded-md bg-stone-100 px-2 py-1 text-sm font-medium text-stone-700">
      +{formatINR(amount)} COD fee
    </span>
  );
}
