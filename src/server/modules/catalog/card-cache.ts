/**
 * Public product cards kept in process, so a listing that misses the response cache
 * costs one statement (the page's ids, each with its version, and the total) instead of four, and
 * its answer is joined from JSON made once per card instead of mapped and serialised per request.
 *
 * Kept current by version, read in the same statement as the ids (`cardVersion`): the transaction
 * ids (`xmin`) of the product's row and of its variants' rows. Every write of a row gives it a new
 * `xmin`, so a sale (stock), an admin save (its title, pictures and categories are replaced in the
 * same transaction as the product row's update), a review (rating) or a price change shows at once,
 * on every instance, with no message to wait for. What a card shows from other rows (its
 * categories' names and visibility, the size chart a category lends the product page) changes only
 * through admin writes under /api/categories, which drop every card here and, through Redis, on
 * every instance (plugins/cache.ts `onInvalidate`, wired in catalog/routes.store.ts); without Redis, a
 * card is read again after a minute at most.
 */
import { sql } from 'drizzle-orm';
import type { Product } from '../../../core/api-types';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';

/**
 * A product's version (text): its row's `xmin`, then the number of its variants and the sum of
 * their `xmin`s. A write to the product or any of its variants (stock, price, active), a variant
 * added or deleted, changes it. Reads variants through `variants_product_id_index`.
 */
export const cardVersion = sql<string>`${products}.xmin::text || ':' || (select count(*) || ':' || coalesce(sum(cv.xmin::text::bigint), 0) from variants cv where cv.product_id = ${products}.id)`;

/** A product read's id and version, as the listing statement answers them. */
export interface CardKey {
  id: string;
  version: string;
}

interface Entry {
  version: string;
  product: Product;
  /** When it was stored (ms since the epoch). */
  at: number;
}

/** At most this many cards (and as many product pages) are kept per database: about 3 KB each. */
const MAX_ENTRIES = 2_000;
/**
 * A card older than this is read again even at the same version: without REDIS_URL, the only
 * bound on how long another instance shows a category's old name (the response cache's TTL is
 * the same kind of bound).
 */
const MAX_AGE_MS = 60_000;

/** The JSON of each cached product as UTF-8 bytes, made once when it is stored (`productsJson`). */
const jsonOf = new WeakMap<Product, Buffer>();

/** Freezes a product and everything in it: a cached card is shared by every request. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Products by id, each with the version it was built from; least recently used out first. */
class VersionedProducts {
  private readonly entries = new Map<string, Entry>();

  /** The product stored for `id` at `version`, or undefined (missing or another version). */
  get(id: string, version: string): Product | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.version !== version || Date.now() - entry.at > MAX_AGE_MS) return undefined;
    // Map order is use order: move it to the end.
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.product;
  }

  /** Stores `product` (frozen, with its JSON) for `id` at `version`; returns it. */
  set(id: string, version: string, product: Product): Product {
    jsonOf.set(deepFreeze(product), Buffer.from(JSON.stringify(product)));
    this.entries.delete(id);
    this.entries.set(id, { version, product, at: Date.now() });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(oldest);
    }
    return product;
  }

  clear() {
    this.entries.clear();
  }
}

/** The cards of one database: list cards (no size chart) and product pages (with it). */
export interface CardCache {
  cards: VersionedProducts;
  pages: VersionedProducts;
  /** Bumped by `clearCards`: a read that began before may not store what it read. */
  generation: number;
}

const byDatabase = new WeakMap<Database, CardCache>();

/** The card cache of `db` (one per database handle, like its prepared statements). */
export function cardCache(db: Database): CardCache {
  let cache = byDatabase.get(db);
  if (!cache) {
    cache = { cards: new VersionedProducts(), pages: new VersionedProducts(), generation: 0 };
    byDatabase.set(db, cache);
  }
  return cache;
}

/** Drops every card and product page of `db` (a category changed: names, visibility, size charts). */
export function clearCards(db: Database): void {
  const cache = cardCache(db);
  cache.generation++;
  cache.cards.clear();
  cache.pages.clear();
}

/** The JSON of one product as UTF-8 bytes: made once for a cached card or page, else now. */
export function productJson(product: Product): Buffer {
  return jsonOf.get(product) ?? Buffer.from(JSON.stringify(product));
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/**
 * The JSON array of `list` as UTF-8 bytes (what JSON.stringify would give), joined from each
 * cached card's bytes. Bytes, not a string: joining 24 colour cards' strings (133 KB) and encoding
 * the result cost 1.4-2.5 ms a listing, copying their bytes about 0.05 ms (docs/performance.md).
 */
export function productsJson(list: Product[]): Buffer {
  const parts: Buffer[] = [OPEN];
  list.forEach((product, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(productJson(product));
  });
  parts.push(CLOSE);
  return Buffer.concat(parts);
}
