/**
 * Cart calls as TanStack Query hooks; every cart answer is `{items, summary}`.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Cart } from '../../../core/api-types';
import type { LineItemInput } from '../../../core/schemas/checkout';
import { apiFetch } from '../../lib/api';
import { useIsSignedIn } from '../../lib/auth';

/** Query key of the signed-in shopper's cart. */
export const cartQueryKey = ['cart'] as const;

/** GET /api/cart */
export function fetchCart(): Promise<Cart> {
  return apiFetch<Cart>('/api/cart', { auth: true, fallbackMessage: 'Failed to fetch cart' });
}

/** POST /api/cart: adds a line (or more units of it). */
export function addToCart(item: LineItemInput): Promise<unknown> {
  return apiFetch<unknown>('/api/cart', {
    method: 'POST',
    auth: true,
    body: { productId: item.productId, variantId: item.variantId ?? null, quantity: item.quantity },
    fallbackMessage: 'Failed to add to cart',
  });
}

/** GET /api/cart/validate: rejects when a line can no longer be bought. */
export function validateCart(): Promise<unknown> {
  return apiFetch<unknown>('/api/cart/validate', { auth: true, fallbackMessage: 'Cart validation failed' });
}

/** Stores a `{items, summary}` answer as the cart, or refetches when the answer is anything else. */
function applyCart(qc: QueryClient, data: unknown): void {
  if (data && typeof data === 'object' && 'items' in data && 'summary' in data) {
    qc.setQueryData(cartQueryKey, data);
  } else {
    void qc.invalidateQueries({ queryKey: cartQueryKey });
  }
}

/** The signed-in shopper's cart; idle while signed out. */
export function useCartQuery() {
  const signedIn = useIsSignedIn();
  return useQuery({ queryKey: cartQueryKey, queryFn: fetchCart, enabled: signedIn });
}

/** PUT /api/cart/item: sets a line's quantity. */
export function useUpdateCartItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (item: LineItemInput) =>
      apiFetch<unknown>('/api/cart/item', {
        method: 'PUT',
        auth: true,
        body: { productId: item.productId, variantId: item.variantId ?? null, quantity: item.quantity },
        fallbackMessage: 'Failed to update item',
      }),
    onSuccess: (data) => applyCart(qc, data),
  });
}

/** DELETE /api/cart/item: removes a line. */
export function useRemoveCartItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (item: { productId: string; variantId: string | null }) =>
      apiFetch<unknown>('/api/cart/item', {
        method: 'DELETE',
        auth: true,
        body: { productId: item.productId, variantId: item.variantId },
        fallbackMessage: 'Failed to remove item',
      }),
    onSuccess: (data) => applyCart(qc, data),
  });
}

/** DELETE /api/cart/clear: empties the cart. */
export function useClearCart() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<unknown>('/api/cart/clear', {
        method: 'DELETE',
        auth: true,
        fallbackMessage: 'Failed to clear cart',
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: cartQueryKey }),
  });
}
