/**
 * The wishlist heart: a toggle button (aria-pressed) on product cards and the product
 * page. Guests' choices stay in the browser; signed-in shoppers' go to their account at once.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { errorMessage } from '../../lib/api';
import { getToken } from '../../lib/auth';
import { toast } from '../../lib/toast';
import { toggleSaved } from './api';
import { useSavedIds } from './saved-ids';

/** A heart outline, filled when `filled`. */
export function HeartIcon({ filled = false, className = 'h-5 w-5' }: { filled?: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path
        d="M12 20s-7.5-4.6-7.5-10.1A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Whether `productId` is saved, and a function that flips it (shown at once, undone on failure).
 * Whether the shopper is signed in is read on the tap, not subscribed to: a listing's every card
 * would otherwise re-render at once after hydration (docs/performance.md, Total Blocking Time).
 */
export function useWishlistToggle(productId: string) {
  const savedIds = useSavedIds();
  const queryClient = useQueryClient();
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const saved = optimistic ?? savedIds.includes(productId);
  const toggle = async () => {
    if (optimistic !== null) return;
    const next = !saved;
    setOptimistic(next);
    try {
      await toggleSaved(queryClient, getToken() !== null, productId, next);
      toast.success(next ? 'Saved to your wishlist' : 'Removed from your wishlist');
    } catch (error) {
      toast.error(errorMessage(error, 'Could not update your wishlist'));
    } finally {
      setOptimistic(null);
    }
  };
  return { saved, toggle };
}

/**
 * The heart over a product card's picture, named 'Save <title> to wishlist'. It sits beside the
 * card's link (never inside it), so both stay separate controls; its look is `.card-heart` and its
 * icon that class's `::before`, the `.i-heart` mask (app.css), outline or filled by aria-pressed, so
 * a listing does not repeat them.
 */
export function WishlistHeart({ productId, title }: { productId: string; title: string }) {
  const { saved, toggle } = useWishlistToggle(productId);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={`Save ${title} to wishlist`}
      onClick={(event: MouseEvent) => {
        event.preventDefault();
        void toggle();
      }}
      className="card-heart"
    />
  );
}
