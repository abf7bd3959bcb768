/**
 * The cart's "Offers" list: the current public coupons, each one tap to apply once the
 * cart reaches its minimum order; below the minimum the row says how much more unlocks it instead
 * (the coupon rule's subtotal, src/core/coupons.ts checkCoupon, before any discount). Its own module
 * so the checkout page, which lists no offers, does not load it.
 */
import { formatINR, toPaise, toRupees } from '../../../core/money';
import { usePublicCoupons } from './api';

/** Props of CouponOffers. */
export interface CouponOffersProps {
  /** The cart's subtotal in rupees, as the coupon rule counts it (summary.subTotal). */
  subTotal: number;
  onUse: (code: string) => void;
  busy: boolean;
}

/** The offers box, or nothing when there are no offers (or they failed to load). */
export function CouponOffers({ subTotal, onUse, busy }: CouponOffersProps) {
  const offers = usePublicCoupons();
  if (!offers.data || offers.data.length === 0) return null;
  const subTotalPaise = toPaise(subTotal);
  return (
    <div className="mt-3 rounded-md border border-dashed border-stone-300 bg-white p-3">
      <p id="coupon-offers" className="text-xs font-semibold uppercase tracking-wide text-stone-500">
        Offers
      </p>
      <ul aria-labelledby="coupon-offers" className="mt-2 space-y-2">
        {offers.data.map((offer) => {
          const shortPaise = toPaise(offer.minSubtotal) - subTotalPaise;
          return (
            <li key={offer.code} className="flex items-center justify-between gap-3 text-sm">
              <span className="min-w-0">
                <span className="font-mono font-semibold text-stone-900">{offer.code}</span>
                <span className="block text-xs text-stone-600">{offer.description}</span>
              </span>
              {shortPaise > 0 ? (
                <span className="shrink-0 text-right text-xs font-medium text-stone-600">
                  Add {formatINR(toRupees(shortPaise))} more to unlock
                </span>
              ) : (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => onUse(offer.code)}
                  aria-label={`Apply ${offer.code}`}
                  className="shrink-0 rounded px-2 py-1 text-xs font-semibold text-brand hover:bg-rose-50 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50"
                >
                  Apply
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
