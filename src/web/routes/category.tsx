/**
 * Category listing (/category/{handle}): heading (the category's name), count, search, sort, filters,
 * grid and page links. The older address by id (`/category/{id}?name=...`) answers 301 to the
 * handle (docs/architecture.md#product-addresses). An unknown category shows the empty state with
 * status 404, its heading the `name` parameter, else 'Products'.
 */
import { data, redirect } from 'react-router';
import { BRAND } from '../../core/constants';
import { ListingError } from '../components/product/listing-error';
import { ButtonLink } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { packListing, ProductListing, useListingData, type Crumb } from '../features/listing/product-listing';
import { hasFilters, listingSearch, readListingQuery, sameSearch } from '../features/listing/listing-url';
import { categoryHref } from '../lib/categories';
import { breadcrumbJsonLd, originFromMatches, seoMeta, summarize } from '../lib/seo';
import { firstPictureUrl } from '../components/product/product-card';
import type { Route } from './+types/category';

/** The category's page of products for the URL's parameters, its heading and breadcrumbs. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = readListingQuery(url.searchParams);
  const categories = await context.catalog.listCategories();
  const category = categories.find((c) => c.handle === params.categoryId) ?? categories.find((c) => c._id === params.categoryId) ?? null;
  const name = category ? null : url.searchParams.get('name')?.trim() || null;
  const canonical = listingSearch(query, { name });
  if (category && category.handle !== params.categoryId) throw redirect(`${categoryHref(category)}${canonical}`, 301);
  if (!sameSearch(canonical, url.search)) throw redirect(`${url.pathname}${canonical}`);
  const result = await context.catalog.searchProducts(query, category?._id ?? params.categoryId);
  const parent = category?.parentId ? (categories.find((c) => c._id === category.parentId) ?? null) : null;
  const heading = category?.name ?? (name || 'Products');
  const crumbs: Crumb[] = [{ name: 'Home', path: '/' }];
  if (parent) crumbs.push({ name: parent.name, path: categoryHref(parent) });
  crumbs.push({
    name: heading,
    path: `/category/${encodeURIComponent(params.categoryId)}${listingSearch(readListingQuery(new URLSearchParams()), { name })}`,
  });
  const page = result ?? { products: [], total: 0, page: 1, totalPages: 1, colours: [] };
  if (result && result.total > 0 && query.page > result.totalPages) {
    throw redirect(`${url.pathname}${listingSearch({ ...query, page: result.totalPages }, { name })}`);
  }
  const body = {
    query,
    name,
    categoryId: category?._id ?? params.categoryId,
    heading,
    crumbs,
    description: category?.description ?? null,
    total: page.total,
    totalPages: page.totalPages,
    // Cards and colours packed (packListing): the page carries its loader data once more.
    ...packListing(page.products, page.colours, query.colours),
  };
  return result ? body : data(body, { status: 404 });
}

/** Title and description named after the category; canonical URL with its name and page. */
export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  const origin = originFromMatches(matches);
  const heading = loaderData?.heading ?? 'Products';
  const query = loaderData?.query;
  const page = query && query.page > 1 ? query.page : 1;
  const canonical = `/category/${encodeURIComponent(params.categoryId)}${listingSearch(
    { ...readListingQuery(new URLSearchParams()), page },
    { name: loaderData?.name },
  )}`;
  return seoMeta({
    origin,
    path: canonical,
    title: page > 1 ? `${heading} – page ${page}` : heading,
    description: summarize(
      `Shop ${heading} at ${BRAND.name}${loaderData?.description ? `: ${loaderData.description}` : ''}. Free shipping across India, prices inclusive of all taxes.`,
    ),
    image: loaderData ? firstPictureUrl(loaderData.products) : undefined,
    noindex: !loaderData || loaderData.total === 0 || (query ? hasFilters(query) : false),
    jsonLd: loaderData ? [breadcrumbJsonLd(origin, loaderData.crumbs)] : [],
  });
}

/** The category page. */
export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { heading, crumbs, query, name, total, totalPages } = loaderData;
  const { products, colours } = useListingData(loaderData);
  return (
    <ProductListing
      title={heading}
      crumbs={crumbs}
      query={query}
      name={name}
      products={products}
      total={total}
      totalPages={totalPages}
      colours={colours}
      countPath={`/api/categories/${encodeURIComponent(loaderData.categoryId)}/products/count`}
      empty={
        <EmptyState
          icon="search"
          title="No products found in this category"
          description={
            hasFilters(query) ? 'Try a different search or fewer filters.' : 'Try another category or browse everything we have.'
          }
          action={<ButtonLink to="/">Browse All Products</ButtonLink>}
        />
      }
    />
  );
}

/** Load failure: 'Failed to fetch products' with 'Try Again'. */
export function ErrorBoundary() {
  return <ListingError />;
}
