/**
 * Size buttons in XS..XXL order; sold-out or inactive sizes are shown but disabled, except that with
 * `soldOutSelectable` a sold-out size (on sale, none in stock) can be chosen, to ask to be told when
 * it is back (docs/architecture.md#back-in-stock).
 */
import type { Variant } from '../../../core/api-types';

/** Whether a variant can be bought now. */
export function isBuyable(v: Variant): boolean {
  return v.isActive && v.stockQty > 0;
}

/** A radio-like group of size buttons. */
export function SizePicker({
  variants,
  selectedId,
  onSelect,
  invalid,
  soldOutSelectable = false,
}: {
  variants: Variant[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  invalid?: boolean;
  soldOutSelectable?: boolean;
}) {
  return (
    <div role="radiogroup" aria-label="Size" aria-invalid={invalid || undefined} className="flex flex-wrap gap-2">
      {variants.map((v) => {
        const buyable = isBuyable(v);
        const choosable = buyable || (soldOutSelectable && v.isActive);
        const selected = v._id === selectedId;
        return (
          <button
            key={v._id}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-label={buyable ? v.size : `${v.size} (sold out)`}
            disabled={!choosable}
            onClick={() => onSelect(v._id)}
            className={`relative h-11 min-w-12 rounded-md border px-3 text-sm sm:min-w-14 sm:px-4 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
              selected
                ? `border-stone-900 bg-stone-900 text-white ${buyable ? '' : 'line-through'}`
                : buyable
                  ? 'border-stone-300 bg-white text-stone-900 hover:border-stone-900'
                  : choosable
                    ? 'border-dashed border-stone-300 bg-stone-50 text-stone-500 line-through hover:border-stone-900'
                    : 'cursor-not-allowed border-stone-200 bg-stone-50 text-stone-400 line-through'
            }`}
          >
            {v.size}
          </button>
        );
      })}
    </div>
  );
}
