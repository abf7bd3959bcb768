/**
 * The document shell: <html lang="en-IN">, styles, data providers, toasts, the root loader's
 * categories (for the header) and origin (for absolute canonical and share URLs), and the
 * last-resort error page.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunctionArgs } from 'react-router';
import { BRAND } from '../core/constants';
import { ApiRequestError } from './lib/api';
import { menuGroups } from './lib/categories';
import { requestOrigin } from './lib/seo';
import { supportContact } from './lib/support-contact';
import { useToasterWanted } from './lib/toast';
import type { Route } from './+types/root';
import './app.css';

/**
 * Categories for the header's dropdown, read in-process from the catalogue, the site's origin, the
 * year for the footer's copyright line, and the shop's WhatsApp number (settings; '' when unset or
 * unreadable) for the footer's and contact page's support chat link, the support e-mail and phone
 * (settings) the footer, contact and policy pages show, and the returns policy (settings;
 * the spec's policy when unreadable), Cash on Delivery and delivery days for the policy pages, and
 * whether payments are simulated (the Razorpay sandbox; the site layout then shows the demo strip).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const settings = await context.settings.getPublic().catch(() => null);
  return {
    // The header's menu: names and addresses, children in their parents (lib/categories.ts menuGroups).
    categories: menuGroups(await context.catalog.listCategories()),
    origin: requestOrigin(request),
    year: new Date().getFullYear(),
    whatsappNumber: settings?.whatsappNumber ?? '',
    // The support e-mail and phone every page shows (footer, contact, policies): the settings', as the invoice's.
    support: supportContact(settings),
    // The returns policy the refund and shipping policy pages state; null when unreadable
    // (the pages then state the spec's policy). No value import here: it would join every page's load.
    returns: settings?.returns ?? null,
    // Cash on Delivery (offered, limit, fee) and delivery days the terms state; null when unreadable.
    cod: settings?.cod ?? null,
    delivery: settings?.delivery ?? null,
    paymentsSimulated: context.paymentsSimulated,
  };
}

/** Categories change rarely: reload them only after a form submission. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

/** Favicon and theme colour. */
export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

/** Default title and description; pages override them. */
export const meta: Route.MetaFunction = () => [
  { title: `${BRAND.name} — ${BRAND.tagline}` },
  {
    name: 'description',
    content: `${BRAND.name}: Indian apparel for everyday wear, delivered across India.`,
  },
];

// Toasts are never in the server's HTML: react-hot-toast loads on the first tap, key press or toast,
// and lib/toast.ts shows them through it.
const Toaster = lazy(() => import('react-hot-toast').then((m) => ({ default: m.Toaster })));

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
}

/** The HTML document around every page (also around error pages). */
export function Layout({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const toasterWanted = useToasterWanted();
  // Marks the document once it has hydrated: browser tests wait for it before they click.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#d41a44" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        {toasterWanted ? (
          <Suspense fallback={null}>
            <Toaster
              position="top-center"
              toastOptions={{ duration: 4000, success: { duration: 2000 }, loading: { duration: Infinity } }}
            />
          </Suspense>
        ) : null}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Renders the matched page. */
export default function App() {
  return <Outlet />;
}

/** Last-resort error page, for failures outside a page (for example the catalogue being down). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = 'Something went wrong';
  let detail = 'We could not load this page. Please try again in a moment.';
  if (isRouteErrorResponse(error) && error.status === 404) {
    title = 'Page not found';
    detail = 'The page you are looking for does not exist.';
  }
  if (import.meta.env.DEV && error instanceof Error) detail = error.message;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-stone-50 px-6 text-center">
      <p className="font-display text-3xl font-semibold text-brand">{BRAND.name}</p>
      <h1 className="font-display text-2xl text-stone-900">{title}</h1>
      <p className="max-w-md text-stone-600">{detail}</p>
      <a href="/" className="inline-flex h-11 items-center rounded-md bg-brand px-5 text-sm font-medium text-white hover:bg-brand-dark">
        Go to the home page
      </a>
    </main>
  );
}
