/**
 * Product detail (/products/{handle}; an id or an earlier handle answers 301 to it,
 * docs/architecture.md#product-addresses): gallery, title, description, price, colour (`?colour=<slug>`
 * names the chosen one; docs/architecture.md#colours-and-sizes), size, quantity, buying
 * buttons, 'Save to wishlist' and 'Share on WhatsApp', 'You May Also Like' and 'Recently viewed'
 * (kept in the browser), and the ratings and reviews (JSON-LD AggregateRating and Review when there are
 * approved reviews). A missing product answers 404 with 'Product not found'.
 */
import { startTransition, Suspense, useEffect, useState } from 'react';
import { data, Link, redirect, useRouteLoaderData, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { BRAND, HOME_LIMITS } from '../../core/constants';
import { productPath } from '../../core/addresses';
import { colourSlug } from '../../core/colours';
import { Container } from '../components/layout/page';
import { ProductGrid, toProductCard } from '../components/product/product-card';
import { ProductError } from '../components/product/product-error';
import { Badge } from '../components/ui/badge';
import { ProductGallery } from '../features/product/product-gallery';
import { COLOUR_PARAM, imagesForColour, initialColour } from '../features/product/colours';
import { productJsonLd } from '../features/product/product-json-ld';
import { PurchasePanel } from '../features/product/purchase-panel';
import { DeliveryCheck } from '../features/pincodes/delivery-check';
import { RecentlyViewed, useRecordView } from '../features/recently-viewed/recently-viewed';
import { ReviewsLink, ReviewsSection } from '../features/reviews/reviews-section';
import { ShareOnWhatsApp, WishlistButton } from '../features/wishlist/product-actions';
import type { loader as rootLoader } from '../root';
import { categoryHref } from '../lib/categories';
import { absoluteUrl, breadcrumbJsonLd, originFromMatches, seoMeta, summarize } from '../lib/seo';
import type { Route } from './+types/product';

/**
 * The product, up to 5 related ones, the first page of reviews and the `?colour=` slug the page is
 * rendered for (null when absent); 404 when the product is missing or inactive.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const product = await context.catalog.getProduct(params.handle);
  if (!product) throw data({ message: 'Product not found' }, { status: 404 });
  // An earlier handle (or an id) moves the shopper, and search engines, to the current address.
  // The query (a chosen `?colour=`) goes along.
  if (product.handle !== params.handle) throw redirect(productPath(product) + new URL(request.url).search, 301);
  const [related, reviews] = await Promise.all([
    context.catalog.listRelatedProducts(product._id, HOME_LIMITS.related).catch(() => []),
    context.catalog.listReviews(product).catch(() => null),
  ]);
  const colour = new URL(request.url).searchParams.get(COLOUR_PARAM);
  return { product, related: related.map(toProductCard), reviews, colour };
}

/** Choosing a colour only rewrites `?colour=`: the product is the same, so nothing is loaded again. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutColour = (url: URL) => {
    const params = new URLSearchParams(url.searchParams);
    params.delete(COLOUR_PARAM);
    return params.toString();
  };
  return withoutColour(currentUrl) === withoutColour(nextUrl) ? false : defaultShouldRevalidate;
}

/**
 * False on the server and while the page hydrates, true once it has (the address is then the truth).
 * The change is a transition: the page re-renders in short slices after hydration, not in one long
 * task (Total Blocking Time on a phone, docs/performance.md).
 */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}

/**
 * '<title> | Rangmanch' with the description, the first image (absolute; the chosen colour's) for
 * link previews, and JSON-LD: the Product with its Offer, or for a product in colours the
 * ProductGroup with a Product per colour × size (features/product/product-json-ld.ts), and the breadcrumbs.
 */
export function meta({ loaderData, matches, params, location }: Route.MetaArgs) {
  const origin = originFromMatches(matches);
  const path = loaderData ? productPath(loaderData.product) : `/products/${encodeURIComponent(params.handle)}`;
  if (!loaderData) {
    return seoMeta({ origin, path, title: 'Product not found', description: 'This product is not available.', noindex: true });
  }
  const { product, reviews } = loaderData;
  const rated = reviews && reviews.summary.count > 0 ? reviews : null;
  const description = summarize(product.description) || `${product.title} at ${BRAND.name}.`;
  const category = product.categoryIds[0];
  const crumbs = [
    { name: 'Home', path: '/' },
    category ? { name: category.name, path: categoryHref(category) } : { name: 'All Products', path: '/products' },
    { name: product.title, path },
  ];
  const url = absoluteUrl(origin, path);
  const shown = imagesForColour(product.images, initialColour(product, new URLSearchParams(location.search).get(COLOUR_PARAM)))[0];
  return seoMeta({
    origin,
    path,
    title: product.title,
    description,
    image: shown?.url,
    imageAlt: shown?.alt || product.title,
    type: 'product',
    jsonLd: [productJsonLd({ product, origin, url, category: category?.name, rated }), breadcrumbJsonLd(origin, crumbs)],
  });
}

