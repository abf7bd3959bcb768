/**
 * The signed-in shopper's cart: lines of (product, variant,
 * quantity 1..99), priced by the server on every read. Throws AppError: 400 bad line, 404 unknown
 * product, 409 not enough stock or an invalid cart on validate.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Cart } from '../../../core/api-types';
import { CART_QTY_MAX } from '../../../core/constants';
import { preparedOnce, type Database } from '../../db/client';
import { cartItems, products, variants } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import {
  catalogueColumns,
  catalogueOf,
  describeProblem,
  hasPaidOrder,
  priceFromCatalogue,
  priceRequestedLines,
  toPricing,
  type LineProblem,
  type LineRequest,
  type PricedLines,
} from './pricing';

/**
 * The cart read in one round trip (every cart call answers the priced cart): the user's
 * lines, oldest first, each with its product, its variant, the product's first image and whether the
 * user has a paid order. `updated` is whether the quantity update that may run with it (`setQuantity`)
 * changed the line. Built on `db` with the update CTE `withUpdate` or none.
 */
function cartSelect(db: Database, updated: ReturnType<typeof quantityUpdate> | null) {
  const columns = {
    productId: cartItems.productId,
    variantId: cartItems.variantId,
    quantity: cartItems.quantity,
    ...catalogueColumns,
    updated: updated ? sql<boolean>`exists (select 1 from ${updated})` : sql<boolean>`false`,
  };
  return (updated ? db.with(updated) : db)
    .select(columns)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(variants, eq(variants.id, cartItems.variantId))
    .where(eq(cartItems.userId, sql.placeholder('userId')))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.variantId));
}

/**
 * PUT's update as a CTE: sets the line's quantity only when the line is the user's (that product and
 * size), the product and the size are active and the stock covers the quantity; the rules
 * `priceFromCatalogue` checks, in the same statement as the read.
 */
function quantityUpdate(db: Database) {
  return db.$with('updated', { variantId: sql<string>`variant_id` }).as(
    sql`update ${cartItems} set quantity = ${sql.placeholder('quantity')}, updated_at = now()
      from ${variants} join ${products} on ${products.id} = ${variants.productId}
      where ${cartItems.userId} = ${sql.placeholder('userId')} and ${cartItems.variantId} = ${sql.placeholder('variantId')}
        and ${cartItems.productId} = ${sql.placeholder('productId')} and ${variants.id} = ${cartItems.variantId}
        and ${variants.productId} = ${cartItems.productId} and ${variants.isActive} and ${products.isActive}
        and ${variants.stockQty} >= ${sql.placeholder('quantity')}
      returning ${cartItems.variantId}`,
  );
}

const cartQueries = preparedOnce((db) => ({
  read: cartSelect(db, null).prepare('cart_read'),
  setQuantity: cartSelect(db, quantityUpdate(db)).prepare('cart_set_quantity'),
}));

type CartRow = Awaited<ReturnType<ReturnType<typeof cartQueries>['read']['execute']>>[number];

/** The stored lines as requests, and their catalogue (the paid-order flag read apart for an empty cart). */
async function storedCart(db: Database, userId: string, rows: CartRow[]) {
  const lines: LineRequest[] = rows.map((r) => ({ productId: r.productId, variantId: r.variantId, quantity: r.quantity }));
  const catalogue = catalogueOf(rows, rows.length === 0 ? await hasPaidOrder(db, userId) : rows[0].paid);
  return { lines, catalogue };
}

/** The priced cart of stored `rows`; lines whose product or size went away are dropped from view. */
async function pricedCart(db: Database, userId: string, rows: CartRow[]): Promise<PricedLines> {
  const { lines, catalogue } = await storedCart(db, userId, rows);
  return priceFromCatalogue(lines, catalogue);
}

/** GET /api/cart: lines still buyable, priced; lines whose product or size went away are dropped from view. */
export async function getCart(db: Database, userId: string): Promise<Cart> {
  return toPricing(await pricedCart(db, userId, await cartQueries(db).read.execute({ userId })));
}

/** Throws what a line's problem means for a cart write: 404 product gone, 400 no size, 409 size gone or short. */
function refuseLine(problem: LineProblem): never {
  if (problem.kind === 'unavailable') throw notFound('Product not found');
  if (problem.kind === 'size-required') throw badRequest('Please select a size before adding to cart');
  throw conflict(describeProblem(problem));
}

/**
 * Resolves one requested line to a buyable (product, variant) or throws the reason: 404 unknown
 * product, 400 size missing, 409 size unavailable or not enough stock for `totalQuantity`.
 */
async function resolveLine(db: Database, userId: string, line: LineRequest, totalQuantity: number) {
  const priced = await priceRequestedLines(db, userId, [{ ...line, quantity: totalQuantity }]);
  if (priced.problems[0]) refuseLine(priced.problems[0]);
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

/**
 * PUT /api/cart/item: sets the line's quantity (1..99); 404 when the line is not in the cart, 404
 * 'Product not found', 409 size gone or not enough stock. One statement checks, updates and reads
 * the cart back (`cart_set_quantity`).
 */
export async function updateCartItem(db: Database, userId: string, line: LineRequest): Promise<Cart> {
  const { variantId, productId, quantity } = line;
  if (!variantId) throw badRequest('Please select a size');
  const rows = await cartQueries(db).setQuantity.execute({ userId, productId, variantId, quantity });
  const { lines, catalogue } = await storedCart(db, userId, rows);
  const target = lines.find((l) => l.variantId === variantId && l.productId === productId);
  // Read before the statement's update, so the line shows its old quantity: it is set here.
  if (target && rows[0].updated)
    return toPricing(
      priceFromCatalogue(
        lines.map((l) => (l === target ? { ...l, quantity } : l)),
        catalogue,
      ),
    );
  // Not updated: the line is not there (or went meanwhile), or the rules above refused it.
  if (target) {
    const problem = priceFromCatalogue([{ ...target, quantity }], catalogue).problems[0];
    if (problem) refuseLine(problem);
  }
  throw notFound('This item is not in your cart');
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
  const rows = await cartQueries(db).read.execute({ userId });
  if (rows.length === 0) throw badRequest('Your cart is empty');
  const priced = await pricedCart(db, userId, rows);
  if (priced.problems.length > 0) {
    throw new AppError(409, priced.problems.map(describeProblem).join('. '));
  }
  return { valid: true, ...toPricing(priced) };
}
