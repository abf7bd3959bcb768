/**
 * Cart API bodies.
 */
import { z } from 'zod';
import { lineItemInputSchema } from './checkout';
import { idField } from './common';

export const addToCartSchema = lineItemInputSchema;
export const updateCartItemSchema = lineItemInputSchema;
export const removeCartItemSchema = z.object({
  productId: idField('product'),
  variantId: idField('variant').nullable().optional(),
});
