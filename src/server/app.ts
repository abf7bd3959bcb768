/**
 * Builds the Fastify app (DESIGN.md layout; fastify/demo's shape): tests build it and use
 * `app.inject`; index.ts builds it, listens and shuts down. Plugins: errors, security headers,
 * rate limits, auth, API docs, media files, the Razorpay sandbox when no keys are set, the API
 * modules, and (with a web build) server rendering.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { StoreLoadContext } from '../web/load-context';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { createMailer, type Mailer } from './integrations/mail/mailer';
import { createMailQueue, type MailQueue } from './integrations/mail/outbox';
import { createInvoiceNumbering, type InvoiceNumbering } from './modules/invoices/numbering';
import { createRazorpayClient, type RazorpayClient } from './integrations/razorpay/razorpay-client';
import { razorpaySandbox } from './integrations/razorpay/sandbox';
import { shiprocketStandIn } from './integrations/shiprocket/stand-in';
import { adminCatalogRoutes } from './modules/admin-catalog/routes';
import { adminContactRoutes } from './modules/admin-contacts/routes';
import { adminHomepageRoutes } from './modules/admin-homepage/routes';
import { adminOrderRoutes } from './modules/admin-orders/routes';
import { authRoutes } from './modules/auth/routes';
import type { AuthDeps } from './modules/auth/service';
import { createLoginLimiter, DEFAULT_LOGIN_LIMITS, type LoginLimiter, type LoginLimitSettings } from './modules/auth/login-limits';
import { cartRoutes } from './modules/cart/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { healthRoutes } from './modules/health/routes';
import { contactRoutes } from './modules/contacts/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import type { Category } from '../core/api-types';
import { categoryScope, getProduct, searchProducts, listCategories, listProducts, listRelatedProducts } from './modules/catalog/service';
import { getHomepage } from './modules/homepage/service';
import { mediaRoutes, mediaStorePlugin } from './modules/media/routes';
import { isPublicMediaPath, uploadedMediaCacheHeaders } from './integrations/media-store/disk-store';
import { orderRoutes } from './modules/orders/routes';
import { invoiceRoutes } from './modules/invoices/routes';
import { renderMailAttachment } from './modules/invoices/attachments';
import { shipmentRoutes } from './modules/shipments/routes';
import { refundRoutes } from './modules/refunds/routes';
import { orderConfirmationMail } from './modules/orders/mail';
import { paymentRoutes } from './modules/payments/routes';
import { webhookRoutes } from './modules/payments/webhook';
import type { PaymentDeps } from './modules/payments/service';
import { userRoutes } from './modules/users/routes';
import { settingsPlugin } from './modules/settings/routes';
import { couponRoutes } from './modules/coupons/routes';
import { pincodeRoutes } from './modules/pincodes/routes';
import { inventoryRoutes } from './modules/inventory/routes';
import { wishlistRoutes } from './modules/wishlist/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { listProductReviews } from './modules/reviews/service';
import { AppError } from './errors';
import { searchRoutes } from './modules/search/routes';
import { returnRoutes } from './modules/returns/routes';
import { createPincodeService } from './modules/pincodes/service';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { cachePlugin, keptUntilInvalidated, type KeptReader, type ResponseCache } from './plugins/cache';
import { securityHeadersPlugin } from './plugins/security-headers';
import { registerSsr } from './plugins/ssr';
import { wellFormedTextPlugin } from './plugins/well-formed-text';

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
    routeList: { method: string; url: string }[];
    /**
     * The active categories, parents before children (GET /api/categories), kept in process until an
     * admin write and for a minute at most (issue 23): every page's header, category pages' scope.
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
   *   request cost more than a cached answer itself, issue 8).
   */
  requestLogging?: 'each' | 'line' | 'slow';
  /** Outside production, called with each one-time code issued (index.ts prints it to stand out). */
  announceCode?: (email: string, code: string, purpose: string) => void;
}

/** Without request logging, requests slower than this are still logged (warn). */
export const SLOW_REQUEST_MS = 1000;

/** A request for a file (a script, a picture, Vite's modules in development) rather than a page or an API call. */
function isStaticFile(url: string): boolean {
  const pathname = url.split('?')[0];
  return !pathname.startsWith('/api/') && (pathname.startsWith('/@') || path.extname(pathname) !== '');
}

