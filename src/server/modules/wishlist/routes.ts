/**
 * Wishlist routes (docs/decisions/0013-wishlist-and-recently-viewed.md):
 * - GET /api/wishlist: the signed-in shopper's saved products as cards (`WishlistItem[]`, newest first).
 * - PUT, DELETE /api/wishlist/{id}: save or forget product `id`; both idempotent, both answer the
 *   list; 404 'Product not found' for an unknown product (PUT: or one not listed), 409 when full.
 * - POST /api/wishlist/merge `{productIds}`: the guest's browser list, added at login; answers the list.
 * - GET /api/products/cards?ids=a,b: cards of listed products by id, for anyone (a guest's wishlist
 *   and "Recently viewed", both kept in the browser); unknown or inactive ids are left out.
 * The wishlist calls need a token (401 otherwise).
 */
import { answers, productCardWithSizesSchema, wishlistItemSchema } from '../../../core/schemas/answers';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../core/schemas/common';
import { productCardsQuerySchema, wishlistMergeSchema } from '../../../core/schemas/wishlist';
import { requireUser } from '../../plugins/auth';
import { addToWishlist, listWishlist, mergeWishlist, productCards, removeFromWishlist } from './service';

const productParams = idParams('Product not found');

/** Registers the wishlist calls and the public product-cards look-up. */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const auth = { onRequest: app.authenticate };
  const list = answers({ 200: z.array(wishlistItemSchema) });

  app.get('/api/wishlist', { ...auth, schema: { response: list } }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return listWishlist(db, requireUser(req).id);
  });
  app.put('/api/wishlist/:id', { ...auth, schema: { params: productParams, response: list } }, async (req) =>
    addToWishlist(db, requireUser(req).id, req.params.id),
  );
  app.delete('/api/wishlist/:id', { ...auth, schema: { params: productParams, response: list } }, async (req) =>
    removeFromWishlist(db, requireUser(req).id, req.params.id),
  );
  app.post('/api/wishlist/merge', { ...auth, schema: { body: wishlistMergeSchema, response: list } }, async (req) =>
    mergeWishlist(db, requireUser(req).id, req.body.productIds),
  );

  app.get(
    '/api/products/cards',
    { schema: { querystring: productCardsQuerySchema, response: answers({ 200: z.array(productCardWithSizesSchema) }) } },
    async (req, reply) => {
      // Cards carry prices and stock: a short shared cache, like the catalogue's own answers.
      reply.header('cache-control', 'public, max-age=30');
      return productCards(db, req.query.ids);
    },
  );
};