/**
 * The promises under the delivery check; the dispatch time is the shop's (settings' dispatch days,
 * the same figure the delivery check counts), left out when the settings cannot be read.
 */
function promises(dispatchDays: number | undefined): string[] {
  const dispatch =
    dispatchDays === undefined
      ? []
      : [
          dispatchDays === 0
            ? 'Dispatched the same business day'
            : `Dispatched in ${dispatchDays} business day${dispatchDays === 1 ? '' : 's'}`,
        ];
  return ['Free shipping across India', ...dispatch, 'Secure payment: UPI, cards, net banking, wallets'];
}

/** The product page. */
export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, related, reviews } = loaderData;
  const category = product.categoryIds[0];
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const origin = root?.origin ?? '';
  useRecordView(product._id);
  // The chosen colour is the address's (`?colour=`). Until the page has hydrated it is the one the
  // server rendered for, so the first render in the browser matches the HTML whatever URL it came for.
  const [searchParams, setSearchParams] = useSearchParams();
  const hydrated = useHydrated();
  const colour = initialColour(product, hydrated ? searchParams.get(COLOUR_PARAM) : loaderData.colour);
  const chooseColour = (name: string) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(COLOUR_PARAM, colourSlug(name));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <>
      <Container className="py-6 sm:py-10">
        <nav aria-label="Breadcrumb" className="mb-6 text-sm text-stone-500">
          <ol className="flex flex-wrap items-center gap-1.5">
            <li>
              <Link to="/" className="hover:text-stone-900">
                Home
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li>
              {category ? (
                <Link to={categoryHref(category)} className="hover:text-stone-900">
                  {category.name}
                </Link>
              ) : (
                <Link to="/products" className="hover:text-stone-900">
                  All Products
                </Link>
              )}
            </li>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="line-clamp-1 text-stone-800">
              {product.title}
            </li>
          </ol>
        </nav>
        <div className="grid gap-8 md:grid-cols-2 lg:gap-14">
          {/* key: a new product starts at its first image */}
          {/* self-start: a taller details column must not stretch the picture out of its 4:5 */}
          <div className="self-start">
            {/* A colour starts at its first picture too. */}
            <ProductGallery key={`${product._id}:${colour ?? ''}`} images={imagesForColour(product.images, colour)} title={product.title} />
          </div>
          <div className="md:py-2">
            {product.isBestseller ? <Badge tone="dark">Bestseller</Badge> : null}
            <h1 className="mt-3 font-display text-3xl font-semibold leading-tight tracking-tight text-stone-900 sm:text-4xl">
              {product.title}
            </h1>
            <ReviewsLink page={reviews} />
            <div className="mt-6">
              <PurchasePanel key={product._id} product={product} colour={colour} onColourChange={chooseColour} />
            </div>
            <div className="mt-4 flex flex-wrap gap-3">
              <WishlistButton productId={product._id} />
              <ShareOnWhatsApp title={product.title} url={absoluteUrl(origin, productPath(product))} />
            </div>
            <div className="mt-6">
              <DeliveryCheck />
            </div>
            <ul className="mt-8 space-y-2 border-t border-stone-200 pt-6 text-sm text-stone-600">
              {promises(root?.delivery?.dispatchDays).map((p) => (
                <li key={p} className="flex items-center gap-2">
                  <svg viewBox="0 0 20 20" className="h-4 w-4 shrink-0 text-brand" aria-hidden="true">
                    <path d="m4.5 10.5 3.5 3.5 7.5-8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                  {p}
                </li>
              ))}
            </ul>
            <div className="mt-8 border-t border-stone-200 pt-6">
              <h2 className="text-sm font-semibold uppercase tracking-wider text-stone-900">Description</h2>
              <div className="mt-3 space-y-3 whitespace-pre-line leading-relaxed text-stone-700">{product.description}</div>
            </div>
          </div>
        </div>
        <ReviewsSection key={product._id} productId={product._id} initial={reviews} />
      </Container>
      {related.length > 0 ? (
        <Suspense>
          <section aria-labelledby="related-heading" className="mt-10 border-t border-stone-200 bg-stone-50">
            <Container className="py-14">
              <h2 id="related-heading" className="mb-8 font-display text-2xl font-semibold text-stone-900 sm:text-3xl">
                You May Also Like
              </h2>
              <ProductGrid products={related} eagerCount={0} columns={5} />
            </Container>
          </section>
        </Suspense>
      ) : null}
      <RecentlyViewed excludeId={product._id} tone={related.length > 0 ? 'white' : 'stone'} />
    </>
  );
}

/** 'Product not found' (404) or a general failure, each with a way back to the products. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ProductError error={error} />;
}
