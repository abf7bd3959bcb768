/**
 * The catalogue as the API shows it: categories, products with variants, images and categories
 * for the storefront. Public reads see active records only (docs/architecture.md#catalogue); admin reads see all.
 */
import { and, asc, desc, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Category, Product, Variant } from '../../../core/api-types';
import { byOptionOrder, colourSlug } from '../../../core/colours';
import { PAGE_SIZE, type ListingColour, type ListingQuery } from '../../../core/listing';
import { toRupees } from '../../../core/money';
import type { SizeChart } from '../../../core/size-chart';
import { averageRating } from '../../../core/reviews';
import { keptStatements, prepareKept, preparedOnce, type Database } from '../../db/client';
import type { KeptReader } from '../../plugins/cache';
import { categories, productCategories, productHandleRedirects, productImages, products, variants } from '../../db/schema';
import { isUuid } from '../../errors';
import { matchText, type TextMatch } from '../search/matcher';
import { cardCache, cardVersion, type CardKey } from './card-cache';

/**
 * Every column of a product but its stored search vectors (title_words, description_words,
 * colour_words), which only PostgreSQL's search reads: the reads that hydrate products select
 * these, not the vectors.
 */
export const productColumns = (({ titleWords: _t, descriptionWords: _d, colourWords: _c, ...columns }) => columns)(
  getTableColumns(products),
);

type ProductRow = Omit<typeof products.$inferSelect, 'titleWords' | 'descriptionWords' | 'colourWords'>;

export interface ListOptions {
  /** Public reads: active products, variants and categories only. */
  activeOnly: boolean;
  limit?: number;
  bestsellersOnly?: boolean;
  categoryId?: string;
  excludeProductId?: string;
  categoryIds?: string[];
  /** Only products sharing a category with this product (its related products). */
  sharingCategoryWith?: string;
}

/** Maps a category row to the API shape. */
export function toCategory(row: typeof categories.$inferSelect): Category {
  return {
    _id: row.id,
    name: row.name,
    handle: row.handle,
    parentId: row.parentId,
    description: row.description,
    isActive: row.isActive,
  };
}

/** Categories, each parent followed by its children, by sort order then name. */
export async function listCategories(db: Database, opts: { activeOnly: boolean }): Promise<Category[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(opts.activeOnly ? eq(categories.isActive, true) : undefined)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  // A child whose parent is hidden (inactive) is hidden with it.
  const parents = rows.filter((r) => !r.parentId);
  const ordered: Category[] = [];
  for (const parent of parents) {
    ordered.push(toCategory(parent));
    for (const child of rows.filter((r) => r.parentId === parent.id)) ordered.push(toCategory(child));
  }
  return ordered;
}

/**
 * The three look-ups hydrateProducts makes for a page of products (its variants, images and
 * categories, by `= any(ids)`), prepared once per database: building them anew cost a listing
 * about a fifth of the shop's CPU, and PostgreSQL keeps their plans. Variants and
 * categories come in two visibilities (public reads see active ones only); images have one.
 */
const hydration = preparedOnce((db) => {
  const ids = sql.placeholder('ids');
  const variantsOf = (activeOnly: boolean) =>
    db
      .select()
      .from(variants)
      .where(and(sql`${variants.productId} = any(${ids})`, activeOnly ? eq(variants.isActive, true) : undefined))
      .prepare(`hydrate_variants_${activeOnly ? 'active' : 'all'}`);
  const categoriesOf = (activeOnly: boolean) =>
    db
      .select({ productId: productCategories.productId, id: categories.id, name: categories.name, handle: categories.handle })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(and(sql`${productCategories.productId} = any(${ids})`, activeOnly ? eq(categories.isActive, true) : undefined))
      .orderBy(asc(productCategories.position))
      .prepare(`hydrate_categories_${activeOnly ? 'active' : 'all'}`);
  return {
    variants: { active: variantsOf(true), all: variantsOf(false) },
    categories: { active: categoriesOf(true), all: categoriesOf(false) },
    images: db
      .select()
      .from(productImages)
      .where(sql`${productImages.productId} = any(${ids})`)
      .orderBy(asc(productImages.position))
      .prepare('hydrate_images'),
    /** The rows of the products a public read has no current card for (publicCards). */
    products: db
      .select(productColumns)
      .from(products)
      .where(sql`${products.id} = any(${ids})`)
      .prepare('hydrate_products'),
    /** A public product page's id and version (getProduct): one statement when its page is cached. */
    productVersion: db
      .select({ id: products.id, version: cardVersion })
      .from(products)
      .where(and(eq(products.id, sql.placeholder('id')), eq(products.isActive, true)))
      .prepare('product_version'),
    /** A product's id, version and whether it is active, by its current handle: a product page's usual address. */
    productVersionByHandle: db
      .select({ id: products.id, version: cardVersion, isActive: products.isActive })
      .from(products)
      .where(eq(products.handle, sql.placeholder('handle')))
      .prepare('product_version_by_handle'),
  };
});

