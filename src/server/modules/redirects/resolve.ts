/**
 * The storefront's answer for an old address (docs/architecture.md#redirects): a GET or HEAD that
 * no page answers (the 404 page would be sent) is looked up in the redirects table, kept in memory
 * until a redirect is written (the response cache's invalidation, on every instance through Redis)
 * or a minute has passed, then in Shopify's address forms (`shopifyAddress`), which go only where
 * the category or product exists. /api, built assets, media and React Router's data requests are
 * never looked up.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normaliseFromPath } from '../../../core/schemas/redirects';
import { keptUntilInvalidated, type KeptReader } from '../../plugins/cache';
import { productIdOf } from '../catalog/service';
import { redirectTable } from './service';
import { shopifyAddress } from './shopify-addresses';

/** How long an instance keeps the table when no invalidation reaches it (ms). */
const TABLE_MAX_AGE_MS = 60_000;

/** Paths never redirected: the API, built and uploaded files, React Router's own requests. */
const NEVER = /^\/(?:api(?:\/|$)|assets\/|media\/|__manifest$)|\.data$/;

const tables = new WeakMap<FastifyInstance, KeptReader<Map<string, string>>>();

function tableOf(app: FastifyInstance): KeptReader<Map<string, string>> {
  let reader = tables.get(app);
  if (!reader) {
    reader = keptUntilInvalidated(app.responseCache, () => redirectTable(app.db), TABLE_MAX_AGE_MS);
    tables.set(app, reader);
  }
  return reader;
}

/** `path` safe for a Location header: characters outside printable ASCII percent-encoded. */
const headerSafe = (path: string) => path.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));

/** True when the category or product a Shopify address needs exists (an active category; any product). */
async function exists(app: FastifyInstance, needs: { kind: 'category' | 'product'; handle: string }): Promise<boolean> {
  if (needs.kind === 'category') return (await app.activeCategories()).some((c) => c.handle === needs.handle);
  return (await productIdOf(app.db, needs.handle)) !== null;
}

/**
 * Where a request for an address no page answers should go (301), or null for the 404 page: the
 * redirects table's target, else this shop's address for a Shopify one. The request's query string
 * is carried over when the target has none of its own.
 */
export async function oldAddressRedirect(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const queryAt = request.url.indexOf('?');
  const rawPath = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : request.url.slice(queryAt);
  if (NEVER.test(rawPath)) return null;
  const from = normaliseFromPath(rawPath);
  if (from === null) return null;
  let target = (await tableOf(app)()).get(from) ?? null;
  if (target === null) {
    const shopify = shopifyAddress(from);
    if (shopify && (!shopify.needs || (await exists(app, shopify.needs)))) target = shopify.path;
  }
  if (target === null) return null;
  return headerSafe(target.includes('?') || query === '?' ? target : `${target}${query}`);
}
