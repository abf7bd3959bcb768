/**
 * Cart routes, all for the signed-in shopper; answers `{items, summary}`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addToCartSchema, removeCartItemSchema, updateCartItemSchema } from '../../../core/schemas/cart';
import { requireUser } from '../../plugins/auth';
import { addToCart, clearCart, getCart, removeCartItem, updateCartItem, validateCart } from './service';

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app;

  app.get('/api/cart', async (req) => getCart(db, requireUser(req).id));
  app.post('/api/cart', { schema: { body: addToCartSchema } }, async (req) => addToCart(db, requireUser(req).id, req.body));
  app.put('/api/cart/item', { schema: { body: updateCartItemSchema } }, async (req) => updateCartItem(db, requireUser(req).id, req.body));
  app.delete('/api/cart/item', { schema: { body: removeCartItemSchema } }, async (req) =>
    removeCartItem(db, requireUser(req).id, req.body),
  );
  app.delete('/api/cart/clear', async (req) => clearCart(db, requireUser(req).id));
  app.get('/api/cart/validate', async (req) => validateCart(db, requireUser(req).id));
};
