/**
 * Builds the Fastify app (docs/architecture.md; fastify/demo's shape): tests build it and use
 * `app.inject`; index.ts builds it, listens and shuts down. The pieces, in order (src/server/setup):
 * the instance (server.ts), shared services (services.ts), shared plugins: errors, security
 * headers, rate limits, auth, cache, API docs, media files, the Razorpay and Shiprocket stand-ins
 * (platform.ts), the API modules with the admin scope (api.ts), and (with a web build) server
 * rendering.
 */
import type { FastifyInstance } from 'fastify';
import type { StoreLoadContext } from '../web/load-context';
import type { Category, Product } from '../core/api-types';
import type { ReviewPage } from '../core/reviews';
import type { ListingColour } from '../core/listing';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { Mailer } from './integrations/mail/mailer';
import type { MailQueue } from './integrations/mail/outbox';
import type { InvoiceNumbering } from './modules/invoices/numbering';
import type { RazorpayClient } from './integrations/razorpay/razorpay-client';
import type { AuthDeps } from './modules/auth/service';
import type { LoginLimiter, LoginLimitSettings } from './modules/auth/login-limits';
import {
  categoryScope,
  getProduct,
  listingColours,
  listingColoursKey,
  listingCountKey,
  searchProducts,
  listProducts,
  listRelatedProducts,
} from './modules/catalog/service';
import { getHomepage } from './modules/homepage/service';
import { oldAddressRedirect } from './modules/redirects/resolve';
import type { PaymentDeps } from './modules/payments/service';
import { listProductReviews } from './modules/reviews/service';
import { AppError } from './errors';
import { keptByKey, keptUntilInvalidated, type KeptReader, type ResponseCache } from './plugins/cache';
import { registerSsr } from './plugins/ssr';
import { registerApi } from './setup/api';
import { registerPlatform } from './setup/platform';
import { createServer, type ListedRoute } from './setup/server';
import { decorateServices } from './setup/services';

export { SLOW_REQUEST_MS } from './setup/server';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    authDeps: AuthDeps;
    paymentDeps: PaymentDeps;
    mailQueue: MailQueue;
    invoiceNumbering: InvoiceNumbering;
    authRateLimit: { rateLimit: { max: number; timeWindow: string } };
    authAccountLimitMax: number;
    /** Wrong-password limits of POST /api/auth/login (modules/auth/login-limits.ts). */
    loginLimiter: LoginLimiter;
    /** Set by the process on SIGTERM: responses then close their connections. */
    shuttingDown: boolean;
    /** Every route registered (method and URL pattern), for the authorization and fuzz tests. */
    routeList: ListedRoute[];
    /**
     * The active categories, parents before children (GET /api/categories), kept in process until an
     * admin write and for a minute at most: every page's header, category pages' scope.
     */
    activeCategories: KeptReader<Category[]>;
  }
}

export interface BuildOptions {
  config: AppConfig;
  db: Database;
  /** Defaults to the REST client for config.razorpay. */
  razorpay?: RazorpayClient;
  /** Defaults to SMTP_URL or the outbox under DATA_DIR. */
  mailer?: Mailer;
  /** The clock for one-time codes (tests move it). */
  now?: () => Date;
  /** Cloudinary REST base (tests point it at a stand-in); https://api.cloudinary.com by default. */
  cloudinaryApiBase?: string;
  /** React Router build folder; without it the app serves the API only. */
  webBuildDir?: string;
  /** Serve the web app through Vite's dev server instead of the build (`npm run dev`, plugins/ssr.ts). */
  webDev?: boolean;
  /** How long anonymous catalogue reads and pages stay cached (default 10 s). */
  cacheTtlMs?: number;
  /** Requests per minute per IP on each auth route (default 30). */
  authRateLimitMax?: number;
  /**
   * Auth requests per 15 minutes per account (e-mail or verification) on the auth routes other than
   * login; on login, wrong passwords per 15 minutes for one account from one IP (default 10).
   */
  authAccountLimitMax?: number;
  /**
   * Login limits (modules/auth/login-limits.ts); unset fields default from authAccountLimitMax (per
   * IP 5 times it, slowing an account after 10 times it) or DEFAULT_LOGIN_LIMITS.
   */
  loginLimits?: Partial<LoginLimitSettings>;
  logger?: boolean | object;
  /**
   * How requests are logged (index.ts chooses):
   * - 'each' (the default): Fastify's own pair of lines per request, with its request id;
   * - 'line': one line per request, `GET /cart 200 12 ms`, and none for static files (development);
   * - 'slow': errors and requests slower than SLOW_REQUEST_MS only (production: two log lines per
   *   request cost more than a cached answer itself).
   */
  requestLogging?: 'each' | 'line' | 'slow';
  /** Outside production, called with each one-time code issued (index.ts prints it to stand out). */
  announceCode?: (email: string, code: string, purpose: string) => void;
}

