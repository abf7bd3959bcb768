/**
 * "Recently viewed" (issue 22): the product pages a shopper opened, newest first, kept in this
 * browser only (localStorage; no account needed, nothing sent until shown). The product page
 * records its product; the product page (without that product) and the home page show up to
 * RECENTLY_VIEWED_MAX of the others. Nothing is in the server's HTML: the section appears after
 * hydration, once its cards have loaded, at the end of the page, so nothing above it moves.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RECENTLY_VIEWED_MAX } from '../../../core/wishlist';
import { ProductCard } from '../../components/product/product-card';
import { Rail } from '../../components/ui/rail';
import { Section } from '../../components/ui/section';
import { storedIdList } from '../../lib/stored-id-list';
import { fetchProductCards } from '../wishlist/api';

/** The viewed product ids, newest first: one more than shown, for the page of one of them. */
export const recentlyViewed = storedIdList('apparel-store.recently-viewed', RECENTLY_VIEWED_MAX + 1);

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
  const { data } = useQuery({
    queryKey: ['product-cards', ...ids],
    queryFn: ({ signal }) => fetchProductCards(ids, signal),
    enabled: ids.length > 0,
  });
  // Products no longer on sale are left out by the server; ids removed meanwhile are left out here.
  const cards = ids.length > 0 ? (data ?? []).filter((card) => ids.includes(card._id)) : [];
  if (cards.length === 0) return null;
  return (
    <Section id="recently-viewed" title="Recently viewed" tone={tone}>
      <Rail label="Recently viewed products">
        {cards.map((card) => (
          <div key={card._id} className="w-[46%] shrink-0 snap-start sm:w-[30%] lg:w-[calc(20%-20px)]">
            <ProductCard
              product={card}
              showBestseller={false}
              sizes="(min-width: 1280px) 230px, (min-width: 1024px) 19vw, (min-width: 640px) 30vw, 46vw"
            />
          </div>
        ))}
      </Rail>
    </Section>
  );
}
