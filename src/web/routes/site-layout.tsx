/**
 * The shop's frame around every page: the demo strip while payments are simulated, promotional
 * banner, header, page, footer, and a loading bar while the next page's data is on its way.
 */
import { Suspense } from 'react';
import { Outlet, useNavigation, useRouteLoaderData } from 'react-router';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { PromoBanner } from '../components/layout/promo-banner';
import { SavedIdsProvider } from '../features/wishlist/saved-ids';
import type { loader as rootLoader } from '../root';

/**
 * Banner, header with the root loader's categories, the page, and the footer. The banner and the
 * footer are Suspense boundaries: React hydrates them after the header, or at once when tapped.
 */
export default function SiteLayout() {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && !navigation.formMethod;
  return (
    <SavedIdsProvider>
      <div className="flex min-h-dvh flex-col">
        {loading ? (
          <div role="status" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-rose-100">
            <span className="sr-only">Loading...</span>
            <span className="block h-full w-1/3 animate-[loading-bar_1s_ease-in-out_infinite] bg-brand motion-reduce:w-full motion-reduce:animate-none" />
          </div>
        ) : null}
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 text-sm font-medium text-stone-900 focus:not-sr-only focus:absolute focus:left-4 focus:top-2"
        >
          Skip to content
        </a>
        {root?.paymentsSimulated ? (
          // In the page's flow (not fixed): it pushes the page down rather than covering any of it.
          <p role="note" className="bg-amber-100 px-4 py-1 text-center text-xs font-medium text-amber-950">
            Demo shop: payments are simulated
          </p>
        ) : null}
        <Suspense>
          <PromoBanner />
        </Suspense>
        <Header categories={root?.categories ?? []} />
        <main id="main" className="flex-1" aria-busy={loading || undefined}>
          <Outlet />
        </main>
        <div className="mt-auto">
          <Suspense>
            <Footer year={root?.year ?? new Date().getFullYear()} whatsappNumber={root?.whatsappNumber ?? ''} />
          </Suspense>
        </div>
      </div>
    </SavedIdsProvider>
  );
}
