/**
 * Server rendering in the same process (docs/architecture.md#web-app): the React Router
 * build's assets are served by @fastify/static with long cache headers, and every other non-/api
 * GET goes to React Router's request handler with the catalogue in the load context. Each page is
 * buffered so that its Content-Security-Policy can allow exactly its own inline scripts
 * by hash, and pages — the same for every visitor, since the token lives in the
 * browser — are kept in the response cache and sent compressed. Static files are sent
 * pre-compressed (.br/.gz made at build time by scripts/compress-assets.mjs) when the browser
 * accepts it.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createRequestListener } from '@react-router/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { AppConfig } from '../config';
import type { StoreLoadContext } from '../../web/load-context';
import { encodeCached } from './cache';

export interface SsrOptions {
  /** The folder holding React Router's `client/` and `server/` build output. */
  buildDir: string;
  loadContext: StoreLoadContext;
  /**
   * `npm run dev` (scripts/dev.mjs): no build; a Vite dev server in middleware mode serves the web
   * app's modules with hot reloading over this server's own port, and every page renders from its
   * current server build, uncached and without the Content-Security-Policy.
   */
  dev?: boolean;
  /**
   * Where an address no page answers should go instead of the 404 page (301), or null
   * (modules/redirects/resolve.ts, docs/architecture.md#redirects).
   */
  oldAddress?: (request: FastifyRequest) => Promise<string | null>;
}

/** A kept old address's redirect: 301, cached by browsers for an hour (the owner may change it). */
const REDIRECT_MAX_AGE = 'public, max-age=3600';

/** An opening script tag that loads a file or holds data (JSON, JSON-LD): no hash needed. */
const NOT_INLINE_CODE = /\bsrc=|type="application\/(?:ld\+)?json"/;

/**
 * sha256 sources for every inline script of a page (CSP Level 2 hashes: of the script's text as
 * UTF-8 bytes). Reads the page's bytes as they are, without decoding the whole page (a home page is
 * 120 KB).
 */
export function inlineScriptHashes(html: Buffer | string): string[] {
  const page = typeof html === 'string' ? Buffer.from(html, 'utf8') : html;
  const hashes = new Set<string>();
  for (let at = page.indexOf('<script'); at !== -1; at = page.indexOf('<script', at)) {
    const tagEnd = page.indexOf('>', at);
    const close = tagEnd === -1 ? -1 : page.indexOf('</script>', tagEnd);
    if (close === -1) break;
    if (!NOT_INLINE_CODE.test(page.toString('utf8', at, tagEnd))) {
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(page.subarray(tagEnd + 1, close))
          .digest('base64')}'`,
      );
    }
    at = close + '</script>'.length;
  }
  return [...hashes];
}

/**
 * The page's Content-Security-Policy: only this origin, the payment widget and the media host;
 * inline scripts by hash; no plugins, no framing, no base tag tricks.
 */
export function contentSecurityPolicy(config: AppConfig, scriptHashes: string[]): string {
  const checkout = config.razorpay.checkoutUrl.startsWith('http') ? new URL(config.razorpay.checkoutUrl).origin : '';
  const razorpay = config.razorpay.sandbox ? [] : [checkout, 'https://api.razorpay.com', 'https://*.razorpay.com'];
  const cloudinary = config.cloudinaryUrl ? ['https://res.cloudinary.com'] : [];
  const cloudinaryUpload = config.cloudinaryUrl ? ['https://api.cloudinary.com'] : [];
  const directives = [
    `default-src 'self'`,
    `script-src 'self' ${[...scriptHashes, ...razorpay].join(' ')}`.trim(),
    `style-src 'self' 'unsafe-inline'`,
    // api.cloudinary.com: private return photos are shown on the upload API's signed download URLs.
    `img-src 'self' data: blob: ${[...cloudinary, ...cloudinaryUpload, ...razorpay].join(' ')}`.trim(),
    `media-src 'self' blob: ${cloudinary.join(' ')}`.trim(),
    `font-src 'self' data:`,
    // blob: the admin forms preview a picked video from an object URL, which Chromium loads as a connection.
    `connect-src 'self' blob: ${[...razorpay, ...cloudinaryUpload].join(' ')}`.trim(),
    `frame-src ${razorpay.length ? razorpay.join(' ') : `'none'`}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    ...(config.isProduction ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/**
 * Pages whose HTML depends on the query string: the listings (/products and a category's page),
 * which read their search, sort, filters and page from it and redirect any other spelling to their
 * canonical URL (src/web/routes/products.tsx, category.tsx). Every other page renders the same
 * for any query string.
 */
const QUERY_PAGES = /^\/(?:products|category\/[^/]+)\/?$/;

/** A product page (`/products/<handle>`): its HTML depends on `?colour=` alone (the colour shown first). */
const PRODUCT_PAGE = /^\/products\/[^/]+\/?$/;
/** What a `?colour=` value may be: a colour's address form (core/colours.ts colourSlug); anything else shows no colour. */
const COLOUR_PARAM = /^[\p{L}\p{N}-]{1,60}$/u;

/** A Host header's value: a name or an IPv4 or [IPv6] address, and a port. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::\d{1,5})?$/i;

/**
 * The URL a page is rendered for: the origin as Fastify reads it (trustProxy: the proxy's
 * X-Forwarded-Proto and -Host, last entry), the path and the query string; null when the Host is
 * not a host name (a 400). Pages take their canonical and share URLs' origin from it (web/lib/seo.ts).
 */
export function pageUrl(request: Pick<FastifyRequest, 'protocol' | 'host' | 'url'>): URL | null {
  if (!HOST.test(request.host)) return null;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  try {
    // Joined, not resolved: a path such as '//other.example/x' stays a path on this host.
    return new URL(`${protocol}://${request.host}${request.url}`);
  } catch {
    return null;
  }
}

