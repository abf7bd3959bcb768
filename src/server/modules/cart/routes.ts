/**
 * Cart routes, all for the signed-in shopper; answers `{items, summary}`.
 */
import { answers, cartSchema } from '../../../core/schemas/answers';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addToCartSchema, removeCartItemSchema, updateCartItemSchema } from '../../../core/schemas/cart';
import { requireUser } from '../../plugins/auth';
import { addToCart, clearCart, getCart, removeCartItem, updateCartItem, validateCart } from './service';

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const { db } = app;
  const cart = answers({ 200: cartSchema });

  app.get('/api/cart', { schema: { response: cart } }, async (req) => getCart(db, requireUser(req).id));
  app.post('/api/cart', { schema: { body: addToCartSchema, response: cart } }, async (req) => addToCart(db, requireUser(req).id, req.body));
  app.put('/api/cart/item', { schema: { body: updateCartItemSchema, response: cart } }, async (req) =>
    updateCartItem(db, requireUser(req).id, req.body),
  );
  app.delete('/api/cart/item', { schema: { body: removeCartItemSchema, response: cart } }, async (req) =>
    removeCartItem(db, requireUser(req).id, req.body),
  );
  app.delete('/api/cart/clear', { schema: { response: cart } }, async (req) => clearCart(db, requireUser(req).id));
  app.get('/api/cart/validate', { schema: { response: answers({ 200: cartSchema.extend({ valid: z.literal(true) }) }) } }, async (req) =>
    validateCart(db, requireUser(req).id),
  );
};
