/**
 * Carries out the login gate's pending action once the shopper has signed in (spec 4).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { errorMessage } from '../../lib/api';
import { takePostLoginAction } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { addToCart, cartQueryKey } from '../cart/api';

/**
 * Runs and clears the saved action (add to cart, buy now, navigate); otherwise goes home.
 * The cart query is refreshed after adding: the header may have fetched the cart (still without the
 * line) the moment the token was stored, and `/cart` must not show that stale answer.
 */
export async function resumeAfterLogin(navigate: NavigateFunction, queryClient: QueryClient): Promise<void> {
  const action = takePostLoginAction();
  if (!action) {
    await navigate('/', { replace: true });
    return;
  }
  switch (action.type) {
    case 'addToCart':
      try {
        await addToCart(action.payload);
        await queryClient.invalidateQueries({ queryKey: cartQueryKey });
        await navigate('/cart', { replace: true });
      } catch (error) {
        toast.error(errorMessage(error, 'Failed to add to cart'));
        await navigate(action.returnTo || '/', { replace: true });
      }
      return;
    case 'buyNow':
      await navigate('/checkout', { replace: true, state: { fromBuyNow: true, items: [action.payload] } });
      return;
    case 'navigate':
      await navigate(action.payload.to, { replace: true });
      return;
  }
}
