/**
 * The product listing shared by /products and category pages: heading and count, search within
 * the listing, sort, size, colour and price filters, removable filter chips, the grid and page links.
 * Everything is a GET form or a plain link, so it works before JavaScript loads; with JavaScript,
 * changes apply at once and land on the canonical URL. Below `lg` the filters open as a bottom
 * sheet that counts before applying (filter-sheet.tsx).
 */
import { lazy, Suspense, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Form, Link, useLocation, useNavigate, useNavigation } from 'react-router';
import { defaultSort, SORT_LABELS, SORTS, type ListingColour, type ListingQuery } from '../../../core/listing';
import { colourSlug } from '../../../core/colours';
import { Container, PageHeading } from '../../components/layout/page';
import type { Product } from '../../../core/api-types';
import {
  packCards,
  ProductGrid,
  toListingCards,
  unpackCards,
  type PackedCards,
  type ProductCardData,
} from '../../components/product/product-card';
import { ColourChoices, PriceRange, SizeChoices } from './filter-fields';
import { activeFilters, clearedQuery, hasFilters, listingSearch, readListingQuery } from './listing-url';

// The phone filter sheet's code loads when it is first opened (the listing's first load stays lean).
const FilterSheet = lazy(() => import('./filter-sheet').then((m) => ({ default: m.FilterSheet })));

/** A breadcrumb step: name and link (the last one is the page itself). */
export interface Crumb {
  name: string;
  path: string;
}

/** What a listing route hands to the view. */
export interface ListingProps {
  title: string;
  crumbs: Crumb[];
  query: ListingQuery;
  products: ProductCardData[];
  total: number;
  totalPages: number;
  /** A category page's display name, kept in every link. */
  name?: string | null;
  /** Shown when nothing matches. */
  empty: ReactNode;
  /** This listing's count route, for the phone filter sheet's "Show N items". */
  countPath: string;
  /** The colours the listing offers to filter by (its colour filter aside). */
  colours: ListingColour[];
}

/**
 * The listing's colours as its loader sends them: tuples rather than objects, as the cards
 * (product-card.tsx PackedCards), for the page's loader data carries every object key once per colour;
 * without the slug, which is the name's (core/colours.ts colourSlug: the server groups colours by it).
 */
export type PackedColours = [name: string, swatch: string, count: number][];

/** A listing page's cards and colour choices as its loader sends them (packListing). */
export interface PackedListing {
  products: PackedCards;
  colours: PackedColours;
}

/**
 * Packs a listing page's `products` (as cards, each opening on the colour of `chosen` it was found
 * by) and its colour choices for the page's loader data; useListingData unpacks them.
 */
export const packListing = (products: readonly Product[], colours: readonly ListingColour[], chosen: readonly string[]): PackedListing => ({
  products: packCards(toListingCards(products, chosen)),
  colours: colours.map(({ name, swatch, count }) => [name, swatch, count]),
});

/** The cards and colour choices packListing packed, as they were (kept while the loader data is). */
export function useListingData({ products, colours }: PackedListing): { products: ProductCardData[]; colours: ListingColour[] } {
  return {
    products: useMemo(() => unpackCards(products), [products]),
    colours: useMemo(() => colours.map(([name, swatch, count]) => ({ slug: colourSlug(name), name, swatch, count })), [colours]),
  };
}

// The search and sort fields' look, and the page links', are `.field` and `.page-cell` in app.css.

