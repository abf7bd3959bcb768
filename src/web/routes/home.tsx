/**
 * Home (/): banner carousel (video banner first), category shortcuts, Latest Arrivals,
 * Bestsellers, Watch & Shop, What Customers Say, Follow us on Instagram.
 */
import { Suspense } from 'react';
import { Link, isRouteErrorResponse, useRevalidator } from 'react-router';
import { BRAND, HOME_LIMITS } from '../../core/constants';
import { Container } from '../components/layout/page';
import { ProductCard, ProductGrid, toProductCard } from '../components/product/product-card';
import { Button } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { Rail } from '../components/ui/rail';
import { Section } from '../components/ui/section';
import { categoryHref } from '../lib/categories';
import { HeroCarousel, leadImagePreload } from '../features/home/hero-carousel';
import { InstagramGrid } from '../features/home/instagram-grid';
import { instagramProfileUrl } from '../lib/brand';
import { Testimonials } from '../features/home/testimonials';
import { WatchAndShop } from '../features/home/watch-and-shop';
import { absoluteUrl, originFromMatches, seoMeta } from '../lib/seo';
import { RecentlyViewed } from '../features/recently-viewed/recently-viewed';
import type { Route } from './+types/home';
import { supportContactFromMatches } from '../lib/support-contact';

/** The homepage payload, read in-process from the catalogue. */
export async function loader({ context }: Route.LoaderArgs) {
  const home = await context.catalog.getHomepage();
  return {
    videoBanner: home.videoBanner,
    imageBanners: home.imageBanners,
    categories: home.categories,
    latestProducts: home.latestProducts.slice(0, HOME_LIMITS.latest).map(toProductCard),
    bestsellerProducts: home.bestsellerProducts.slice(0, HOME_LIMITS.bestsellers).map(toProductCard),
    videos: home.videos.slice(0, HOME_LIMITS.videos),
    testimonials: home.testimonials.slice(0, HOME_LIMITS.testimonials),
    instagramPhotos: home.instagramPhotos.slice(0, HOME_LIMITS.instagramPhotos),
  };
}

/** Home page title, description, share image, and the shop's Organization and WebSite (with search). */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const origin = originFromMatches(matches);
  const image = loaderData?.imageBanners[0]?.imageUrl ?? loaderData?.videoBanner?.posterUrl ?? null;
  return [
    ...leadImagePreload(loaderData?.videoBanner, loaderData?.imageBanners),
    ...seoMeta({
      origin,
      path: '/',
      title: null,
      description: `${BRAND.name}: kurtas, sarees and everyday Indian wear in sizes XS to XXL. Free shipping across India, prices inclusive of all taxes.`,
      image,
      imageAlt: loaderData?.imageBanners[0]?.alt,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: BRAND.name,
          url: absoluteUrl(origin, '/'),
          logo: absoluteUrl(origin, '/favicon.svg'),
          email: supportContactFromMatches(matches).email,
          sameAs: [instagramProfileUrl()],
        },
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: BRAND.name,
          url: absoluteUrl(origin, '/'),
          potentialAction: {
            '@type': 'SearchAction',
            target: {
              '@type': 'EntryPoint',
              urlTemplate: `${absoluteUrl(origin, '/products')}?q={search_term_string}`,
            },
            'query-input': 'required name=search_term_string',
          },
        },
      ],
    }),
  ];
}

const PROMISES = [
  { title: 'Free shipping', text: 'On every order, across India' },
  { title: 'Inclusive of all taxes', text: 'The price you see is the price you pay' },
  { title: 'Secure payments', text: 'UPI, cards, net banking and wallets' },
  { title: 'Multi-item 20% off', text: 'Add 3 or more items to your cart' },
] as const;

