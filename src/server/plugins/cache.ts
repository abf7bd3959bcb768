/**
 * A small in-process response cache for what is the same for every anonymous visitor:
 * catalogue JSON and server-rendered pages. Entries live for a short TTL and are dropped at once
 * when an admin changes the catalogue or the homepage: any successful write under the admin
 * catalogue and homepage paths bumps a generation; with REDIS_URL the bump is published so every
 * instance drops its entries. Stock moved by orders shows within the TTL (plus the time
 * one refresh takes); checkout and cart always re-read stock from the database.
 *
 * Under load:
 * - an expired entry is refreshed by one request while the others keep getting the expired copy
 *   (for at most one more TTL), instead of every concurrent request rebuilding it at once;
 * - answers go out compressed (brotli or gzip, as the client accepts), each encoding made once per
 *   entry and kept with it, so a cache hit costs no compression.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { prependRouteHook, routeWrites } from './route-hooks';

export interface CachedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Compressed copies of `body`, made on first demand (see `encodeCached`). */
  encoded?: { br?: Buffer; gzip?: Buffer };
}

export interface ResponseCache {
  /**
   * The entry for `key` if fresh and of the current generation; once expired, undefined for one
   * caller (who refreshes it with `set`) and the expired entry for the others meanwhile.
   */
  get(key: string): CachedResponse | undefined;
  /** Keeps `value` under `key`; false when it was not kept (the cache is off, or it is too big). */
  set(key: string, value: CachedResponse): boolean;
  /** Drops every entry here and, through Redis, on every other instance. */
  invalidate(): void;
  /**
   * Calls `listener` whenever the entries are dropped, here or by another instance's `invalidate`
   * (the settings service refreshes its copy this way).
   */
  onInvalidate(listener: () => void): void;
  /** Bumped on every invalidation (tests and diagnostics). */
  readonly generation: number;
  /** What the entries count for against the memory budget (`CacheOptions.maxBytes`). */
  readonly bytes: number;
}

const CHANNEL = 'store:cache-invalidate';
/** How long one request may take to refresh an expired entry before another one tries. */
const REFRESH_GRACE_MS = 5_000;

/** Paths whose successful writes change what anonymous visitors see (a shopper's review waits for moderation: not these; moderation invalidates itself). */
const CATALOGUE_WRITE = /^\/api\/(categories|products(?!\/[^/?]+\/reviews)|admin\/homepage|orders\/admin\/[^/]+\/status)(\/|$|\?)/;

export interface CacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /**
   * Memory budget for all entries, in bytes (default 32 MB): the oldest entries go first when a new
   * one would pass it. Server-rendered pages are 50-140 KB, so a crawler walking every product page
   * would otherwise hold up to `maxEntries` of them (RSS under 250 MB).
   */
  maxBytes?: number;
  redisUrl?: string;
}

/**
 * What an entry is counted as against `maxBytes`: its body, a third more for the compressed copies
 * made later on demand (brotli and gzip of text are each well under a fifth of it), and its key.
 */
const entryCost = (key: string, body: Buffer) => body.length + Math.ceil(body.length / 3) + key.length * 2;

