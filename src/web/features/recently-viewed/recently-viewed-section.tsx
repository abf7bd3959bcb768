/**
 * The "Recently viewed" section itself (loaded on demand by ./recently-viewed.tsx): the cards of
 * `ids` from GET /api/products/cards in a rail; nothing until they have loaded or when none is on
 * sale any more.
 */
import { useQuery } from '@tanstack/react-query';
import { ProductCard } from '../../components/product/product-card';
import { Rail } from '../../components/ui/rail';
import { Section } from '../../components/ui/section';
import { fetchProductCards } from '../wishlist/api';

/** The section for `ids` (newest first). */
export default function RecentlyViewedSection({ ids, tone }: { ids: string[]; tone: 'white' | 'stone' }) {
  const { data } = useQuery({
    queryKey: ['product-cards', ...ids],
    queryFn: ({ signal }) => fetchProductCards(ids, signal),
  });
  // Products no longer on sale are left out by the server.
  const cards = data ?? [];
  if (cards.length === 0) return null;
  return (
    <Section id="recently-viewed" title="Recently viewed" tone={tone}>
      <Rail label="Recently viewed products">
        {cards.map((card) => (
          <div key={card._id} className="relative w-[46%] shrink-0 snap-start sm:w-[30%] lg:w-[calc(20%-20px)]">
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
