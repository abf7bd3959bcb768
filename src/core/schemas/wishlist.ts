/**
 * Wishlist and product-card request schemas; limits and answer shapes are in ../wishlist.ts.
 */
import { z } from 'zod';
import { CARDS_MAX, WISHLIST_MAX } from '../wishlist';
import { idField } from './common';

/** POST /api/wishlist/merge: the guest's saved product ids, oldest first; unknown or inactive ones are skipped. */
export const wishlistMergeSchema = z.object({
  productIds: z
    .array(idField('product'), { error: 'productIds must be a list of product ids' })
    .max(WISHLIST_MAX, `At most ${WISHLIST_MAX} products can be merged at once`),
});
export type WishlistMergeInput = z.infer<typeof wishlistMergeSchema>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/products/cards?ids=a,b,c: up to CARDS_MAX product ids, comma-separated (repeats count once). */
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
