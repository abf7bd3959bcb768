/**
 * Carries out the login gate's pending action once the shopper has signed in.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { errorMessage } from '../../lib/api';
import { takePostLoginAction } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { addToCart, cartQueryKey } from '../cart/api';
import { guestWishlist, toggleSaved } from '../wishlist/api';

/**
 * Runs and clears the saved action (add to cart, buy now, navigate); otherwise goes home.
 * The cart query is refreshed after adding: the header may have fetched the cart (still without the
 * line) the moment the token was stored, and `/cart` must not show that stale answer.
 * A wishlist "Move to cart" takes the product off the wishlist once it is in the cart:
 * off the browser's list at once, before the header's merge (useWishlistMerge, an effect that runs
 * after the login's render) can copy it into the account, and off the account's list after adding.
 * Must be called in the same task as `setToken`. If adding fails the product goes back on the
 * browser's list, which the merge then carries into the account.
 */
export async function resumeAfterLogin(navigate: NavigateFunction, queryClient: QueryClient): Promise<void> {
  const action = takePostLoginAction();
  if (!action) {
    await navigate('/', { replace: true });
    return;
  }
  switch (action.type) {
    case 'addToCart': {
      const { productId } = action.payload;
      const moving = action.fromWishlist === true && guestWishlist.read().includes(productId);
      if (moving) guestWishlist.remove(productId);
      try {
        await addToCart(action.payload);
        await queryClient.invalidateQueries({ queryKey: cartQueryKey });
        if (action.fromWishlist) await toggleSaved(queryClient, true, productId, false).catch(() => undefined);
        await navigate('/cart', { replace: true });
      } catch (error) {
        if (moving) guestWishlist.add(productId);
        toast.error(errorMessage(error, 'Failed to add to cart'));
        await navigate(action.returnTo || '/', { replace: true });
      }
      return;
    }
    case 'buyNow':
      await navigate('/checkout', { replace: true, state: { fromBuyNow: true, items: [action.payload] } });
      return;
    case 'navigate':
      await navigate(action.payload.to, { replace: true });
      return;
  }
}