/** Builds the app; call `ready()` (or `listen`) before use. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = createServer(opts);
  decorateServices(app, opts);
  await registerPlatform(app, opts);
  await registerApi(app);
  if (opts.webBuildDir || opts.webDev) {
    await registerSsr(app, {
      buildDir: opts.webBuildDir ?? '',
      dev: opts.webDev,
      loadContext: createLoadContext(opts.db, opts.config, app.settings, app.responseCache, app.activeCategories),
      oldAddress: (request) => oldAddressRedirect(app, request),
    });
  } else {
    // Without pages every address but the API's is unknown: an old one still redirects.
    app.setNotFoundHandler(async (request, reply) => {
      const to = await oldAddressRedirect(app, request);
      return to ? reply.redirect(to, 301) : reply.status(404).send({ message: 'Not found' });
    });
  }
  return app;
}

/** How long server-rendered home pages reuse one read of the home page's payload (ms). */
export const HOMEPAGE_MAX_AGE_MS = 10_000;

/**
 * How long listing pages reuse one read of the colours they offer and of how many products they
 * list (ms). Those change with an admin write, which drops them at once; a size filter's counts
 * also follow stock, which a sale changes.
 */
export const LISTING_KEPT_MAX_AGE_MS = 60_000;
/** At most this many listings' colours, and as many counts, are kept: the common listings, searches and filters. */
const LISTING_KEPT_KEYS = 500;
/** At most this many product pages' related products, and as many first pages of reviews, are kept. */
const PRODUCT_KEPT_KEYS = 500;

/**
 * The load context server loaders read (src/web/load-context.ts); `settings` is the cached settings
 * service, `activeCategories` the app's kept categories (every page's header, root loader). The home
 * page's payload is read once and kept too (`keptUntilInvalidated`): dropped by an admin
 * write, here or on another instance, and after HOMEPAGE_MAX_AGE_MS at most, since its product cards
 * also show stock, which sales change without an admin write (the response cache keeps the whole
 * page as long). A product page's related products and first page of reviews are kept per product
 * the same way and as long, the reviews also keyed by the product's rating. So are the colours each
 * listing offers and, but for a search, its count (`keptByKey`, LISTING_KEPT_MAX_AGE_MS): at 10,000
 * products a whole catalogue's colours take 20-50 ms of PostgreSQL's time, a size filter's count
 * 10-20 ms (docs/performance.md).
 */
export function createLoadContext(
  db: Database,
  config: AppConfig,
  settings: StoreLoadContext['settings'],
  cache: Pick<ResponseCache, 'onInvalidate'>,
  activeCategories: KeptReader<Category[]>,
): StoreLoadContext {
  const homepage = keptUntilInvalidated(cache, () => getHomepage(db), HOMEPAGE_MAX_AGE_MS);
  const offeredColours = keptByKey<ListingColour[]>(cache, LISTING_KEPT_MAX_AGE_MS, LISTING_KEPT_KEYS);
  const listingTotals = keptByKey<number>(cache, LISTING_KEPT_MAX_AGE_MS, LISTING_KEPT_KEYS);
  const relatedProducts = keptByKey<Product[]>(cache, HOMEPAGE_MAX_AGE_MS, PRODUCT_KEPT_KEYS);
  const firstReviews = keptByKey<ReviewPage | null>(cache, HOMEPAGE_MAX_AGE_MS, PRODUCT_KEPT_KEYS);
  return {
    catalog: {
      getHomepage: homepage,
      listCategories: activeCategories,
      listProducts: () => listProducts(db, { activeOnly: true }),
      getProduct: (id) => getProduct(db, id, { activeOnly: true }),
      listRelatedProducts: (id, limit) => relatedProducts(`${id}:${limit}`, () => listRelatedProducts(db, id, limit)),
      // Keyed by the product's rating too: a review published, hidden or changed moves it, so the
      // page never shows a rating its reviews do not.
      listReviews: (product) =>
        firstReviews(`${product._id}:${product.rating?.count ?? 0}:${product.rating?.average ?? ''}`, async () => {
          try {
            return await listProductReviews(db, product._id, 'newest', 1);
          } catch (err) {
            if (err instanceof AppError) return null; // missing or inactive product
            throw err;
          }
        }),
      searchProducts: async (query, categoryId) => {
        const scope = categoryId ? await categoryScope(db, categoryId, activeCategories) : undefined;
        if (scope === null) return null;
        const [page, colours] = await Promise.all([
          searchProducts(db, query, scope, (read) => listingTotals(listingCountKey(query, scope), read)),
          offeredColours(listingColoursKey(query, scope), () => listingColours(db, query, scope)),
        ]);
        return { ...page, colours };
      },
    },
    razorpayCheckoutUrl: config.razorpay.checkoutUrl,
    paymentsSimulated: config.razorpay.sandbox,
    settings: { getPublic: () => settings.getPublic() },
  };
}
