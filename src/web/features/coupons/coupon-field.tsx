/**
 * "Apply coupon" for the cart and checkout summaries: a code field with Apply, then the
 * applied code with what it did (the server's note: applied, or which discount saves more, or why
 * it cannot be used) and Remove. With `offers`, what it renders under the field (the cart's
 * "Offers" list, offers.tsx), handed this box's apply.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { CouponResult, Pricing } from '../../../core/api-types';
import { normalizeCouponCode } from '../../../core/coupons';
import type { LineItemInput } from '../../../core/schemas/checkout';
import { errorMessage } from '../../lib/api';
import { previewWithCoupon } from './api';

/** Props of CouponField. */
export interface CouponFieldProps {
  items: LineItemInput[];
  /** The applied code, or null. */
  applied: string | null;
  /** What the server said about the applied code on the latest pricing. */
  result: CouponResult | undefined;
  onApplied: (code: string, pricing: Pricing) => void;
  onRemove: () => void;
  /** Shown under the field while no coupon is applied: `apply` tries a code as typed, `busy` while one is checked. */
  offers?: (apply: (code: string) => void, busy: boolean) => ReactNode;
}

/** The coupon box. */
export function CouponField({ items, applied, result, onApplied, onRemove, offers }: CouponFieldProps) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async (raw: string) => {
    const code = normalizeCouponCode(raw);
    if (!code) {
      setError('Please enter a coupon code');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const pricing = await previewWithCoupon(items, code);
      if (pricing.coupon?.valid) {
        setTyped('');
        onApplied(code, pricing);
      } else {
        setError(pricing.coupon?.message ?? 'Invalid coupon code');
      }
    } catch (e) {
      setError(errorMessage(e, 'Could not check this coupon. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void apply(typed);
  };

  if (applied) {
    const tone = !result ? 'text-stone-600' : !result.valid ? 'text-red-700' : result.applied ? 'text-green-700' : 'text-amber-700';
    return (
      <div className="mb-5 rounded-md border border-stone-200 bg-white p-3" aria-live="polite">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm">
            <span className="text-stone-600">Coupon </span>
            <span className="font-mono font-semibold text-stone-900">{applied}</span>
          </p>
          <button
            type="button"
            onClick={onRemove}
            className="rounded px-2 py-1 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand"
          >
            Remove
          </button>
        </div>
        {result ? <p className={`mt-1 text-sm ${tone}`}>{result.message}</p> : null}
      </div>
    );
  }

  return (
    <div className="mb-5">
      <form onSubmit={onSubmit} noValidate className="flex gap-2" aria-label="Apply coupon">
        <label htmlFor="coupon-code" className="sr-only">
          Coupon code
        </label>
        <input
          id="coupon-code"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="Coupon code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'coupon-code-error' : undefined}
          className={`block h-10 w-0 min-w-0 flex-1 rounded-md border bg-white px-3 text-base uppercase text-stone-900 shadow-sm placeholder:normal-case placeholder:text-stone-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 sm:text-sm ${
            error ? 'border-red-400' : 'border-stone-300'
          }`}
        />
        <button
          type="submit"
          disabled={busy}
          className="h-10 shrink-0 rounded-md border border-stone-900 px-4 text-sm font-semibold text-stone-900 hover:bg-stone-900 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-50"
        >
          {busy ? 'Applying...' : 'Apply coupon'}
        </button>
      </form>
      {error ? (
        <p id="coupon-code-error" role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {offers?.((code) => void apply(code), busy)}
    </div>
  );
}
