import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachePlugin, encodeCached, keptByKey, preferredEncoding, type CachedResponse } from './cache';

async function cacheApp(ttlMs: number, limits: { maxEntries?: number; maxBytes?: number } = {}) {
  const app = Fastify();
  await app.register(cachePlugin, { ttlMs, ...limits });
  await app.ready();
  return app;
}

const entry = (body: string, type = 'application/json; charset=utf-8'): CachedResponse => ({
  status: 200,
  headers: { 'content-type': type },
  body: Buffer.from(body),
});

afterEach(() => {
  vi.useRealTimers();
});

describe('response cache', () => {
  it('lets one caller refresh an expired entry while the others get the expired copy', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const app = await cacheApp(1000);
    const cache = app.responseCache;
    cache.set('k', entry('"v1"'));
    expect(cache.get('k')?.body.toString()).toBe('"v1"');

    vi.advanceTimersByTime(1500); // expired, within one more TTL
    expect(cache.get('k')).toBeUndefined(); // this caller refreshes
    expect(cache.get('k')?.body.toString()).toBe('"v1"'); // the others keep the old copy meanwhile
    cache.set('k', entry('"v2"'));
    expect(cache.get('k')?.body.toString()).toBe('"v2"');

    vi.advanceTimersByTime(2500); // more than a TTL past expiry: gone
    expect(cache.get('k')).toBeUndefined();
    expect(cache.get('k')).toBeUndefined();
    await app.close();
  });

  it('keeps within its memory budget and entry count by dropping the oldest entries first', async () => {
    const app = await cacheApp(60_000, { maxBytes: 100_000, maxEntries: 5 });
    const cache = app.responseCache;
    const page = (n: number) => entry(`<html>${String(n).repeat(30_000)}</html>`, 'text/html');
    for (let n = 1; n <= 4; n++) cache.set(`/product/${n}`, page(n));
    // Each 30 KB page counts about 40 KB: two fit in 100 KB.
    expect(['/product/1', '/product/2', '/product/3', '/product/4'].map((k) => Boolean(cache.get(k)))).toEqual([false, false, true, true]);
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    cache.set('/product/3', page(3)); // replacing an entry does not count it twice
    expect(Boolean(cache.get('/product/4'))).toBe(true);
    cache.set('/huge', entry('x'.repeat(200_000), 'text/html')); // bigger than the whole budget: not kept
    expect(cache.get('/huge')).toBeUndefined();
    expect(Boolean(cache.get('/product/4'))).toBe(true);
    for (let n = 0; n < 7; n++) cache.set(`/api/${n}`, entry(`"${n}"`));
    expect(['/api/0', '/api/1', '/api/2', '/api/6'].map((k) => Boolean(cache.get(k)))).toEqual([false, false, true, true]);
    cache.invalidate();
    expect(cache.bytes).toBe(0);
    await app.close();
  });

  it('forgets everything, stale copies included, when invalidated', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const app = await cacheApp(1000);
    app.responseCache.set('k', entry('"v1"'));
    vi.advanceTimersByTime(1500);
    expect(app.responseCache.get('k')).toBeUndefined();
    app.responseCache.invalidate();
    expect(app.responseCache.get('k')).toBeUndefined();
    await app.close();
  });
});

describe('compression of cached answers', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it('sends big text compressed once per entry, and small or binary bodies as they are', async () => {
    const big = entry(JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Kurta ${i}` }))));
    const small = entry('{"ok":true}');
    const image = entry('x'.repeat(5000), 'image/webp');
    const app = Fastify();
    app.get('/big', (req, reply) => reply.send(encodeCached(req, reply, big)));
    app.get('/small', (req, reply) => reply.send(encodeCached(req, reply, small)));
    app.get('/image', (req, reply) => reply.send(encodeCached(req, reply, image)));

    const br = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(big.body.toString());
    const firstBr = big.encoded?.br;
    await app.inject({ url: '/big', headers: { 'accept-encoding': 'br' } });
    expect(big.encoded?.br).toBe(firstBr); // made once, kept with the entry

    const gz = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(big.body.toString());

    const plain = await app.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big.body.toString());

    expect((await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
    expect((await app.inject({ url: '/image', headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
    await app.close();
  });

  it('compresses an answer the cache does not keep every time, and keeps no copy of it', async () => {
    const off = await cacheApp(0);
    const page = entry('<p>Kurta</p>'.repeat(500), 'text/html; charset=utf-8');
    expect(off.responseCache.set('ssr:/terms', page)).toBe(false);
    await off.close();
    const app = Fastify();
    app.get('/page', (req, reply) => reply.send(encodeCached(req, reply, page, false)));
    for (const encoding of ['br', 'gzip']) {
      const res = await app.inject({ url: '/page', headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(body.toString()).toBe(page.body.toString());
    }
    expect(page.encoded).toBeUndefined();
    await app.close();

    const on = await cacheApp(60_000);
    expect(on.responseCache.set('ssr:/terms', page)).toBe(true);
    await on.close();
  });
});

describe('values kept by key', () => {
  const invalidation = () => {
    const listeners: (() => void)[] = [];
    return { onInvalidate: (l: () => void) => listeners.push(l), invalidate: () => listeners.forEach((l) => l()) };
  };

  it('reads each key once, keeps the most recently used keys, and reads again after an invalidation', async () => {
    const cache = invalidation();
    const get = keptByKey<string>(cache, 60_000, 2);
    const reads: string[] = [];
    const read = (key: string) => () => {
      reads.push(key);
      return Promise.resolve(`${key}!`);
    };
    expect(await Promise.all([get('a', read('a')), get('a', read('a'))])).toEqual(['a!', 'a!']);
    await get('b', read('b'));
    await get('a', read('a')); // a is now the most recently used: c pushes b out
    await get('c', read('c'));
    await get('a', read('a'));
    await get('b', read('b'));
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
    cache.invalidate();
    await get('a', read('a'));
    expect(reads).toEqual(['a', 'b', 'c', 'b', 'a']);
  });

  it('does not keep a failed read', async () => {
    const get = keptByKey<string>(invalidation(), 60_000, 10);
    await expect(get('a', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await get('a', () => Promise.resolve('read again'))).toBe('read again');
  });
});