/**
 * The public cards of `keys` (ids with their versions, in order), from the card cache where it holds
 * that version, else read and hydrated (one statement for their rows, then hydrateProducts) and
 * stored. Cards are frozen: shared by every read (card-cache.ts).
 */
async function publicCards(db: Database, keys: CardKey[]): Promise<Product[]> {
  const cache = cardCache(db);
  const found = keys.map((k) => cache.cards.get(k.id, k.version));
  const missing = keys.filter((_, i) => found[i] === undefined);
  if (missing.length === 0) return found as Product[];
  const generation = cache.generation;
  const rows = await hydration(db).products.execute({ ids: missing.map((k) => k.id) });
  const fresh = new Map((await hydrateProducts(db, rows, true)).map((p) => [p._id, p]));
  // Read after the versions, so never older than them; not stored if a category changed meanwhile.
  const keep = cache.generation === generation;
  return keys.flatMap((k, i) => {
    const product = found[i] ?? fresh.get(k.id);
    if (!product) return []; // deleted since the page's statement
    return [found[i] || !keep ? product : cache.cards.set(k.id, k.version, product)];
  });
}

/** Loads variants, images and categories for product rows and shapes them for the API. */
export async function hydrateProducts(db: Database, rows: ProductRow[], activeOnly: boolean): Promise<Product[]> {
  if (rows.length === 0) return [];
  const statements = hydration(db);
  const visibility = activeOnly ? 'active' : 'all';
  const ids = rows.map((r) => r.id);
  const [variantRows, imageRows, categoryRows] = await Promise.all([
    statements.variants[visibility].execute({ ids }),
    statements.images.execute({ ids }),
    statements.categories[visibility].execute({ ids }),
  ]);
  return rows.map((row) => {
    const vs: Variant[] = variantRows
      .filter((v) => v.productId === row.id)
      .map((v) => ({
        _id: v.id,
        ...(v.colour === null ? {} : { colour: v.colour }),
        size: v.size,
        sku: v.sku,
        price: toRupees(v.pricePaise),
        compareAtPrice: v.compareAtPaise === null ? null : toRupees(v.compareAtPaise),
        stockQty: v.stockQty,
        isActive: v.isActive,
      }))
      .sort(byOptionOrder(row.colours));
    const priced = vs.filter((v) => v.isActive);
    const cheapest = (priced.length ? priced : vs).reduce<Variant | null>(
      (best, v) => (best === null || v.price < best.price ? v : best),
      null,
    );
    return {
      _id: row.id,
      title: row.title,
      handle: row.handle,
      description: row.description,
      price: cheapest?.price ?? 0,
      compareAtPrice: cheapest?.compareAtPrice ?? null,
      images: imageRows
        .filter((i) => i.productId === row.id)
        .map((i) => ({ url: i.url, alt: i.alt, publicId: i.publicId, ...(i.colour === null ? {} : { colour: i.colour }) })),
      isBestseller: row.isBestseller,
      isActive: row.isActive,
      categoryIds: categoryRows.filter((c) => c.productId === row.id).map((c) => ({ _id: c.id, name: c.name, handle: c.handle })),
      variantAttributes: row.variantAttributes,
      ...(row.colours.length > 0 ? { colours: row.colours } : {}),
      variants: vs,
      createdAt: row.createdAt.toISOString(),
      rating: row.ratingCount > 0 ? { average: averageRating(row.ratingSum, row.ratingCount)!, count: row.ratingCount } : null,
      // Admin reads carry the product's own chart (the form edits it); public lists carry none.
      ...(activeOnly ? {} : { sizeChart: row.sizeChart ?? null, hsn: row.hsn }),
    };
  });
}

