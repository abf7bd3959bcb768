/**
 * The product page's colour swatches (a radio group like the size picker) and the size row shown
 * while a product with several colours has none chosen yet. Lives with the product page only: the
 * wishlist's dialog names colours in words, so this stays out of the code every page loads.
 */
import type { ColourOption } from '../../../core/colours';
import { swatchStyle } from '../../components/product/product-card';

/** Props of ColourPicker. */
export interface ColourPickerProps {
  colours: ColourOption[];
  /** The chosen colour's name, or null. */
  selected: string | null;
  /** Whether each colour has no size in stock (marked, still choosable so its pictures can be seen). */
  soldOut: (name: string) => boolean;
  onSelect: (name: string) => void;
  /** True while the shopper tried to buy without a colour. */
  invalid?: boolean;
}

/**
 * Round swatches in the product's colour order: a CSS colour or a small picture. The chosen one is
 * ringed; a sold-out one is struck through and named "Maroon (sold out)".
 */
export function ColourPicker({ colours, selected, soldOut, onSelect, invalid }: ColourPickerProps) {
  return (
    <div role="radiogroup" aria-label="Colour" aria-invalid={invalid || undefined} className="flex flex-wrap gap-3">
      {colours.map((c) => {
        const chosen = c.name === selected;
        const out = soldOut(c.name);
        return (
          <button
            key={c.name}
            type="button"
            role="radio"
            aria-checked={chosen}
            aria-label={out ? `${c.name} (sold out)` : c.name}
            title={out ? `${c.name} (sold out)` : c.name}
            onClick={() => onSelect(c.name)}
            className={`relative h-11 w-11 rounded-full p-1 transition-shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
              chosen ? 'ring-2 ring-stone-900' : 'ring-1 ring-stone-300 hover:ring-stone-500'
            }`}
          >
            <span
              aria-hidden="true"
              className={`block h-full w-full rounded-full border border-black/10 bg-cover bg-center ${out ? 'opacity-40' : ''}`}
              style={swatchStyle(c.swatch)}
            />
            {out ? (
              <span
                aria-hidden="true"
                className="absolute left-1/2 top-1/2 h-0.5 w-[120%] -translate-x-1/2 -translate-y-1/2 -rotate-45 bg-stone-500"
              />
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

/**
 * The sizes of a product with several colours before one is chosen: shown, not choosable, with the
 * hint (`hintId`) saying to choose a colour first.
 */
export function SizesAwaitingColour({ sizes, hintId }: { sizes: string[]; hintId: string }) {
  return (
    <div role="radiogroup" aria-label="Size" aria-describedby={hintId} className="flex flex-wrap gap-2">
      {sizes.map((size) => (
        <button
          key={size}
          type="button"
          role="radio"
          aria-checked={false}
          disabled
          className="h-11 min-w-12 cursor-not-allowed rounded-md border border-dashed border-stone-300 bg-white px-3 text-sm font-semibold text-stone-400 sm:min-w-14 sm:px-4"
        >
          {size}
        </button>
      ))}
    </div>
  );
}