/** Builds the app; call `ready()` (or `listen`) before use. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    // Structured JSON logs; every request line carries its request id (issue 9). Headers are not
    // logged, and authorization or cookie values are redacted should anything log them.
    logger:
      opts.logger === undefined || opts.logger === false
        ? false
        : {
            ...(typeof opts.logger === 'object' ? opts.logger : {}),
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
          },
    // A load balancer's well-formed X-Request-Id is kept so logs line up across hops; anything else
    // gets a fresh id (no log injection through the header).
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{8,100}$/.test(incoming) ? incoming : randomUUID();
    },
    logController: new LogController({ disableRequestLogging: (opts.requestLogging ?? 'each') !== 'each' }),
    bodyLimit: 1024 * 1024,
    // Only TRUST_PROXY's proxies are believed (config.ts); by default request.ip is the socket's
    // address, so a client cannot pick its own IP for the rate limits with X-Forwarded-For.
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('routeList', [] as { method: string; url: string }[]);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.routeList.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  if (opts.requestLogging === 'slow') {
    app.addHook('onResponse', (request, reply, done) => {
      if (reply.elapsedTime >= SLOW_REQUEST_MS) {
        request.log.warn(
          { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
          'slow request',
        );
      }
      done();
    });
  } else if (opts.requestLogging === 'line') {
    app.addHook('onResponse', (request, reply, done) => {
      if (!isStaticFile(request.url))
        request.log.info(`${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`);
      done();
    });
  }

  app.decorate('config', config);
  app.decorate('shuttingDown', false);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // While shutting down, answer what is in flight and tell clients not to reuse the connection.
    if (app.shuttingDown) reply.header('connection', 'close');
  });
  app.decorate('db', opts.db);
  const mailer =
    opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') });
  const razorpay =
    opts.razorpay ??
    createRazorpayClient({ keyId: config.razorpay.keyId, keySecret: config.razorpay.keySecret, apiBase: config.razorpay.apiBase });
  // Attachments are rendered at delivery; the settings service is decorated by settingsPlugin below.
  const mailQueue = createMailQueue(opts.db, mailer, app.log, {
    renderAttachment: (ref) => renderMailAttachment(opts.db, () => app.settings.get(), ref),
  });
  app.decorate('mailQueue', mailQueue);
  // Invoice numbers, given after each order's commit (modules/invoices/numbering.ts).
  const invoiceNumbering = createInvoiceNumbering(opts.db, async () => (await app.settings.get()).invoicePrefix, app.log);
  app.decorate('invoiceNumbering', invoiceNumbering);
  app.decorate('authDeps', {
    mailQueue,
    db: opts.db,
    mailer,
    codePepper: config.jwtSecret,
    now: opts.now ?? (() => new Date()),
    onCodeIssued: config.isProduction
      ? undefined
      : (opts.announceCode ??
        ((email: string, code: string, purpose: string) => app.log.info(`one-time code for ${email} (${purpose}): ${code}`))),
  });
  // Pincode places and delivery dates; reads the shop settings (decorated by settingsPlugin below).
  const pincodes = createPincodeService({ settings: () => app.settings.get(), now: opts.now });
  app.decorate('pincodes', pincodes);
  app.decorate('paymentDeps', {
    db: opts.db,
    pincodes,
    settings: { get: () => app.settings.get(), taxSlabs: () => app.settings.taxSlabs() },
    razorpay,
    keyId: config.razorpay.keyId,
    keySecret: config.razorpay.keySecret,
    log: app.log,
    orderMail: { queue: mailQueue, compose: orderConfirmationMail },
    invoiceNumbering,
    now: opts.now ?? (() => new Date()),
  });
  app.decorate('authRateLimit', { rateLimit: { max: opts.authRateLimitMax ?? 30, timeWindow: '1 minute' } });
  app.decorate('authAccountLimitMax', opts.authAccountLimitMax ?? 10);

  await app.register(errorsPlugin);
  await app.register(wellFormedTextPlugin);
  await app.register(securityHeadersPlugin, { hsts: config.isProduction });
  // Shared across instances through Redis when REDIS_URL is set (issue 4); in-process otherwise.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : null;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis unavailable'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    // Without an offline queue, a limit checked before the connection is up would be skipped:
    // start once Redis is ready, or after 2 s without it (limits then fail open: skipOnError below).
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  const accountLimit = opts.authAccountLimitMax ?? DEFAULT_LOGIN_LIMITS.accountIpFailures;
  app.decorate(
    'loginLimiter',
    createLoginLimiter({
      settings: {
        ...DEFAULT_LOGIN_LIMITS,
        accountIpFailures: accountLimit,
        ipFailures: accountLimit * 5,
        accountFailuresBeforeDelay: accountLimit * 10,
        ...opts.loginLimits,
      },
      redis,
      now: () => (opts.now ? opts.now().getTime() : Date.now()),
      onRedisError: (err) => app.log.warn({ err: err.message }, 'redis unavailable: login limits counted in this process'),
    }),
  );
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'store-rl:', skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many attempts. Please try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`,
    }),
  });
  await app.register(authPlugin);
  await app.register(cachePlugin, { redisUrl: config.redisUrl, ttlMs: opts.cacheTtlMs ?? config.responseCacheTtlMs });
  app.decorate(
    'activeCategories',
    keptUntilInvalidated(app.responseCache, () => listCategories(opts.db, { activeOnly: true }), 60_000),
  );
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Rangmanch store API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const mediaDir = path.join(config.dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '30d',
    // Return photos are the shopper's: served only on signed URLs (modules/media/private-photos.ts).
    allowedPath: (pathName) => isPublicMediaPath(pathName),
    setHeaders: uploadedMediaCacheHeaders(mediaDir),
  });
  await app.register(mediaStorePlugin, { cloudinaryApiBase: opts.cloudinaryApiBase, now: opts.now });

  if (config.razorpay.sandbox) {
    await app.register(razorpaySandbox, {
      prefix: '/razorpay-sandbox',
      keyId: config.razorpay.keyId,
      keySecret: config.razorpay.keySecret,
      webhookSecret: config.razorpay.webhookSecret,
      // The sandbox delivers webhooks like Razorpay would, so the demo exercises that path too.
      webhookUrl: `http://127.0.0.1:${config.port}/api/payments/razorpay/webhook`,
      webhookDelayMs: 3000,
    });
  }

  if (config.shiprocket.standIn) {
    await app.register(shiprocketStandIn, {
      prefix: '/shiprocket-sandbox',
      email: config.shiprocket.email,
      password: config.shiprocket.password,
      webhook: { url: `http://127.0.0.1:${config.port}/api/shipping/tracking-webhook`, token: config.shiprocket.webhookToken },
    });
  }

  await app.register(healthRoutes);
  await app.register(catalogRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(cartRoutes);
  await app.register(paymentRoutes);
  await app.register(webhookRoutes);
  await app.register(orderRoutes);
  await app.register(contactRoutes);
  await app.register(mediaRoutes);
  await app.register(adminCatalogRoutes);
  await app.register(adminHomepageRoutes);
  await app.register(adminOrderRoutes);
  await app.register(shipmentRoutes);
  await app.register(adminContactRoutes);
  await app.register(dashboardRoutes);
  await app.register(settingsPlugin);
  await app.register(couponRoutes);
  await app.register(pincodeRoutes);
  await app.register(inventoryRoutes);
  // Reads the seller from app.settings (settingsPlugin above).
  await app.register(invoiceRoutes);
  await app.register(refundRoutes);
  await app.register(wishlistRoutes);
  await app.register(reviewRoutes);
  await app.register(searchRoutes);
  await app.register(returnRoutes);

  if (opts.webBuildDir || opts.webDev) {
    await registerSsr(app, {
      buildDir: opts.webBuildDir ?? '',
      dev: opts.webDev,
      loadContext: createLoadContext(opts.db, config, app.settings, app.responseCache, app.activeCategories),
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.status(404).send({ message: 'Not found' }));
  }
  return app;
}

/** How long server-rendered home pages reuse one read of the home page's payload (ms). */
export const HOMEPAGE_MAX_AGE_MS = 10_000;