/**
 * The page-cache key of a GET: the origin the page is rendered for and its path, plus
 * the query string only on the pages that read it (QUERY_PAGES) and on React Router's data requests
 * (`.data` and `/__manifest`, whose query names the loaders or routes answered), and a product page's
 * `?colour=` (lower-cased) without the rest of its query. A made-up parameter
 * (`?utm_source=…`, `?x=1`) on any other page is the same page: it neither misses the cache nor
 * adds an entry.
 */
export function pageCacheKey(url: URL): string {
  // React Router's own requests answer with what their query names: data requests
  // (`/login.data?_routes=routes/login`, `/products.data?sizes=M`) the loaders and the listing's
  // filters, route discovery (`/__manifest?paths=/login`) the routes of those paths.
  const queryCounts = url.pathname.endsWith('.data') || url.pathname === '/__manifest' || QUERY_PAGES.test(url.pathname);
  if (!queryCounts && PRODUCT_PAGE.test(url.pathname)) {
    // A product page shows the colour its address names (`?colour=maroon`, a shared link); no other parameter counts.
    const colour = url.searchParams.get('colour')?.toLowerCase() ?? '';
    return `ssr:${url.origin}${url.pathname}${COLOUR_PARAM.test(colour) ? `?colour=${colour}` : ''}`;
  }
  return `ssr:${url.origin}${url.pathname}${queryCounts ? url.search : ''}`;
}

/**
 * The Fetch API request a GET or HEAD page is rendered from: a GET of `url` (pageUrl) and no headers.
 * A HEAD is rendered as the GET it asks about (Node sends no body for it; React Router answers a
 * HEAD with an empty octet-stream, which the page cache then served as the page). No header
 * reaches the render because the page is kept in the response cache for every visitor: a cookie or
 * an Authorization header must not shape it, and the proxy's forwarded host and protocol are
 * already in `url`, so the page's origin is exactly the one its cache key names. It also makes the
 * request cheaper to build and for React Router to copy (twice for each loader it calls).
 */
export function pageRequest(url: URL): Request {
  return new Request(url);
}

/** Registers static assets and the SSR catch-all. Unknown /api paths answer a JSON 404. */
export async function registerSsr(app: FastifyInstance, opts: SsrOptions): Promise<void> {
  if (opts.dev) return registerDevSsr(app, opts);
  const clientDir = path.join(opts.buildDir, 'client');
  const build = (await import(pathToFileURL(path.join(opts.buildDir, 'server', 'index.js')).href)) as ServerBuild;
  // One registration for the whole client build: fingerprinted assets are immutable, the rest
  // (favicon and the like) is cached for an hour.
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    decorateReply: false,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    allowedPath: (pathName) => path.extname(pathName) !== '',
    setHeaders: (reply, filePath) => {
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });
  const mode = app.config.isProduction ? 'production' : 'development';
  const handle = createRequestHandler(build, mode);
  // Non-GET requests (React Router actions) stream straight through.
  const listener = createRequestListener({ build, mode, getLoadContext: () => opts.loadContext });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.status(404).send({ message: 'Not found' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      reply.hijack();
      listener(request.raw, reply.raw);
      return reply;
    }
    const url = pageUrl(request);
    if (!url) return reply.status(400).send({ message: 'Bad Host header' });
    const key = pageCacheKey(url);
    const redirect = async () => {
      const to = await opts.oldAddress?.(request);
      return to ? reply.header('cache-control', REDIRECT_MAX_AGE).redirect(to, 301) : null;
    };
    const hit = app.responseCache.get(key);
    if (hit?.status === 404) {
      const moved = await redirect();
      if (moved) return moved;
    }
    if (hit)
      return reply
        .code(hit.status)
        .header('x-cache', 'hit')
        .send(encodeCached(request, reply, hit));

    const response = await handle(pageRequest(url), opts.loadContext);
    if (response.status === 404) {
      const moved = await redirect();
      if (moved) return moved;
    }
    const body = Buffer.from(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'transfer-encoding') headers[name] = value;
    });
    if (headers['content-type']?.startsWith('text/html')) {
      headers['content-security-policy'] = contentSecurityPolicy(app.config, inlineScriptHashes(body));
      headers['cache-control'] ??= 'no-cache';
    }
    const cacheable = (response.status === 200 || response.status === 404) && !response.headers.has('set-cookie');
    const entry = { status: response.status, headers, body };
    if (cacheable) app.responseCache.set(key, entry);
    // Compressed as an answer sent once (the faster quality, the copy not kept): a miss is often
    // the only request for its page (a search, a filter, a crawler's walk) before its entry
    // expires; a page asked for again gets its smaller copy made once, by its first hit.
    return reply.code(response.status).send(encodeCached(request, reply, entry, false));
  });
}

/** Development rendering through Vite (see SsrOptions.dev); vite is a devDependency, loaded only here. */
async function registerDevSsr(app: FastifyInstance, opts: SsrOptions): Promise<void> {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server: app.server } }, appType: 'custom' });
  app.addHook('onClose', () => vite.close());
  const listener = createRequestListener({
    build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    mode: 'development',
    getLoadContext: () => opts.loadContext,
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.status(404).send({ message: 'Not found' });
    }
    reply.hijack();
    vite.middlewares(request.raw, reply.raw, () => void listener(request.raw, reply.raw));
    return reply;
  });
}
