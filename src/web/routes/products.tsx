/**
 * All products (/products): heading 'All Products', count, search, sort, size and price filters,
 * the grid and page links, all read from the URL and server-rendered.
 */
import { redirect } from 'react-router';
import { BRAND } from '../../core/constants';
import { ListingError } from '../components/product/listing-error';
import { ButtonLink } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { packListing, ProductListing, useListingData } from '../features/listing/product-listing';
import { hasFilters, listingSearch, readListingQuery, sameSearch } from '../features/listing/listing-url';
import { breadcrumbJsonLd, originFromMatches, seoMeta } from '../lib/seo';
import { firstPictureUrl } from '../components/product/product-card';
import type { Route } from './+types/products';

const CRUMBS = [
  { name: 'Home', path: '/' },
  { name: 'All Products', path: '/products' },
];

/** One page of active products for the URL's search, sort and filters; odd spellings redirect to the canonical URL. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = readListingQuery(url.searchParams);
  const canonical = listingSearch(query);
  if (!sameSearch(canonical, url.search)) throw redirect(`${url.pathname}${canonical}`);
  const result = await context.catalog.searchProducts(query);
  if (!result) throw new Error('Failed to fetch products');
  if (result.total > 0 && query.page > result.totalPages) {
    throw redirect(`${url.pathname}${listingSearch({ ...query, page: result.totalPages })}`);
  }
  // Cards and colours packed (packListing): the page carries its loader data once more.
  const { total, totalPages } = result;
  return { query, total, totalPages, ...packListing(result.products, result.colours, query.colours) };
}

/** Title, description, canonical page URL (searches stay out of the index) and breadcrumbs. */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const origin = originFromMatches(matches);
  const query = loaderData?.query;
  const page = query && query.page > 1 ? query.page : 1;
  return seoMeta({
    origin,
    path: `/products${page > 1 ? `?page=${page}` : ''}`,
    title: query?.q ? `Search: ${query.q}` : page > 1 ? `All Products – page ${page}` : 'All Products',
    description: `Shop every kurta, saree, dress and shirt at ${BRAND.name}: sizes XS to XXL, free shipping across India, prices inclusive of all taxes.`,
    image: loaderData ? firstPictureUrl(loaderData.products) : undefined,
    noindex: query ? hasFilters(query) : false,
    jsonLd: [breadcrumbJsonLd(origin, CRUMBS)],
  });
}

/** The listing page. */
export default function Products({ loaderData }: Route.ComponentProps) {
  const { query, total, totalPages } = loaderData;
  const { products, colours } = useListingData(loaderData);
  return (
    <ProductListing
      title="All Products"
      crumbs={CRUMBS}
      query={query}
      products={products}
      total={total}
      totalPages={totalPages}
      colours={colours}
      countPath="/api/products/count"
      empty={
        <EmptyState
          icon="search"
          title="No products found"
          description={
            hasFilters(query) ? 'Try a different search or fewer filters.' : 'Our shelves are being restocked. Please check back soon.'
          }
          action={<ButtonLink to="/">Go Home</ButtonLink>}
        />
      }
    />
  );
}

/** Load failure: 'Failed to fetch products' with a retry. */
export function ErrorBoundary() {
  return <ListingError />;
}
