/**
 * The wishlist in the browser: a signed-in shopper's list lives on the server
 * (GET/PUT/DELETE /api/wishlist); a guest's in localStorage, merged into the account at login
 * (POST /api/wishlist/merge) by `useWishlistMerge`, which the header runs on every page.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { WISHLIST_MAX, type ProductCardWithSizes, type WishlistItem } from '../../../core/wishlist';
import { apiFetch } from '../../lib/api';
import { useAuthStatus } from '../../lib/auth';
import { storedIdList } from '../../lib/stored-id-list';

/** A guest's saved product ids, newest first. */
export const guestWishlist = storedIdList('apparel-store.wishlist', WISHLIST_MAX);

/** Query key of the signed-in shopper's wishlist. */
export const wishlistQueryKey = ['wishlist'] as const;

/** GET /api/wishlist */
export function fetchWishlist({ signal }: { signal?: AbortSignal } = {}): Promise<WishlistItem[]> {
  return apiFetch<WishlistItem[]>('/api/wishlist', { auth: true, signal, fallbackMessage: 'Failed to load your wishlist' });
}

/** PUT /api/wishlist/{id} (save) or DELETE (forget); answers the list. */
export function setSaved(productId: string, saved: boolean): Promise<WishlistItem[]> {
  return apiFetch<WishlistItem[]>(`/api/wishlist/${encodeURIComponent(productId)}`, {
    method: saved ? 'PUT' : 'DELETE',
    auth: true,
    fallbackMessage: saved ? 'Could not save to your wishlist' : 'Could not remove from your wishlist',
  });
}

/** GET /api/products/cards: cards of listed products among `ids`, in that order. */
export function fetchProductCards(ids: readonly string[], signal?: AbortSignal): Promise<ProductCardWithSizes[]> {
  return apiFetch<ProductCardWithSizes[]>(`/api/products/cards?ids=${ids.join(',')}`, {
    signal,
    fallbackMessage: 'Failed to fetch products',
  });
}

/** The signed-in shopper's wishlist; idle for guests. */
export function useWishlistQuery() {
  const status = useAuthStatus();
  return useQuery({ queryKey: wishlistQueryKey, queryFn: fetchWishlist, enabled: status === 'signed-in' });
}

/** Saves or forgets a product for whoever is browsing; a signed-in answer becomes the cached list. */
export async function toggleSaved(queryClient: QueryClient, signedIn: boolean, productId: string, saved: boolean): Promise<void> {
  if (!signedIn) {
    if (saved) guestWishlist.add(productId);
    else guestWishlist.remove(productId);
    return;
  }
  const list = await setSaved(productId, saved);
  queryClient.setQueryData(wishlistQueryKey, list);
}

let merging = false;

/**
 * Once a guest with a browser wishlist signs in, adds it to the account (oldest first, so the
 * account keeps the guest's order) and empties it. A failed merge leaves the browser list for the
 * next page; products no longer on sale are skipped by the server.
 */
export function useWishlistMerge(): void {
  const status = useAuthStatus();
  const guestIds = guestWishlist.useIds();
  const queryClient = useQueryClient();
  const pending = status === 'signed-in' && guestIds.length > 0;
  useEffect(() => {
    if (!pending || merging) return;
    merging = true;
    const ids = guestWishlist.read();
    void (async () => {
      try {
        await queryClient.cancelQueries({ queryKey: wishlistQueryKey });
        const list = await apiFetch<WishlistItem[]>('/api/wishlist/merge', {
          method: 'POST',
          auth: true,
          body: { productIds: [...ids].reverse() },
          fallbackMessage: 'Could not add your saved products to your account',
        });
        guestWishlist.retain((id) => !ids.includes(id));
        // A read of the list that started while the merge ran (the page after the login mounting the
        // header) answers what the account held before it, and landing after this it would put the
        // header's count back: it is cancelled before the merged list is set.
        await queryClient.cancelQueries({ queryKey: wishlistQueryKey });
        queryClient.setQueryData(wishlistQueryKey, list);
      } catch {
        // kept in the browser; the next page tries again
      } finally {
        merging = false;
      }
    })();
  }, [pending, queryClient]);
}
