/**
 * Wishlist (/wishlist): the products a shopper saved, newest first, each with "Move to
 * cart" (asks for the size) and "Remove". Guests see the list kept in their browser, with a
 * reminder that logging in keeps it in their account; products no longer on sale drop out.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CARDS_MAX, type ProductCardWithSizes } from '../../core/wishlist';
import { Container, PageHeading } from '../components/layout/page';
import { ProductCard } from '../components/product/product-card';
import { Button, ButtonLink } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { PageLoader } from '../components/ui/spinner';
import { fetchProductCards, guestWishlist, toggleSaved, useWishlistQuery } from '../features/wishlist/api';
import { MoveToCartDialog } from '../features/wishlist/move-to-cart-dialog';
import { errorMessage } from '../lib/api';
import { savePostLoginAction, useAuthStatus } from '../lib/auth';
import { pageMeta } from '../lib/meta';
import { toast } from '../lib/toast';

/** Title of the wishlist page. */
export function meta() {
  return [...pageMeta('Your Wishlist', 'The products you saved for later.'), { name: 'robots', content: 'noindex' }];
}

/** Cards of a guest's saved ids (in chunks the cards call takes); ids no longer on sale are forgotten. */
function useGuestCards(enabled: boolean) {
  const ids = guestWishlist.useIds();
  const query = useQuery({
    queryKey: ['product-cards', ...ids],
    enabled: enabled && ids.length > 0,
    queryFn: async ({ signal }) => {
      const chunks: string[][] = [];
      for (let i = 0; i < ids.length; i += CARDS_MAX) chunks.push(ids.slice(i, i + CARDS_MAX));
      const cards = (await Promise.all(chunks.map((chunk) => fetchProductCards(chunk, signal)))).flat();
      return { asked: ids, cards };
    },
  });
  const { data } = query;
  useEffect(() => {
    if (!data) return;
    const shown = new Set(data.cards.map((c) => c._id));
    guestWishlist.retain((id) => shown.has(id) || !data.asked.includes(id));
  }, [data]);
  return { ...query, cards: ids.length === 0 ? [] : data?.cards, empty: ids.length === 0 };
}

function WishlistEntry({ item, onMove }: { item: ProductCardWithSizes; onMove: () => void }) {
  const status = useAuthStatus();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await toggleSaved(queryClient, status === 'signed-in', item._id, false);
      toast.success('Removed from your wishlist');
    } catch (error) {
      toast.error(errorMessage(error, 'Could not remove from your wishlist'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="relative flex flex-col">
      <ProductCard product={item} showBestseller={false} />
      <div className="mt-auto grid gap-2 pt-3 sm:grid-cols-[1fr_auto]">
        <Button size="sm" variant="secondary" onClick={onMove} disabled={!item.available} aria-label={`Move to cart: ${item.title}`}>
          {item.available ? 'Move to cart' : 'Sold out'}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void remove()} loading={busy} aria-label={`Remove ${item.title}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}

/** The wishlist page. */
export default function Wishlist() {
  const status = useAuthStatus();
  const location = useLocation();
  const account = useWishlistQuery();
  const guest = useGuestCards(status === 'signed-out');
  const [moving, setMoving] = useState<ProductCardWithSizes | null>(null);

  const source = status === 'signed-in' ? account : guest;
  const items = status === 'signed-in' ? account.data : guest.cards;
  const count = items?.length ?? 0;

  let body;
  if (status === 'unknown' || (!items && source.isPending && !source.isError)) {
    body = <PageLoader text="Loading your wishlist..." />;
  } else if (!items) {
    body = (
      <EmptyState
        icon="alert"
        title="We could not load your wishlist"
        description={errorMessage(source.error, 'Please try again.')}
        action={<Button onClick={() => void source.refetch()}>Try Again</Button>}
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        title="Your wishlist is empty"
        description="Tap the heart on any product to save it here for later."
        action={<ButtonLink to="/products">Browse Products</ButtonLink>}
      />
    );
  } else {
    // The cards' titles are h3 (as in every product grid): their list has its h2, for screen readers.
    body = (
      <section aria-labelledby="saved-heading">
        <h2 id="saved-heading" className="sr-only">
          Saved products
        </h2>
        <ul className="grid grid-cols-2 gap-x-4 gap-y-10 pt-8 sm:grid-cols-3 sm:gap-x-6 lg:grid-cols-4">
          {items.map((item) => (
            <WishlistEntry key={item._id} item={item} onMove={() => setMoving(item)} />
          ))}
        </ul>
      </section>
    );
  }

  return (
    <Container className="py-8 sm:py-12">
      <PageHeading
        title="Your Wishlist"
        subtitle={
          status === 'signed-out' ? (
            <>
              Saved on this device.{' '}
              <Link
                to="/login"
                onClick={() => savePostLoginAction({ type: 'navigate', payload: { to: '/wishlist' }, returnTo: location.pathname })}
                className="font-medium text-brand underline underline-offset-4"
              >
                Log in
              </Link>{' '}
              to keep it in your account.
            </>
          ) : undefined
        }
        aside={count > 0 ? `${count} saved` : undefined}
      />
      {body}
      <MoveToCartDialog product={moving} onClose={() => setMoving(null)} />
    </Container>
  );
}