/**
 * A product the public catalogue lists: active, with at least one active variant (its lowest active
 * price is then set; schema.ts `minPricePaise`). The same predicate as the listing indexes.
 */
const listed = sql`${products.isActive} and ${products.minPricePaise} is not null`;

/** Products, newest first, filtered as `opts` says. A public read skips products without an active variant. */
export async function listProducts(db: Database, opts: ListOptions): Promise<Product[]> {
  const conditions = [];
  if (opts.activeOnly) conditions.push(listed);
  if (opts.bestsellersOnly) conditions.push(eq(products.isBestseller, true));
  if (opts.excludeProductId) conditions.push(ne(products.id, opts.excludeProductId));
  const categoryFilter = opts.categoryId ? [opts.categoryId] : opts.categoryIds;
  if (categoryFilter && categoryFilter.length > 0) {
    conditions.push(
      inArray(
        products.id,
        db.select({ id: productCategories.productId }).from(productCategories).where(inArray(productCategories.categoryId, categoryFilter)),
      ),
    );
  }
  if (opts.sharingCategoryWith) {
    const own = alias(productCategories, 'own');
    conditions.push(
      inArray(
        products.id,
        db
          .select({ id: productCategories.productId })
          .from(productCategories)
          .innerJoin(own, eq(own.categoryId, productCategories.categoryId))
          .where(eq(own.productId, opts.sharingCategoryWith)),
      ),
    );
  }
  const order = [desc(products.createdAt), asc(products.id)];
  if (opts.activeOnly) {
    const query = db
      .select({ id: products.id, version: cardVersion })
      .from(products)
      .where(and(...conditions))
      .orderBy(...order);
    return publicCards(db, opts.limit ? await query.limit(opts.limit) : await query);
  }
  const query = db
    .select(productColumns)
    .from(products)
    .where(and(...conditions))
    .orderBy(...order);
  const rows = opts.limit ? await query.limit(opts.limit) : await query;
  return hydrateProducts(db, rows, false);
}

/**
 * The size chart that applies to a product: its own; else, going through its categories
 * in their order, the first category's own chart or, failing that, its parent's; null when none
 * has one. Inactive categories count too: hiding a category from the menus does not change the fit.
 */
export async function effectiveSizeChart(db: Database, product: ProductRow): Promise<SizeChart | null> {
  if (product.sizeChart) return product.sizeChart;
  const parent = alias(categories, 'parent');
  const rows = await db
    .select({ own: categories.sizeChart, inherited: parent.sizeChart })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .leftJoin(parent, eq(parent.id, categories.parentId))
    .where(eq(productCategories.productId, product.id))
    .orderBy(asc(productCategories.position));
  for (const row of rows) {
    const chart = row.own ?? row.inherited;
    if (chart) return chart;
  }
  return null;
}

/**
 * The id of the product `key` names: its id, its handle or one of its earlier handles
 * (docs/architecture.md#product-addresses); null when none does.
 */
export async function productIdOf(db: Database, key: string): Promise<string | null> {
  if (key.length > 200) return null;
  if (isUuid(key)) return key;
  const [current] = await db.select({ id: products.id }).from(products).where(eq(products.handle, key));
  if (current) return current.id;
  const [earlier] = await db
    .select({ id: productHandleRedirects.productId })
    .from(productHandleRedirects)
    .where(eq(productHandleRedirects.handle, key));
  return earlier?.id ?? null;
}

/**
 * One product by its id, its handle or an earlier handle (productIdOf), or null when missing (or
 * inactive, for a public read). A public read carries the size chart that applies
 * (effectiveSizeChart); an admin read the product's own. A caller that shows the product at an
 * address compares the answer's `handle` with the one asked for, and redirects when they differ.
 */
