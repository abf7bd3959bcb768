/**
 * Cart API bodies (storefront section 7).
 */
import { z } from 'zod';
import { lineItemInputSchema } from './checkout';

export const addToCartSchema = lineItemInputSchema;
export const updateCartItemSchema = lineItemInputSchema;
export const removeCartItemSchema = z.object({
  productId: z.string().min(1).max(64),
  variantId: z.string().min(1).max(64).nullable().optional(),
});
