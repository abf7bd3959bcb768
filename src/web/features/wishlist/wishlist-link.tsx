/**
 * The header's wishlist link with its count (issue 22), for guests (the browser's list) and
 * signed-in shoppers (the account's); the count is left out until the browser knows it.
 */
import { NavLink, type NavLinkProps } from 'react-router';
import { useSavedIds } from './api';
import { HeartIcon } from './wishlist-heart';

/** The saved-products count: a pill after the label, or a badge over the icon on phones. */
function WishlistCount({ overlay }: { overlay: boolean }) {
  const count = useSavedIds().length;
  if (count <= 0) return null;
  return (
    <span
      data-testid="wishlist-count"
      className={`flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1.5 text-[11px] font-semibold leading-none text-white ${
        overlay ? 'absolute right-0.5 top-0.5' : ''
      }`}
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only"> saved</span>
    </span>
  );
}

/** `compact`: the phone header's icon button; otherwise a nav link like Account and Cart. */
export function WishlistLink({ compact = false, className }: { compact?: boolean; className: NavLinkProps['className'] }) {
  return (
    <NavLink to="/wishlist" className={className}>
      {compact ? (
        <>
          <HeartIcon />
          <span className="sr-only">Wishlist</span>
          <WishlistCount overlay />
        </>
      ) : (
        <span className="inline-flex items-center gap-1.5">
          <HeartIcon />
          <span className="sr-only lg:not-sr-only">Wishlist</span>
          <WishlistCount overlay={false} />
        </span>
      )}
    </NavLink>
  );
}