function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm text-stone-500">
      <ol className="flex flex-wrap items-center gap-1.5">
        {crumbs.map((c, i) => (
          <li key={c.path} className="flex items-center gap-1.5">
            {i > 0 ? <span aria-hidden="true">/</span> : null}
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="text-stone-800">
                {c.name}
              </span>
            ) : (
              <Link to={c.path} className="hover:text-stone-900 hover:underline">
                {c.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Page links: previous, numbers (with gaps), next; every one a real link to ?page=N. */
function Pagination({ query, totalPages, name }: { query: ListingQuery; totalPages: number; name?: string | null }) {
  const { pathname } = useLocation();
  if (totalPages <= 1) return null;
  const href = (page: number) => `${pathname}${listingSearch({ ...query, page }, { name })}`;
  const pages = Array.from({ length: totalPages }, (_, i) => i + 1).filter(
    (p) => p === 1 || p === totalPages || Math.abs(p - query.page) <= 1,
  );
  return (
    <nav aria-label="Pagination" className="mt-12 flex flex-wrap items-center justify-center gap-1.5">
      {query.page > 1 ? (
        <Link to={href(query.page - 1)} className="page-cell" rel="prev">
          ← Previous
        </Link>
      ) : null}
      {pages.map((p, i) => (
        <span key={p} className="flex items-center gap-1.5">
          {i > 0 && p - pages[i - 1] > 1 ? (
            <span className="px-1 text-stone-400" aria-hidden="true">
              …
            </span>
          ) : null}
          {p === query.page ? (
            <span aria-current="page" className="page-cell">
              <span className="sr-only">Page </span>
              {p}
            </span>
          ) : (
            <Link to={href(p)} className="page-cell">
              <span className="sr-only">Page </span>
              {p}
            </Link>
          )}
        </span>
      ))}
      {query.page < totalPages ? (
        <Link to={href(query.page + 1)} className="page-cell" rel="next">
          Next →
        </Link>
      ) : null}
    </nav>
  );
}

/** Sizes, colours and price range, inside the listing's form. */
function Filters({ query, colours, onChange }: { query: ListingQuery; colours: ListingColour[]; onChange: () => void }) {
  return (
    <div className="space-y-7">
      <SizeChoices selected={query.sizes} onChange={onChange} />
      <ColourChoices colours={colours} selected={query.colours} onChange={onChange} />
      <PriceRange min={String(query.minPrice ?? '')} max={String(query.maxPrice ?? '')} />
      <button type="submit" className="filters-apply">
        Apply filters
      </button>
    </div>
  );
}

/** The whole listing page body. */
export function ProductListing({ title, crumbs, query, products, total, totalPages, name, empty, countPath, colours }: ListingProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [sheetOpen, setSheetOpen] = useState(false);
  // Mounted from the first opening on, so closing it returns focus like any dialog.
  const [sheetUsed, setSheetUsed] = useState(false);
  const searchId = useId();
  const sortId = useId();
  const formId = useId();
  const chips = activeFilters(query, new Map(colours.map((c) => [c.slug, c.name])));
  const filtered = hasFilters(query);
  const chosen =
    query.sizes.length + query.colours.length + (query.minPrice !== undefined ? 1 : 0) + (query.maxPrice !== undefined ? 1 : 0);
  const busy = navigation.state === 'loading' && navigation.location?.pathname === pathname;

  /** Applies the form to the URL: canonical spelling, back to page 1, scroll kept. */
  const apply = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === 'string') params.append(key, value);
    params.delete('page');
    // The order shown but never chosen follows the search: a new search sorts by relevance.
    if (params.get('sort') === defaultSort(query.q)) params.delete('sort');
    void navigate(`${pathname}${listingSearch(readListingQuery(params), { name })}`, { preventScrollReset: true });
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    apply(e.currentTarget);
  };
  const applySheet = (next: ListingQuery) => {
    setSheetOpen(false);
    void navigate(`${pathname}${listingSearch(next, { name })}`, { preventScrollReset: true });
  };
  const onChange = () => {
    const form = document.getElementById(formId);
    if (form instanceof HTMLFormElement) apply(form);
  };

  const countText = `${total} ${total === 1 ? 'product' : 'products'}`;

  return (
    <Container className="py-8 sm:py-12">
      <Breadcrumbs crumbs={crumbs} />
      <PageHeading
        title={title}
        subtitle={query.q ? `Results for “${query.q}”` : undefined}
        aside={<span aria-live="polite">{countText}</span>}
      />
      {/* Each field is keyed by its own value in the URL: a new URL resets the fields it changes
          (a removed chip, Back) and leaves alone one the shopper is typing into meanwhile. */}
      <Form
        id={formId}
        method="get"
        action={pathname}
        onSubmit={onSubmit}
        className="grid gap-x-10 pt-6 lg:grid-cols-[15rem_1fr] lg:grid-rows-[auto_1fr]"
      >
        {name ? <input type="hidden" name="name" value={name} /> : null}
        <div className="col-span-full mb-6 flex flex-wrap items-end gap-3 lg:col-start-2 lg:row-start-1">
          <div className="min-w-0 flex-[1_1_16rem]">
            <label htmlFor={searchId} className="mb-1 block text-xs font-medium text-stone-600">
              Search in {title}
            </label>
            <input
              key={query.q ?? ''}
              id={searchId}
              type="search"
              name="q"
              maxLength={100}
              defaultValue={query.q ?? ''}
              placeholder="Search by name, fabric, colour…"
              enterKeyHint="search"
              className="field"
            />
          </div>
          <div className="flex-[0_1_13rem]">
            <label htmlFor={sortId} className="mb-1 block text-xs font-medium text-stone-600">
              Sort by
            </label>
            <select key={query.sort} id={sortId} name="sort" defaultValue={query.sort} onChange={onChange} className="field">
              {SORTS.filter((s) => s !== 'relevance' || query.q).map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          {/* Before JavaScript a link that shows the filters in place (:target); then the bottom sheet. */}
          <a
            href="#filters"
            onClick={(e) => {
              e.preventDefault();
              setSheetUsed(true);
              setSheetOpen(true);
            }}
            aria-haspopup="dialog"
            className="filters-open"
          >
            Filters
            {chosen > 0 ? <span className="rounded-full bg-brand px-1.5 text-xs font-semibold text-white">{chosen}</span> : null}
          </a>
          <button type="submit" className="sr-only focus:not-sr-only focus:rounded-md focus:px-3 focus:py-2">
            Search
          </button>
        </div>

        <aside id="filters" aria-label="Filters" className="filters-aside">
          <Filters query={query} colours={colours} onChange={onChange} />
        </aside>

        <div className="min-w-0 lg:col-start-2 lg:row-start-2" aria-busy={busy || undefined}>
          {chips.length > 0 ? (
            <ul className="mb-6 flex flex-wrap items-center gap-2" aria-label="Active filters">
              {chips.map((chip) => (
                <li key={chip.label}>
                  <Link
                    to={`${pathname}${listingSearch(chip.without, { name })}`}
                    preventScrollReset
                    className="inline-flex h-8 items-center gap-1.5 rounded-full bg-stone-100 px-3 text-sm text-stone-800 hover:bg-stone-200 focus-visible:outline-2 focus-visible:outline-brand"
                  >
                    {/* Named by its text, "Remove filter" first for screen readers: the name holds what it shows. */}
                    <span className="sr-only">Remove filter </span>
                    {chip.label}
                    <span aria-hidden="true">×</span>
                  </Link>
                </li>
              ))}
              <li>
                <Link
                  to={`${pathname}${listingSearch(clearedQuery(query), { name })}`}
                  preventScrollReset
                  className="text-sm font-medium text-brand underline-offset-4 hover:underline"
                >
                  Clear all
                </Link>
              </li>
            </ul>
          ) : null}
          {products.length === 0 ? (
            <div>
              {empty}
              {filtered ? (
                <p className="-mt-8 pb-12 text-center text-sm text-stone-600">
                  Nothing matches these filters.{' '}
                  <Link
                    to={`${pathname}${listingSearch(clearedQuery(query), { name })}`}
                    className="font-semibold text-brand underline-offset-4 hover:underline"
                  >
                    Clear filters
                  </Link>
                </p>
              ) : null}
            </div>
          ) : (
            <div className={busy ? 'opacity-60 transition-opacity' : undefined}>
              {/* The cards' titles are h3: this keeps the heading levels in order for screen readers. */}
              <h2 className="sr-only">Results</h2>
              <Suspense>
                <ProductGrid products={products} columns={4} />
              </Suspense>
              <Pagination query={query} totalPages={totalPages} name={name} />
            </div>
          )}
        </div>
      </Form>
      {sheetUsed ? (
        <Suspense fallback={null}>
          <FilterSheet
            open={sheetOpen}
            onClose={() => setSheetOpen(false)}
            query={query}
            colours={colours}
            countPath={countPath}
            onApply={applySheet}
          />
        </Suspense>
      ) : null}
    </Container>
  );
}