/** The home page. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { videoBanner, imageBanners, categories, latestProducts, bestsellerProducts, videos, testimonials, instagramPhotos } = loaderData;
  const parents = categories.filter((c) => !c.parentId);
  return (
    <>
      <Suspense>
        <HeroCarousel videoBanner={videoBanner} banners={imageBanners} />
      </Suspense>

      {parents.length > 0 ? (
        <Suspense>
          <nav aria-label="Shop by category" className="border-b border-stone-200 bg-white">
            <Container className="no-scrollbar flex gap-2 overflow-x-auto py-4">
              {parents.map((c) => (
                <Link
                  key={c._id}
                  to={categoryHref(c)}
                  className="shrink-0 rounded-full border border-stone-300 px-4 py-2 text-sm font-medium text-stone-700 transition-colors hover:border-stone-900 hover:text-stone-950 focus-visible:outline-2 focus-visible:outline-brand"
                >
                  {c.name}
                </Link>
              ))}
            </Container>
          </nav>
        </Suspense>
      ) : null}

      <Suspense>
        <Section
          id="latest"
          title="Latest Arrivals"
          subtitle="Fresh off the loom this season"
          action={
            <Link to="/products" className="text-sm font-semibold text-brand underline-offset-4 hover:underline">
              View all products →
            </Link>
          }
        >
          {latestProducts.length > 0 ? (
            <Rail label="Latest arrivals">
              {latestProducts.map((p, i) => (
                <div key={p._id} className="relative w-[46%] shrink-0 snap-start sm:w-[30%] lg:w-[calc(25%-18px)]">
                  <ProductCard
                    product={p}
                    eager={i < 2}
                    sizes="(min-width: 1280px) 290px, (min-width: 1024px) 23vw, (min-width: 640px) 30vw, 46vw"
                  />
                </div>
              ))}
            </Rail>
          ) : (
            <p className="text-stone-500">New styles are on their way.</p>
          )}
        </Section>
      </Suspense>

      {bestsellerProducts.length > 0 ? (
        <Suspense>
          <Section id="bestsellers" title="Bestsellers" subtitle="Customer favorites & trending styles" tone="stone">
            <ProductGrid products={bestsellerProducts} eagerCount={0} />
          </Section>
        </Suspense>
      ) : null}

      {videos.length > 0 ? (
        <Suspense>
          <Section id="watch" title="Watch & Shop" subtitle="See our styles move — hover or tap to play">
            <WatchAndShop videos={videos} />
          </Section>
        </Suspense>
      ) : null}

      <Suspense>
        <section aria-label="Our promises" className="border-y border-stone-200 bg-white">
          <Container className="grid grid-cols-2 gap-6 py-10 lg:grid-cols-4">
            {PROMISES.map((p) => (
              <div key={p.title}>
                <p className="font-display text-lg font-semibold text-stone-900">{p.title}</p>
                <p className="mt-1 text-sm text-stone-600">{p.text}</p>
              </div>
            ))}
          </Container>
        </section>
      </Suspense>

      {testimonials.length > 0 ? (
        <Suspense>
          <Section id="testimonials" title="What Customers Say" subtitle="Real words from shoppers across India" tone="stone">
            <Testimonials items={testimonials} />
          </Section>
        </Suspense>
      ) : null}

      {instagramPhotos.length > 0 ? (
        <Suspense>
          <Section
            id="instagram"
            title="Follow us on Instagram"
            subtitle={`Styled by you, shared with ${BRAND.socialHandle}`}
            action={
              <a
                href={instagramProfileUrl()}
                target="_blank"
                rel="noopener noreferrer"
                className="text-sm font-semibold text-brand underline-offset-4 hover:underline"
              >
                Follow {BRAND.socialHandle} →
              </a>
            }
          >
            <InstagramGrid photos={instagramPhotos} />
          </Section>
        </Suspense>
      ) : null}

      <RecentlyViewed tone="stone" />
    </>
  );
}

/** Shown when the homepage cannot be loaded, with a way to retry. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const revalidator = useRevalidator();
  // The server's own message when it sent one as JSON ({message}); never a raw error body.
  const body: unknown = isRouteErrorResponse(error) ? error.data : null;
  const sent = body && typeof body === 'object' && 'message' in body ? body.message : null;
  const message = typeof sent === 'string' && sent ? sent : 'Failed to load homepage';
  return (
    <EmptyState
      icon="alert"
      headingLevel={1}
      title={message}
      description="Please check your connection and try again."
      action={
        <Button onClick={() => void revalidator.revalidate()} loading={revalidator.state === 'loading'}>
          Try Again
        </Button>
      }
    />
  );
}
