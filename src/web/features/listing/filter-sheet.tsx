/**
 * The listing's filters on phones and tablets: a bottom sheet (a modal <dialog>: focus
 * stays inside, Escape and the backdrop close it, focus returns to the Filters button) with the
 * sizes, the colours and the price range. Nothing applies while choosing: the button counts what the chosen
 * filters would show ("Show 23 items"), from one count call a moment after the last change
 * (GET …/products/count), and applies them on a tap. Desktop keeps the sidebar that applies at once.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Size } from '../../../core/constants';
import type { ListingColour, ListingQuery } from '../../../core/listing';
import { Modal } from '../../components/ui/modal';
import { apiFetch } from '../../lib/api';
import { ColourChoices, PriceRange, SizeChoices } from './filter-fields';
import { listingSearch, readListingQuery } from './listing-url';

/** How long the count waits after the last change, ms. */
const COUNT_DELAY_MS = 300;

/** The listing query with the sheet's sizes, colours and prices in place of the current ones (page 1). */
function draftQuery(query: ListingQuery, sizes: Size[], colours: string[], minPrice: string, maxPrice: string): ListingQuery {
  const params = new URLSearchParams(
    listingSearch({ ...query, sizes: [], colours: [], minPrice: undefined, maxPrice: undefined, page: 1 }),
  );
  if (sizes.length > 0) params.set('sizes', sizes.join(','));
  if (colours.length > 0) params.set('colours', colours.join(','));
  params.set('minPrice', minPrice);
  params.set('maxPrice', maxPrice);
  return readListingQuery(params);
}

/** The count of products `search` (a canonical listing query string) matches; null until known. */
function useListingCount(countPath: string, search: string): number | null {
  const [result, setResult] = useState<{ search: string; count: number } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      apiFetch<{ count: number }>(`${countPath}${search}`, { signal: controller.signal })
        .then(({ count }) => setResult({ search, count }))
        .catch(() => undefined); // the button then says "Show results" and still applies
    }, COUNT_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [countPath, search]);
  return result && result.search === search ? result.count : null;
}

/** Props of FilterSheet. */
export interface FilterSheetProps {
  open: boolean;
  onClose: () => void;
  /** The listing as shown now. */
  query: ListingQuery;
  /** The colours the listing offers to filter by. */
  colours: ListingColour[];
  /** The count route of this listing: `/api/products/count` or `/api/categories/{id}/products/count`. */
  countPath: string;
  /** Applies the chosen filters (the listing navigates to them). */
  onApply: (query: ListingQuery) => void;
}

/** The bottom sheet; its fields start from the listing's filters each time it opens. */
export function FilterSheet({ open, onClose, query, colours, countPath, onApply }: FilterSheetProps) {
  const id = useId();
  return (
    <Modal
      open={open}
      onClose={onClose}
      labelledBy={`${id}-title`}
      className="mx-0! mb-0! mt-auto! max-h-[85dvh]! w-full! max-w-none! overflow-y-auto rounded-b-none! lg:hidden"
    >
      <SheetBody titleId={`${id}-title`} query={query} colours={colours} countPath={countPath} onApply={onApply} onClose={onClose} />
    </Modal>
  );
}

function SheetBody({
  titleId,
  query,
  colours,
  countPath,
  onApply,
  onClose,
}: {
  titleId: string;
  query: ListingQuery;
  colours: ListingColour[];
  countPath: string;
  onApply: (query: ListingQuery) => void;
  onClose: () => void;
}) {
  const [sizes, setSizes] = useState<Size[]>(query.sizes);
  const [chosenColours, setChosenColours] = useState<string[]>(query.colours);
  const [minPrice, setMinPrice] = useState(query.minPrice === undefined ? '' : String(query.minPrice));
  const [maxPrice, setMaxPrice] = useState(query.maxPrice === undefined ? '' : String(query.maxPrice));
  const draft = draftQuery(query, sizes, chosenColours, minPrice, maxPrice);
  const count = useListingCount(countPath, listingSearch(draft));
  const showLabel = count === null ? 'Show results' : `Show ${count} ${count === 1 ? 'item' : 'items'}`;

  const toggle = (size: Size) => setSizes((current) => (current.includes(size) ? current.filter((s) => s !== size) : [...current, size]));
  const toggleColour = (slug: string) =>
    setChosenColours((current) => (current.includes(slug) ? current.filter((c) => c !== slug) : [...current, slug]));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(draft);
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col">
      <div className="flex items-center justify-between border-b border-stone-200 px-5 py-4">
        <h2 id={titleId} className="font-display text-lg font-semibold text-stone-900">
          Filters
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close filters"
          className="-mr-2 inline-flex h-10 w-10 items-center justify-center rounded-md text-2xl leading-none text-stone-600 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="space-y-7 px-5 py-5">
        <SizeChoices selected={sizes} onToggle={toggle} touch />
        <ColourChoices colours={colours} selected={chosenColours} onToggle={toggleColour} touch />
        <PriceRange
          min={minPrice}
          max={maxPrice}
          onPriceChange={(which, value) => (which === 'min' ? setMinPrice(value) : setMaxPrice(value))}
          touch
        />
      </div>
      <div className="sticky bottom-0 flex gap-3 border-t border-stone-200 bg-white px-5 pb-[calc(1rem+env(safe-area-inset-bottom))] pt-4">
        <button
          type="button"
          onClick={() => {
            setSizes([]);
            setChosenColours([]);
            setMinPrice('');
            setMaxPrice('');
          }}
          className="inline-flex h-11 items-center justify-center rounded-md border border-stone-300 px-4 text-sm font-medium text-stone-800 hover:border-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          Clear
        </button>
        <button
          type="submit"
          className="inline-flex h-11 flex-1 items-center justify-center rounded-md bg-stone-900 px-4 text-sm font-semibold text-white hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          {showLabel}
        </button>
      </div>
      <p role="status" className="sr-only">
        {count === null ? '' : `${count} ${count === 1 ? 'item matches' : 'items match'}`}
      </p>
    </form>
  );
}