export async function getProduct(db: Database, key: string, opts: { activeOnly: boolean }): Promise<Product | null> {
  if (opts.activeOnly && key.length <= 200 && !isUuid(key)) {
    // A current handle settles it in one statement; an earlier one goes the long way.
    const [current] = await hydration(db).productVersionByHandle.execute({ handle: key });
    if (current) return current.isActive ? publicProductPage(db, current) : null;
  }
  const id = await productIdOf(db, key);
  if (!id) return null;
  if (opts.activeOnly) {
    const [current] = await hydration(db).productVersion.execute({ id });
    return current ? publicProductPage(db, current) : null;
  }
  const rows = await db.select(productColumns).from(products).where(eq(products.id, id));
  const [product] = await hydrateProducts(db, rows, false);
  return product ?? null;
}

/**
 * The public product page (getProduct) of an active product's id and version: from the card cache
 * when it holds that version, else read, hydrated with the size chart that applies and stored.
 */
async function publicProductPage(db: Database, key: CardKey): Promise<Product | null> {
  const { id } = key;
  const cache = cardCache(db);
  const cached = cache.pages.get(id, key.version);
  if (cached) return cached;
  const generation = cache.generation;
  const rows = await hydration(db).products.execute({ ids: [id] });
  const [product] = await hydrateProducts(db, rows, true);
  if (!product) return null;
  const page = { ...product, sizeChart: await effectiveSizeChart(db, rows[0]) };
  return cache.generation === generation ? cache.pages.set(id, key.version, page) : page;
}

/**
 * Up to `limit` other active products ('You May Also Like'): those sharing a category with the
 * product, newest first, then, when they are fewer, the newest others.
 */
export async function listRelatedProducts(db: Database, productId: string, limit: number): Promise<Product[]> {
  if (!isUuid(productId)) return [];
  // The product's categories are read in the same statement (one round trip less per page).
  const related = await listProducts(db, { activeOnly: true, sharingCategoryWith: productId, excludeProductId: productId, limit });
  if (related.length >= limit) return related;
  const more = await listProducts(db, { activeOnly: true, excludeProductId: productId, limit: limit * 2 });
  const seen = new Set(related.map((p) => p._id));
  return [...related, ...more.filter((p) => !seen.has(p._id))].slice(0, limit);
}

export interface ProductPage {
  products: Product[];
  total: number;
  page: number;
  totalPages: number;
}

/** Lowest active variant price of a product, in paise (sort and price filter). */
const minActivePrice = products.minPricePaise;

/**
 * Reads a listing's count through the caller's kept counts (`keptTotal(read)`: the kept count of
 * this listing, or `read()`'s, which it then keeps). A server-rendered listing keeps them per
 * listing as it keeps the colours it offers (docs/architecture.md, colours and sizes).
 */
export type KeptTotal = (read: () => Promise<number>) => Promise<number>;

/**
 * Active products matching a listing query: the search words (forgiving typos, synonyms
 * and category names, search/matcher.ts), sizes in stock, price range in rupees over the
 * lowest active price, sort (by relevance when searching), page. `categoryIds` restricts to those
 * categories. With `keptTotal`, a listing that is not a search takes its count from there (read, when
 * not kept, beside the page) instead of counting every match with the page; a search counts its
 * matches as it ranks them, at no extra cost, and ignores it.
 */
