/**
 * The signed-in shopper's cart (storefront sections 3, 7, 9): lines of (product, variant,
 * quantity 1..99), priced by the server on every read. Throws AppError: 400 bad line, 404 unknown
 * product, 409 not enough stock or an invalid cart on validate.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Cart } from '../../../core/api-types';
import { CART_QTY_MAX } from '../../../core/constants';
import type { Database } from '../../db/client';
import { cartItems } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { describeProblem, priceRequestedLines, toPricing, type LineRequest } from './pricing';

/** The cart's stored lines, oldest first. */
async function storedLines(db: Database, userId: string): Promise<LineRequest[]> {
  return db
    .select({ productId: cartItems.productId, variantId: cartItems.variantId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.variantId));
}

/** GET /api/cart: lines still buyable, priced; lines whose product or size went away are dropped from view. */
export async function getCart(db: Database, userId: string): Promise<Cart> {
  const priced = await priceRequestedLines(db, userId, await storedLines(db, userId));
  return toPricing(priced);
}

/**
 * Resolves one requested line to a buyable (product, variant) or throws the reason: 404 unknown
 * product, 400 size missing, 409 size unavailable or not enough stock for `totalQuantity`.
 */
async function resolveLine(db: Database, userId: string, line: LineRequest, totalQuantity: number) {
  const priced = await priceRequestedLines(db, userId, [{ ...line, quantity: totalQuantity }]);
  const problem = priced.problems[0];
  if (problem?.kind === 'unavailable') throw notFound('Product not found');
  if (problem?.kind === 'size-required') throw badRequest('Please select a size before adding to cart');
  if (problem?.kind === 'size-unavailable') throw conflict(describeProblem(problem));
  if (problem?.kind === 'short-stock') throw conflict(describeProblem(problem));
  return priced.lines[0];
}

/** POST /api/cart: adds `quantity` units to the line (merging with what is there). */
export async function addToCart(db: Database, userId: string, line: LineRequest): Promise<Cart> {
  const [existing] = line.variantId
    ? await db
        .select({ quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(eq(cartItems.userId, userId), eq(cartItems.variantId, line.variantId)))
    : [];
  const total = (existing?.quantity ?? 0) + line.quantity;
  if (total > CART_QTY_MAX) throw badRequest(`You can add at most ${CART_QTY_MAX} of an item to your cart`);
  const resolved = await resolveLine(db, userId, line, total);
  await db
    .insert(cartItems)
    .values({ userId, productId: resolved.productId, variantId: resolved.variantId, quantity: line.quantity })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.variantId],
      set: { quantity: sql`${cartItems.quantity} + ${line.quantity}`, updatedAt: new Date() },
    });
  return getCart(db, userId);
}

/** PUT /api/cart/item: sets the line's quantity (1..99); 404 when the line is not in the cart. */
export async function updateCartItem(db: Database, userId: string, line: LineRequest): Promise<Cart> {
  if (!line.variantId) throw badRequest('Please select a size');
  const [existing] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.variantId, line.variantId), eq(cartItems.productId, line.productId)));
  if (!existing) throw notFound('This item is not in your cart');
  await resolveLine(db, userId, line, line.quantity);
  await db
    .update(cartItems)
    .set({ quantity: line.quantity, updatedAt: new Date() })
    .where(and(eq(cartItems.userId, userId), eq(cartItems.variantId, line.variantId)));
  return getCart(db, userId);
}

/** DELETE /api/cart/item: removes the line (no error when it was not there). */
export async function removeCartItem(db: Database, userId: string, line: { productId: string; variantId?: string | null }): Promise<Cart> {
  await db
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.userId, userId),
        eq(cartItems.productId, line.productId),
        line.variantId ? eq(cartItems.variantId, line.variantId) : undefined,
      ),
    );
  return getCart(db, userId);
}

/** DELETE /api/cart/clear: empties the cart. */
export async function clearCart(db: Database, userId: string): Promise<Cart> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
  return getCart(db, userId);
}

/**
 * GET /api/cart/validate: 400 for an empty cart; 409 naming what changed (inactive product,
 * missing size, not enough stock); otherwise the priced cart with `valid: true`.
 */
export async function validateCart(db: Database, userId: string): Promise<Cart & { valid: true }> {
  const lines = await storedLines(db, userId);
  if (lines.length === 0) throw badRequest('Your cart is empty');
  const priced = await priceRequestedLines(db, userId, lines);
  if (priced.problems.length > 0) {
    throw new AppError(409, priced.problems.map(describeProblem).join('. '));
  }
  return { valid: true, ...toPricing(priced) };
}