/**
 * The load context server loaders read (src/web/load-context.ts); `settings` is the cached settings
 * service, `activeCategories` the app's kept categories (every page's header, root loader). The home
 * page's payload is read once and kept too (`keptUntilInvalidated`, issue 23): dropped by an admin
 * write, here or on another instance, and after HOMEPAGE_MAX_AGE_MS at most, since its product cards
 * also show stock, which sales change without an admin write (the response cache keeps the whole
 * page as long).
 */
export function createLoadContext(
  db: Database,
  config: AppConfig,
  settings: StoreLoadContext['settings'],
  cache: Pick<ResponseCache, 'onInvalidate'>,
  activeCategories: KeptReader<Category[]>,
): StoreLoadContext {
  const homepage = keptUntilInvalidated(cache, () => getHomepage(db), HOMEPAGE_MAX_AGE_MS);
  return {
    catalog: {
      getHomepage: homepage,
      listCategories: activeCategories,
      listProducts: () => listProducts(db, { activeOnly: true }),
      getProduct: (id) => getProduct(db, id, { activeOnly: true }),
      listRelatedProducts: (id, limit) => listRelatedProducts(db, id, limit),
      listReviews: async (id) => {
        try {
          return await listProductReviews(db, id, 'newest', 1);
        } catch (err) {
          if (err instanceof AppError) return null; // missing or inactive product
          throw err;
        }
      },
      searchProducts: async (query, categoryId) => {
        if (!categoryId) return searchProducts(db, query);
        const scope = await categoryScope(db, categoryId, activeCategories);
        return scope ? searchProducts(db, query, scope) : null;
      },
    },
    razorpayCheckoutUrl: config.razorpay.checkoutUrl,
    paymentsSimulated: config.razorpay.sandbox,
    settings: { getPublic: () => settings.getPublic() },
  };
}
