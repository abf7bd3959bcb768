/**
 * "Refund to store credit" in the return request (docs/architecture.md#store-credit): offered when the
 * shop's settings say 'choice', with the bonus it adds (rounded down to the paisa, as the server does).
 */
import { formatINR, toRupees } from '../../../core/money';

/** ' Plus a ₹x bonus.' for a refund of `refundPaise` at `bonusPercent`; '' without a bonus. */
export function storeCreditBonusWords(refundPaise: number, bonusPercent: number): string {
  const bonus = bonusPercent > 0 ? Math.floor((refundPaise * bonusPercent) / 100) : 0;
  return bonus > 0 ? ` Plus a ${formatINR(toRupees(bonus))} bonus.` : '';
}

/** The checkbox: refund as store credit instead of the payment or a transfer. */
export function StoreCreditRefundChoice({
  bonusPercent,
  checked,
  onChange,
}: {
  bonusPercent: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 p-3 text-sm">
      <input type="checkbox" className="mt-0.5 h-4 w-4 accent-brand" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        <span className="font-medium text-stone-900">Refund to store credit</span>
        <span className="block text-xs text-stone-600">
          Spend it on your next order{bonusPercent > 0 ? `, with ${bonusPercent}% extra` : ''}. It is added as soon as we refund.
        </span>
      </span>
    </label>
  );
}