export const cachePlugin = fp<CacheOptions>(async (app: FastifyInstance, opts) => {
  const ttlMs = opts.ttlMs ?? 10_000;
  const maxEntries = opts.maxEntries ?? 2_000;
  const maxBytes = opts.maxBytes ?? 32 * 1024 * 1024;
  const entries = new Map<string, CachedResponse & { expires: number; generation: number; refreshUntil?: number; cost: number }>();
  let bytes = 0;
  let generation = 0;
  const instanceId = Math.random().toString(36).slice(2);

  const publisher = opts.redisUrl ? new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null;
  const subscriber = opts.redisUrl ? new Redis(opts.redisUrl, { maxRetriesPerRequest: null }) : null;
  for (const client of [publisher, subscriber]) client?.on('error', (err) => app.log.warn({ err: err.message }, 'cache redis unavailable'));
  if (subscriber) {
    await subscriber.subscribe(CHANNEL).catch((err: Error) => app.log.warn({ err: err.message }, 'cache subscribe failed'));
    subscriber.on('message', (_channel, from: string) => {
      if (from !== instanceId) dropAll();
    });
  }

  const listeners: (() => void)[] = [];
  function dropAll() {
    generation++;
    entries.clear();
    bytes = 0;
    for (const listener of listeners) listener();
  }

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.cost;
    entries.delete(key);
  }

  const cache: ResponseCache = {
    get(key) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      const now = Date.now();
      if (hit.generation !== generation || now > hit.expires + ttlMs) {
        remove(key);
        return undefined;
      }
      if (hit.expires >= now) return hit;
      // Expired: this caller refreshes it; until it does (or gives up), others get this copy.
      if (hit.refreshUntil !== undefined && hit.refreshUntil > now) return hit;
      hit.refreshUntil = now + REFRESH_GRACE_MS;
      return undefined;
    },
    set(key, value) {
      if (ttlMs <= 0) return false; // the cache is off
      const cost = entryCost(key, value.body);
      if (cost > maxBytes) return false;
      remove(key);
      // Oldest first (a Map keeps insertion order) until the new entry fits both limits.
      for (const oldest of entries.keys()) {
        if (entries.size < maxEntries && bytes + cost <= maxBytes) break;
        remove(oldest);
      }
      entries.set(key, { ...value, expires: Date.now() + ttlMs, generation, cost });
      bytes += cost;
      return true;
    },
    invalidate() {
      dropAll();
      publisher?.publish(CHANNEL, instanceId).catch((err: Error) => app.log.warn({ err: err.message }, 'cache publish failed'));
    },
    onInvalidate(listener) {
      listeners.push(listener);
    },
    get generation() {
      return generation;
    },
    get bytes() {
      return bytes;
    },
  };
  app.decorate('responseCache', cache);

  // Before the admin's answer leaves, so their next read already sees the change. Only routes that
  // write get the hook (routes registered after this plugin; every API route is): a read, the bulk
  // of the traffic, runs no hook for it (docs/performance.md, "A cached read's fixed cost").
  const invalidateAfterWrite: onSendHookHandler = (request, reply, payload, done) => {
    if (reply.statusCode < 400 && CATALOGUE_WRITE.test(request.url)) cache.invalidate();
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (routeWrites(route)) prependRouteHook(route, 'onSend', invalidateAfterWrite);
  });
  app.addHook('onClose', async () => {
    await Promise.all([publisher?.quit().catch(() => undefined), subscriber?.quit().catch(() => undefined)]);
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

/** A kept value's reader (`keptUntilInvalidated`); `drop()` makes the next call read again. */
export type KeptReader<T> = (() => Promise<T>) & { drop(): void };

/**
 * A value read once and kept in process (a page that misses the response cache should not
 * read again what only an admin's write can change): `read()` runs on first use, and again after
 * `cache.onInvalidate` fires (an admin write here or, through Redis, on another instance) or once
 * the kept value is `maxAgeMs` old (ms; the bound on what other writes, such as a sale's stock, or
 * another instance without Redis, may leave stale), or after its `drop()` (a caller that found the
 * value stale). One key of `keptByKey`. Returns the reader.
 */
export function keptUntilInvalidated<T>(
  cache: Pick<ResponseCache, 'onInvalidate'>,
  read: () => Promise<T>,
  maxAgeMs: number,
): KeptReader<T> {
  const kept = keptByKey<T>(cache, maxAgeMs, 1);
  return Object.assign(() => kept('', read), { drop: kept.drop });
}

/**
 * Values kept in process by key: `get(key, read)` answers the value kept for `key` or runs `read()`
 * and keeps it. Every key is dropped when `cache.onInvalidate` fires or `drop()` is called; a value
 * older than `maxAgeMs` (ms) is read again; at most `maxKeys` keys are kept, the least recently used
 * dropped first. Concurrent callers of one key share one read; a failed read is not kept, so the
 * next caller tries again.
 */
export function keptByKey<T>(
  cache: Pick<ResponseCache, 'onInvalidate'>,
  maxAgeMs: number,
  maxKeys: number,
): ((key: string, read: () => Promise<T>) => Promise<T>) & { drop: () => void } {
  const kept = new Map<string, { value: Promise<T>; at: number }>();
  const drop = () => kept.clear();
  cache.onInvalidate(drop);
  const get = (key: string, read: () => Promise<T>) => {
    const found = kept.get(key);
    kept.delete(key); // Map order is use order: a found entry goes back at the end.
    if (found && Date.now() - found.at <= maxAgeMs) {
      kept.set(key, found);
      return found.value;
    }
    const entry = { value: read(), at: Date.now() };
    kept.set(key, entry);
    if (kept.size > maxKeys) kept.delete(kept.keys().next().value as string);
    entry.value.catch(() => {
      if (kept.get(key) === entry) kept.delete(key);
    });
    return entry.value;
  };
  return Object.assign(get, { drop });
}

/** Bodies smaller than this go out as they are: compressing them saves too little. */
const MIN_COMPRESS_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/;

/** The best encoding the client accepts among br and gzip (q=0 refuses one), or null. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  let br = false;
  let gzip = false;
  for (const part of String(acceptEncoding).toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    if (params.some((p) => /^q=0(\.0*)?$/.test(p))) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip') gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : null;
}

/**
 * Sets the headers of `entry` on `reply` and returns the body to send: compressed (brotli or gzip,
 * whichever the request accepts) when the content is text and big enough, else the body as it is.
 * Adds `vary: accept-encoding` either way, so shared caches keep the variants apart.
 * A `kept` entry (in the response cache) is compressed once per encoding at brotli quality 5 and
 * keeps the copy; one sent once (`kept` false: the cache is off, the answer is not cacheable, or a
 * page's miss, whose entry gets its kept copy from its first hit: plugins/ssr.ts) is compressed at
 * quality 3, about twice as fast for 5-15% more bytes (a 115 KB page took 2 ms at quality 5, a
 * sixth of its render).
 */
export function encodeCached(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse, kept = true): Buffer {
  reply.headers(entry.headers);
  const type = entry.headers['content-type'] ?? '';
  if (entry.body.length < MIN_COMPRESS_BYTES || !COMPRESSIBLE.test(type)) return entry.body;
  reply.header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return entry.body;
  const compress = () =>
    encoding === 'br'
      ? brotliCompressSync(entry.body, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: kept ? 5 : 3,
            [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          },
        })
      : gzipSync(entry.body, { level: kept ? 6 : 4 });
  reply.header('content-encoding', encoding);
  if (!kept) return compress();
  entry.encoded ??= {};
  return (entry.encoded[encoding] ??= compress());
}
