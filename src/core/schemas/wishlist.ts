/**
 * Wishlist and product-card API shapes (issue 22 "Wishlist", "Recently viewed"). The guest list
 * and the recently viewed list live in the browser; the server keeps a signed-in shopper's list.
 */
import { z } from 'zod';
import type { ProductImage } from '../api-types';
import { idField } from './common';

/** Most products one wishlist keeps; adding beyond it answers 409 (a guest list is cut to it). */
export const WISHLIST_MAX = 100;
/** Most products one GET /api/products/cards call answers for (recently viewed keeps 10). */
export const CARDS_MAX = 50;
/** Products "Recently viewed" remembers, newest first. */
export const RECENTLY_VIEWED_MAX = 10;

/** POST /api/wishlist/merge: the guest's saved product ids, oldest first; unknown or inactive ones are skipped. */
export const wishlistMergeSchema = z.object({
  productIds: z
    .array(idField('product'), { error: 'productIds must be a list of product ids' })
    .max(WISHLIST_MAX, `At most ${WISHLIST_MAX} products can be merged at once`),
});
export type WishlistMergeInput = z.infer<typeof wishlistMergeSchema>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/products/cards?ids=a,b,c: up to CARDS_MAX product ids, comma-separated. */
export const productCardsQuerySchema = z.object({
  ids: z
    .string({ error: 'ids must be a comma-separated list of product ids' })
    .max(CARDS_MAX * 37, `At most ${CARDS_MAX} product ids`)
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((id) => id.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .refine((ids) => ids.length <= CARDS_MAX, `At most ${CARDS_MAX} product ids`)
    .refine((ids) => ids.every((id) => UUID_RE.test(id)), 'Invalid product id'),
});

/** A size as a card's "Move to cart" picker needs it (rupees). */
export interface CardSize {
  _id: string;
  size: string;
  price: number;
  isActive: boolean;
  stockQty: number;
}

/**
 * A product as cards show it (rupees; same fields as the storefront's ProductCardData) plus its
 * active sizes, for the wishlist's size question. Only listed products (active, with an active
 * variant) are answered.
 */
export interface ProductCardWithSizes {
  _id: string;
  title: string;
  price: number;
  compareAtPrice: number | null;
  isBestseller: boolean;
  image: ProductImage | null;
  available: boolean;
  sizes: CardSize[];
}

/** One entry of GET /api/wishlist: the product's card and when it was saved (ISO time). */
export interface WishlistItem extends ProductCardWithSizes {
  addedAt: string;
}
