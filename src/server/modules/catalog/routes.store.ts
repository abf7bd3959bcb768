/**
 * Public catalogue routes: homepage, categories, category products, products,
 * product. Unknown or malformed ids answer 404 (docs/architecture.md#api-contract).
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import { answers, categorySchema, homepageSchema, productSchema } from '../../../core/schemas/answers';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors';
import { encodeCached } from '../../plugins/cache';
import { prependRouteHook } from '../../plugins/route-hooks';
import { getHomepage } from '../homepage/service';
import { idParams } from '../../../core/schemas/common';
import { listingCountSchema, listingQuerySchema } from '../../../core/schemas/listing';
import { clearCards, productJson, productsJson } from './card-cache';
import { categoryScope, countProducts, getProduct, searchProducts, type ProductPage } from './service';

/** A listing's answer: the page's products (the page figures travel in headers). */
const productList = answers({ 200: z.array(productSchema) });

/** What Fastify sends JSON as. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** The routes whose answer depends on the query string: the listing parameters. */
const LISTING_ROUTES = new Set([
  '/api/products',
  '/api/categories/:id/products',
  '/api/products/count',
  '/api/categories/:id/products/count',
]);

/**
 * The response-cache key of a catalogue read: its path, plus for a listing (`listing`: the route's
 * answer depends on the query string) the query as the listing reads it (defaults filled in,
 * unknown or bad parameters dropped). Keying on the raw URL would let any made-up parameter
 * (`?x=1`, `?x=2`…) make a new entry and push the real ones out.
 * Only valid on the raw query string (onRequest): once validated, `request.query` holds the parsed
 * listing (numbers, a sizes array), which this schema reads as absent fields.
 * A listing's key is remembered by its raw URL (`listingKeys`), so a cache hit costs no schema
 * parse ("no zod re-parse or stringify on cache hits").
 */
function cacheKey(request: FastifyRequest, listing: boolean): string {
  const path = request.url.split('?', 1)[0];
  if (!listing) return `api:${path}`;
  let key = listingKeys.get(request.url);
  if (key === undefined) {
    key = `api:${path}?${JSON.stringify(listingQuerySchema.parse(request.query ?? {}))}`;
    if (request.url.length > MAX_REMEMBERED_URL) return key;
    if (listingKeys.size >= MAX_LISTING_KEYS) listingKeys.clear();
    listingKeys.set(request.url, key);
  }
  return key;
}

/**
 * Listing keys by raw URL, for URLs up to MAX_REMEMBERED_URL characters; emptied when full, so
 * made-up URLs cost at most about 2,000 x 1.5 KB.
 */
const listingKeys = new Map<string, string>();
const MAX_LISTING_KEYS = 2_000;
const MAX_REMEMBERED_URL = 512;

declare module 'fastify' {
  interface FastifyRequest {
    /** A public catalogue read's response-cache key when it missed (stored on its way out); else null. */
    catalogCacheKey: string | null;
  }
}

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // A category's name, visibility or size chart shows on the cards kept in process (card-cache.ts):
  // dropped with the response cache's entries, here and on every other instance.
  app.responseCache.onInvalidate(() => clearCards(db));

  // Public catalogue reads are the same for everyone: served from the response cache, compressed
  // once per entry. The key is made once, before validation, and the answer stored under
  // that same key (`?limit=12` was looked up under its own key but stored under the
  // default listing's, so it never hit and the default listing answered 12 products).
  // The hooks are the GET routes' own (onRoute below), callbacks rather than async functions, and
  // a hit skips the store hook at once: a cached read is mostly this fixed cost
  // (docs/performance.md, "A cached read's fixed cost").
  app.decorateRequest('catalogCacheKey', null);
  const lookup =
    (listing: boolean): onRequestHookHandler =>
    (request, reply, done) => {
      if (request.method !== 'GET') return done(); // a HEAD twin: not cached
      const key = cacheKey(request, listing);
      const hit = app.responseCache.get(key);
      if (!hit) {
        request.catalogCacheKey = key;
        return done();
      }
      reply
        .code(hit.status)
        .header('x-cache', 'hit')
        .send(encodeCached(request, reply, hit));
    };
  const store: onSendHookHandler = (request, reply, payload, done) => {
    const key = request.catalogCacheKey;
    if (key === null || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done(null, payload);
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'x-total-count', 'x-page', 'x-total-pages']) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    // A catalogue body is already bytes (card-cache.ts), which nothing writes into: kept as they are.
    const entry = { status: 200, headers, body: Buffer.isBuffer(payload) ? payload : Buffer.from(payload) };
    // An answer the cache does not keep (cache off, or too large) is compressed the quick way.
    const kept = app.responseCache.set(key, entry);
    done(null, encodeCached(request, reply, entry, kept));
  };
  app.addHook('onRoute', (route) => {
    if (route.method !== 'GET') return;
    prependRouteHook(route, 'onRequest', lookup(LISTING_ROUTES.has(route.url)));
    prependRouteHook(route, 'onSend', store);
  });

  app.get('/api/homepage', { schema: { response: answers({ 200: homepageSchema }) } }, async () => getHomepage(db));

  app.get('/api/categories', { schema: { response: answers({ 200: z.array(categorySchema) }) } }, async () => app.activeCategories());

  /**
   * Lists answer the array the spec names; the page figures travel in headers. The body is joined
   * from each card's JSON, made once per cached card (card-cache.ts).
   */
  const sendPage = (reply: FastifyReply, page: ProductPage) =>
    reply
      .header('x-total-count', String(page.total))
      .header('x-page', String(page.page))
      .header('x-total-pages', String(page.totalPages))
      .type(JSON_TYPE)
      .send(productsJson(page.products));

  /** The product's JSON bytes, made once per cached card (card-cache.ts). */
  const sendJson = (reply: FastifyReply, json: Buffer) => reply.type(JSON_TYPE).send(json);

  app.get(
    '/api/categories/:id/products',
    { schema: { params: idParams('Category not found'), querystring: listingQuerySchema, response: productList } },
    async (req, reply) => {
      const scope = await categoryScope(db, req.params.id, app.activeCategories);
      if (!scope) throw notFound('Category not found');
      return sendPage(reply, await searchProducts(db, req.query, scope));
    },
  );

  app.get('/api/products', { schema: { querystring: listingQuerySchema, response: productList } }, async (req, reply) =>
    sendPage(reply, await searchProducts(db, req.query)),
  );

  // The count for a listing's filters, before they are applied (the phone filter sheet).
  const countSchema = { querystring: listingQuerySchema, response: answers({ 200: listingCountSchema }) };
  app.get('/api/products/count', { schema: countSchema }, async (req) => ({ count: await countProducts(db, req.query) }));
  app.get('/api/categories/:id/products/count', { schema: { ...countSchema, params: idParams('Category not found') } }, async (req) => {
    const scope = await categoryScope(db, req.params.id, app.activeCategories);
    if (!scope) throw notFound('Category not found');
    return { count: await countProducts(db, req.query, scope) };
  });

  app.get(
    '/api/products/:id',
    // An id or a handle, current or earlier (docs/architecture.md#product-addresses).
    { schema: { params: z.object({ id: z.string().min(1).max(200) }), response: answers({ 200: productSchema }) } },
    async (req, reply) => {
      const product = await getProduct(db, req.params.id, { activeOnly: true });
      if (!product) throw notFound('Product not found');
      return sendJson(reply, productJson(product));
    },
  );
};
