/**
 * The listing's size, colour and price filters, shared by the sidebar (product-listing.tsx) and the phone
 * bottom sheet (filter-sheet.tsx). Each works two ways: uncontrolled inside the sidebar's GET form
 * (named fields, `defaultValue`s keyed by the URL's value so a new URL resets them, `onChange` to
 * apply at once; works before JavaScript), or controlled by the sheet's draft (`onToggle`,
 * `onPriceChange`; unnamed, applied only on "Show N items"). `touch` gives the sheet's 44 px targets.
 */
import { useId, type ChangeEvent, type CSSProperties, type ReactNode } from 'react';
import { SIZES, type Size } from '../../../core/constants';
import type { ListingColour } from '../../../core/listing';
import { swatchBackground } from '../../components/product/product-card';

const legendClass = 'text-sm font-semibold text-stone-900';

/** Props of SizeChoices: `onToggle` makes it controlled; otherwise fields named `sizes`. */
export interface SizeChoicesProps {
  /** The sizes chosen (the URL's in the sidebar, the draft's in the sheet). */
  selected: readonly Size[];
  /** Controlled: called with the size tapped. */
  onToggle?: (size: Size) => void;
  /** Uncontrolled: called after any box changes (the sidebar applies its form). */
  onChange?: () => void;
  touch?: boolean;
}

/** The "Size" fieldset: one check box per size, drawn as a toggle chip. */
export function SizeChoices({ selected, onToggle, onChange, touch = false }: SizeChoicesProps) {
  return (
    <fieldset>
      <legend className={legendClass}>Size</legend>
      <div className={`mt-3 grid grid-cols-3 gap-2 chips chips-size${touch ? ' chips-touch' : ''}`}>
        {SIZES.map((size) => (
          <ChoiceChip
            key={size}
            name="sizes"
            value={size}
            checked={selected.includes(size)}
            onToggle={onToggle && (() => onToggle(size))}
            onChange={onChange}
          >
            {size}
          </ChoiceChip>
        ))}
      </div>
    </fieldset>
  );
}

/** Props of ColourChoices: `onToggle` makes it controlled; otherwise fields named `colours`. */
export interface ColourChoicesProps {
  /** The colours the listing offers (catalog/service.ts listingColours). */
  colours: readonly ListingColour[];
  /** The slugs chosen (the URL's in the sidebar, the draft's in the sheet). */
  selected: readonly string[];
  /** Controlled: called with the slug tapped. */
  onToggle?: (slug: string) => void;
  /** Uncontrolled: called after any box changes (the sidebar applies its form). */
  onChange?: () => void;
  touch?: boolean;
}

/**
 * The "Colour" fieldset: one check box per colour the listing offers, drawn as a chip with its
 * swatch; a chosen colour the listing no longer offers stays, to be unchosen. Nothing when there is none.
 */
export function ColourChoices({ colours, selected, onToggle, onChange, touch = false }: ColourChoicesProps) {
  const offered = new Set(colours.map((c) => c.slug));
  const shown = [...colours, ...selected.filter((s) => !offered.has(s)).map((slug) => ({ slug, name: slug, swatch: '', count: 0 }))];
  if (shown.length === 0) return null;
  return (
    <fieldset>
      <legend className={legendClass}>Colour</legend>
      <div className={`mt-3 flex flex-wrap gap-2 chips chips-colour${touch ? ' chips-touch' : ''}`}>
        {shown.map(({ slug, name, swatch }) => (
          <ChoiceChip
            key={slug}
            name="colours"
            value={slug}
            checked={selected.includes(slug)}
            onToggle={onToggle && (() => onToggle(slug))}
            onChange={onChange}
            swatch={swatch}
          >
            {name}
          </ChoiceChip>
        ))}
      </div>
    </fieldset>
  );
}

/** Props of ChoiceChip. */
interface ChoiceChipProps {
  /** The field's name in the sidebar's GET form (`sizes`, `colours`). */
  name: string;
  value: string;
  checked: boolean;
  /** Controlled (the sheet's draft): called when tapped; the box is then unnamed. */
  onToggle?: () => void;
  /** Uncontrolled (the sidebar's form): called after the box changes. */
  onChange?: () => void;
  /**
   * A colour chip's swatch (ColourOption's): drawn before the text by `.chips-colour` from the chip's
   * `--swatch` (swatchBackground), one element fewer per colour of a listing.
   */
  swatch?: string;
  children: ReactNode;
}

/**
 * One filter choice: a visually hidden check box drawn as a toggle chip (dark when checked, outlined
 * on keyboard focus). Its look comes from the list around it (`.chips`, `.chips-size` or
 * `.chips-colour`, `.chips-touch` in the sheet: app.css), so a listing's thirty chips carry no class
 * of their own. Uncontrolled, it is keyed by `checked`, so a new URL resets it.
 */
function ChoiceChip({ name, value, checked, onToggle, onChange, swatch, children }: ChoiceChipProps) {
  const background = swatch === undefined ? undefined : swatchBackground(swatch);
  return (
    <label>
      {onToggle ? (
        <input type="checkbox" checked={checked} onChange={onToggle} />
      ) : (
        <input key={String(checked)} type="checkbox" name={name} value={value} defaultChecked={checked} onChange={onChange} />
      )}
      <span style={background ? ({ '--swatch': background } as CSSProperties) : undefined}>{children}</span>
    </label>
  );
}

/** Props of PriceRange: `onPriceChange` makes it controlled; otherwise fields named minPrice, maxPrice. */
export interface PriceRangeProps {
  /** Rupees as typed ('' for none). */
  min: string;
  max: string;
  /** Controlled: called with the field changed and its new text. */
  onPriceChange?: (field: 'min' | 'max', value: string) => void;
  touch?: boolean;
}

/** The "Price (₹)" fieldset: whole-rupee minimum and maximum. */
export function PriceRange({ min, max, onPriceChange, touch = false }: PriceRangeProps) {
  const minId = useId();
  const maxId = useId();
  // The listing's `.field` (app.css); the sheet's are taller, with the phone's text size throughout.
  const input = touch ? 'field h-11 sm:text-base' : 'field';
  const field = (id: string, which: 'min' | 'max', value: string) => (
    <div className="flex-1">
      <label htmlFor={id} className="mb-1 block text-xs text-stone-600">
        {which === 'min' ? 'Min price' : 'Max price'}
      </label>
      <input
        // Uncontrolled: keyed by the URL's value, so a new URL resets what was typed.
        key={onPriceChange ? which : value}
        id={id}
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        placeholder={which === 'min' ? '0' : 'Any'}
        className={input}
        {...(onPriceChange
          ? { value, onChange: (e: ChangeEvent<HTMLInputElement>) => onPriceChange(which, e.target.value) }
          : { name: which === 'min' ? 'minPrice' : 'maxPrice', defaultValue: value })}
      />
    </div>
  );
  return (
    <fieldset>
      <legend className={legendClass}>Price (₹)</legend>
      <div className="mt-3 flex items-end gap-2">
        {field(minId, 'min', min)}
        <span className={`${touch ? 'pb-3' : 'pb-2.5'} text-stone-400`} aria-hidden="true">
          –
        </span>
        {field(maxId, 'max', max)}
      </div>
    </fieldset>
  );
}
