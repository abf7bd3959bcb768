/**
 * Listing parameters for /products, category pages and their API (search, sort, filter,
 * pagination kept in the URL). Unknown or bad values fall back to defaults instead of failing, so
 * a hand-edited URL still shows a page. Plain TypeScript, no zod: the browser reads listing URLs
 * with the same parser the API validates with (core/schemas/listing.ts).
 */
import { colourSlug } from './colours';
import { SIZES, type Size } from './constants';

export const SORTS = ['relevance', 'newest', 'price-asc', 'price-desc', 'bestsellers'] as const;
export type ProductSort = (typeof SORTS)[number];
export const SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Relevance',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  bestsellers: 'Bestsellers',
};
export const PAGE_SIZE = 24;

/**
 * The order a listing has when none is chosen: by relevance to the search words, newest
 * first without a search. 'relevance' without a search means newest.
 */
export const defaultSort = (q: string | undefined): ProductSort => (q ? 'relevance' : 'newest');

/** Most colours one listing filter names (more are dropped). */
export const MAX_FILTER_COLOURS = 12;

/** A listing view: search, sort, sizes, colours, price range and page, defaults filled in. */
export interface ListingQuery {
  q?: string;
  sort: ProductSort;
  sizes: Size[];
  /**
   * Colours in their address form (core/colours.ts colourSlug: "bottle-green"): products with an
   * active, in-stock variant of one of them. Empty: any colour.
   */
  colours: string[];
  minPrice?: number;
  maxPrice?: number;
  page: number;
  limit: number;
}

/** One colour a listing offers to filter by (catalog/service.ts listingColours). */
export interface ListingColour {
  /** The address form the filter carries (`colours=maroon`): core/colours.ts colourSlug. */
  slug: string;
  /** As a product names it ("Maroon"). */
  name: string;
  /** A CSS colour (`#800000`) or a small picture's address, as the product gives it; '' when none does. */
  swatch: string;
  /** How many products of the listing, its colour filter aside, come in it. */
  count: number;
}

/** The number a query-string value spells (as `Number` reads it), when finite and `ok`. */
function numberParam(value: unknown, ok: (n: number) => boolean): number | undefined {
  if (typeof value !== 'string') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && ok(n) ? n : undefined;
}

const isPrice = (n: number) => n >= 0 && n <= 10_000_000;

/** The distinct colour slugs of a comma-separated list, as parseListingQuery keeps them. */
function colourList(value: string): string[] {
  const slugs = value
    .split(',')
    .map(colourSlug)
    .filter((s) => s.length > 0 && s.length <= 40);
  // In alphabetical order: one query (and one cache key) whatever order the URL names them in.
  return [...new Set(slugs)].slice(0, MAX_FILTER_COLOURS).sort();
}

/**
 * Reads listing parameters from query-string fields (a URL's, or the API's parsed query string).
 * A field that is missing, not a single string or out of range gets its default: q trimmed and at
 * most 100 characters (empty is none); sort by relevance with a search, else newest; sizes comma-separated, unknown ones dropped;
 * colours comma-separated, each in its address form (colourSlug), repeats and empties dropped, at
 * most MAX_FILTER_COLOURS of at most 40 characters, sorted; page 1 to 10,000; limit 1 to 100.
 */
export function parseListingQuery(fields: Record<string, unknown>): ListingQuery {
  const { q, sort, sizes, colours, minPrice, maxPrice, page, limit } = fields;
  const trimmed = typeof q === 'string' ? q.trim() : undefined;
  const search = trimmed !== undefined && trimmed.length > 0 && trimmed.length <= 100 ? trimmed : undefined;
  const chosen = SORTS.find((s) => s === sort);
  return {
    q: search,
    sort: chosen === undefined || (chosen === 'relevance' && !search) ? defaultSort(search) : chosen,
    sizes: typeof sizes === 'string' && sizes ? sizes.split(',').filter((s): s is Size => (SIZES as readonly string[]).includes(s)) : [],
    colours: typeof colours === 'string' ? colourList(colours) : [],
    minPrice: numberParam(minPrice, isPrice),
    maxPrice: numberParam(maxPrice, isPrice),
    page: numberParam(page, (n) => Number.isInteger(n) && n >= 1 && n <= 10_000) ?? 1,
    limit: numberParam(limit, (n) => Number.isInteger(n) && n >= 1 && n <= 100) ?? PAGE_SIZE,
  };
}
