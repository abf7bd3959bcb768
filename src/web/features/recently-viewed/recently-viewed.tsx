/**
 * "Recently viewed": the product pages a shopper opened, newest first, kept in this
 * browser only (localStorage; no account needed). The product page records its product; the
 * product page (without that product) and the home page show up to RECENTLY_VIEWED_MAX others.
 * Nothing is in the server's HTML or the hydrating render (the stored list reads as empty there),
 * so hydration matches; the section's code loads only when there is something to show, and it
 * appears at the end of the page, so nothing above it moves.
 */
import { lazy, Suspense, useEffect } from 'react';
import { RECENTLY_VIEWED_MAX } from '../../../core/wishlist';
import { storedIdList } from '../../lib/stored-id-list';

/** The viewed product ids, newest first: one more than shown, for the page of one of them. */
export const recentlyViewed = storedIdList('apparel-store.recently-viewed', RECENTLY_VIEWED_MAX + 1);

const RecentlyViewedSection = lazy(() => import('./recently-viewed-section'));

/** Records that the shopper opened `productId`'s page (after hydration). */
export function useRecordView(productId: string): void {
  useEffect(() => {
    recentlyViewed.add(productId);
  }, [productId]);
}

/**
 * The section, or nothing while there is nothing to show. `excludeId`: the product on screen.
 * `tone`: the section's background, to alternate with its neighbours.
 */
export function RecentlyViewed({ excludeId, tone = 'white' }: { excludeId?: string; tone?: 'white' | 'stone' }) {
  const ids = recentlyViewed
    .useIds()
    .filter((id) => id !== excludeId)
    .slice(0, RECENTLY_VIEWED_MAX);
  if (ids.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RecentlyViewedSection ids={ids} tone={tone} />
    </Suspense>
  );
}
