/**
 * Listing URLs: the search, sort, size, colour, price and page of /products and category pages
 * live in the query string, in one canonical spelling so that every view has one shareable URL.
 */
import { SIZES } from '../../../core/constants';
import { defaultSort, PAGE_SIZE, parseListingQuery, type ListingQuery } from '../../../core/listing';

/** The fields a plain HTML form's check boxes repeat: each may come many times or comma-separated. */
const LIST_FIELDS = ['sizes', 'colours'];

/**
 * Reads listing parameters, accepting sizes and colours as repeated fields (a plain HTML form's
 * checkboxes) or one comma-separated value, and ignoring empty fields.
 */
export function readListingQuery(params: URLSearchParams): ListingQuery {
  const flat = new URLSearchParams();
  for (const [key, value] of params) {
    if (!LIST_FIELDS.includes(key) && value.trim() !== '') flat.set(key, value);
  }
  const list = (key: string) =>
    params
      .getAll(key)
      .flatMap((v) => v.split(','))
      .map((s) => s.trim())
      .filter(Boolean);
  const sizes = list('sizes').map((s) => s.toUpperCase());
  if (sizes.length > 0) flat.set('sizes', sizes.join(','));
  const colours = list('colours');
  if (colours.length > 0) flat.set('colours', colours.join(','));
  return parseListingQuery(Object.fromEntries(flat));
}

const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+').replace(/%2C/gi, ',');

/**
 * The canonical query string ('' or '?...') of a listing view: defaults left out (the sort's
 * depends on the search, core/listing.ts defaultSort), sizes in size order, colours in alphabetical
 * order, a category page's display `name` first.
 */
export function listingSearch(query: ListingQuery, opts: { name?: string | null } = {}): string {
  const pairs: [string, string][] = [];
  if (opts.name) pairs.push(['name', opts.name]);
  if (query.q) pairs.push(['q', query.q]);
  if (query.sort !== defaultSort(query.q)) pairs.push(['sort', query.sort]);
  const sizes = SIZES.filter((s) => query.sizes.includes(s));
  if (sizes.length > 0) pairs.push(['sizes', sizes.join(',')]);
  if (query.colours.length > 0) pairs.push(['colours', [...query.colours].sort().join(',')]);
  if (query.minPrice !== undefined) pairs.push(['minPrice', String(query.minPrice)]);
  if (query.maxPrice !== undefined) pairs.push(['maxPrice', String(query.maxPrice)]);
  if (query.limit !== PAGE_SIZE) pairs.push(['limit', String(query.limit)]);
  if (query.page > 1) pairs.push(['page', String(query.page)]);
  return pairs.length ? `?${pairs.map(([k, v]) => `${k}=${encode(v)}`).join('&')}` : '';
}

/** Whether two query strings hold the same fields and values in the same order (spelling aside). */
export function sameSearch(a: string, b: string): boolean {
  const left = [...new URLSearchParams(a)];
  const right = [...new URLSearchParams(b)];
  return left.length === right.length && left.every(([k, v], i) => right[i]?.[0] === k && right[i]?.[1] === v);
}

/** Whether the shopper narrowed the listing (search, sizes, colours or price). */
export function hasFilters(query: ListingQuery): boolean {
  return (
    Boolean(query.q) || query.sizes.length > 0 || query.colours.length > 0 || query.minPrice !== undefined || query.maxPrice !== undefined
  );
}

/** One removable filter chip: its label and the query without it. */
export interface ActiveFilter {
  label: string;
  without: ListingQuery;
}

/**
 * The filters in effect, each with the query that removes it (back to page 1). A colour chip shows
 * the colour's name from `colourNames` (slug → name, the listing's colours), else its slug.
 */
export function activeFilters(query: ListingQuery, colourNames: ReadonlyMap<string, string> = new Map()): ActiveFilter[] {
  const base = { ...query, page: 1 };
  const chips: ActiveFilter[] = [];
  if (query.q) chips.push({ label: `“${query.q}”`, without: withoutSearch(base) });
  for (const size of SIZES.filter((s) => query.sizes.includes(s))) {
    chips.push({ label: `Size ${size}`, without: { ...base, sizes: query.sizes.filter((s) => s !== size) } });
  }
  for (const colour of [...query.colours].sort()) {
    chips.push({ label: colourNames.get(colour) ?? colour, without: { ...base, colours: query.colours.filter((c) => c !== colour) } });
  }
  if (query.minPrice !== undefined) chips.push({ label: `From ₹${query.minPrice}`, without: { ...base, minPrice: undefined } });
  if (query.maxPrice !== undefined) chips.push({ label: `Up to ₹${query.maxPrice}`, without: { ...base, maxPrice: undefined } });
  return chips;
}

/** The query without its search words; an order by relevance becomes the default, newest first. */
function withoutSearch(query: ListingQuery): ListingQuery {
  return { ...query, q: undefined, sort: query.sort === 'relevance' ? 'newest' : query.sort };
}

/** The query with every filter removed (sort kept, but for relevance, which needs a search). */
export function clearedQuery(query: ListingQuery): ListingQuery {
  return { ...withoutSearch(query), sizes: [], colours: [], minPrice: undefined, maxPrice: undefined, page: 1 };
}