export async function searchProducts(
  db: Database,
  query: ListingQuery,
  categoryIds?: string[],
  keptTotal?: KeptTotal,
): Promise<ProductPage> {
  const match = query.q ? await matchText(db, query.q) : null;
  const counted = match !== null || !keptTotal;
  // Built once per query and match (a repeated search sends the same statement again).
  const { page, where } = listingPages(db, JSON.stringify([query, categoryIds ?? null, counted]), match, () =>
    buildListingPage(db, query, categoryIds, match, counted),
  );
  const countAll = async () => (await db.select({ total: matchingCount(where) }).from(sql`(select 1) as one`))[0].total;
  const [found, kept] = await Promise.all([page.execute(), counted ? null : keptTotal(countAll)]);
  // A page past the end has no row to carry the count, so it asks again.
  const total = kept ?? (found.length > 0 ? (found[0].total ?? 0) : await countAll());
  return {
    products: await publicCards(db, found),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

/** Listing statements kept by query (searchProducts): a few hundred distinct searches and filters. */
const listingPages = keptStatements<ReturnType<typeof buildListingPage>>(500);

/** How many active products match `where` (a subquery). */
const matchingCount = (where: SQL | undefined) => sql<number>`(select count(*)::int from ${products} where ${where})`;

/**
 * The statement of a listing page (searchProducts): the page's ids with their card versions and the
 * count of every match, in one statement (one round trip); and its WHERE.
 * - The page is chosen on narrow rows (the id and the order's keys) and only its rows are then
 *   read whole: ranking or skipping wide rows cost a search most of its time, and a
 *   deep page reads the listing index alone (index-only) up to its offset.
 * - Without a search the count runs once, as an uncorrelated subquery (an index-only count), unless
 *   `counted` is false: then the page carries no count (the caller keeps one, searchProducts). A
 *   size filter's count probes every matching product's sizes: 10-20 ms of PostgreSQL at 10,000
 *   products, against about 1 ms for the page itself.
 * - A search counts its matches as it reads them to rank them (a window over the same scan) rather
 *   than finding them twice. Its matches are found first, on their own (`offset 0`
 *   keeps the planner from folding them into the outer query): with a window over every match,
 *   a limit stops nothing, yet the planner costs an ordered index scan as if it did, and sorted
 *   by date or price a search walked the whole listing index, computing every row's word vectors
 *   (half a second at 10,000 products).
 */
function buildListingPage(db: Database, query: ListingQuery, categoryIds: string[] | undefined, match: TextMatch | null, counted: boolean) {
  const where = listingWhere(db, query, categoryIds, match);
  const order = listingOrder(query, match);
  const key = (i: number) => sql.identifier(`k${i}`);
  const ofPage = (column: string) => sql`${sql.identifier('page')}.${sql.identifier(column)}`;
  const direction = (o: OrderKey) => sql.raw(o.desc ? 'desc' : 'asc');
  const id = sql.identifier('id');
  const keys = sql.join(
    order.map((o, i) => sql`${o.key} as ${key(i)}`),
    sql`, `,
  );
  // By the output columns: the same expressions again would be computed again (their parameters differ).
  const orderBy = sql.join(
    order.map((o, i) => sql`${key(i)} ${direction(o)}`),
    sql`, `,
  );
  // The page size is written into the text, not sent as a value: planning for any value (a generic
  // plan) PostgreSQL assumes a limit sent as a value keeps a tenth of the rows, so it kept planning
  // each run (0.5 ms of its 2.2 ms per category page at 10,000 products) or, for the whole
  // catalogue, planned a scan of every product. It is a whole number from 1 to 100
  // (core/listing.ts), and the storefront always asks for PAGE_SIZE.
  const offset = (query.page - 1) * query.limit;
  const limit = sql` limit ${sql.raw(String(query.limit))}${offset > 0 ? sql` offset ${offset}` : sql``}`;
  // A search's matches carry their order keys out of the subquery, so the window holds narrow rows
  // (1,357 matches of "kurta" at 10,000 products: 2.1 -> 1.8 ms a statement, pgbench).
  const page = match
    ? sql`(select ${id}, ${sql.join(
        order.map((_, i) => key(i)),
        sql`, `,
      )}, (count(*) over ())::int as total from (select ${products.id} as ${id}, ${keys} from ${products} where ${where} offset 0) as matches order by ${orderBy}, ${id}${limit}) as page`
    : sql`(select ${products.id} as ${id}, ${keys}, ${counted ? matchingCount(where) : sql`null::int`} as total from ${products} where ${where} order by ${orderBy}, ${products.id}${limit}) as page`;
  const statement = db
    .select({ id: products.id, version: cardVersion, total: sql<number | null>`${ofPage('total')}` })
    .from(products)
    .innerJoin(page, sql`${products.id} = ${ofPage('id')}`)
    .orderBy(...order.map((o, i) => sql`${ofPage(`k${i}`)} ${direction(o)}`), sql`${ofPage('id')}`);
  // A listing page runs as a named statement: parsed once per connection and, once PostgreSQL
  // settles on a generic plan, no longer planned on every run (the cache-off category page spent
  // 0.17 ms of PostgreSQL's CPU parsing and 0.55 ms planning its statement against 0.19 ms running
  // it, statement log of `npm run bench`, 2026-11-26). Its text depends only on the page's shape
  // (which filters, sort, page size and whether past page 1; for a search, how many words, terms
  // and similarity levels it has), never on its values: the search words are parameters. Their
  // generic plans read the page through the listing or price index, a category's products by index
  // and a search's matches through the word indexes, as the custom plans do (query-plans.test.ts).
  // Another page size than the storefront's (an API client's) runs unnamed and takes no name.
  return { page: prepareKept(statement, query.limit === PAGE_SIZE), where };
}

/**
 * How many active products a listing query matches (the phone filter sheet's "Show 23 items",
 * shown before the filters apply): the same conditions as `searchProducts`, one count, no page, no hydration. Sort, page
 * and limit play no part.
 */
export async function countProducts(db: Database, query: ListingQuery, categoryIds?: string[]): Promise<number> {
  const where = listingWhere(db, query, categoryIds, query.q ? await matchText(db, query.q) : null);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(where);
  return row.count;
}

/**
 * What `listingColours` reads of a listing (its words, sizes, price range and categories; not its
 * colours, sort or page) as a string: listings with the same key offer the same colours.
 */
export function listingColoursKey(query: ListingQuery, categoryIds?: string[]): string {
  return JSON.stringify([query.q ?? '', query.sizes, query.minPrice ?? null, query.maxPrice ?? null, categoryIds ?? null]);
}

/**
 * What a listing's count reads (not a search's: searchProducts) as a string: `listingColoursKey`'s
 * parts and the colour filter. Listings with the same key have the same count.
 */
export function listingCountKey(query: ListingQuery, categoryIds?: string[]): string {
  return JSON.stringify([listingColoursKey(query, categoryIds), query.colours]);
}

/**
 * The colours the listing of `query` offers (its filter's choices): every colour the products
 * matching the query's other filters come in (products.colours), with how many of them do, in
 * alphabetical order of slug. Products naming one colour alike, case and punctuation aside, share
 * it (colourSlug), shown with the alphabetically first of their spellings and swatches. One
 * statement over the listing's products and their own colours, no variant read (at 10,000 products
 * in 4 colours × 6 sizes, going through their in-stock variants took 1.2 s, this about 30 ms for the
 * whole catalogue); so a colour sold out in every size is still offered, and its filter then finds
 * fewer products than the count (the filter reads the stock).
 */
export async function listingColours(db: Database, query: ListingQuery, categoryIds?: string[]): Promise<ListingColour[]> {
  const match = query.q ? await matchText(db, query.q) : null;
  const where = listingWhere(db, query, categoryIds, match, { anyColour: true });
  const { rows } = await db.execute<{ name: string; swatch: string | null; count: number }>(
    sql`select c->>'name' as name, min(c->>'swatch') as swatch, count(*)::int as count from ${products} cross join jsonb_array_elements(${products.colours}) as c where ${where} group by 1`,
  );
  const bySlug = new Map<string, ListingColour>();
  for (const row of rows) {
    const slug = colourSlug(row.name ?? '');
    if (!slug) continue;
    const seen = bySlug.get(slug);
    const swatch = row.swatch ?? '';
    if (!seen) bySlug.set(slug, { slug, name: row.name, swatch, count: Number(row.count) });
    else
      bySlug.set(slug, {
        slug,
        name: row.name < seen.name ? row.name : seen.name,
        swatch: seen.swatch && (!swatch || seen.swatch < swatch) ? seen.swatch : swatch,
        count: seen.count + Number(row.count),
      });
  }
  return [...bySlug.values()].sort((a, b) => (a.slug < b.slug ? -1 : 1));
}

/** One key of a listing's order: an expression over `products`, descending or ascending. */
interface OrderKey {
  key: SQL | AnyPgColumn;
  desc: boolean;
}

/** The order of a listing query, before the final tie-breaker (the id). */
function listingOrder(query: ListingQuery, match: TextMatch | null): OrderKey[] {
  const newest = { key: products.createdAt, desc: true };
  if (query.sort === 'relevance' && match) return match.relevance.map((key) => ({ key, desc: true }));
  if (query.sort === 'price-asc') return [{ key: minActivePrice, desc: false }, newest];
  if (query.sort === 'price-desc') return [{ key: minActivePrice, desc: true }, newest];
  if (query.sort === 'bestsellers') return [{ key: products.isBestseller, desc: true }, newest];
  return [newest];
}

/**
 * A variant's colour in its address form (core/colours.ts colourSlug, in SQL): the expression of
 * the partial index variants_in_stock_colour_idx (schema.ts), which PostgreSQL uses only for this
 * very expression.
 */
const variantColourSlug = sql`trim(both '-' from regexp_replace(lower(${variants.colour}), '[^[:alnum:]]+', '-', 'g'))`;
/** The predicate of variants_in_stock_colour_idx: an active variant in stock, with a colour. */
const inStockColour = sql`${variants.isActive} and ${variants.stockQty} > 0 and ${variants.colour} is not null`;

/**
 * The WHERE of a listing query, with `match` the match of its search words (matchText); with
 * `anyColour`, without its colour filter (the colours a listing offers, listingColours).
 */
function listingWhere(
  db: Database,
  query: ListingQuery,
  categoryIds: string[] | undefined,
  match: TextMatch | null,
  opts: { anyColour?: boolean } = {},
) {
  const conditions: (SQL | undefined)[] = [listed];
  if (categoryIds) {
    conditions.push(
      inArray(
        products.id,
        db.select({ id: productCategories.productId }).from(productCategories).where(inArray(productCategories.categoryId, categoryIds)),
      ),
    );
  }
  if (match) conditions.push(match.where);
  if (query.sizes.length > 0) {
    conditions.push(
      sql`exists (select 1 from ${variants} where ${variants.productId} = ${products.id} and ${variants.isActive} and ${variants.stockQty} > 0 and ${inArray(variants.size, query.sizes)})`,
    );
  }
  // Answered from the partial index variants_in_stock_colour_idx: its predicate and expression, word for word.
  if (query.colours.length > 0 && !opts.anyColour) {
    conditions.push(
      sql`exists (select 1 from ${variants} where ${variants.productId} = ${products.id} and ${inStockColour} and ${variantColourSlug} in (${sql.join(
        query.colours.map((c) => sql`${c}`),
        sql`, `,
      )}))`,
    );
  }
  if (query.minPrice !== undefined) conditions.push(sql`${minActivePrice} >= ${Math.round(query.minPrice * 100)}`);
  if (query.maxPrice !== undefined) conditions.push(sql`${minActivePrice} <= ${Math.round(query.maxPrice * 100)}`);
  return and(...conditions);
}

/**
 * A category and its active children's ids, or null when it is missing or inactive. Answered from
 * `activeCategories`, the active categories kept in process (app.ts; one statement less for every
 * category page). A category not among them is looked up in the database: when it is
 * there (made since the list was read, say by a seed) the kept list is stale and dropped; a child
 * of a hidden parent is never in the list, so it is always looked up.
 */
export async function categoryScope(db: Database, categoryId: string, activeCategories: KeptReader<Category[]>): Promise<string[] | null> {
  if (!isUuid(categoryId)) return null;
  const kept = await activeCategories();
  if (kept.some((c) => c._id === categoryId)) {
    return kept.filter((c) => c._id === categoryId || c.parentId === categoryId).map((c) => c._id);
  }
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(and(eq(categories.isActive, true), sql`(${categories.id} = ${categoryId} or ${categories.parentId} = ${categoryId})`));
  const self = rows.find((r) => r.id === categoryId);
  if (!self) return null;
  if (!self.parentId || kept.some((c) => c._id === self.parentId)) activeCategories.drop();
  return rows.map((r) => r.id);
}
