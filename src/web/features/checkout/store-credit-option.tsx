/**
 * "Use store credit (₹x available)" on the checkout (docs/architecture.md#store-credit): shown when
 * the shopper has a balance; how much it pays follows `creditToSpend` (src/core/store-credit.ts),
 * which the server applies again when the order is placed.
 */
import { useState } from 'react';
import { formatINR, toPaise, toRupees } from '../../../core/money';
import { creditToSpend } from '../../../core/store-credit';
import { useStoreCreditAccount } from '../store-credit/api';

/**
 * The store credit option for an order whose goods cost `goodsRupees` (the grand total without a COD
 * fee) and `totalRupees` paid `method` (with the fee for COD): the balance (rupees, 0 until loaded),
 * whether the shopper chose to use it, how much it pays (rupees), what is left to pay, and whether it
 * pays everything (then no COD fee applies: the order is paid with store credit alone).
 */
export function useStoreCreditOption(goodsRupees: number | null, totalRupees: number | null, method: 'razorpay' | 'cod') {
  const balance = useStoreCreditAccount().data?.balance ?? 0;
  const [use, setUse] = useState(false);
  const goodsPaise = goodsRupees === null ? 0 : toPaise(goodsRupees);
  const coversAll = use && goodsPaise > 0 && toPaise(balance) >= goodsPaise;
  const totalPaise = coversAll ? goodsPaise : totalRupees === null ? 0 : toPaise(totalRupees);
  const spendPaise = use ? creditToSpend(toPaise(balance), totalPaise, method) : 0;
  return { balance, use: use && balance > 0, setUse, spend: toRupees(spendPaise), rest: toRupees(totalPaise - spendPaise), coversAll };
}

/** The pay button's words with store credit in use; null when it is not. */
export function storeCreditPayLabel(option: StoreCreditOption, cod: boolean): string | null {
  if (!option.use) return null;
  if (option.coversAll) return 'Pay with store credit';
  return cod ? `Place order · ${formatINR(option.rest)} in cash` : `Pay ${formatINR(option.rest)}`;
}

export type StoreCreditOption = ReturnType<typeof useStoreCreditOption>;

/** The checkbox, with what it pays once ticked; nothing without a balance. */
export function StoreCreditChoice({ option }: { option: StoreCreditOption }) {
  if (option.balance <= 0) return null;
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 bg-white p-4">
      <input type="checkbox" className="mt-1 size-4 accent-brand" checked={option.use} onChange={(e) => option.setUse(e.target.checked)} />
      <span>
        <span className="font-semibold text-stone-900">Use store credit ({formatINR(option.balance)} available)</span>
        {option.use ? (
          <span className="mt-1 block text-sm text-stone-600">
            {option.coversAll
              ? `Your store credit pays the whole order (${formatINR(option.spend)}).`
              : `${formatINR(option.spend)} from store credit; ${formatINR(option.rest)} left to pay.`}
          </span>
        ) : null}
      </span>
    </label>
  );
}
