/**
 * Size buttons in XS..XXL order; sold-out or inactive sizes are shown but disabled.
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
}: {
  variants: Variant[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  invalid?: boolean;
}) {
  return (
    <div role="radiogroup" aria-label="Size" aria-invalid={invalid || undefined} className="flex flex-wrap gap-2">
      {variants.map((v) => {
        const buyable = isBuyable(v);
        const selected = v._id === selectedId;
        return (
          <button
            key={v._id}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-label={buyable ? v.size : `${v.size} (sold out)`}
            disabled={!buyable}
            onClick={() => onSelect(v._id)}
            className={`relative h-11 min-w-12 rounded-md border px-3 text-sm sm:min-w-14 sm:px-4 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
              selected
                ? 'border-stone-900 bg-stone-900 text-white'
                : buyable
                  ? 'border-stone-300 bg-white text-stone-900 hover:border-stone-900'
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
