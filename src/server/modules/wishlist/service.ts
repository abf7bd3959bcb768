/**
 * Wishlists: a signed-in shopper's saved products, and the product cards the browser asks
 * for by id (a guest's wishlist and "Recently viewed" live in the browser). Only listed products
 * (active, with an active variant; catalog/service.ts) are shown or can be added; a saved product
 * that goes inactive stays saved and reappears when it is listed again; a deleted one is gone
 * (foreign key, on delete cascade).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Product } from '../../../core/api-types';
import { WISHLIST_MAX, type ProductCardWithSizes, type WishlistItem } from '../../../core/wishlist';
import type { Database } from '../../db/client';
import { products, wishlistItems } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { hydrateProducts } from '../catalog/service';

const PRODUCT_NOT_FOUND = 'Product not found';
const listed = sql`${products.isActive} and ${products.minPricePaise} is not null`;

/** The card view of a hydrated (active-only) product; `available` is false when no size has stock. */
function toCard(product: Product): ProductCardWithSizes {
  const sizes = product.variants;
  return {
    _id: product._id,
    handle: product.handle,
    title: product.title,
    price: product.price,
    compareAtPrice: product.compareAtPrice,
    isBestseller: product.isBestseller,
    image: product.images[0] ?? null,
    available: sizes.length === 0 || sizes.some((s) => s.isActive && s.stockQty > 0),
    sizes,
  };
}

/**
 * Cards of the listed products among `ids`, in the order given; unknown, inactive and
 * unlisted ids are left out (the caller's list may be old). `ids` are UUIDs (validated by the route).
 */
export async function productCards(db: Database, ids: string[]): Promise<ProductCardWithSizes[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), listed));
  const cards = new Map((await hydrateProducts(db, rows, true)).map((p) => [p._id, toCard(p)]));
  return ids.flatMap((id) => cards.get(id) ?? []);
}

/** The shopper's wishlist, newest first: listed products only (others stay saved, unseen). */
export async function listWishlist(db: Database, userId: string): Promise<WishlistItem[]> {
  const rows = await db
    .select({ product: products, addedAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(and(eq(wishlistItems.userId, userId), listed))
    .orderBy(desc(wishlistItems.createdAt), desc(products.id));
  const hydrated = new Map(
    (
      await hydrateProducts(
        db,
        rows.map((r) => r.product),
        true,
      )
    ).map((p) => [p._id, p]),
  );
  return rows.flatMap((r) => {
    const product = hydrated.get(r.product.id);
    return product ? [{ ...toCard(product), addedAt: r.addedAt.toISOString() }] : [];
  });
}

async function isListed(db: Database, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), listed));
  return Boolean(row);
}

async function savedCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId));
  return row?.n ?? 0;
}

/**
 * PUT /api/wishlist/{productId}: saves a listed product; saving it again changes nothing. Returns
 * the wishlist. Throws 404 'Product not found' for an unknown or unlisted product, 409 when the
 * list already holds WISHLIST_MAX products.
 */
export async function addToWishlist(db: Database, userId: string, productId: string): Promise<WishlistItem[]> {
  if (!(await isListed(db, productId))) throw notFound(PRODUCT_NOT_FOUND);
  const [saved] = await db
    .select({ id: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  if (!saved) {
    if ((await savedCount(db, userId)) >= WISHLIST_MAX) {
      throw conflict(`Your wishlist is full: it keeps up to ${WISHLIST_MAX} products. Remove some to add more.`);
    }
    await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
  }
  return listWishlist(db, userId);
}

/**
 * DELETE /api/wishlist/{productId}: forgets a product; forgetting one not saved changes nothing.
 * Returns the wishlist. Throws 404 'Product not found' when no such product exists (an inactive
 * product can still be removed).
 */
export async function removeFromWishlist(db: Database, userId: string, productId: string): Promise<WishlistItem[]> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  return listWishlist(db, userId);
}

/**
 * POST /api/wishlist/merge: adds a guest's browser list (oldest first) at login. Unknown, inactive
 * and already saved products are skipped; products beyond WISHLIST_MAX are dropped, never an error,
 * so a login never fails over a wishlist. Returns the wishlist.
 */
export async function mergeWishlist(db: Database, userId: string, productIds: string[]): Promise<WishlistItem[]> {
  const unique = [...new Set(productIds.map((id) => id.toLowerCase()))];
  if (unique.length > 0) {
    const listedIds = new Set(
      (
        await db
          .select({ id: products.id })
          .from(products)
          .where(and(inArray(products.id, unique), listed))
      ).map((r) => r.id),
    );
    const saved = new Set(
      (await db.select({ id: wishlistItems.productId }).from(wishlistItems).where(eq(wishlistItems.userId, userId))).map((r) => r.id),
    );
    const room = Math.max(0, WISHLIST_MAX - saved.size);
    // Oldest first: each later one is saved a moment later, so the page keeps the guest's order.
    const start = Date.now();
    const values = unique
      .filter((id) => listedIds.has(id) && !saved.has(id))
      .slice(0, room)
      .map((productId, i) => ({ userId, productId, createdAt: new Date(start + i) }));
    if (values.length > 0) await db.insert(wishlistItems).values(values).onConflictDoNothing();
  }
  return listWishlist(db, userId);
}
